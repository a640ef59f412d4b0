#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds Switchboard to its licences by module (LICENSING says which part carries which licence).

Reads the package graph from `swift package dump-package` and fails (exit 1, one line per fault) when a target
declared Apache-2.0 depends, even indirectly, on a target that links GNU readline or on a GPL one; when a product's
targets carry different licences, or README.md's licence table disagrees; when a target or a source file has no
declared licence; when a source file lacks its part's SPDX-License-Identifier line. Prints TAP.

    scripts/check-licences.py              check this checkout
    scripts/check-licences.py --add-spdx   first give each source file without an SPDX line its part's line
    scripts/check-licences.py --self-test  show that each check fails on a package that breaks it
"""
import json
import os
import re
import subprocess
import sys

PERMISSIVE = {"Apache-2.0", "MIT", "BSD-3-Clause"}
SOURCE_SUFFIXES = (".swift", ".c", ".h", ".sh", ".py", ".modulemap")
SPDX = re.compile(r"SPDX-License-Identifier:\s*([A-Za-z0-9.+-]+)")


def read_licensing(text):
    """The declarations: {target or folder/ or file: licence}, {package: licence}."""
    parts, packages = {}, {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if not line:
            continue
        words = line.split()
        if words[0] == "package" and len(words) == 3:
            packages[words[1]] = words[2]
        elif len(words) == 2:
            parts[words[0]] = words[1]
        else:
            raise SystemExit(f"LICENSING:{number}: expected 'target licence' or 'package name licence', got {line!r}")
    return parts, packages


def target_path(target):
    if target.get("path"):
        return target["path"].rstrip("/")
    return ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]


def links_readline(target, root):
    """A system library whose pkg-config name or module map is readline's."""
    if target["type"] != "system":
        return False
    if target.get("pkgConfig") == "readline":
        return True
    modulemap = os.path.join(root, target_path(target), "module.modulemap")
    try:
        with open(modulemap, encoding="utf-8") as f:
            return re.search(r'link\s+"readline"', f.read()) is not None
    except OSError:
        return False


def dependencies(target):
    """(target names, package names) one target names directly."""
    names, packages = [], []
    for dep in target.get("dependencies", []):
        if "byName" in dep:
            names.append(dep["byName"][0])
        elif "target" in dep:
            names.append(dep["target"][0])
        elif "product" in dep:
            packages.append(dep["product"][1] or dep["product"][0])
    return names, packages


def check_graph(dump, parts, packages, root, readme):
    """Faults of the package graph and the README table against the declarations."""
    faults = []
    targets = {t["name"]: t for t in dump["targets"]}
    for name in targets:
        if name not in parts:
            faults.append(f"target {name} has no licence in LICENSING (add a line: '{name} Apache-2.0' or GPL-3.0-or-later)")
    for name in parts:
        if "/" not in name and name not in targets and not os.path.isfile(os.path.join(root, name)):
            faults.append(f"LICENSING names {name}, which Package.swift has no target of")

    readline = {n for n, t in targets.items() if links_readline(t, root)}

    def closure(name):
        seen, stack, pkgs, via = set(), [name], set(), {name: [name]}
        while stack:
            current = stack.pop()
            if current in seen or current not in targets:
                continue
            seen.add(current)
            names, used = dependencies(targets[current])
            pkgs.update((p, current) for p in used)
            for n in names:
                via.setdefault(n, via[current] + [n])
                stack.append(n)
        return seen, pkgs, via

    for name, target in targets.items():
        licence = parts.get(name)
        if licence not in PERMISSIVE:
            continue
        reached, pkgs, via = closure(name)
        for other in sorted(reached - {name}):
            path = " -> ".join(via[other])
            if other in readline:
                faults.append(f"{name} is {licence} but depends on {other}, which links GNU readline ({path})")
            elif parts.get(other) not in PERMISSIVE and other in parts:
                faults.append(f"{name} is {licence} but depends on {other}, which is {parts[other]} ({path})")
        for package, user in sorted(pkgs):
            declared = packages.get(package)
            if declared is None:
                faults.append(f"{name} is {licence} but uses package {package} (through {user}), whose licence "
                              f"LICENSING does not declare (add 'package {package} LICENCE')")
            elif declared not in PERMISSIVE:
                faults.append(f"{name} is {licence} but uses package {package}, which is {declared}")

    for product in dump["products"]:
        licences = {parts.get(t) for t in product["targets"]}
        if len(licences) != 1:
            faults.append(f"product {product['name']} mixes licences {sorted(map(str, licences))} over its targets")
            continue
        licence = licences.pop()
        if readme is None or "library" not in product["type"]:
            continue
        row = re.search(r"^\|\s*`" + re.escape(product["name"]) + r"`\s*\|\s*([^|]+?)\s*\|", readme, re.M)
        if row is None:
            faults.append(f"README.md's licence table has no row for the product {product['name']} ({licence})")
        elif row.group(1) != licence:
            faults.append(f"README.md says the product {product['name']} is {row.group(1)}; its targets are {licence}")
    return faults


