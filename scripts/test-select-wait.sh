#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# sb_select_poll (Sources/CReadlineSupport/wait.c): poll(2) answered with select(2), which macOS's terminal waits use
# because poll and kqueue do not report a terminal there. Tested here, on Linux, against pipes and a pseudo-terminal,
# each answer held to poll's on the same descriptors (make test runs it). Prints TAP; exits 1 on a failure.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-cc}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM
cat >"$WORK/test.c" <<'C'
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>
#include "readline_support.h"

static int n = 0, failed = 0;
static void check(int passed, const char *what) {
    printf("%s %d - %s\n", passed ? "ok" : "not ok", ++n, what);
    if (!passed) failed = 1;
}

/// Both answers for one read descriptor (and -1, which both skip): the ready counts agree, and so does whether the
/// descriptor has any revents (what the callers test: poll says an end of input with POLLHUP, select as readable).
static void agree(int fd, int timeout, int want_ready, const char *what) {
    struct pollfd a[2] = {{.fd = fd, .events = POLLIN}, {.fd = -1, .events = POLLIN}};
    struct pollfd b[2] = {{.fd = fd, .events = POLLIN}, {.fd = -1, .events = POLLIN}};
    int by_select = sb_select_poll(a, 2, timeout);
    int by_poll = poll(b, 2, timeout);
    char line[200];
    snprintf(line, sizeof line, "%s: select says %d (revents %#x), poll says %d (revents %#x)", what, by_select,
             a[0].revents, by_poll, b[0].revents);
    check(by_select == want_ready && by_poll == want_ready && (a[0].revents != 0) == (want_ready == 1)
          && (b[0].revents != 0) == (want_ready == 1) && a[1].revents == 0, line);
}

int main(void) {
    int fds[2];
    if (pipe(fds) != 0) return 2;
    agree(fds[0], 0, 0, "an empty pipe is not readable (timeout 0)");
    agree(fds[0], 30, 0, "an empty pipe times out (30 ms)");
    if (write(fds[1], "x", 1) != 1) return 2;
    agree(fds[0], -1, 1, "a pipe with a byte is readable");
    char byte;
    if (read(fds[0], &byte, 1) != 1) return 2;
    close(fds[1]);
    agree(fds[0], -1, 1, "a pipe whose writer closed is readable (the read says end of input)");
    close(fds[0]);

    int master, slave;
    if (openpty(&master, &slave, NULL, NULL, NULL) != 0) return 2;
    struct termios modes;
    tcgetattr(slave, &modes);
    cfmakeraw(&modes);                          // as a field reads: byte by byte
    tcsetattr(slave, TCSANOW, &modes);
    agree(slave, 0, 0, "a terminal with no key is not readable");
    if (write(master, "a", 1) != 1) return 2;
    agree(slave, -1, 1, "a terminal with a key typed is readable");
    if (read(slave, &byte, 1) != 1 || byte != 'a') return 2;
    if (write(slave, "drawn", 5) != 5) return 2;
    agree(master, -1, 1, "the terminal's other side is readable once the program draws");

    struct pollfd out = {.fd = slave, .events = POLLOUT};
    check(sb_select_poll(&out, 1, 0) == 1 && (out.revents & POLLOUT), "a terminal is writable (POLLOUT)");
    struct pollfd big = {.fd = FD_SETSIZE, .events = POLLIN};
    errno = 0;
    check(sb_select_poll(&big, 1, 0) == -1 && errno == EINVAL, "a descriptor at FD_SETSIZE is refused (EINVAL)");
    printf("1..%d\n", n);
    return failed;
}
C
if "$CC" -Wall -Werror -I "$ROOT/Sources/CReadlineSupport/include" "$WORK/test.c" \
    "$ROOT/Sources/CReadlineSupport/wait.c" -lutil -o "$WORK/test" >"$WORK/build.log" 2>&1; then
    "$WORK/test"
else
    echo "not ok 1 - sb_select_poll's test compiles"; sed 's/^/# /' "$WORK/build.log"; echo "1..1"; exit 1
fi
