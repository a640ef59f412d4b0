#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The install test (make test runs it): make install into a scratch prefix, run what it installed as a user would
# (the binary, its libexec helper, the man page, the three completion files), make uninstall, and find nothing left.
# The same for a staged install (DESTDIR). Prints TAP; exits 1 on the first failure. The release build is the one
# `make install` shares with `make bench` (.build-static), built once.
set -eu
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM
PREFIX="$WORK/prefix"
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; exit 1; }
check() { desc=$1; shift; if "$@" >"$WORK/out" 2>&1; then ok "$desc"; else fail "$desc" "$(cat "$WORK/out")"; fi; }

$MAKE --no-print-directory install PREFIX="$PREFIX" >"$WORK/install.log" 2>&1 \
    || fail "make install PREFIX=$PREFIX" "$(tail -20 "$WORK/install.log")"
ok "make install PREFIX=$PREFIX"

BIN="$PREFIX/bin/switchboard"
VERSION=$(sed -n 's/^## \[\([0-9][0-9.]*[^]]*\)\].*/\1/p' CHANGELOG.md | head -1)
check "the installed switchboard runs: --version is $VERSION" test "$("$BIN" --version)" = "$VERSION"
check "the Swift runtime is linked statically (no libswiftCore.so)" sh -c "! ldd '$BIN' | grep -q libswift"
check "no rpath (nothing is looked up beside the binary at start)" sh -c "! readelf -d '$BIN' | grep -qiE 'rpath|runpath'"
check "check runs from the prefix" sh -c "printf 'ada@example.com\n' | '$BIN' check --rule email"
printf 'fields:\n  - name: email\n    rules: [email]\n    examples: {valid: [ada@example.com], invalid: [ada]}\n' \
    >"$WORK/spec.yaml"
check "test runs through PREFIX/libexec/switchboard/switchboard-full" \
    sh -c "'$BIN' test '$WORK/spec.yaml' | grep -q '^ok 2 - '"
check "--help runs through the helper too" sh -c "'$BIN' --help | grep -q 'USAGE: switchboard'"

MAN="$PREFIX/share/man/man1/switchboard.1"
check "the man page is installed" test -f "$MAN"
check "its source header names switchboard(1)" grep -q '^\.Dt SWITCHBOARD 1' "$MAN"
MANWIDTH=80 man -l "$MAN" >"$WORK/man.txt" 2>"$WORK/man.err" || true
check "man reads its header: SWITCHBOARD(1) ... General Commands Manual ... SWITCHBOARD(1)" \
    sh -c "head -1 '$WORK/man.txt' | grep -q '^SWITCHBOARD(1) .*General Commands Manual *SWITCHBOARD(1)\$'"
check "man renders it without a warning" sh -c "test ! -s '$WORK/man.err' || { cat '$WORK/man.err'; false; }"
check "its footer names the version ($VERSION)" sh -c "tail -1 '$WORK/man.txt' | grep -q 'switchboard $VERSION'"
check "man shows the command's own help (its abstract and every command)" \
    sh -c "grep -q 'Validated prompts, forms and batch checks' '$WORK/man.txt' && grep -q 'check' '$WORK/man.txt' \
        && grep -q 'form' '$WORK/man.txt'"

BASH_COMPLETION="$PREFIX/share/bash-completion/completions/switchboard"
ZSH_COMPLETION="$PREFIX/share/zsh/site-functions/_switchboard"
FISH_COMPLETION="$PREFIX/share/fish/vendor_completions.d/switchboard.fish"
check "bash completion installed, valid bash" sh -c "grep -q 'complete.*switchboard' '$BASH_COMPLETION' \
    && bash -n '$BASH_COMPLETION'"
check "zsh completion installed" grep -q '#compdef switchboard' "$ZSH_COMPLETION"
check "fish completion installed" grep -q "^complete -c 'switchboard'" "$FISH_COMPLETION"

$MAKE --no-print-directory uninstall PREFIX="$PREFIX" >"$WORK/uninstall.log" 2>&1 \
    || fail "make uninstall" "$(cat "$WORK/uninstall.log")"
ok "make uninstall PREFIX=$PREFIX"
check "nothing installed is left (no file, no link, no folder install made)" \
    sh -c "test -z \"\$(find '$PREFIX' -mindepth 1)\""

STAGE="$WORK/stage"
$MAKE --no-print-directory install DESTDIR="$STAGE" PREFIX=/usr/local >"$WORK/install.log" 2>&1 \
    || fail "make install DESTDIR=... PREFIX=/usr/local" "$(tail -20 "$WORK/install.log")"
check "a staged install (DESTDIR) writes the six files under DESTDIR/PREFIX and nowhere else" \
    sh -c "test \"\$(cd '$STAGE' && find . ! -type d | sort | tr '\n' ' ')\" = './usr/local/bin/switchboard \
./usr/local/libexec/switchboard/installed-folders ./usr/local/libexec/switchboard/switchboard-full \
./usr/local/share/bash-completion/completions/switchboard \
./usr/local/share/fish/vendor_completions.d/switchboard.fish ./usr/local/share/man/man1/switchboard.1 \
./usr/local/share/zsh/site-functions/_switchboard '"
check "the staged switchboard finds its staged helper" \
    sh -c "'$STAGE/usr/local/bin/switchboard' test '$WORK/spec.yaml' | grep -q '^ok 1 - '"
$MAKE --no-print-directory uninstall DESTDIR="$STAGE" PREFIX=/usr/local >/dev/null 2>&1
check "make uninstall DESTDIR=... leaves nothing" sh -c "test -z \"\$(find '$STAGE/usr/local' -mindepth 1)\""
mkdir -p "$WORK/kept/share/man/man1"
$MAKE --no-print-directory install PREFIX="$WORK/kept" >/dev/null 2>&1 && $MAKE --no-print-directory install \
    PREFIX="$WORK/kept" >/dev/null 2>&1 && $MAKE --no-print-directory uninstall PREFIX="$WORK/kept" >/dev/null 2>&1
check "install twice, uninstall: the folders install made are gone, one that was there before stays" \
    sh -c "test \"\$(cd '$WORK/kept' && find . | sort | tr '\n' ' ')\" = '. ./share ./share/man ./share/man/man1 '"
echo "1..$n"
