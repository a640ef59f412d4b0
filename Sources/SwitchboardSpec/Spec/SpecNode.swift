// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema
import SwitchboardTerminal

/// A node of a spec as the spec reader reads it: a YAML node (from a spec file, with its place in the file), or a
/// JSON value (a form mapped from a JSON Schema, built in memory, with no place). The reader never converts one
/// into the other: a schema of 2,000 properties spent a third of its loading time building YAML nodes.
struct SpecNode {
    private enum Storage {
        case yaml(YAMLNode)
        case json(JSONValue)
    }

    private let storage: Storage

    init(yaml node: YAMLNode) { storage = .yaml(node) }
    init(json value: JSONValue) { storage = .json(value) }

    /// A scalar's text, how it was written, and whether YAML read it as null.
    struct Scalar {
        let string: String
        /// Whether it was written in quotes (a JSON string counts as quoted).
        let isQuoted: Bool
        /// Whether it was written plain (no quotes, not a block scalar).
        let isPlain: Bool
        /// Whether its tag, as written or given by the reader, is null (nothing at all after `key:`); `~` and
        /// `null` are null only once resolved (`SpecNode.isResolvedNull`).
        let isNull: Bool
    }

    /// The place in the file, when the node was read from one.
    var mark: YAMLMark? {
        if case .yaml(let node) = storage { return node.start }
        return nil
    }

    /// The scalar, if the node is one.
    var scalar: Scalar? {
        switch storage {
        case .yaml(let node):
            guard case .scalar(let text, let style) = node.content else { return nil }
            return Scalar(string: text, isQuoted: style == .singleQuoted || style == .doubleQuoted,
                          isPlain: style == .plain, isNull: node.isNull)
        case .json(let value):
            switch value {
            case .string(let text): return Scalar(string: text, isQuoted: true, isPlain: false, isNull: false)
            case .bool(let flag): return Scalar(string: flag ? "true" : "false", isQuoted: false, isPlain: true, isNull: false)
            case .number(let number): return Scalar(string: number.description, isQuoted: false, isPlain: true, isNull: false)
            case .null: return Scalar(string: "null", isQuoted: false, isPlain: true, isNull: true)
            case .array, .object: return nil
            }
        }
    }

    /// Whether the node is YAML's null once its tag is resolved (`~`, `null`, nothing; a regular expression
    /// match, so asked only where it matters), or JSON's null.
    var isResolvedNull: Bool {
        switch storage {
        case .yaml(let node): node.isNull
        case .json(let value): value == .null
        }
    }

    /// The items, if the node is a list.
    var sequence: [SpecNode]? {
        switch storage {
        case .yaml(let node): node.sequence.map { $0.map(SpecNode.init(yaml:)) }
        case .json(.array(let items)): items.map(SpecNode.init(json:))
        case .json: nil
        }
    }

    /// The object, if the node is a JSON object (a form mapped from a schema; see `plainJSONField`).
    var jsonObject: JSONObject? {
        if case .json(.object(let object)) = storage { return object }
        return nil
    }

    /// Whether the node is a mapping (`SpecMap(self)` reads it).
    var isMapping: Bool {
        switch storage {
        case .yaml(let node): node.mapping != nil
        case .json(let value): if case .object = value { true } else { false }
        }
    }

    /// The members of a mapping, keys and values in the order written; nil if the node is not a mapping.
    var members: (keys: [SpecNode], values: [SpecNode])? {
        switch storage {
        case .yaml(let node):
            guard let pairs = node.mapping else { return nil }
            var keys: [SpecNode] = [], values: [SpecNode] = []
            keys.reserveCapacity(pairs.count)
            values.reserveCapacity(pairs.count)
            var merged: [YAMLPair] = []
            var mergeAt: Int?
            for pair in pairs {
                // `<<: *base` (or a list of them): the named mappings' pairs, where the `<<` stands, but for the keys
                // written in this mapping; of several, the earlier wins (as in a document, see JSONValue(yaml:)).
                if pair.key.isMergeKey, let sources = Self.mergeSources(pair.value) {
                    mergeAt = mergeAt ?? keys.count
                    for source in sources where !merged.contains(where: { $0.key.scalar == source.key.scalar }) {
                        merged.append(source)
                    }
                    continue
                }
                keys.append(SpecNode(yaml: pair.key))
                values.append(SpecNode(yaml: pair.value))
            }
            if let mergeAt {
                let written = Set(keys.compactMap { $0.scalar?.string })
                let added = merged.filter { $0.key.scalar.map { !written.contains($0) } ?? true }
                keys.insert(contentsOf: added.map { SpecNode(yaml: $0.key) }, at: mergeAt)
                values.insert(contentsOf: added.map { SpecNode(yaml: $0.value) }, at: mergeAt)
            }
            return (keys, values)
        case .json(.object(let object)):
            return (object.members.map { SpecNode(json: .string($0.key)) }, object.members.map { SpecNode(json: $0.value) })
        case .json:
            return nil
        }
    }

    /// The pairs a merge key's value names: a mapping's, or a list of mappings'; nil for anything else (the `<<` is
    /// then read as a key, and refused as one).
    private static func mergeSources(_ node: YAMLNode) -> [YAMLPair]? {
        if let pairs = node.mapping { return pairs }
        guard let items = node.sequence else { return nil }
        var pairs: [YAMLPair] = []
        for item in items {
            guard let more = item.mapping else { return nil }
            pairs += more
        }
        return pairs
    }

    /// How an error names the node: a scalar's text (quoted, escaped), else what it is.
    var described: String {
        if let scalar { return displayQuoted(scalar.string, limit: 60) }
        switch storage {
        case _ where isMapping: return "a mapping"
        default: return "a list"
        }
    }

    /// The node as comparable text on one line (a scenario's answers): a scalar's text, a list as `[a, b]`, a
    /// mapping as `{key: value}`.
    var plainText: String {
        if let scalar { return scalar.string }
        if let list = sequence { return "[" + list.map(\.plainText).joined(separator: ", ") + "]" }
        if let (keys, values) = members {
            return "{" + zip(keys, values).map { $0.plainText + ": " + $1.plainText }.joined(separator: ", ") + "}"
        }
        return ""
    }
}
