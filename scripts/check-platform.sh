#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The port to macOS stays small (make test runs this): in Sources/ and Examples/, only a module's Platform.swift
# imports the C library (Glibc, Darwin) or touches what only Linux has (/proc, glibc's sigaction and environ
# spellings, gettid, pipe2, prctl); everything else goes through it. SwitchboardTerminal's Portability article
# lists each such call and its macOS counterpart. Prints TAP; exits 1 when a file breaks the rule.
set -eu
cd "$(dirname "$0")/.."
found=$(grep -rnE '^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+(Glibc|Darwin)\b|Glibc\.|Darwin\.|"/proc/|__sigaction_handler|__sigaction_u|\benviron\b|\bgettid\b|\bpipe2\b|\bprctl\b' \
    --include='*.swift' Sources Examples | grep -v '/Platform\.swift:' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*///?' || true)
if [ -n "$found" ]; then
    echo "not ok 1 - only Platform.swift files import the C library or call what only Linux has"
    printf '%s\n' "$found" | sed 's/^/#   /'
    echo "# Move the call into the module's Platform.swift (see the Portability article), or use a wrapper there."
    echo "1..1"
    exit 1
fi
echo "ok 1 - only Platform.swift files import the C library or call what only Linux has"
echo "1..1"
