#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package test (make test runs it; it needs root, as CI has): make deb (lintian must report nothing),
# install the package with dpkg, run ask, choose, form and check from /usr/bin as a shell script would (input
# piped), find the man page and completions where Debian looks, then purge the package and find nothing left in
# /usr, /etc or dpkg's records. Prints TAP; exits 1 on the first failure.
set -eu
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; echo "1..$n"; exit 1; }
check() { desc=$1; shift; if "$@" >"$WORK/out" 2>&1; then ok "$desc"; else fail "$desc" "$(cat "$WORK/out")"; fi; }

if [ "$(id -u)" != 0 ]; then
    echo "1..0 # SKIP dpkg -i and dpkg --purge need root (CI runs as root)"
    exit 0
fi
if dpkg-query -W -f '${Status}' switchboard 2>/dev/null | grep -q installed; then
    echo "1..0 # the package switchboard is installed here already; not touching it (dpkg --purge switchboard first)"
    exit 1
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; dpkg --purge switchboard >/dev/null 2>&1 || true' EXIT INT TERM

$MAKE --no-print-directory deb >"$WORK/deb.log" 2>&1 || fail "make deb (lintian clean)" "$(tail -30 "$WORK/deb.log")"
DEB=$(sed -n "s/^dpkg-deb: building package 'switchboard' in '\(.*\)'\.$/\1/p" "$WORK/deb.log")
ok "make deb builds $DEB; lintian reports nothing"
check "Depends: computed by dpkg-shlibdeps: glibc, GNU readline, PCRE2 (and no Swift runtime)" \
    sh -c "dpkg-deb -f '$DEB' Depends | tee /dev/stderr | grep -q 'libreadline8' \
        && dpkg-deb -f '$DEB' Depends | grep -q 'libpcre2-8-0' && dpkg-deb -f '$DEB' Depends | grep -q 'libc6 (>='\
        && ! dpkg-deb -f '$DEB' Depends | grep -qi swift"

# What is there before, to compare after the purge.
snapshot() { find /usr /etc /opt /var/lib/dpkg/info -xdev 2>/dev/null | sort; }
snapshot >"$WORK/before"

check "dpkg -i installs it" dpkg -i "$DEB"
check "dpkg knows it as installed" sh -c "dpkg-query -W -f '\${Status}' switchboard | grep -qx 'install ok installed'"
BIN=/usr/bin/switchboard
check "switchboard is on PATH at $BIN" test "$(command -v switchboard)" = "$BIN"
check "ask: a valid value piped in is printed" \
    sh -c "test \"\$(printf 'ada@example.com\n' | switchboard ask Email --rule email)\" = ada@example.com"
check "ask: an invalid value fails (exit 1) and says why" \
    sh -c "printf 'ada\n' | switchboard ask Email --rule email 2>'$WORK/err'; test \$? = 1 && grep -q email '$WORK/err'"
check "choose: the option piped in is printed" \
    sh -c "test \"\$(printf 'green\n' | switchboard choose Colour red green blue)\" = green"
printf 'title: Sign up\nfields:\n  - name: email\n    rules: [email]\n  - name: age\n    type: number\n    rules: ["int:13..120"]\n' \
    >"$WORK/spec.yaml"
check "form (through the libexec helper): answers piped in come out as JSON" \
    sh -c "printf 'ada@example.com\n36\n' | switchboard form '$WORK/spec.yaml' | tr -d ' \n' \
        | grep -q '\"email\":\"ada@example.com\",\"age\":36'"
check "check: every line valid, exit 0" sh -c "printf 'ada@example.com\nbob@example.org\n' | switchboard check --rule email"
check "check: an invalid line, exit 1" sh -c "! printf 'ada@example.com\nada\n' | switchboard check --rule email"
check "man finds the page" test "$(man -w switchboard)" = /usr/share/man/man1/switchboard.1.gz
check "bash completion where bash-completion looks, valid bash" bash -n /usr/share/bash-completion/completions/switchboard
check "zsh completion in vendor-completions" grep -q '#compdef switchboard' /usr/share/zsh/vendor-completions/_switchboard
check "fish completion in vendor_completions.d" test -s /usr/share/fish/vendor_completions.d/switchboard.fish

check "dpkg --purge removes it" dpkg --purge switchboard
check "dpkg no longer knows it" sh -c "! dpkg-query -W -f '\${Status}' switchboard 2>/dev/null | grep -q installed"
snapshot >"$WORK/after"
check "nothing left behind: /usr, /etc, /opt and dpkg's records as before" diff "$WORK/before" "$WORK/after"
echo "1..$n"
