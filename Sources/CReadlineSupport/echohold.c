// SPDX-License-Identifier: GPL-3.0-or-later
// Echo held off across a form's fields: between two fields the terminal is back in the modes the form started
// with, and a key typed ahead (the next answer, typed while the form moves on) would be echoed by the terminal
// itself, before the next prompt (`VietCountry: Viet`). While held, the terminal does not echo; each field saves
// and restores these quiet modes. A trap that hands a signal back before it ends the process puts the held modes
// back first (SignalTrap.restore, CommandChecks.terminateOnSignals), and a crash in a field goes through the fatal
// guard, given these modes (sb_echo_held_modes). Between two fields no field's trap is there: the hold catches the
// signals that end a process from a terminal (those the program leaves at their default) with a handler of its
// own that puts the modes back and ends the process by the signal, as the default would have. The program's traps
// take a signal "at its default" when they find this handler (sb_echo_hold_handler_address).
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <readline/readline.h>
#include "readline_support.h"

// readline takes a terminal that does not echo when it prepares it for a silent one, and then draws no line
// (`_rl_echoing_p`, exported, not declared in its headers). Under a hold the echo is off for the form, not for
// readline: each preparation is told it echoes.
extern int _rl_echoing_p;
static rl_vintfunc_t *previous_prep = NULL;

static struct termios held_modes;
static volatile sig_atomic_t held_fd = -1;

void sb_echo_hold_fix_readline(void) {
    if (held_fd >= 0) _rl_echoing_p = 1;
}

static void prep_terminal_echoing(int meta) {
    if (previous_prep != NULL) previous_prep(meta); else rl_prep_terminal(meta);
    sb_echo_hold_fix_readline();
}

// The signals the hold catches between fields, and whether it took each (it was at its default).
static const int hold_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define HOLD_SIGNAL_COUNT ((int)(sizeof hold_signals / sizeof hold_signals[0]))
static int hold_took[HOLD_SIGNAL_COUNT];

// The modes back, then the signal's default action: raised here, it is delivered when the handler returns (the
// signal is blocked while it runs), and ends the process as it would have.
static void hold_signal_handler(int signal) {
    int saved = errno;
    int fd = held_fd;
    if (fd >= 0) tcsetattr(fd, TCSANOW, &held_modes);
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, NULL);
    raise(signal);
    errno = saved;
}

static int is_hold_handler(const struct sigaction *action) {
    return !(action->sa_flags & SA_SIGINFO) && action->sa_handler == hold_signal_handler;
}

uintptr_t sb_echo_hold_handler_address(void) {
    return (uintptr_t)hold_signal_handler;
}

static void hold_take_signals(void) {
    for (int k = 0; k < HOLD_SIGNAL_COUNT; k++) {
        hold_took[k] = 0;
        struct sigaction current;
        if (sigaction(hold_signals[k], NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) continue;   // the program's, or ignored
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = hold_signal_handler;
        sigemptyset(&action.sa_mask);
        if (sigaction(hold_signals[k], &action, NULL) == 0) hold_took[k] = 1;
    }
}

// Each signal the hold took back at its default, unless something else has been put there since.
static void hold_give_signals_back(void) {
    for (int k = 0; k < HOLD_SIGNAL_COUNT; k++) {
        if (!hold_took[k]) continue;
        hold_took[k] = 0;
        struct sigaction current;
        if (sigaction(hold_signals[k], NULL, &current) != 0 || !is_hold_handler(&current)) continue;
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(hold_signals[k], &fallback, NULL);
    }
}

int sb_echo_hold_begin(int fd) {
    if (held_fd >= 0) return 0;
    struct termios modes;
    if (!isatty(fd) || tcgetattr(fd, &modes) != 0 || !(modes.c_lflag & ECHO)) return 0;
    memcpy(&held_modes, &modes, sizeof held_modes);
    struct termios quiet = modes;
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    tcsetattr(fd, TCSANOW, &quiet);
    held_fd = fd;
    hold_take_signals();
    previous_prep = rl_prep_term_function == prep_terminal_echoing ? NULL : rl_prep_term_function;
    rl_prep_term_function = prep_terminal_echoing;
    return 1;
}

void sb_echo_hold_end(void) {
    int fd = held_fd;
    if (fd < 0) return;
    hold_give_signals_back();
    held_fd = -1;
    tcsetattr(fd, TCSANOW, &held_modes);
    if (rl_prep_term_function == prep_terminal_echoing) {
        rl_prep_term_function = previous_prep != NULL ? previous_prep : rl_prep_terminal;
    }
    previous_prep = NULL;
}

int sb_echo_held_modes(struct termios *modes) {
    if (held_fd < 0) return 0;
    memcpy(modes, &held_modes, sizeof held_modes);
    return 1;
}

void sb_echo_hold_pause(void) {
    int fd = held_fd;
    if (fd >= 0) tcsetattr(fd, TCSANOW, &held_modes);
}

void sb_echo_hold_resume(void) {
    int fd = held_fd;
    if (fd < 0) return;
    struct termios quiet;
    if (tcgetattr(fd, &quiet) != 0) return;
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    tcsetattr(fd, TCSANOW, &quiet);
}
