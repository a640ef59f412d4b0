#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Side by side on SchemaStore's YAML test fixtures (src/test/**/*.yaml|yml, about 580 files): how many come back
byte-identical after "open, change nothing, write", and with only the changed scalar's lines different after
"change one scalar", for Switchboard's DocumentEditor (through the config-edit example), ruamel.yaml's round trip
(preserve_quotes) and yq (kislyuk's jq wrapper, -Y). The scalar changed is the first one met depth first in the
first document (read as YAML 1.2 by ruamel's safe loader), set to the text "changed value".

Usage: scripts/edit-roundtrip-compare.py SCHEMASTORE_CHECKOUT [.build/debug/config-edit]
(git clone --depth 1 https://github.com/SchemaStore/schemastore; swift build --product config-edit)
"""
import difflib, io, json, os, shutil, subprocess, sys
from ruamel.yaml import YAML

root = os.path.join(sys.argv[1], "src", "test")
config_edit = sys.argv[2] if len(sys.argv) > 2 else ".build/debug/config-edit"
has_yq = shutil.which("yq") is not None
files = sorted(os.path.join(d, n) for d, _, names in os.walk(root) for n in names if n.endswith((".yaml", ".yml")))
safe = YAML(typ="safe", pure=True)


def first_scalar(value, path):
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return None
            found = first_scalar(item, path + [key])
            if found:
                return found
        return None
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = first_scalar(item, path + [index])
            if found:
                return found
        return None
    return path or None


def pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def changed_lines(a, b):
    matcher = difflib.SequenceMatcher(None, a.splitlines(True), b.splitlines(True), autojunk=False)
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal")


tools = ["switchboard", "ruamel.yaml"] + (["yq"] if has_yq else [])
stats = {tool: {"unchanged": 0, "one scalar": 0, "refused": 0} for tool in tools}
usable = multiline = 0
for path in files:
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
        # Keys as YAML readers see them: a byte order mark is not part of a key (ruamel's pure loader keeps one).
        docs = list(safe.load_all(text.replace("\ufeff", "")))
    except Exception:
        continue
    target = first_scalar(docs[0], []) if docs else None
    if target is None:
        continue
    usable += 1
    value = docs[0]
    for step in target:
        value = value[step]
    # A scalar written on several lines changes all of them: counted when only as many lines changed.
    lines = 1
    if isinstance(value, str) and "\n" in value.rstrip("\n"):
        multiline += 1
        lines = value.rstrip("\n").count("\n") + 2
    ptr = pointer(target)
    try:
        same = json.dumps(value)
    except TypeError:
        same = None   # a date: not JSON
    if same is not None:
        run = subprocess.run([config_edit, path, ptr + "=" + same], capture_output=True)
        if run.returncode == 0 and run.stdout == raw:
            stats["switchboard"]["unchanged"] += 1
    run = subprocess.run([config_edit, path, ptr + '="changed value"'], capture_output=True)
    if run.returncode != 0:
        stats["switchboard"]["refused"] += 1
    elif 1 <= changed_lines(text, run.stdout.decode()) <= lines:
        stats["switchboard"]["one scalar"] += 1
    try:
        yaml = YAML()
        yaml.preserve_quotes = True
        data = list(yaml.load_all(text))
        out = io.StringIO()
        yaml.dump_all(data, out)
        if out.getvalue() == text:
            stats["ruamel.yaml"]["unchanged"] += 1
        node = data[0]
        for step in target[:-1]:
            node = node[step]
        node[target[-1]] = "changed value"
        out = io.StringIO()
        yaml.dump_all(data, out)
        if 1 <= changed_lines(text, out.getvalue()) <= lines:
            stats["ruamel.yaml"]["one scalar"] += 1
    except Exception:
        stats["ruamel.yaml"]["refused"] += 1
    if has_yq:
        run = subprocess.run(["yq", "-Y", ".", path], capture_output=True)
        if run.returncode == 0 and run.stdout == raw:
            stats["yq"]["unchanged"] += 1
        run = subprocess.run(["yq", "-Y", "setpath(%s; \"changed value\")" % json.dumps(target), path], capture_output=True)
        if run.returncode != 0:
            stats["yq"]["refused"] += 1
        elif 1 <= changed_lines(text, run.stdout.decode()) <= lines:
            stats["yq"]["one scalar"] += 1

print(f"{len(files)} fixtures, {usable} with a scalar to change ({multiline} of them written on several lines)")
print(f"{'':14} {'unchanged, identical':>22} {'one scalar, its lines only':>28} {'refused':>8}")
for tool in tools:
    s = stats[tool]
    print(f"{tool:14} {s['unchanged']:>22} {s['one scalar']:>28} {s['refused']:>8}")

# Then every YAML and JSON fixture: one added member (at the top level) and one removed item (the first item of
# the first list with two or more, depth first): Python's reader (PyYAML's safe_load, json.loads) must read the
# result as the fixture's value with that edit made, and the comment lines must be kept.
import yaml as pyyaml

json_files = sorted(os.path.join(d, n) for d, _, names in os.walk(root) for n in names if n.endswith(".json"))


def first_item(value, path):
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return None
            found = first_item(item, path + [key])
            if found:
                return found
    elif isinstance(value, list):
        if len(value) > 1:
            return path + [0]
        for index, item in enumerate(value):
            found = first_item(item, path + [index])
            if found:
                return found
    return None


def comments(text):
    return [line for line in text.splitlines() if line.lstrip().startswith("#")]


added = {"made": 0, "reads back": 0, "comments kept": 0, "refused": 0}
removed = {"made": 0, "reads back": 0, "refused": 0}
edited_files = 0
for path in files + json_files:
    raw = open(path, "rb").read()
    is_json = path.endswith(".json")
    try:
        text = raw.decode("utf-8")
        load = json.loads if is_json else (lambda t: next(iter(pyyaml.safe_load_all(t.replace("\ufeff", "")))))
        value = load(text)
    except Exception:
        continue
    edited_files += 1
    if isinstance(value, dict):
        new_member = {"k": [1, "two: 2"], "on": None}
        run = subprocess.run([config_edit, path, "/zz-added=" + json.dumps(new_member)], capture_output=True)
        if run.returncode != 0:
            added["refused"] += 1
        else:
            added["made"] += 1
            out = run.stdout.decode()
            expected = dict(value)
            expected["zz-added"] = new_member
            try:
                if load(out) == expected:
                    added["reads back"] += 1
            except Exception:
                pass
            if comments(out) == comments(text):
                added["comments kept"] += 1
    target = first_item(value, [])
    if target is not None:
        run = subprocess.run([config_edit, path, "-" + pointer(target)], capture_output=True)
        if run.returncode != 0:
            removed["refused"] += 1
        else:
            removed["made"] += 1
            expected = json.loads(json.dumps(value, default=str)) if is_json else value
            node = expected
            for step in target[:-1]:
                node = node[step]
            del node[target[-1]]
            try:
                if load(run.stdout.decode()) == expected:
                    removed["reads back"] += 1
            except Exception:
                pass

print(f"{edited_files} YAML and JSON fixtures read by Python")
print(f"one member added: {added}")
print(f"one item removed: {removed}")
