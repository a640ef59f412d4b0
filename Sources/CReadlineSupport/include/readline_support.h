// What a masked field needs from readline that its public interface does not offer.
#ifndef SWITCHBOARD_READLINE_SUPPORT_H
#define SWITCHBOARD_READLINE_SUPPORT_H

typedef int sb_rl_command_func(int, int);

/// While non-zero, text killed in readline (Ctrl-U, Ctrl-W, Ctrl-K, vi `d` and `x`, ...) is deleted
/// without being saved on the kill ring, so that a secret cannot be yanked into a later field.
void sb_rl_set_discard_kills(int discard);

/// Non-zero for the readline commands a masked field must not run: the history searches (incremental,
/// non-incremental, prefix, substring, vi `/`), which echo what is typed into their prompt, and the copy
/// commands (copy-region-as-kill, copy-backward-word, copy-forward-word), which put the text on the kill ring
/// without going through `rl_kill_text`.
int sb_rl_reveals_masked_text(sb_rl_command_func *function);

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

#endif
