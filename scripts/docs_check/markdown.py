# SPDX-License-Identifier: GPL-3.0-or-later
"""The Markdown side of scripts/check-docs.py: fenced blocks (their words), headings, links and DocC references."""
import os
import re

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`]*)$")
FLAGS = {"swift5", "swift6", "fragment", "test", "output", "manifest"}
PRINTS = re.compile(r"//.*?\bprints: ?(.*)$")
TYPED = re.compile(r"//.*?\btyped: ?(.*)$")


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


def expected_output(block):
    return [m.group(1) for l in block.code for m in [PRINTS.search(l)] if m]


def typed_input(block):
    """The lines an output block's program reads on standard input: its comments' `typed: TEXT`, in order."""
    return [m.group(1) for l in block.code for m in [TYPED.search(l)] if m]


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
