#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check --schema --count against jsonschema-rs fed by orjson, per schema, in one run: 100,000 JSON Lines documents
# of four SchemaStore schemas (github-workflow, dependabot-2.0, tsconfig, renovate; made from SchemaStore's fixtures
# by scripts/check-speed-inputs.py), formats asserted on both sides, the same invalid counts asserted first.
# Columns, best of ROUNDS (runs alternate between the two sides, so load on this shared machine hits both alike):
#   rs validate   jsonschema-rs's is_valid over documents already parsed by orjson (seconds inside Python)
#   rs+orjson     orjson.loads + is_valid per line, reading the file (seconds inside Python)
#   ours          switchboard check --schema S --count: the whole process (start-up, schema load, read, parse,
#                 validate), wall seconds, its user seconds, MB/s of input, and the ratio to rs+orjson
#   parse         the same, against the schema {} (nothing to validate): our read and parse of the same bytes
# Needs the release build (make release: .build-static/release), python3 with jsonschema-rs, orjson and PyYAML,
# and a SchemaStore checkout (SCHEMASTORE=path; cloned into .build-bench/ if not given).
# Usage: scripts/bench-check-speed.sh [schema...]   (default: all four)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
BIN=${BIN:-.build-static/release/switchboard}
DATA=${DATA:-.build-bench/check-speed}
SCHEMAS=("$@")
[ ${#SCHEMAS[@]} -gt 0 ] || SCHEMAS=(github-workflow dependabot-2.0 tsconfig renovate)
[ -x "$BIN" ] || { echo "build first: make release" >&2; exit 2; }
for module in jsonschema_rs orjson yaml; do
    python3 -c "import $module" 2>/dev/null || { echo "python3 needs $module (pip install jsonschema-rs orjson pyyaml)" >&2; exit 2; }
done
if [ ! -f "$DATA/renovate.jsonl" ]; then
    store=${SCHEMASTORE:-.build-bench/schemastore}
    [ -d "$store" ] || git clone --quiet --depth 1 https://github.com/SchemaStore/schemastore "$store"
    python3 scripts/check-speed-inputs.py "$store" "$DATA"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '{}' > "$tmp/empty.json"

cat > "$tmp/rs.py" <<'PY'
import json, sys, time, jsonschema_rs, orjson
mode, schema_path, path = sys.argv[1:4]
validator = jsonschema_rs.validator_for(json.load(open(schema_path)), validate_formats=True)
if mode == "count":
    print(sum(not validator.is_valid(orjson.loads(line)) for line in open(path, "rb") if line.strip()))
elif mode == "validate":
    docs = [orjson.loads(line) for line in open(path, "rb") if line.strip()]
    start = time.perf_counter()
    bad = sum(not validator.is_valid(doc) for doc in docs)
    print(time.perf_counter() - start)
else:
    start = time.perf_counter()
    bad = 0
    for line in open(path, "rb"):
        if line.strip() and not validator.is_valid(orjson.loads(line)):
            bad += 1
    print(time.perf_counter() - start)
PY
ours() {   # wall and user seconds of one whole run
    /usr/bin/time -o "$tmp/time" -f "%e %U" "$BIN" check --schema "$1" --count "$2" > /dev/null 2>&1 || true
    tail -1 "$tmp/time"
}
min() { python3 -c "import sys; print(min(float(x) for x in sys.argv[1:]))" "$@"; }

echo "load: $(uptime)"
printf '%-16s %6s %9s %9s %9s %7s %7s %6s %9s %7s\n' schema MB "rs valid" "rs+orjson" ours user "MB/s" ratio parse "MB/s"
for name in "${SCHEMAS[@]}"; do
    schema=$DATA/$name.json input=$DATA/$name.jsonl
    theirs=$(python3 "$tmp/rs.py" count "$schema" "$input")
    mine=$("$BIN" check --schema "$schema" --count "$input" 2>&1 || true)
    if [ "$theirs" != "$mine" ]; then
        echo "$name: invalid documents differ: jsonschema-rs $theirs, switchboard $mine" >&2
        exit 1
    fi
    validate=() loop=() wall=() user=() parse=()
    for _ in $(seq "$ROUNDS"); do
        read -r w u <<<"$(ours "$schema" "$input")"; wall+=("$w"); user+=("$u")
        loop+=("$(python3 "$tmp/rs.py" loop "$schema" "$input")")
        read -r w _ <<<"$(ours "$tmp/empty.json" "$input")"; parse+=("$w")
        validate+=("$(python3 "$tmp/rs.py" validate "$schema" "$input")")
    done
    megabytes=$(python3 -c "import os; print(os.path.getsize('$input') / 1e6)")
    python3 - "$name" "$megabytes" "$(min "${validate[@]}")" "$(min "${loop[@]}")" "$(min "${wall[@]}")" \
        "$(min "${user[@]}")" "$(min "${parse[@]}")" "$theirs" <<'PY'
import sys
name, mb, validate, loop, wall, user, parse, invalid = sys.argv[1], *map(float, sys.argv[2:8]), sys.argv[8]
print(f"{name:<16} {mb:6.1f} {validate:9.2f} {loop:9.2f} {wall:9.2f} {user:7.2f} {mb / wall:7.0f} {wall / loop:5.2f}x"
      f" {parse:9.2f} {mb / parse:7.0f}   ({invalid} invalid)")
PY
done
echo "load: $(uptime)"
