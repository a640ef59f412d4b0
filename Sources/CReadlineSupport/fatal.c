// SPDX-License-Identifier: GPL-3.0-or-later
// The terminal is restored even when the process dies of a signal it cannot survive: a crash (SIGSEGV, SIGBUS,
// SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS, in a library or ours) or one of those sent by `kill`. While a field
// has the terminal in its own modes, a handler puts back the modes saved when the field started (tcsetattr is
// async-signal-safe), then hands the signal to whatever handled it before (the Swift runtime's crash reporter,
// or the default action) exactly as if the guard had not been there: the handler is put back and, for a fault,
// the faulting instruction runs again and faults into it; for a signal sent from outside, it is raised again.
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "readline_support.h"

static const int guarded[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS};
#define GUARDED_COUNT (sizeof guarded / sizeof guarded[0])

static struct sigaction previous[GUARDED_COUNT];
static struct termios saved_modes;
static volatile sig_atomic_t saved_fd = -1;
static int installed = 0;

static void restore_and_forward(int signal, siginfo_t *info, void *context) {
    (void)context;
    int fd = saved_fd;
    if (fd >= 0) {
        tcsetattr(fd, TCSANOW, &saved_modes);
        static const char newline[] = "\r\n";
        ssize_t ignored = write(fd, newline, 2);
        (void)ignored;
    }
    for (unsigned i = 0; i < GUARDED_COUNT; i++) {
        if (guarded[i] == signal) sigaction(signal, &previous[i], NULL);
    }
    // A hardware fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL with si_code > 0) re-executes the faulting instruction
    // on return and faults into the previous handler by itself. Anything else (sent by kill, raise or abort, a
    // breakpoint trap, a seccomp SIGSYS) is raised again, and delivered to the previous handler on return.
    int fault = signal == SIGSEGV || signal == SIGBUS || signal == SIGFPE || signal == SIGILL;
    if (info == NULL || info->si_code <= 0 || !fault) raise(signal);
}

void sb_fatal_guard_install(int fd, const struct termios *modes) {
    if (installed) return;
    memcpy(&saved_modes, modes, sizeof saved_modes);
    saved_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = restore_and_forward;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < GUARDED_COUNT; i++) sigaction(guarded[i], &action, &previous[i]);
    installed = 1;
}

void sb_fatal_guard_remove(void) {
    if (!installed) return;
    saved_fd = -1;
    for (unsigned i = 0; i < GUARDED_COUNT; i++) sigaction(guarded[i], &previous[i], NULL);
    installed = 0;
}
