#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes the agreement cases of SwitchboardSchemaTests: for each SchemaStore schema in FOLDER (and a few copies
declared as other drafts), documents generated from the schema and mutated at random, each with python-jsonschema's
verdict (format not asserted). Writes FOLDER/cases.jsonl: {"schema": file, "document": ..., "valid": bool}.
With --bench also writes FOLDER/dependabot-200k.jsonl for the benchmark (scripts/bench-schema.sh)."""
import copy, json, os, random, sys
import jsonschema
from jsonschema import validators

folder = sys.argv[1]
rng = random.Random(29)
DRAFTS = {"4": "http://json-schema.org/draft-04/schema#", "6": "http://json-schema.org/draft-06/schema#",
          "2019-09": "https://json-schema.org/draft/2019-09/schema"}
# Copies declared as other drafts (their keywords mean the same there, or are ignored by both validators).
VARIANTS = [("dependabot.json", "6"), ("dependabot.json", "2019-09"), ("github-workflows.json", "2019-09"),
            ("codecov.json", "4"), ("github-issue-config.json", "4")]
PER_SCHEMA = 120
# Left out: the generator below makes documents of about 10 MB from renovate's schema (every one over
# MAX_DOCUMENT) and takes minutes to do it. Switchboard's release build checks such a document in about 0.4 s.
SLOW = {"renovate.json": "its generated documents are about 10 MB, over the size limit, and take minutes to make"}
MAX_DOCUMENT = 16_384   # bytes of JSON: larger generated documents are left out

def resolve(root, ref):
    if not ref.startswith("#"):
        return None
    node = root
    for token in ref[1:].split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node.get(token) if isinstance(node, dict) else None
        if node is None:
            return None
    return node

def example(root, schema, depth=0):
    """A plausible instance of schema (often valid, not always)."""
    if depth > 8 or not isinstance(schema, dict):
        return None
    if "$ref" in schema:
        target = resolve(root, schema["$ref"])
        if target is not None:
            return example(root, target, depth + 1)
    for key in ("const",):
        if key in schema:
            return copy.deepcopy(schema[key])
    if "enum" in schema and schema["enum"]:
        return copy.deepcopy(rng.choice(schema["enum"]))
    if "default" in schema and rng.random() < 0.5:
        return copy.deepcopy(schema["default"])
    if "examples" in schema and isinstance(schema["examples"], list) and schema["examples"] and rng.random() < 0.5:
        return copy.deepcopy(rng.choice(schema["examples"]))
    for key in ("oneOf", "anyOf"):
        if key in schema and schema[key]:
            return example(root, rng.choice(schema[key]), depth + 1)
    if "allOf" in schema and schema["allOf"]:
        merged = {}
        for part in schema["allOf"]:
            value = example(root, part, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
        if merged:
            return merged
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = rng.choice(kind) if kind else None
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if kind == "object":
        out = {}
        props = schema.get("properties", {}) if isinstance(schema.get("properties"), dict) else {}
        required = schema.get("required", []) if isinstance(schema.get("required"), list) else []
        for name in required:
            out[name] = example(root, props.get(name, {}), depth + 1)
        for name, sub in props.items():
            if name not in out and rng.random() < 0.4:
                out[name] = example(root, sub, depth + 1)
        return out
    if kind == "array":
        items = schema.get("items", {})
        if isinstance(items, list):
            return [example(root, sub, depth + 1) for sub in items]
        count = max(schema.get("minItems", 0) if isinstance(schema.get("minItems"), int) else 0, rng.randint(0, 3))
        return [example(root, items, depth + 1) for _ in range(min(count, 4))]
    if kind == "integer":
        low = schema.get("minimum", 0) if isinstance(schema.get("minimum"), (int, float)) else 0
        return int(low) + rng.randint(0, 10)
    if kind == "number":
        return round(rng.uniform(0, 100), 2)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "null":
        return None
    length = schema.get("minLength", 1) if isinstance(schema.get("minLength"), int) else 1
    return "x" * max(length, 1) if rng.random() < 0.5 else "daily"

def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from paths(sub, prefix + (key,))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from paths(sub, prefix + (i,))

def mutate(doc):
    doc = copy.deepcopy(doc)
    targets = list(paths(doc))
    path = rng.choice(targets)
    parent, key = None, None
    node = doc
    for step in path:
        parent, key, node = node, step, node[step]
    choice = rng.randrange(8)
    replacement = [None, "x", 12, -1.5, True, [], {}, "unknown-value"][choice]
    if parent is None:
        return replacement if rng.random() < 0.3 else {"unexpected": 1} if isinstance(doc, dict) else doc
    if isinstance(parent, dict) and rng.random() < 0.3:
        del parent[key]
        return doc
    if isinstance(parent, dict) and rng.random() < 0.2:
        parent["unexpected-" + str(rng.randint(0, 9))] = replacement
        return doc
    parent[key] = replacement
    return doc

def main():
    out = open(os.path.join(folder, "cases.jsonl"), "w")
    names = sorted(f for f in os.listdir(folder) if f.endswith(".json") and "@" not in f)
    jobs = [(name, None) for name in names] + VARIANTS
    for name, draft in jobs:
        schema = json.load(open(os.path.join(folder, name)))
        file = name
        if draft:
            schema = dict(schema)
            schema["$schema"] = DRAFTS[draft]
            file = name.replace(".json", "@draft" + draft + ".json")
            json.dump(schema, open(os.path.join(folder, file), "w"))
        refs = []
        def collect(node):
            if isinstance(node, dict):
                if isinstance(node.get("$ref"), str):
                    refs.append(node["$ref"])
                for sub in node.values():
                    collect(sub)
            elif isinstance(node, list):
                for sub in node:
                    collect(sub)
        collect(schema)
        if name in SLOW:
            print(f"{name}: skipped ({SLOW[name]})")
            continue
        if any(not ref.startswith("#") for ref in refs):
            print(f"{name}: skipped (refers to other files)")
            continue
        cls = validators.validator_for(schema)
        validator = cls(schema)
        valid_count = 0
        for i in range(PER_SCHEMA):
            doc = example(schema, schema)
            for _ in range(rng.randrange(3) if i % 3 else 0):
                doc = mutate(doc)
            # Generated documents of large schemas can grow huge (renovate, azure-pipelines): such a case says no
            # more than a small one and makes the data (and CI) slow, so it is left out.
            if len(json.dumps(doc)) > MAX_DOCUMENT:
                continue
            valid = validator.is_valid(doc)
            valid_count += valid
            out.write(json.dumps({"schema": file, "document": doc, "valid": valid}) + "\n")
        print(f"{file}: {cls.__name__}, {PER_SCHEMA} documents, {valid_count} valid")
    out.close()
    if "--bench" in sys.argv:
        bench_input()

def dependabot_update(schema):
    """One entry of updates: what real dependabot.yml files hold (ecosystem, directory, schedule, and often labels,
    limits, ignores, groups, commit messages)."""
    d = schema["definitions"]
    ecosystems = [v for v in d["package-ecosystem-values"].get("enum", [])] or ["npm", "pip", "cargo"]
    intervals = [v for v in d["schedule-interval"].get("enum", []) if v != "cron"] or ["daily", "weekly"]
    days = d.get("schedule-day", {}).get("enum", ["monday"])
    update = {"package-ecosystem": rng.choice(ecosystems),
              "directory": rng.choice(["/", "/app", "/frontend", "/services/api"]),
              "schedule": {"interval": rng.choice(intervals)}}
    if rng.random() < 0.4:
        update["schedule"]["day"] = rng.choice(days)
        update["schedule"]["time"] = "%02d:%02d" % (rng.randrange(24), rng.randrange(60))
    if rng.random() < 0.5:
        update["open-pull-requests-limit"] = rng.randint(0, 20)
    if rng.random() < 0.4:
        update["labels"] = rng.sample(["dependencies", "security", "ci", "javascript", "python"], rng.randint(1, 3))
    if rng.random() < 0.3:
        update["ignore"] = [{"dependency-name": rng.choice(["lodash", "react", "django", "serde*"]),
                             "versions": [rng.choice([">=2.0.0", "4.x", "< 1.5"])]}]
    if rng.random() < 0.3:
        update["groups"] = {"minor-and-patch": {"update-types": ["minor", "patch"]}}
    if rng.random() < 0.3:
        update["commit-message"] = {"prefix": rng.choice(["deps", "chore", "build"]), "include": "scope"}
    if rng.random() < 0.2:
        update["target-branch"] = rng.choice(["develop", "main", "release/1.x"])
    return update

def bench_input():
    # The benchmark input: 200,000 dependabot documents, one per line, a fifth of them invalid. The valid ones are
    # made the way real configurations look (scripts/bench-schema.sh); each is checked by python-jsonschema.
    schema = json.load(open(os.path.join(folder, "dependabot.json")))
    validator = validators.validator_for(schema)(schema)
    pool = []
    for _ in range(4000):   # bounded: stops even if the schema changes so that nothing made is valid
        doc = {"version": 2, "updates": [dependabot_update(schema) for _ in range(rng.randint(1, 4))]}
        if validator.is_valid(doc):
            pool.append(doc)
            if len(pool) == 400:
                break
    if not pool:
        sys.exit("no valid dependabot example was generated")
    with open(os.path.join(folder, "dependabot-200k.jsonl"), "w") as bench:
        for i in range(200_000):
            doc = pool[i % len(pool)]
            if i % 5 == 4:
                doc = mutate(doc)
            bench.write(json.dumps(doc, separators=(",", ":")) + "\n")

main()
