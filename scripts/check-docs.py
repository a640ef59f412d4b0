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
    ```swift output         also run (in a session of its own: no terminal), the comments' `typed: TEXT` lines on
                            its standard input; its standard output must be the comments' `prints: TEXT`, one
                            line each, in order (`name.value = "Phong"   // prints: is Phong`)
    ```swift manifest       part of a Package.swift: evaluated inside Package(name:...) by `swift package dump-package`
    ```swift prelude=NAME   use scripts/doc-preludes/NAME.swift instead of the article's own
    ```yaml PATH            (any language) the block is a copy of the file PATH (from the repository root)

Every block becomes its own target of one generated package (.build-docs-snippets/package) that depends on this
checkout by path, as scripts/test-dependent-package.sh's does; `#sourceLocation` lines make the compiler name the
Markdown file and line. A block that fails to compile, prints something else, or a link to a file or heading that
is not there, a ``Symbol`` its module does not declare or a <doc:Article> its catalog lacks: one line each, exit 1.
Warnings that a REPL-style line's value is unused are allowed (`rule.check("a").isValid   // true`); others fail.
"""
import os
import re
import sys

sys.dont_write_bytecode = True                     # no __pycache__ in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from docs_check.markdown import (FLAGS, blocks_and_headings, check_links, expected_output,  # noqa: E402
                                 markdown_files, swift_blocks)
from docs_check.snippets import check_snippets  # noqa: E402
from docs_check.self_test import self_test  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


if __name__ == "__main__":
    sys.exit(self_test(check, ROOT) if sys.argv[1:] == ["--self-test"] else main(sys.argv[1:]))
