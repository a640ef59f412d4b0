#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The test kit's settle cases (Tests/SwitchboardTestingTests/SettleTests.swift), 100 runs each, with two CPU hogs
# competing for the processor: the waits must neither hang nor return early under load. Not part of `make test`.
# Each case prints its failed runs and time; the test fails on any failure. Arguments go to `swift test` (e.g.
# --skip-build); SWITCHBOARD_STRESS_RUNS and SWITCHBOARD_STRESS_ONLY narrow the run.
set -uo pipefail
hogs=()
end_hogs() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null; done; }
trap end_hogs EXIT
for _ in 1 2; do
  sh -c 'while :; do :; done' &
  hogs+=("$!")
done
SWITCHBOARD_STRESS=1 "${SWIFT:-swift}" test "$@" --filter SettleStressTests
