#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Documentation that cannot rot: every Swift block of README.md, Documentation/*.md and the DocC articles
(Sources/*/*.docc/*.md) compiled, the ones that show output run, every relative link and DocC reference resolved.

    scripts/check-docs.py              check this checkout (make test runs it: make test-docs)
    scripts/check-docs.py --links      only the links and references (seconds; no build)
    scripts/check-docs.py --list       each Swift block: its file and line, language mode and kind
    scripts/check-docs.py --self-test  show each check failing on documents broken on purpose

A block's fence says what it is (words after `swift`, separated by spaces or commas; CONTRIBUTING.md has the table);
in a DocC article the words go in `<!-- swift fragment -->` on the line before a plain ```swift fence, since DocC
takes the whole info string as the language and would not highlight "swift fragment" (refused there):

    ```swift                a whole program (main.swift, or a file with @main), Swift 6 language mode
    ```swift swift5         the same in Swift 5 language mode (swift6 may be written, it is the default)
    ```swift swift5 swift6  compiled (and run) in both modes: the same code for both
    ```swift fragment       part of a program: type-checked as the body of a @MainActor function, after the
                            article's prelude (scripts/doc-preludes/<Article>.swift: declarations at file scope, and
                            after a `// locals` line the values the article's fragments use, declared before the
                            fragment in the function); leading import lines stay at file scope
    ```swift test           a test file (or with fragment: a @Test function's body); compiled in a test target
    ```swift output         also run: its standard output must be the comments' `prints: TEXT`, one line each, in
                            order (`name.value = "Phong"   // prints: is Phong`)
    ```swift manifest       part of a Package.swift: evaluated inside Package(name:...) by `swift package dump-package`
    ```swift prelude=NAME   use scripts/doc-preludes/NAME.swift instead of the article's own
    ```yaml PATH            (any language) the block is a copy of the file PATH (from the repository root)

Every block becomes its own target of one generated package (.build-docs-snippets/package) that depends on this
checkout by path, as scripts/test-dependent-package.sh's does; `#sourceLocation` lines make the compiler name the
Markdown file and line. A block that fails to compile, prints something else, or a link to a file or heading that
is not there, a ``Symbol`` its module does not declare or a <doc:Article> its catalog lacks: one line each, exit 1.
Warnings that a REPL-style line's value is unused are allowed (`rule.check("a").isValid   // true`); others fail.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`]*)$")
FLAGS = {"swift5", "swift6", "fragment", "test", "output", "manifest"}
PRINTS = re.compile(r"//.*?\bprints: ?(.*)$")
ALLOWED_WARNINGS = re.compile(r"is unused|was never used|never mutated|was never read|no calls to throwing|"
                              r"no 'async' operations occur")
PRODUCTS = ["Switchboard", "SwitchboardRules", "SwitchboardTerminal", "SwitchboardSpec", "SwitchboardSchema",
            "SwitchboardArgumentRules", "SwitchboardArgumentParser", "SwitchboardTesting"]


def markdown_files(root):
    found = []
    found += [f for f in ("README.md", "CONTRIBUTING.md") if os.path.exists(os.path.join(root, f))]
    for folder in ["Documentation"] + sorted(
            os.path.join("Sources", d, c) for d in sorted(os.listdir(os.path.join(root, "Sources")))
            if os.path.isdir(os.path.join(root, "Sources", d))
            for c in os.listdir(os.path.join(root, "Sources", d)) if c.endswith(".docc")):
        path = os.path.join(root, folder)
        if os.path.isdir(path):
            found += sorted(os.path.join(folder, f) for f in os.listdir(path) if f.endswith(".md"))
    return found


class Block:
    def __init__(self, file, line, info, code):
        self.file, self.line, self.code = file, line, code      # line: the first line of code, 1-based
        words = [w for w in re.split(r"[\s,]+", info.strip()) if w]
        self.language = words[0] if words else ""
        self.flags = set(w for w in words[1:] if "=" not in w)
        self.options = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        self.suffix = ""

    @property
    def where(self):
        return f"{self.file}:{self.line - 1}"

    @property
    def mode(self):
        return "5" if "swift5" in self.flags else "6"

    @property
    def name(self):
        base = re.sub(r"[^A-Za-z0-9]", "", os.path.splitext(os.path.basename(self.file))[0])
        folder = os.path.basename(os.path.dirname(self.file)).split(".")[0]
        stem = f"Doc_{folder}_{base}_{self.line - 1}" if folder else f"Doc_{base}_{self.line - 1}"
        return stem + self.suffix


def blocks_and_headings(root, file):
    """The fenced blocks of a Markdown file (any language) and its heading texts."""
    blocks, headings = [], []
    with open(os.path.join(root, file), encoding="utf-8") as f:
        lines = f.read().split("\n")
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if match:
            indent, fence, info = match.groups()
            start = index + 1
            index += 1
            while index < len(lines) and not re.match(r"^\s*" + fence[0] + "{" + str(len(fence)) + r",}\s*$",
                                                      lines[index]):
                index += 1
            code = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start:index]]
            # In a DocC article the words go in a comment on the line before (`<!-- swift fragment -->`): DocC
            # takes a fence's whole info string as the code's language, and "swift fragment" is not highlighted.
            said = re.match(r"^\s*<!--\s*(.*?)\s*-->\s*$", lines[start - 2]) if start >= 2 else None
            block = Block(file, start + 1, said.group(1) if said and said.group(1).split()[:1] == info.split()[:1]
                          else info, code)
            block.fence_words = len(re.split(r"[\s,]+", info.strip())) > 1
            blocks.append(block)
        else:
            heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", lines[index])
            if heading:
                headings.append(heading.group(1))
        index += 1
    return blocks, headings


def slug(heading):
    """GitHub's anchor of a heading (DocC's differs in case and keeps some punctuation: compared loosely)."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def loose(anchor):
    return re.sub(r"[^a-z0-9]", "", anchor.lower())


def declared_names(root, module):
    """Every name a module's sources declare (types, members, functions, cases, operators)."""
    names = set()
    folder = os.path.join(root, "Sources", module)
    for dirpath, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                text = f.read()
            names.update(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias|func|var|let|case|"
                                    r"extension|associatedtype)\s+([A-Za-z_][A-Za-z0-9_]*)", text))
            names.update(re.findall(r"\bfunc\s+([-+*/%<>=!&|^~?.]+)", text))
            for cases in re.findall(r"\bcase\s+([A-Za-z_][^:\n=]*)$", text, re.M):
                names.update(re.findall(r"(?:^|,)\s*([A-Za-z_][A-Za-z0-9_]*)", cases))
            if re.search(r"\binit\s*[?!]?\s*[(<]", text):
                names.add("init")
            if re.search(r"\bsubscript\s*[(<]", text):
                names.add("subscript")
    return names


