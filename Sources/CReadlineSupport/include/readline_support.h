// SPDX-License-Identifier: GPL-3.0-or-later
// What a masked field needs from readline that its public interface does not offer.
#ifndef SWITCHBOARD_READLINE_SUPPORT_H
#define SWITCHBOARD_READLINE_SUPPORT_H

#include <stdint.h>
#include <stdio.h>

typedef int sb_rl_command_func(int, int);

/// While non-zero, text killed in readline (Ctrl-U, Ctrl-W, Ctrl-K, vi `d` and `x`, ...) is deleted
/// without being saved on the kill ring, so that a secret cannot be yanked into a later field.
void sb_rl_set_discard_kills(int discard);

/// Non-zero for the readline commands a masked field must not run: the history searches (incremental,
/// non-incremental, prefix, substring, vi `/`), which echo what is typed into their prompt, and the copy
/// commands (copy-region-as-kill, copy-backward-word, copy-forward-word), which put the text on the kill ring
/// without going through `rl_kill_text`.
int sb_rl_reveals_masked_text(sb_rl_command_func *function);

/// readline's rl_getc_function while a field reads. A byte known to be waiting (see `sb_rl_set_known_input`) is
/// read directly, with no select; when readline wants more than that (a paste, the rest of a character), the
/// waiting bytes are counted once (FIONREAD); with none waiting, it waits for input or for a signal that ends the
/// field (see `sb_rl_begin_key_reading`), and the fallback function, if the host set one, reads the input.
int sb_rl_read_key_byte(FILE *stream);

/// What `sb_rl_begin_key_reading` replaced, to put back.
typedef struct {
    int key_fd;
    int interrupt_fd;
    int interrupted;
} sb_key_reading;

/// While a field reads the terminal `input_fd`: `sb_rl_read_key_byte` reads it through a description of its own
/// opened non-blocking (when the terminal can be opened again), and whenever readline wants a byte that is not
/// there it waits for one together with `interrupt_fd`, which becomes readable when a signal that ends the field
/// arrives (Ctrl-C, Ctrl-\, SIGTERM...). Then, and from then on, it returns READERR, so that readline stops what
/// it was doing (inside a command it would otherwise wait for the next key, the signal already handled). Returns
/// what was there before, for `sb_rl_end_key_reading`.
sb_key_reading sb_rl_begin_key_reading(int input_fd, int interrupt_fd);
/// Closes the descriptor `sb_rl_begin_key_reading` opened and puts `previous` back.
void sb_rl_end_key_reading(sb_key_reading previous);
/// Non-zero once a read gave up for a signal since `sb_rl_begin_key_reading`: an end of input readline reports
/// then is not the user's Ctrl-D.
int sb_rl_key_reading_interrupted(void);

/// How many bytes are known to be waiting: the read loop sets 1 when poll says the input is readable.
void sb_rl_set_known_input(int count);
/// The bytes known to be waiting and not read yet.
int sb_rl_known_input(void);

/// Discards what was typed ahead: the keys readline has pushed back or queued, and every byte the terminal
/// `fd` has received and nobody has read yet (read out, and counted in `sb_rl_bytes_read`). After a one-key answer the rest of a word
/// typed fast ("yes" + Enter) must not reach the next reader (the shell, or the script's next question).
void sb_rl_discard_typeahead(int fd);

/// The key sequence of the command readline is running (a character of several UTF-8 bytes is one sequence),
/// copied into `buffer` (at most `size` bytes); returns its length.
int sb_rl_executing_keyseq(char *buffer, int size);

/// How many bytes `sb_rl_read_key_byte` has returned in this process: the count a test kit's settle mark carries.
unsigned long long sb_rl_bytes_read(void);

struct pollfd;
/// poll(2) answered with select(2): the descriptors' POLLIN and POLLOUT, a negative descriptor skipped, a negative
/// timeout waiting for ever; returns how many descriptors are ready, 0 on timeout, -1 with errno (EINVAL for a
/// descriptor at or over FD_SETSIZE). macOS's terminal waits use it: poll does not report a terminal there.
int sb_select_poll(struct pollfd *fds, unsigned count, int timeout_ms);

