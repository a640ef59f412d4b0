#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check --schema against the validators people call, in one run, on the same input: 200,000 JSON Lines documents
# of the SchemaStore dependabot-2.0 schema (a fifth of them invalid; made by scripts/schema-agreement.py through
# scripts/fetch-schema-suite.sh). Whole process each (start-up, reading, parsing, validating, reporting), best of
# ROUNDS wall-clock times, and peak memory (max RSS) of switchboard at 200,000 and at 20,000 documents (flat memory:
# the two should be close). Also: --jobs 2 vs 1, and loading a schema with 2,000 properties (check, and the form's
# first question).
# Needs the release build (make release) and pip: jsonschema, jsonschema-rs, check-jsonschema (installed if missing).
# The machine is shared: say what else ran (uptime's load is printed first).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
BIN=${BIN:-.build-static/release/switchboard}
DATA=.schema-suite/schemastore
SCHEMA=$DATA/dependabot.json
INPUT=$DATA/dependabot-200k.jsonl
[ -f "$INPUT" ] || { scripts/fetch-schema-suite.sh && python3 scripts/schema-agreement.py "$DATA" --bench; }
python3 -c "import jsonschema_rs" 2>/dev/null || python3 -m pip install --quiet --root-user-action=ignore jsonschema-rs
command -v check-jsonschema >/dev/null || python3 -m pip install --quiet --root-user-action=ignore check-jsonschema
[ -x "$BIN" ] || { echo "build first: make release" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -n 20000 "$INPUT" > "$tmp/20k.jsonl"

echo "load: $(uptime)"
best() {   # best wall time of ROUNDS runs of "$@" (output discarded), in seconds
  local best=999999 t
  for _ in $(seq "$ROUNDS"); do
    /usr/bin/time -o "$tmp/time" -f "%e" "$@" > /dev/null 2>&1 || true
    t=$(tail -1 "$tmp/time")
    best=$(python3 -c "print(min($best, $t))")
  done
  echo "$best"
}
rss() { /usr/bin/time -o "$tmp/rss" -f "%M" "$@" > /dev/null 2>&1 || true; tail -1 "$tmp/rss"; }

cat > "$tmp/rs.py" <<'PY'
import json, sys, jsonschema_rs
validator = jsonschema_rs.validator_for(json.load(open(sys.argv[1])))
bad = 0
for line in open(sys.argv[2]):
    if not validator.is_valid(json.loads(line)):
        bad += 1
print(bad)
PY
cat > "$tmp/py.py" <<'PY'
import json, sys
from jsonschema import validators
schema = json.load(open(sys.argv[1]))
validator = validators.validator_for(schema)(schema)
bad = 0
for line in open(sys.argv[2]):
    if not validator.is_valid(json.loads(line)):
        bad += 1
print(bad)
PY

echo "invalid documents: switchboard $("$BIN" check --schema "$SCHEMA" --count "$INPUT" || true)," \
     "jsonschema-rs $(python3 "$tmp/rs.py" "$SCHEMA" "$INPUT")"
printf '%-44s %8s\n' "200,000 dependabot documents (whole process)" "seconds"
printf '%-44s %8s\n' "switchboard check --schema" "$(best "$BIN" check --schema "$SCHEMA" --count "$INPUT")"
printf '%-44s %8s\n' "switchboard check --schema --jobs 2" "$(best "$BIN" check --schema "$SCHEMA" --count --jobs 2 "$INPUT")"
printf '%-44s %8s\n' "switchboard, failures printed (text)" "$(best "$BIN" check --schema "$SCHEMA" "$INPUT")"
printf '%-44s %8s\n' "python: json.loads + jsonschema_rs.is_valid" "$(best python3 "$tmp/rs.py" "$SCHEMA" "$INPUT")"
# python-jsonschema and check-jsonschema are ~100x slower: measured on 20,000 documents, scaled by 10.
py=$(ROUNDS=1 best python3 "$tmp/py.py" "$SCHEMA" "$tmp/20k.jsonl")
printf '%-44s %8s\n' "python: json.loads + python-jsonschema (x10)" "$(python3 -c "print(round($py * 10, 2))")"
# check-jsonschema reads one document per file: 200 files of the input's first documents, scaled to 200,000.
mkdir -p "$tmp/docs"
head -n 200 "$INPUT" | split -l 1 -a 3 --additional-suffix=.json - "$tmp/docs/d"
cj=$(ROUNDS=1 best check-jsonschema --schemafile "$SCHEMA" --disable-formats '*' "$tmp"/docs/*.json)
printf '%-44s %8s\n' "check-jsonschema, 200 files (x1000)" "$(python3 -c "print(round($cj * 1000, 1))")"

echo "max RSS (KB): 20,000 docs $(rss "$BIN" check --schema "$SCHEMA" "$tmp/20k.jsonl")," \
     "200,000 docs $(rss "$BIN" check --schema "$SCHEMA" "$INPUT")," \
     "200,000 --jobs 2 $(rss "$BIN" check --schema "$SCHEMA" --jobs 2 "$INPUT")"

# A schema with 2,000 properties: load it and check one document.
python3 - "$tmp/wide.json" <<'PY'
import json, sys
props = {f"p{i}": {"type": "string", "pattern": f"^v{i}-[a-z]+$", "enum": [f"v{i}-a", f"v{i}-b"]} for i in range(2000)}
json.dump({"type": "object", "properties": props, "required": ["p0"], "additionalProperties": False}, open(sys.argv[1], "w"))
PY
echo '{"p0": "v0-a"}' > "$tmp/one.json"
printf '%-44s %8s\n' "load a 2,000-property schema + 1 document" "$(best "$BIN" check --schema "$tmp/wide.json" "$tmp/one.json")"
# The form from a wide schema: the time to its first question (scripts/bench-schema-form.sh).
BIN="$BIN" ROUNDS="$ROUNDS" scripts/bench-schema-form.sh 2000
echo "load: $(uptime)"