def check_links(root, files, headings_of):
    """Relative links (file and #anchor), ``Symbol`` and <doc:Article> references."""
    faults = []
    names_of = {}
    for file in files:
        in_catalog = ".docc" + os.sep in file
        module = file.split(os.sep)[1] if in_catalog else None
        catalog = os.path.dirname(file) if in_catalog else None
        with open(os.path.join(root, file), encoding="utf-8") as f:
            lines = f.read().split("\n")
        fenced = False
        for number, line in enumerate(lines, 1):
            if FENCE.match(line) or re.match(r"^\s*(`{3,}|~{3,})\s*$", line):
                fenced = not fenced
                continue
            if fenced:
                continue
            prose = re.sub(r"(?<!`)`[^`]+`(?!`)", "", line)   # code spans are not links
            for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", prose):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(file), path)) if path else file
                if not os.path.exists(os.path.join(root, resolved)):
                    faults.append(f"{file}:{number}: link to {target}: {resolved} does not exist")
                    continue
                if anchor and resolved.endswith(".md"):
                    headings = headings_of(resolved)
                    if anchor not in [slug(h) for h in headings]:
                        faults.append(f"{file}:{number}: link to {target}: {resolved} has no heading whose anchor "
                                      f"is #{anchor} (its anchors: {', '.join('#' + slug(h) for h in headings)})")
            if not in_catalog:
                continue
            for article in re.findall(r"<doc:([^>#]+)(?:#([^>]*))?>", line):
                name, anchor = article
                path = os.path.join(catalog, name + ".md")
                if not os.path.exists(os.path.join(root, path)):
                    faults.append(f"{file}:{number}: <doc:{name}>: no article {name}.md in {catalog}")
                elif anchor and loose(anchor) not in [loose(h) for h in headings_of(path)]:
                    faults.append(f"{file}:{number}: <doc:{name}#{anchor}>: {path} has no such heading")
            for symbol in re.findall(r"``([^`]+)``", line):
                if module not in names_of:
                    names_of[module] = declared_names(root, module) | {module}
                parts = [re.sub(r"-[A-Za-z0-9]+$", "", p).split("(")[0] for p in symbol.split("/")]
                missing = [p for p in parts if p and p not in names_of[module]]
                if missing:
                    faults.append(f"{file}:{number}: ``{symbol}``: {module} declares no {missing[0]}")
    return faults


