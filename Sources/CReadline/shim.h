// SPDX-License-Identifier: GPL-3.0-or-later
// The whole C boundary to GNU readline: the headers, and static inline accessors for the globals Swift 6
// cannot touch directly (they are not concurrency-safe as imported variables).
#ifndef SWITCHBOARD_CREADLINE_SHIM_H
#define SWITCHBOARD_CREADLINE_SHIM_H
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <unistd.h>

// GNU readline 8 or later, never libedit's wrapper: on macOS `-lreadline` and <readline/readline.h> are libedit's
// (an old NetBSD header: RL_READLINE_VERSION 0x0402, no RL_VERSION_MAJOR), which lacks the callback hooks, the
// display model and the signal handling Switchboard's fields are built on (SwitchboardTerminal's Portability
// article lists them). Refused here at compile time, with the fix, and at link time by sb_rl_is_gnu_readline's use
// of rl_gnu_readline_p, which only GNU readline defines (a libedit that claimed a GNU version would fail there).
#if !defined(RL_VERSION_MAJOR) || !defined(RL_READLINE_VERSION) || RL_READLINE_VERSION < 0x0800
#error "Switchboard needs GNU readline 8 or later, and this <readline/readline.h> is libedit's readline wrapper (or a GNU readline older than 8.0). On macOS: brew install readline pkgconf, then build again (SwiftPM finds Homebrew's keg-only readline through pkg-config; if not, swift build --pkg-config-path \"$(brew --prefix readline)/lib/pkgconfig\"). On Debian or Ubuntu: sudo apt-get install libreadline-dev."
#endif

/// 1: the library linked is GNU readline. Its use (ReadlineProxy checks it once) makes the link need
/// rl_gnu_readline_p, a symbol libedit does not have.
static inline int sb_rl_is_gnu_readline(void) { return rl_gnu_readline_p; }

#ifdef __linux__
#include <sys/syscall.h>
/// Whether the calling thread is the process's main thread (its thread id is the process id on Linux). Swift
/// cannot call the variadic syscall; on Darwin SwitchboardTerminal's Platform.swift asks pthread_main_np instead.
static inline int sb_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }
#endif

// readline's display model (exported by libreadline, not declared in its public headers). The hint line is
// drawn from these so that wide characters, wrapping and i-search prompts are measured the way readline drew them.
extern int _rl_last_v_pos;
extern int _rl_last_c_pos;
extern int _rl_vis_botlin;

static inline FILE *sb_stdin(void) { return stdin; }
static inline FILE *sb_stdout(void) { return stdout; }
static inline FILE *sb_stderr(void) { return stderr; }

static inline int sb_rl_cursor_row(void) { return _rl_last_v_pos; }
static inline int sb_rl_cursor_column(void) { return _rl_last_c_pos; }
static inline int sb_rl_bottom_row(void) { return _rl_vis_botlin; }

static inline char *sb_rl_line_buffer(void) { return rl_line_buffer; }
static inline int sb_rl_end(void) { return rl_end; }
static inline void sb_rl_set_end(int value) { rl_end = value; }
static inline int sb_rl_point(void) { return rl_point; }
static inline void sb_rl_set_point(int value) { rl_point = value; }
static inline int sb_rl_pending_input(void) { return rl_pending_input; }
/// Whether the last command was self-insert, which reads and inserts every printable key already waiting (and
/// pushes back the first other key as pending input) before it returns.
static inline int sb_rl_last_command_was_insert(void) { return rl_last_func == rl_insert; }
/// Non-zero while a history search (incremental, non-incremental, prefix) owns the prompt.
static inline int sb_rl_searching(void) {
    return RL_ISSTATE(RL_STATE_ISEARCH | RL_STATE_NSEARCH | RL_STATE_SEARCH) != 0;
}

/// Makes `map[key]` lead to the keymap `next` (a key sequence's prefix).
static inline void sb_rl_set_submap(Keymap map, int key, Keymap next) {
    map[key].type = ISKMAP;
    map[key].function = (rl_command_func_t *)next;
}

static inline FILE *sb_rl_instream(void) { return rl_instream; }
static inline void sb_rl_set_instream(FILE *stream) { rl_instream = stream; }
static inline FILE *sb_rl_outstream(void) { return rl_outstream; }
static inline void sb_rl_set_outstream(FILE *stream) { rl_outstream = stream; }

static inline rl_voidfunc_t *sb_rl_redisplay_function(void) { return rl_redisplay_function; }
static inline void sb_rl_set_redisplay_function(rl_voidfunc_t *function) { rl_redisplay_function = function; }
static inline rl_getc_func_t *sb_rl_getc_function(void) { return rl_getc_function; }
static inline void sb_rl_set_getc_function(rl_getc_func_t *function) { rl_getc_function = function; }
static inline rl_hook_func_t *sb_rl_startup_hook(void) { return rl_startup_hook; }
static inline void sb_rl_set_startup_hook(rl_hook_func_t *hook) { rl_startup_hook = hook; }
static inline rl_hook_func_t *sb_rl_pre_input_hook(void) { return rl_pre_input_hook; }
static inline void sb_rl_set_pre_input_hook(rl_hook_func_t *hook) { rl_pre_input_hook = hook; }

static inline rl_completion_func_t *sb_rl_attempted_completion_function(void) { return rl_attempted_completion_function; }
static inline void sb_rl_set_attempted_completion_function(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}
static inline rl_compentry_func_t *sb_rl_completion_entry_function(void) { return rl_completion_entry_function; }
static inline void sb_rl_set_completion_entry_function(rl_compentry_func_t *function) {
    rl_completion_entry_function = function;
}
static inline const char *sb_rl_completer_word_break_characters(void) { return rl_completer_word_break_characters; }
static inline void sb_rl_set_completer_word_break_characters(const char *characters) {
    rl_completer_word_break_characters = characters;
}
static inline void sb_rl_set_attempted_completion_over(int value) { rl_attempted_completion_over = value; }
static inline void sb_rl_set_completion_suppress_append(int value) { rl_completion_suppress_append = value; }
static inline void sb_rl_set_filename_completion_desired(int value) { rl_filename_completion_desired = value; }
static inline void sb_rl_set_filename_quoting_desired(int value) { rl_filename_quoting_desired = value; }

static inline int sb_rl_catch_signals(void) { return rl_catch_signals; }
static inline void sb_rl_set_catch_signals(int value) { rl_catch_signals = value; }
static inline int sb_rl_catch_sigwinch(void) { return rl_catch_sigwinch; }
static inline void sb_rl_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }
static inline int sb_rl_change_environment(void) { return rl_change_environment; }
static inline void sb_rl_set_change_environment(int value) { rl_change_environment = value; }

#endif
