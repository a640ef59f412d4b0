// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema
import SwitchboardTerminal
import Yams

/// A node of a spec as the spec reader reads it: a YAML node (from a spec file, with its place in the file), or a
/// JSON value (a form mapped from a JSON Schema, built in memory, with no place). The reader never converts one
/// into the other: a schema of 2,000 properties spent a third of its loading time building YAML nodes.
struct SpecNode {
    private enum Storage {
        case yaml(Node)
        case json(JSONValue)
    }

    private let storage: Storage

    init(yaml node: Node) { storage = .yaml(node) }
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
    var mark: Mark? {
        if case .yaml(let node) = storage { return node.mark }
        return nil
    }

    /// The scalar, if the node is one.
    var scalar: Scalar? {
        switch storage {
        case .yaml(let node):
            guard let scalar = node.scalar else { return nil }
            return Scalar(string: scalar.string, isQuoted: scalar.style == .singleQuoted || scalar.style == .doubleQuoted,
                          isPlain: scalar.style == .plain, isNull: scalar.tag.rawValue == Tag.Name.null.rawValue)
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
        case .yaml(let node): node.tag.rawValue == Tag.Name.null.rawValue
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
            guard let mapping = node.mapping else { return nil }
            var keys: [SpecNode] = [], values: [SpecNode] = []
            keys.reserveCapacity(mapping.count)
            values.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                keys.append(SpecNode(yaml: key))
                values.append(SpecNode(yaml: value))
            }
            return (keys, values)
        case .json(.object(let object)):
            return (object.members.map { SpecNode(json: .string($0.key)) }, object.members.map { SpecNode(json: $0.value) })
        case .json:
            return nil
        }
    }

    /// How an error names the node: a scalar's text (quoted, escaped), else what it is.
    var described: String {
        if let scalar { return displayQuoted(scalar.string, limit: 60) }
        switch storage {
        case .yaml(.alias): return "an alias"
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