def prelude_for(root, block):
    name = block.options.get("prelude") or os.path.splitext(os.path.basename(block.file))[0]
    if block.file == "README.md":
        name = block.options.get("prelude", "README")
    path = os.path.join(root, "scripts", "doc-preludes", name + ".swift")
    if not os.path.exists(path):
        if "prelude" in block.options:
            raise SystemExit(f"{block.where}: prelude={name}: no {os.path.relpath(path, root)}")
        return [], []
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    rel = os.path.relpath(path, root)
    split = next((i for i, l in enumerate(text) if l.strip() == "// locals"), len(text))
    top = [f'#sourceLocation(file: "{rel}", line: 1)'] + text[:split] + ["#sourceLocation()"]
    locals_ = ([f'#sourceLocation(file: "{rel}", line: {split + 2})'] + text[split + 1:] + ["#sourceLocation()"]
               if split < len(text) else [])
    return top, locals_


def snippet_sources(root, block):
    """{file name: text} of the block's target."""
    location = f'#sourceLocation(file: "{block.file}", line: {block.line})'
    code = block.code
    if "fragment" not in block.flags:
        name = "snippet.swift" if any(re.match(r"^\s*@main\b", l) for l in code) or "test" in block.flags \
            else "main.swift"
        return {name: "\n".join([location] + code + ["#sourceLocation()", ""])}
    top, locals_ = prelude_for(root, block)
    imports = [l for l in top if l.startswith("import ") or l.startswith("@preconcurrency import ")]
    own = 0
    while own < len(code) and (code[own].startswith("import ") or not code[own].strip()):
        own += 1
    effects = ("async " if any(re.search(r"\bawait\b", l) for l in code) else "") + "throws"
    head = ["@Test @MainActor func snippet() " + effects + " {"] if "test" in block.flags else \
        ["@MainActor func snippet() " + effects + " {"]
    body = (imports + [location] + code[:own] + ["#sourceLocation()"] + head + locals_ + ["do {",
            f'#sourceLocation(file: "{block.file}", line: {block.line + own})'] + code[own:] +
            ["#sourceLocation()", "}", "}", ""])
    if "test" in block.flags:
        body = ["import Testing"] + body
    files = {"snippet.swift": "\n".join(body), "prelude.swift": "\n".join(top + [""])}
    if "test" not in block.flags:
        call = "try await snippet()" if effects.startswith("async") else "try snippet()"
        files["main.swift"] = "\n".join(imports + [
            "// Run only when the block shows output (the checker passes --run).",
            "if CommandLine.arguments.dropFirst().first == \"--run\" {",
            f"    {call}" if block.mode == "6" else f"    try MainActor.assumeIsolated {{ {call} }}",
            "}", ""])
    return files


