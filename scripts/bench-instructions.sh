#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Instructions per operation of the core's cases and of their limits (plain closures), and per document of
# check --schema on four SchemaStore schemas, counted by valgrind's callgrind: exact and repeatable on a busy
# machine, so a change can be compared with the one before it.
# Each count is held to the one recorded in Benchmarks/instruction-baseline.txt: more than 5% over it is a
# regression (exit status 1). After a change that is meant to cost more (or that wins), record the new counts with
# --update and commit the file with the change.
# Usage: scripts/bench-instructions.sh [--update] [path/to/switchboard-bench]   (make bench-instructions builds it)
set -euo pipefail
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
bench=${1:-Benchmarks/.build/release/switchboard-bench}
baseline_file=Benchmarks/instruction-baseline.txt
command -v valgrind >/dev/null || { echo "instruction counts skipped: valgrind is not installed (apt-get install valgrind)"; exit 0; }
iterations=10000
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# valgrind 3.19 cannot read the DWARF 5 debug information Swift writes: count on a copy without it (the symbol
# table stays, which is all --toggle-collect needs).
strip --strip-debug -o "$out/switchboard-bench" "$bench"
bench=$out/switchboard-bench
count() {   # instructions inside the probe's measured function, per operation
    valgrind --tool=callgrind --callgrind-out-file="$out/$1.out" --toggle-collect='*instructionProbe*' \
        "$bench" probe "$1" >/dev/null 2>"$out/$1.log"
    local total
    total=$(grep -m1 '^summary:' "$out/$1.out" 2>/dev/null | awk '{print $2}')
    if [ -z "$total" ] || [ "$total" -eq 0 ]; then
        echo "probe $1 counted nothing; valgrind said:" >&2; cat "$out/$1.log" >&2; exit 2
    fi
    echo $(( total / iterations ))
}
recorded() { [ -f "$baseline_file" ] && awk -v k="$1" '$1 == k {print $2}' "$baseline_file" || true; }
printf '== Core: instructions per operation (callgrind; %d operations per probe) ==\n' "$iterations"
printf '%-34s %9s %12s %7s %10s %8s\n' case closures Switchboard ratio recorded change
status=0
new_baseline=""
# Sets before, change and verdict for the count $2 of key $1 against the one recorded (more than 5% over it is a
# regression), and adds it to the new baseline.
judge() {
    before=$(recorded "$1")
    new_baseline+="$1 $2"$'\n'
    if [ -n "$before" ]; then
        change=$(awk -v a="$2" -v b="$before" 'BEGIN { printf "%+.1f%%", (a - b) * 100 / b }')
        verdict=$(awk -v a="$2" -v b="$before" 'BEGIN { print (a <= b * 1.05) ? "ok" : "REGRESSED" }')
    else
        before="-"; change="-"; verdict="(nothing recorded)"
    fi
    [ "$verdict" = REGRESSED ] && status=1
    return 0
}
for row in "one:one observer, per set" "validation:5-predicate validation, per edit" "chain:100-link <~ chain, per hop"; do
    IFS=: read -r name title <<<"$row"
    limit=$(count "closures-$name")
    ours=$(count "switchboard-$name")
    ratio=$(awk -v a="$ours" -v b="$limit" 'BEGIN { printf "%.2f", a / b }')
    judge "$name" "$ours"
    printf '%-34s %9s %12s %6sx %10s %8s  %s\n' "$title" "$limit" "$ours" "$ratio" "$before" "$change" "$verdict"
done
# check --schema: instructions per document (read, parse, validate, free) of the four schemas of
# scripts/bench-check-speed.sh, on 2,000 of its documents each; only the chunks are counted (their lines split,
# checked, their results made; not the start-up, nor the schema's load). Needs switchboard-full's release build and the inputs (bench-check-speed.sh makes them).
full=${FULL:-.build-static/release/switchboard-full}
data=${DATA:-.build-bench/check-speed}
if [ -x "$full" ] && [ -f "$data/renovate.jsonl" ]; then
    strip --strip-debug -o "$out/switchboard-full" "$full"
    printf '\n== check --schema --count: instructions per document (callgrind; 2,000 documents per schema) ==\n'
    printf '%-34s %12s %10s %8s\n' schema Switchboard recorded change
    for name in github-workflow dependabot-2.0 tsconfig renovate; do
        head -n 2000 "$data/$name.jsonl" > "$out/$name.jsonl"
        valgrind --tool=callgrind --callgrind-out-file="$out/check-$name.out" --toggle-collect='*10checkChunk*' \
            "$out/switchboard-full" check --schema "$data/$name.json" --count "$out/$name.jsonl" >/dev/null 2>"$out/check-$name.log" || true
        total=$(grep -m1 '^summary:' "$out/check-$name.out" 2>/dev/null | awk '{print $2}')
        if [ -z "$total" ] || [ "$total" -eq 0 ]; then
            echo "check --schema $name counted nothing; valgrind said:" >&2; cat "$out/check-$name.log" >&2; exit 2
        fi
        ours=$(( total / 2000 ))
        judge "check-$name" "$ours"
        printf '%-34s %12s %10s %8s  %s\n' "$name" "$ours" "$before" "$change" "$verdict"
    done
else
    echo
    echo "check --schema counts skipped: needs $full (make release) and $data (scripts/bench-check-speed.sh makes it)"
    # Keep what was recorded for them.
    kept=$( [ -f "$baseline_file" ] && grep '^check-' "$baseline_file" || true)
    [ -z "$kept" ] || new_baseline+="$kept"$'\n'
fi
if [ "$update" = 1 ]; then
    printf '# Instructions per operation recorded by scripts/bench-instructions.sh --update (callgrind, release build).\n%s' \
        "$new_baseline" > "$baseline_file"
    echo "recorded in $baseline_file"
    exit 0
fi
[ "$status" = 0 ] || echo "an operation costs more than 5% over its recorded count: see the rows marked REGRESSED"
exit $status
