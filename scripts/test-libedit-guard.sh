#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The libedit guard of Sources/CReadline/shim.h (make test runs it): on macOS the system's <readline/readline.h>
# and -lreadline are libedit's readline wrapper, which Switchboard cannot run on. Shows, with a C compiler:
#   - the shim compiles against GNU readline's header (this machine's libreadline-dev);
#   - against a readline.h that claims to be libedit's (RL_READLINE_VERSION 0x0402, no RL_VERSION_MAJOR: what the
#     macOS SDK's header says) it stops with the #error naming `brew install readline pkgconf`;
#   - against a GNU readline older than 8.0 (RL_READLINE_VERSION 0x0702) it stops the same way;
#   - a program using the shim's GNU check links and runs with GNU readline (prints 1), and does not link with
#     libedit (this machine's libedit.so.2, if installed): rl_gnu_readline_p is undefined there.
# Prints TAP; exits 1 on a failure.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-cc}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$2" | tail -20; }

printf '#include "shim.h"\nint main(void) { return sb_rl_is_gnu_readline() == 1 ? 0 : 1; }\n' >"$WORK/use.c"

if "$CC" -fsyntax-only -I "$ROOT/Sources/CReadline" "$WORK/use.c" >"$WORK/gnu.log" 2>&1; then
    ok "the shim compiles against GNU readline's header"
else
    fail "the shim compiles against GNU readline's header" "$WORK/gnu.log"
fi

# A readline.h as libedit's wrapper writes it (the macOS SDK's: an old NetBSD header), reduced to what the guard
# reads: no RL_VERSION_MAJOR, RL_READLINE_VERSION 0x0402.
fake() {
    mkdir -p "$WORK/$1/readline"
    cat >"$WORK/$1/readline/readline.h" <<HEADER
#ifndef _READLINE_H_
#define _READLINE_H_
#include <stdio.h>
/* the readline functions the editline library's wrapper supports */
typedef void rl_vcpfunc_t(char *);
#define RL_READLINE_VERSION $2
$3
extern const char *rl_library_version;
extern char *rl_line_buffer;
extern int rl_point, rl_end;
char *readline(const char *);
void rl_callback_read_char(void);
void rl_callback_handler_install(const char *, rl_vcpfunc_t *);
#endif
HEADER
    printf '#ifndef _HISTORY_H_\n#define _HISTORY_H_\nint add_history(const char *);\n#endif\n' \
        >"$WORK/$1/readline/history.h"
}
fake libedit 0x0402 ""
fake gnu7 0x0702 "#define RL_VERSION_MAJOR 7"
for kind in libedit gnu7; do
    what="the shim refuses a readline.h that says $kind"
    if "$CC" -fsyntax-only -I "$WORK/$kind" -I "$ROOT/Sources/CReadline" "$WORK/use.c" >"$WORK/$kind.log" 2>&1; then
        fail "$what (it compiled)" "$WORK/$kind.log"
    elif grep -q "error: .*Switchboard needs GNU readline 8 or later.*brew install readline pkgconf" "$WORK/$kind.log"; then
        ok "$what, with the #error naming brew install readline pkgconf"
    else
        fail "$what, with the #error naming brew install readline pkgconf" "$WORK/$kind.log"
    fi
done

if "$CC" -I "$ROOT/Sources/CReadline" "$WORK/use.c" -lreadline -o "$WORK/gnu" >"$WORK/link.log" 2>&1 \
    && "$WORK/gnu"; then
    ok "a program using the shim's GNU check links with GNU readline and finds it GNU"
else
    fail "a program using the shim's GNU check links with GNU readline and finds it GNU" "$WORK/link.log"
fi
LIBEDIT=$(ls /usr/lib/*/libedit.so.2 /usr/lib/libedit.so.2 2>/dev/null | head -1 || true)
if [ -n "$LIBEDIT" ]; then
    if "$CC" -I "$ROOT/Sources/CReadline" "$WORK/use.c" "$LIBEDIT" -o "$WORK/edit" >"$WORK/edit.log" 2>&1; then
        fail "linking the shim's GNU check against libedit ($LIBEDIT) fails (it linked)" "$WORK/edit.log"
    elif grep -q "rl_gnu_readline_p" "$WORK/edit.log"; then
        ok "linking the shim's GNU check against libedit ($LIBEDIT) fails: rl_gnu_readline_p is undefined"
    else
        fail "linking the shim's GNU check against libedit fails on rl_gnu_readline_p" "$WORK/edit.log"
    fi
else
    echo "no libedit.so.2" >"$WORK/none.log"
    fail "libedit.so.2 is installed, to link against (make test installs Debian's libedit2)" "$WORK/none.log"
fi
echo "1..$n"
exit $failed