def write_package(root, package_root, blocks, work):
    targets = []
    for block in blocks:
        kind = ".testTarget" if "test" in block.flags else ".executableTarget"
        folder = os.path.join(work, "Tests" if "test" in block.flags else "Sources", block.name)
        os.makedirs(folder, exist_ok=True)
        wanted = snippet_sources(root, block)
        for existing in os.listdir(folder):
            if existing not in wanted:
                os.remove(os.path.join(folder, existing))
        for name, text in wanted.items():
            path = os.path.join(folder, name)
            if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
        imported = set(re.findall(r"^\s*(?:@preconcurrency\s+)?import\s+(\w+)", "\n".join(wanted.values()), re.M))
        products = "".join(f'.product(name: "{p}", package: "Switchboard"), ' for p in PRODUCTS if p in imported)
        if "ArgumentParser" in imported:
            products += '.product(name: "ArgumentParser", package: "swift-argument-parser")'
        targets.append(f'        {kind}(name: "{block.name}", dependencies: [{products}], '
                       f'path: "{os.path.relpath(folder, work)}", '
                       f'swiftSettings: [.swiftLanguageMode(.v{block.mode})]),')
    manifest = "\n".join([
        "// swift-tools-version:6.0",
        "// Generated by scripts/check-docs.py: one target per Swift block of the documentation.",
        "import PackageDescription", "",
        "let package = Package(",
        '    name: "DocSnippets",',
        "    dependencies: [",
        f'        .package(name: "Switchboard", path: "{package_root}"),',
        '        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),',
        "    ],",
        "    targets: [", *targets, "    ]", ")", ""])
    path = os.path.join(work, "Package.swift")
    if not os.path.exists(path) or open(path, encoding="utf-8").read() != manifest:
        with open(path, "w", encoding="utf-8") as f:
            f.write(manifest)
    live = {b.name for b in blocks}
    for kind in ("Sources", "Tests"):
        for name in os.listdir(os.path.join(work, kind)) if os.path.isdir(os.path.join(work, kind)) else []:
            if name not in live:
                shutil.rmtree(os.path.join(work, kind, name))


def check_manifest(block, work):
    """A Package.swift block, inside Package(name:...), through `swift package dump-package`."""
    folder = os.path.join(work, "manifests", block.name)
    os.makedirs(folder, exist_ok=True)
    code, first = block.code, block.line
    if code and code[0].strip().startswith("//"):
        code, first = code[1:], first + 1
    head = ["// swift-tools-version:6.0", "import PackageDescription", "", "let package = Package(",
            '    name: "Snippet",']
    inner = list(code)
    if "\n".join(inner).strip().startswith("."):         # target elements alone: inside targets: [...]
        head += ['    dependencies: [.package(path: "../Switchboard")],', "targets: ["]
        inner.append("]")
    with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as f:
        f.write("\n".join(head + inner + [")", ""]))
    run = subprocess.run([os.environ.get("SWIFT", "swift"), "package", "dump-package"], cwd=folder,
                         capture_output=True, text=True)
    if run.returncode == 0:
        return []
    errors = []
    for m in re.finditer(r"Package\.swift:(\d+):(\d+): error: (.*)", run.stderr + run.stdout):
        line = first + int(m.group(1)) - len(head) - 1
        entry = f"{block.file}:{line}:{m.group(2)}: error: {m.group(3)} (in a Package.swift block)"
        if entry not in errors:
            errors.append(entry)
    return errors or [f"{block.where}: the Package.swift block does not evaluate: "
                      + " ".join((run.stderr or run.stdout).split())[-600:]]


