# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/check-docs.py --self-test: each check fails on a tree broken on purpose; the tree fixed passes."""
import os
import re
import tempfile

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

```swift output
print(readLine() ?? "nothing", readLine() ?? "nothing")   // typed: hello
                                                           // prints: hello nothing
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


def self_test(check, root):
    """`check` is check-docs.py's check(root, package_root, work, ...); `root` this checkout."""
    # Each check fails on a tree broken on purpose (and names the place); a tree without faults passes.
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(root, ".build-docs-snippets", "self-test")   # kept: its resolution is reused
        for label, tree in (("broken", BROKEN), ("good", GOOD)):
            base = os.path.join(tmp, label)
            for path, text in tree.items():
                os.makedirs(os.path.dirname(os.path.join(base, path)), exist_ok=True)
                with open(os.path.join(base, path), "w", encoding="utf-8") as f:
                    f.write(text)
        _, faults = check(os.path.join(tmp, "broken"), root, work, verbose=False)
        for pattern in EXPECTED:
            hit = any(re.search(pattern, fault) for fault in faults)
            results.append((hit, f"the broken tree is refused: {pattern}"))
        results.append((len(faults) == len(EXPECTED), f"...and nothing else ({len(faults)} faults)"))
        if len(faults) != len(EXPECTED):
            results.append((False, "faults: " + " | ".join(faults)))
        _, faults = check(os.path.join(tmp, "good"), root, work, verbose=False)
        results.append((not faults, "the same tree without the faults passes" + ("" if not faults else ": "
                                                                                  + " | ".join(faults))))
    for number, (passed, what) in enumerate(results, 1):
        print(f"{'ok' if passed else 'not ok'} {number} - {what}")
    print(f"1..{len(results)}")
    return 0 if all(p for p, _ in results) else 1