def part_of(path, parts, dump):
    """The declared part (target, folder/ or file) a file belongs to: the longest path that holds it."""
    best, best_length = None, -1
    for target in dump["targets"]:
        prefix = target_path(target) + "/"
        if path.startswith(prefix) and len(prefix) > best_length:
            best, best_length = target["name"], len(prefix)
    for name in parts:
        if (name.endswith("/") and path.startswith(name) or name == path) and len(name) > best_length:
            best, best_length = name, len(name)
    return best


def is_source(path):
    base = os.path.basename(path)
    if path.endswith(SOURCE_SUFFIXES) or base in ("Makefile", "module.modulemap"):
        return True
    # Scripts without a suffix (.ci/run): executable text that starts with #!.
    return path.startswith((".ci/", "scripts/")) and "." not in base


def check_files(files, read, parts, dump):
    faults = []
    for path in files:
        if not is_source(path):
            continue
        part = part_of(path, parts, dump)
        if part is None:
            faults.append(f"{path}: no licence declared for it (it is in no target or folder that LICENSING names)")
            continue
        if part not in parts:
            faults.append(f"{path}: its target {part} has no licence in LICENSING")
            continue
        expected = parts[part]
        head = read(path)[:3]
        found = next((m.group(1) for m in map(SPDX.search, head) if m), None)
        if found is None:
            faults.append(f"{path}: no 'SPDX-License-Identifier: {expected}' line in its first three lines ({part})")
        elif found != expected:
            faults.append(f"{path}: SPDX-License-Identifier is {found}; {part} is {expected}")
    return faults


def add_spdx(files, parts, dump):
    """Writes its part's SPDX line into each source file that has none: first line, or after a #! line or
    `// swift-tools-version`. A file in no declared part, or with a wrong line, is left for the check to report."""
    for path in files:
        part = part_of(path, parts, dump) if is_source(path) else None
        if part is None or part not in parts:
            continue
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if any(SPDX.search(line) for line in lines[:3]):
            continue
        base = os.path.basename(path)
        hash_comment = path.endswith((".sh", ".py")) or base == "Makefile" or "." not in base
        line = ("# " if hash_comment else "// ") + "SPDX-License-Identifier: " + parts[part]
        at = 1 if lines and lines[0].startswith(("#!", "// swift-tools-version")) else 0
        lines.insert(at, line)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print(f"# {path}: added '{line}'")