def expected_output(block):
    return [m.group(1) for l in block.code for m in [PRINTS.search(l)] if m]


def check_snippets(root, blocks, work, package_root, verbose=True):
    faults = []
    swift = os.environ.get("SWIFT", "swift")
    manifests = [b for b in blocks if "manifest" in b.flags]
    code = [b for b in blocks if "manifest" not in b.flags]
    for block in manifests:
        faults += check_manifest(block, work)
    if not code:
        return faults
    os.makedirs(work, exist_ok=True)
    resolved = os.path.join(package_root, "Package.resolved")
    if os.path.exists(resolved) and not os.path.exists(os.path.join(work, "Package.resolved")):
        shutil.copy(resolved, os.path.join(work, "Package.resolved"))
    # SwiftPM stops at the first target that fails: build again without the targets that failed, until it builds,
    # so that every broken block is named in one run.
    building, failed = list(code), set()
    while building:
        write_package(root, package_root, building, work)
        binaries = os.path.join(work, ".build", "debug")
        for block in building:                     # no stale program is run
            if os.path.exists(os.path.join(binaries, block.name)):
                os.remove(os.path.join(binaries, block.name))
        command = [swift, "build", "--package-path", work]
        if any("test" in b.flags for b in building):
            command.append("--build-tests")
        if verbose:
            print(f"# building {len(building)} snippets: {' '.join(command)}", flush=True)
        run = subprocess.run(command, capture_output=True, text=True)
        log = run.stdout + run.stderr
        culprits = set()
        for line in log.split("\n"):
            m = re.match(r"^(\S+?):(\d+):(\d+): (error|warning): (.*)$", line)
            if not m:
                continue
            file, number, column, kind, message = m.groups()
            rel = os.path.relpath(file, root) if os.path.isabs(file) else file
            if kind == "warning" and ALLOWED_WARNINGS.search(message):
                continue
            entry = f"{rel}:{number}:{column}: {kind}: {message}"
            if entry not in faults:
                faults.append(entry)
            culprits |= {b.name for b in building if owns(root, b, rel, int(number))}
        if run.returncode == 0:
            break
        if not culprits:
            faults.append("the snippets' package did not build:\n" + log[-3000:])
            break
        failed |= culprits
        building = [b for b in building if b.name not in failed]
    if not building:
        return faults
    for block in building:
        if "output" not in block.flags or block.name in failed:
            continue
        program = os.path.join(work, ".build", "debug", block.name)
        ran = subprocess.run([program, "--run"], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                             timeout=60)
        got = ran.stdout.rstrip("\n").split("\n") if ran.stdout else []
        want = expected_output(block)
        if ran.returncode != 0 or got != want:
            faults.append(f"{block.where}: printed {got!r} (exit {ran.returncode}), its // prints: comments say "
                          f"{want!r}" + (f"; stderr: {ran.stderr.strip()[-400:]}" if ran.stderr.strip() else ""))
    return faults


def owns(root, block, file, line):
    """Whether a diagnostic at file:line belongs to the block's target (its Markdown lines or its prelude)."""
    if file == block.file:
        return block.line <= line <= block.line + len(block.code)
    if "fragment" in block.flags and "doc-preludes" in file:
        top, _ = prelude_for(root, block)
        return bool(top) and file in top[0]
    return f"/{block.name}/" in file


def swift_blocks(root, files):
    blocks, headings = [], {}
    for file in files:
        found, headings[file] = blocks_and_headings(root, file)
        for block in (b for b in found if b.language == "swift"):
            if {"swift5", "swift6"} <= block.flags:      # both modes: one target each
                for mode in ("5", "6"):
                    copy = Block(block.file, block.line, "", block.code)
                    copy.fence_words = block.fence_words
                    copy.language, copy.options, copy.suffix = "swift", block.options, "_swift" + mode
                    copy.flags = block.flags - {"swift5", "swift6"} | {"swift" + mode}
                    blocks.append(copy)
            else:
                blocks.append(block)
    return blocks, headings