typedef int sb_rl_getc_func(FILE *);
/// The function `sb_rl_read_key_byte` calls when no byte is known to be waiting; NULL for readline's rl_getc.
void sb_rl_set_fallback_getc(sb_rl_getc_func *function);

struct termios;

/// While a field has the terminal in its own modes: on a fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
/// SIGABRT, SIGSYS, from a crash or from `kill`), put back `modes` on `fd`, then let the handler that was there
/// before act as if this one had not been installed. Installed once; `sb_fatal_guard_remove` puts the previous
/// handlers back.
void sb_fatal_guard_install(int fd, const struct termios *modes);
void sb_fatal_guard_remove(void);

/// Makes the calling process the reaper of its orphaned descendants (Linux PR_SET_CHILD_SUBREAPER), so that the
/// children of a killed check command are reaped by it. Returns 0 on success, -1 with errno otherwise.
int sb_set_child_subreaper(void);

/// pipe2(fds, O_CLOEXEC): a pipe whose ends are not inherited by other programs. Returns 0 or -1.
int sb_pipe_cloexec(int fds[2]);

/// A descriptor that becomes readable when process `pid` (a child of this one) has exited: Linux pidfd_open(2).
/// Returns -1 with errno when the kernel has none (before Linux 5.3); callers then poll with waitpid(WNOHANG).
int sb_pidfd_open(int pid);

/// Starts `path` (a shell) with `argv` and `envp` as a check command: in a process group of its own, with
/// `fds[0]`, `fds[1]` and `fds[2]` as its standard input, output and error, no signal blocked, every signal this
/// process catches at its default, and SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU,
/// SIGCHLD and SIGWINCH at their default even when ignored here. On Linux it is killed (SIGKILL) when the
/// calling thread ends, so with this process even when that is killed with SIGKILL (PR_SET_PDEATHSIG); the
/// caller's thread must therefore live until the command has been reaped. Returns 0 and sets `*pid`, or an errno
/// value (ENOENT, E2BIG, ...) when the program could not be started (no process is left then).
/// The first call starts a guard process that holds every command's process group and kills the groups still held
/// when this process ends, even by SIGKILL, so that what a command started (the `sleep` of `sleep 43; exit 0`) ends
/// too; the caller releases a group with `sb_guard_release` once it has killed it, before reaping its leader.
int sb_spawn_command(const char *path, char *const argv[], char *const envp[], const int fds[3], int *pid);

/// Holds the terminal `fd`'s echo off until `sb_echo_hold_end` (a form's fields, and the moments between them, when
/// keys typed ahead would otherwise be echoed before the next prompt). Returns 1 when held; 0 when `fd` is not a
/// terminal, does not echo, or a hold is on already. SIGINT, SIGTERM, SIGHUP and SIGQUIT, where the program leaves
/// them at their default, are caught meanwhile by a handler that puts the modes back and ends the process by the
/// signal (the moments between two fields, when no field's trap is there); traps that take a signal only "at its
/// default" count this handler as the default (`sb_echo_hold_handler_address`). Code that hands a signal back to end the
/// process calls `sb_echo_hold_pause` first.
int sb_echo_hold_begin(int fd);
/// The address of the hold's own signal handler (see `sb_echo_hold_begin`), which a trap that takes a signal only
/// "at its default" counts as the default.
uintptr_t sb_echo_hold_handler_address(void);
/// Puts back the modes the hold began with and the signal handlers it replaced.
void sb_echo_hold_end(void);
/// The modes the hold began with (what a crash must restore), into `modes`: 1, or 0 (nothing held).
int sb_echo_held_modes(struct termios *modes);
/// After `rl_prep_terminal` under a hold: readline is told the terminal echoes (it draws nothing otherwise). The hold
/// makes readline's `rl_prep_term_function` do this itself; a direct call of `rl_prep_terminal` calls this after.
void sb_echo_hold_fix_readline(void);
/// Before a signal ends or stops the process (Ctrl-Z): the modes the hold began with, for the shell; after a stop,
/// `sb_echo_hold_resume` holds echo off again.
void sb_echo_hold_pause(void);
void sb_echo_hold_resume(void);

/// Tells the guard of `sb_spawn_command` that `group` has been killed: it no longer kills it when this process ends.
void sb_guard_release(int group);

#endif
