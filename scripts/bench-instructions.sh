#!/usr/bin/env bash
# Instructions per operation of the core's cases and of their limits (plain closures), counted by valgrind's
# callgrind: exact and repeatable on a busy machine, so a change can be compared with the one before it.
# Usage: scripts/bench-instructions.sh [path/to/switchboard-bench]   (make bench-instructions builds it first)
set -euo pipefail
bench=${1:-Benchmarks/.build/release/switchboard-bench}
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
printf '== Core: instructions per operation (callgrind; %d operations per probe) ==\n' "$iterations"
printf '%-30s %12s %12s %8s %8s\n' case closures Switchboard ratio target
status=0
for row in "one:one observer, per set:2" "validation:5-predicate validation, per edit:2" "chain:100-link <~ chain, per set:5"; do
    IFS=: read -r name title target <<<"$row"
    limit=$(count "closures-$name")
    ours=$(count "switchboard-$name")
    if [ "$name" = chain ]; then limit=$(( limit * 100 )); ours=$(( ours * 100 )); fi
    ratio=$(awk -v a="$ours" -v b="$limit" 'BEGIN { printf "%.2f", a / b }')
    verdict=$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r <= t) ? "met" : "EXCEEDS" }')
    [ "$verdict" = met ] || status=1
    printf '%-30s %12s %12s %7sx %7sx  %s\n' "$title" "$limit" "$ours" "$ratio" "$target" "$verdict"
done
exit $status