def check(root, package_root, work, links_only=False, verbose=True):
    files = markdown_files(root)
    blocks, headings = swift_blocks(root, files)

    def headings_of(path):
        if path not in headings:
            headings[path] = blocks_and_headings(root, path)[1]
        return headings[path]

    faults = []
    for block in blocks:
        if ".docc" + os.sep in block.file and block.fence_words:
            faults.append(f"{block.where}: in a DocC article the fence says only the language (DocC would take "
                          f"the whole info string as the language, and not highlight it): put the other words "
                          f"in <!-- {block.language} {' '.join(sorted(block.flags))} --> on the line before")
        unknown = block.flags - FLAGS
        if unknown or set(block.options) - {"prelude"}:
            faults.append(f"{block.where}: unknown fence word {sorted(unknown | set(block.options))[0]!r} "
                          f"(known: {', '.join(sorted(FLAGS))}, prelude=NAME)")
        if "output" in block.flags and not expected_output(block):
            faults.append(f"{block.where}: an output block with no // prints: comment")
    for file in files:
        for block in blocks_and_headings(root, file)[0]:
            copies = [w for w in re.split(r"[\s,]+", " ".join([*block.flags, *block.options.values()]))
                      if "/" in w and block.language != "swift"]
            for copy in copies:
                path = os.path.join(root, copy)
                if not os.path.isfile(path):
                    faults.append(f"{block.where}: the block says it is {copy}, which does not exist")
                elif open(path, encoding="utf-8").read().rstrip("\n").split("\n") != block.code:
                    faults.append(f"{block.where}: the block says it is {copy}, but differs from it")
    faults += check_links(root, files, headings_of)
    if not links_only:
        faults += check_snippets(root, blocks, work, package_root, verbose)
    return blocks, faults


def main(argv):
    if "--list" in argv:                           # each block: where, language mode, kind
        for b in swift_blocks(ROOT, markdown_files(ROOT))[0]:
            kind = ", ".join(sorted(b.flags - {"swift5", "swift6"})) or "program"
            print(f"{b.where}\tSwift {b.mode}\t{kind}")
        return 0
    links_only = "--links" in argv
    work = os.path.join(ROOT, ".build-docs-snippets", "package")
    blocks, faults = check(ROOT, ROOT, work, links_only)
    for fault in faults:
        print("not ok - " + fault)
    kinds = {}
    for b in blocks:
        kind = ", ".join(sorted(b.flags - {"swift5", "swift6"})) or "program"
        kinds[f"Swift {b.mode} {kind}"] = kinds.get(f"Swift {b.mode} {kind}", 0) + 1
    summary = "; ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    what = "links and references" if links_only else f"{len(blocks)} Swift blocks ({summary}), links, references"
    print(("ok - " if not faults else "not ok - ") + what)
    return 1 if faults else 0


BROKEN = {
    "README.md": """# Docs

A link to [nowhere](Documentation/Missing.md) and to [a heading](Documentation/Guide.md#no-such-heading).

```swift
let answer: Int = "forty-two"
```

```swift output
print("hello")   // prints: goodbye
```

```swift fragment
let n = count + 1
```

```swift swift5 fragment
undefinedName()
```

```swift manifest
targets: [
    .target(name: "x", dependencies: [.product(name: "Y", package: "nowhere")]),
]
```

```text Documentation/Guide.md
# Guide, as it was once
```
""",
    "Documentation/Guide.md": """# Guide

## Getting going

Fine: [back](../README.md#docs).
""",
    "Sources/Fake/Fake.docc/Fake.md": """# ``Fake``

See ``Widget`` and ``Gadget`` and <doc:Missing>.

```swift fragment
let x = 1
```
""",
    "Sources/Fake/Widget.swift": "public struct Widget {}\n",
    "scripts/doc-preludes/README.swift": "let total = 41\n// locals\nlet unused = 1\n",   # no `count`
}

