// SPDX-License-Identifier: Apache-2.0

// A member renamed in place: only its key's bytes change (the key written in the file's quoting style where the new
// name allows it, quoted where YAML needs it), so the member keeps its place, its value and the comments around it.
// A key that is not a plain scalar (a complex key), or one reached through an alias, is refused.

extension EditPlanner {
    /// The replacement of the key of the member at `tokens` by `name`.
    func rename(_ root: EditNode, tokens: [String], to name: String) throws(EditRefusal) -> Replacement {
        var node = root
        for (depth, token) in tokens.enumerated() {
            try refuseShared(node, depth == 0 ? "the document" : "this value")
            let isLast = depth == tokens.count - 1
            if node.isMapping {
                guard let index = node.member(token) else {
                    throw EditRefusal(problem: "there is no member written here to rename (a member a merge key "
                                      + "(`<<`) brings is renamed where it is written)", offset: node.start)
                }
                guard isLast else {
                    node = node.children[index]
                    continue
                }
                let key = node.keys[index]
                guard key.isScalar, !key.isAlias else {
                    throw EditRefusal(problem: "the member's key is not written as text", offset: key.start)
                }
                guard isJSON || name.utf8.count <= longestImplicitYAMLKey else {
                    throw EditRefusal(problem: "a name of more than \(longestImplicitYAMLKey) bytes cannot be written "
                                      + "as a key in place (`name: value`); choose a shorter name", offset: key.start)
                }
                if isJSON {
                    return Replacement(start: key.start, end: key.end,
                                       text: jsonValue(.string(name), replacing: key, at: key.start))
                }
                return scalarReplacement(key, .string(name), inFlow: node.isFlow)
            }
            guard node.isSequence, !isLast, let index = Int(token), node.children.indices.contains(index) else {
                throw EditRefusal(problem: isLast ? "a list's items have no names to rename" : "there is no such item",
                                  offset: node.start)
            }
            node = node.children[index]
        }
        throw EditRefusal(problem: "the whole document has no name to rename", offset: 0)
    }
}
