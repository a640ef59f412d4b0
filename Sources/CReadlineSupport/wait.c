// SPDX-License-Identifier: GPL-3.0-or-later
// Waiting for a terminal to have input. On macOS poll(2) and kqueue do not report a terminal (/dev/tty, a pty) as
// readable (poll answers POLLNVAL; libuv and others wait on select there), so the terminal's waits go through
// sb_select_poll on macOS and poll on Linux (SwitchboardTerminal's Platform.swift and input.c choose).
#include <errno.h>
#include <poll.h>
#include <sys/select.h>
#include <sys/time.h>
#include "readline_support.h"

int sb_select_poll(struct pollfd *fds, unsigned count, int timeout_ms) {
    fd_set readable, writable;
    FD_ZERO(&readable);
    FD_ZERO(&writable);
    int highest = -1;
    for (unsigned i = 0; i < count; i++) {
        fds[i].revents = 0;
        if (fds[i].fd < 0) continue;                 // as poll: a negative descriptor is not waited on
        if (fds[i].fd >= FD_SETSIZE) {
            errno = EINVAL;
            return -1;
        }
        if (fds[i].events & POLLIN) FD_SET(fds[i].fd, &readable);
        if (fds[i].events & POLLOUT) FD_SET(fds[i].fd, &writable);
        if (fds[i].fd > highest) highest = fds[i].fd;
    }
    struct timeval wait;
    struct timeval *until = NULL;                    // a negative timeout waits for ever, as poll's
    if (timeout_ms >= 0) {
        wait.tv_sec = timeout_ms / 1000;
        wait.tv_usec = (timeout_ms % 1000) * 1000;
        until = &wait;
    }
    int ready = select(highest + 1, &readable, &writable, NULL, until);
    if (ready <= 0) return ready;                    // 0: timed out; -1: errno (EINTR for a signal)
    int answered = 0;
    for (unsigned i = 0; i < count; i++) {
        if (fds[i].fd < 0) continue;
        // An end of input (a closed pipe, a hung-up terminal) is readable to select: the read that follows says it.
        if ((fds[i].events & POLLIN) && FD_ISSET(fds[i].fd, &readable)) fds[i].revents |= POLLIN;
        if ((fds[i].events & POLLOUT) && FD_ISSET(fds[i].fd, &writable)) fds[i].revents |= POLLOUT;
        if (fds[i].revents != 0) answered++;
    }
    return answered;
}