GOOD = {
    "README.md": """# Docs

A link to [the guide](Documentation/Guide.md#getting-going).

```swift output
let words = ["a", "b"]
print(words.joined(separator: "+"))   // prints: a+b
```

```swift fragment output
print(count + 1)                       // prints: 42
```

```swift swift5
func f() -> Int { 1 }
print(f())
```

```swift manifest
targets: [
    .target(name: "x"),
]
```

```text Documentation/Guide.md
# Guide

## Getting going

Fine: [back](../README.md#docs).
```
""",
    "Documentation/Guide.md": BROKEN["Documentation/Guide.md"],
    "Sources/Fake/Fake.docc/Fake.md": """# ``Fake``

See ``Widget`` and <doc:Fake>.

<!-- swift fragment output -->
```swift
print(1 + 1)   // prints: 2
```
""",
    "Sources/Fake/Widget.swift": BROKEN["Sources/Fake/Widget.swift"],
    "scripts/doc-preludes/README.swift": "let count = 41\n// locals\nlet unused = 1\n",
}

EXPECTED = [
    r"README.md:3: link to Documentation/Missing.md: Documentation/Missing.md does not exist",
    r"README.md:3: link to Documentation/Guide.md#no-such-heading: .* no heading whose anchor is #no-such-heading",
    r"README.md:6:\d+: error: cannot convert value of type 'String'",
    r"README.md:9: printed \['hello'\] .* say \['goodbye'\]",
    r"README.md:14:\d+: error: cannot find 'count' in scope",
    r"README.md:18:\d+: error: cannot find 'undefinedName' in scope",
    r"README.md:21: the Package.swift block does not evaluate: .*unknown package 'nowhere'",
    r"README.md:27: the block says it is Documentation/Guide.md, but differs from it",
    r"Sources/Fake/Fake.docc/Fake.md:3: ``Gadget``: Fake declares no Gadget",
    r"Sources/Fake/Fake.docc/Fake.md:3: <doc:Missing>: no article Missing.md",
    r"Sources/Fake/Fake.docc/Fake.md:5: in a DocC article the fence says only the language",
]


def self_test():
    """Each check fails on a tree broken on purpose (and names the place); a tree without faults passes."""
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(ROOT, ".build-docs-snippets", "self-test")   # kept: its resolution is reused
        for label, tree in (("broken", BROKEN), ("good", GOOD)):
            base = os.path.join(tmp, label)
            for path, text in tree.items():
                os.makedirs(os.path.dirname(os.path.join(base, path)), exist_ok=True)
                with open(os.path.join(base, path), "w", encoding="utf-8") as f:
                    f.write(text)
        _, faults = check(os.path.join(tmp, "broken"), ROOT, work, verbose=False)
        for pattern in EXPECTED:
            hit = any(re.search(pattern, fault) for fault in faults)
            results.append((hit, f"the broken tree is refused: {pattern}"))
        results.append((len(faults) == len(EXPECTED), f"...and nothing else ({len(faults)} faults)"))
        if len(faults) != len(EXPECTED):
            results.append((False, "faults: " + " | ".join(faults)))
        _, faults = check(os.path.join(tmp, "good"), ROOT, work, verbose=False)
        results.append((not faults, "the same tree without the faults passes" + ("" if not faults else ": "
                                                                                  + " | ".join(faults))))
    for number, (passed, what) in enumerate(results, 1):
        print(f"{'ok' if passed else 'not ok'} {number} - {what}")
    print(f"1..{len(results)}")
    return 0 if all(p for p, _ in results) else 1


if __name__ == "__main__":
    sys.exit(self_test() if sys.argv[1:] == ["--self-test"] else main(sys.argv[1:]))
