// SPDX-License-Identifier: GPL-3.0-or-later
// Echo held off across a form's fields: between two fields the terminal is back in the modes the form started
// with, and a key typed ahead (the next answer, typed while the form moves on) would be echoed by the terminal
// itself, before the next prompt (`VietCountry: Viet`). While held, the terminal does not echo; each field saves
// and restores these quiet modes. The hold installs no signal handler (the program's own traps decide whether a
// signal is theirs by finding it at its default): a trap that hands a signal back before it ends the process puts
// the held modes back first (SignalTrap.restore, CommandChecks.terminateOnSignals), and a crash in a field goes
// through the fatal guard, given these modes (sb_echo_held_modes).
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

int sb_echo_hold_begin(int fd) {
    if (held_fd >= 0) return 0;
    struct termios modes;
    if (!isatty(fd) || tcgetattr(fd, &modes) != 0 || !(modes.c_lflag & ECHO)) return 0;
    memcpy(&held_modes, &modes, sizeof held_modes);
    struct termios quiet = modes;
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    tcsetattr(fd, TCSANOW, &quiet);
    held_fd = fd;
    previous_prep = rl_prep_term_function == prep_terminal_echoing ? NULL : rl_prep_term_function;
    rl_prep_term_function = prep_terminal_echoing;
    return 1;
}

void sb_echo_hold_end(void) {
    int fd = held_fd;
    if (fd < 0) return;
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
