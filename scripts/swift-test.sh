#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs `swift test` with the given arguments. On failure the failing expectations are printed again at the end, so
# that the last lines of a long log (all a CI summary may keep) name what failed.
set -uo pipefail
log=$(mktemp "${TMPDIR:-/tmp}/switchboard-test.XXXXXX")
trap 'rm -f "$log"' EXIT
"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" != 0 ]; then
  echo
  echo "== what failed (swift test exited $status) =="
  grep -E "✘|error:|Fatal error|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY:" "$log" | grep -v "^✘ Suite" | head -60
fi
exit "$status"
