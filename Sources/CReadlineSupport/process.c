// SPDX-License-Identifier: GPL-3.0-or-later
// Process helpers for check commands (SwitchboardTerminal/CommandCheck.swift) that Swift cannot reach:
// prctl and pipe2 are not visible through Glibc's module map, and the syscall is variadic. Linux calls; on
// macOS each has the counterpart written next to it (see the Portability article).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "readline_support.h"

#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>

int sb_set_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int sb_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int sb_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

#else
// macOS: no subreaper (a killed check command's orphans are reaped by launchd), no pidfd (callers poll with
// waitpid(WNOHANG)), and no pipe2: pipe, then FD_CLOEXEC on both ends. Check commands are spawned with
// POSIX_SPAWN_CLOEXEC_DEFAULT there (Platform.swift), so a pipe end not yet marked cannot leak into one.

int sb_set_child_subreaper(void) {
    errno = ENOSYS;
    return -1;
}

int sb_pipe_cloexec(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    return 0;
}

int sb_pidfd_open(int pid) {
    (void)pid;
    errno = ENOSYS;
    return -1;
}
#endif
