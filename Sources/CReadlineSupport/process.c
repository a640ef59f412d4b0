// SPDX-License-Identifier: GPL-3.0-or-later
// Process helpers for check commands (SwitchboardTerminal/CommandCheck.swift) that Swift cannot reach:
// prctl and pipe2 are not visible through Glibc's module map.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>
#include "readline_support.h"

int sb_set_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int sb_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

#include <sys/syscall.h>

int sb_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}