def report(checks):
    """TAP, and the exit status."""
    print(f"1..{len(checks)}")
    failed = 0
    for number, (name, faults) in enumerate(checks, 1):
        print(("ok" if not faults else "not ok") + f" {number} - {name}")
        for fault in faults:
            print(f"#   {fault}")
        failed += bool(faults)
    print(f"{len(checks) - failed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    with open("LICENSING", encoding="utf-8") as f:
        parts, packages = read_licensing(f.read())
    swift = os.environ.get("SWIFT", "swift")
    dump = json.loads(subprocess.run([swift, "package", "dump-package"], check=True, capture_output=True,
                                     text=True).stdout)
    with open("README.md", encoding="utf-8") as f:
        # The table is the "Licence" section's.
        readme = f.read().partition("\n## Licence\n")[2].split("\n## ", 1)[0]
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], check=True,
                            capture_output=True, text=True).stdout.split("\0")
    files = sorted(p for p in set(listed) if p and os.path.isfile(p))

    def read(path):
        with open(path, encoding="utf-8", errors="replace") as f:
            return [f.readline() for _ in range(3)]

    if "--add-spdx" in sys.argv[1:]:
        add_spdx(files, parts, dump)
    return report([
        ("permissive products depend on no readline-linked or GPL target; README's table agrees",
         check_graph(dump, parts, packages, root, readme)),
        ("every source file carries its part's SPDX-License-Identifier", check_files(files, read, parts, dump)),
    ])


def self_test():
    """Each check, on a small package graph that breaks it, must report the fault."""
    def target(name, deps=(), kind="regular", **extra):
        return dict(name=name, type=kind, dependencies=[{"byName": [d, None]} for d in deps], **extra)

    dump = {"targets": [target("CReadline", kind="system", pkgConfig="readline"),
                        target("Terminal", ["CReadline"]), target("Spec", ["Terminal"]),
                        target("Core"), target("Rules", ["Core", "Spec"])],
            "products": [{"name": "Rules", "targets": ["Rules"], "type": {"library": ["automatic"]}},
                         {"name": "Mixed", "targets": ["Core", "Terminal"], "type": {"library": ["automatic"]}}]}
    parts = {"CReadline": "GPL-3.0-or-later", "Terminal": "GPL-3.0-or-later", "Spec": "Apache-2.0",
             "Core": "Apache-2.0", "Rules": "Apache-2.0", "scripts/": "GPL-3.0-or-later"}
    readme = "| `Rules` | GPL-3.0-or-later | why |\n"
    faults = check_graph(dump, parts, {}, "/nonexistent", readme)
    files = {"Sources/Core/A.swift": ["// SPDX-License-Identifier: Apache-2.0\n"],
             "Sources/Core/B.swift": ["import Foo\n"],
             "Sources/Terminal/C.swift": ["// SPDX-License-Identifier: Apache-2.0\n"],
             "Sources/Other/D.swift": ["// SPDX-License-Identifier: Apache-2.0\n"],
             "scripts/run": ["#!/bin/sh\n", "# SPDX-License-Identifier: GPL-3.0-or-later\n"]}
    file_faults = check_files(sorted(files), files.__getitem__, parts, dump)
    expected = [
        (faults, "Rules is Apache-2.0 but depends on CReadline, which links GNU readline (Rules -> Spec -> Terminal -> CReadline)"),
        (faults, "Spec is Apache-2.0 but depends on Terminal, which is GPL-3.0-or-later (Spec -> Terminal)"),
        (faults, "product Mixed mixes licences"),
        (faults, "README.md says the product Rules is GPL-3.0-or-later; its targets are Apache-2.0"),
        (file_faults, "Sources/Core/B.swift: no 'SPDX-License-Identifier: Apache-2.0' line"),
        (file_faults, "Sources/Terminal/C.swift: SPDX-License-Identifier is Apache-2.0; Terminal is GPL-3.0-or-later"),
        (file_faults, "Sources/Other/D.swift: no licence declared"),
    ]
    checks = [(f"reports: {text}", [] if any(text in f for f in found) else [f"not reported; got {found}"])
              for found, text in expected]
    clean = [f for f in file_faults if f.startswith(("Sources/Core/A.swift", "scripts/run"))]
    checks.append(("accepts the files that carry their part's line", clean))
    return report(checks)


if __name__ == "__main__":
    sys.exit(self_test() if sys.argv[1:] == ["--self-test"] else main())
