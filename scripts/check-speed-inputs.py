#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes the inputs of scripts/bench-check-speed.sh: for each of four SchemaStore schemas (github-workflow,
dependabot-2.0, tsconfig, renovate), the schema and 100,000 JSON Lines documents made from SchemaStore's own test
fixtures (src/test/NAME and src/negative_test/NAME, YAML ones converted), every fifth one mutated at random.
renovate has no fixtures in SchemaStore: its documents are made from the settings real renovate.json files use.

usage: check-speed-inputs.py SCHEMASTORE_CHECKOUT OUT_FOLDER [LINES]"""
import copy, json, os, random, re, subprocess, sys
import yaml

store, out = sys.argv[1], sys.argv[2]
LINES = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
rng = random.Random(42)
# name in this benchmark -> the schema file in src/schemas/json (renovate.json there only refers to the docs site;
# renovate-43.json is the full schema of the current major version).
SCHEMAS = {"github-workflow": "github-workflow.json", "dependabot-2.0": "dependabot-2.0.json",
           "tsconfig": "tsconfig.json", "renovate": "renovate-43.json"}

def show(path):
    """A file of the checkout (a work tree, or a bare repository's HEAD)."""
    full = os.path.join(store, path)
    if os.path.exists(full):
        return open(full, encoding="utf-8").read()
    return subprocess.run(["git", "--git-dir", store, "show", "HEAD:" + path], check=True, capture_output=True,
                          text=True).stdout

def listing(folder):
    full = os.path.join(store, folder)
    if os.path.isdir(full):
        return sorted(os.path.join(folder, f) for f in os.listdir(full))
    found = subprocess.run(["git", "--git-dir", store, "ls-tree", "--name-only", "HEAD", folder + "/"],
                           capture_output=True, text=True).stdout.split()
    return sorted(found)

class Loader(yaml.SafeLoader):
    """YAML 1.2's booleans (true/false only): GitHub reads `on:` as a key, not as true."""

Loader.yaml_implicit_resolvers = {k: [(tag, regexp) for tag, regexp in v if tag != "tag:yaml.org,2002:bool"]
                                  for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))
Loader.add_constructor("tag:yaml.org,2002:timestamp", yaml.SafeLoader.construct_yaml_str)

def fixtures(name):
    docs = []
    for kind in ("test", "negative_test"):
        for path in listing(f"src/{kind}/{name}"):
            try:
                text = show(path)
                doc = yaml.load(text, Loader=Loader) if path.endswith((".yaml", ".yml")) else json.loads(text)
            except Exception:
                continue   # JSON with comments (tsconfig's), YAML that is not JSON-compatible (dates)
            try:
                json.dumps(doc)
            except (TypeError, ValueError):
                continue
            if doc is not None:
                docs.append(doc)
    return docs

def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))

def mutate(doc):
    doc = copy.deepcopy(doc)
    targets = [p for p in paths(doc) if p]
    if not targets:
        return {"unexpected": 1}
    path = rng.choice(targets)
    node = doc
    for step in path[:-1]:
        node = node[step]
    key = path[-1]
    replacement = rng.choice([None, "x", 12, -1.5, True, [], {}, "unknown-value"])
    if isinstance(node, dict) and rng.random() < 0.3:
        del node[key]
    elif isinstance(node, dict) and rng.random() < 0.2:
        node["unexpected-" + str(rng.randint(0, 9))] = replacement
    else:
        node[key] = replacement
    return doc

def renovate_doc():
    """A renovate.json as people write them: presets, schedules, labels, package rules."""
    doc = {"$schema": "https://docs.renovatebot.com/renovate-schema.json",
           "extends": rng.sample(["config:recommended", ":dependencyDashboard", ":semanticCommits",
                                  "group:allNonMajor", ":automergeMinor", "schedule:weekly",
                                  "helpers:pinGitHubActionDigests", ":preserveSemverRanges"], rng.randint(1, 4))}
    if rng.random() < 0.6:
        doc["labels"] = rng.sample(["dependencies", "renovate", "ci", "security"], rng.randint(1, 2))
    if rng.random() < 0.5:
        doc["schedule"] = [rng.choice(["before 6am on monday", "every weekend", "after 10pm every weekday"])]
    if rng.random() < 0.4:
        doc["timezone"] = rng.choice(["Europe/Berlin", "America/New_York", "UTC"])
    if rng.random() < 0.5:
        doc["prConcurrentLimit"] = rng.randint(0, 20)
        doc["prHourlyLimit"] = rng.randint(0, 5)
    if rng.random() < 0.4:
        doc["rangeStrategy"] = rng.choice(["auto", "pin", "bump", "replace", "widen"])
    if rng.random() < 0.3:
        doc["lockFileMaintenance"] = {"enabled": True, "schedule": ["before 4am on monday"]}
    if rng.random() < 0.3:
        doc["vulnerabilityAlerts"] = {"labels": ["security"], "enabled": True}
    if rng.random() < 0.3:
        doc["enabledManagers"] = rng.sample(["npm", "dockerfile", "github-actions", "pip_requirements", "cargo",
                                             "gomod", "maven"], rng.randint(1, 3))
    rules = []
    for _ in range(rng.randint(0, 5)):
        rule = {}
        rule[rng.choice(["matchPackageNames", "matchDepNames"])] = rng.sample(
            ["react", "lodash", "/^@types\\//", "eslint", "typescript", "/^@angular/"], rng.randint(1, 3))
        if rng.random() < 0.5:
            rule["matchUpdateTypes"] = rng.sample(["major", "minor", "patch", "pin", "digest"], rng.randint(1, 2))
        if rng.random() < 0.5:
            rule["matchManagers"] = [rng.choice(["npm", "github-actions", "dockerfile"])]
        if rng.random() < 0.5:
            rule["groupName"] = rng.choice(["linters", "types", "angular", "all non-major"])
        if rng.random() < 0.5:
            rule["automerge"] = rng.random() < 0.5
            rule["automergeType"] = rng.choice(["pr", "branch"])
        if rng.random() < 0.2:
            rule["enabled"] = False
        rules.append(rule)
    if rules:
        doc["packageRules"] = rules
    if rng.random() < 0.2:
        doc["customManagers"] = [{"customType": "regex", "managerFilePatterns": ["/^Dockerfile$/"],
                                  "matchStrings": ["ENV VERSION=(?<currentValue>.*)"],
                                  "datasourceTemplate": "github-releases", "depNameTemplate": "org/tool"}]
    return doc

def main():
    import jsonschema_rs
    os.makedirs(out, exist_ok=True)
    for name, file in SCHEMAS.items():
        schema = json.loads(show("src/schemas/json/" + file))
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(schema, f)
        validator = jsonschema_rs.validator_for(schema, validate_formats=True)
        pool = fixtures(name) if name != "renovate" else [renovate_doc() for _ in range(400)]
        if not pool:
            sys.exit(f"{name}: no fixtures in {store}/src/test/{name}")
        valid = sum(validator.is_valid(d) for d in pool)
        with open(os.path.join(out, name + ".jsonl"), "w") as f:
            for i in range(LINES):
                doc = pool[i % len(pool)]
                if i % 5 == 4:
                    doc = mutate(doc)
                f.write(json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n")
        print(f"{name}: {len(pool)} fixtures ({valid} valid), {LINES} lines, "
              f"{os.path.getsize(os.path.join(out, name + '.jsonl')) // 1_000_000} MB")

main()
