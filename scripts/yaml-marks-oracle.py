#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Where PyYAML's composer places a JSON pointer's node: an independent parser's marks for the locations
`switchboard check --schema` reports (YAMLLocationOracleTests). Reads JSON on standard input:
  [{"file": PATH, "document": 0, "pointer": "/jobs/build", "key": false}, ...]
and writes a JSON list of [line, column] (1-based; a column counts characters), one per query.
The rules are the ones check documents: a value's start (a block mapping's is its first key, a block scalar's its
indicator); for key queries the key's start. Merge keys and aliases are not followed (compose shares alias nodes,
so their places are not PyYAML's to give)."""
import json
import sys

import yaml


def unescape(token):
    return token.replace("~1", "/").replace("~0", "~")


def place(root, pointer, key):
    node = root
    tokens = [unescape(t) for t in pointer.split("/")[1:]] if pointer else []
    for position, token in enumerate(tokens):
        if isinstance(node, yaml.MappingNode):
            found = None
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == token:
                    found = (k, v)
            if found is None:
                break
            if key and position == len(tokens) - 1:
                node = found[0]
                break
            node = found[1]
        elif isinstance(node, yaml.SequenceNode):
            if not token.isdigit() or int(token) >= len(node.value):
                break
            node = node.value[int(token)]
        else:
            break
    return [node.start_mark.line + 1, node.start_mark.column + 1]


def main():
    files = {}
    answers = []
    for query in json.load(sys.stdin):
        if query["file"] not in files:
            with open(query["file"], encoding="utf-8-sig") as handle:
                files[query["file"]] = list(yaml.compose_all(handle, Loader=yaml.SafeLoader))
        answers.append(place(files[query["file"]][query["document"]], query["pointer"], query["key"]))
    json.dump(answers, sys.stdout)


main()
