// SPDX-License-Identifier: Apache-2.0

/// A YAML node as written, with its place in the text: what the project's one YAML reader (`YAMLReader`) makes
/// of a document, before anything reads it as JSON (`JSONValue(yaml:)`) or as a spec.
///
/// Tags are kept as written (their handles resolved: `!!str` is `tag:yaml.org,2002:str`), plain scalars are not
/// resolved yet, and merge keys (`<<`) are kept as pairs: the tree says what the file says, so that a reader can
/// name any part of it by line and column, and an editor can change a part and leave the rest alone.
///
/// An alias (`*name`) is the node it names, with `start`/`end` at the alias and `anchorMark` at the anchored node.
///
/// ```swift
/// let node = try YAMLReader.document("port: 22\n")
/// node?.mapping?.first?.value.start   // 1:7
/// ```
public struct YAMLNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        /// A scalar's text (quotes and escapes already read) and how it is written.
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var content: Content
    /// The tag as written (handles resolved), nil when none is written.
    public var tag: String?
    /// The anchor (`&name`) written on the node.
    public var anchor: String?
    /// Where the node starts (for an alias: where the alias is written).
    public var start: YAMLMark
    /// Where the node ends (just past it).
    public var end: YAMLMark
    /// Whether a sequence or mapping is written in flow style (`[a, b]`, `{a: 1}`).
    public var isFlow: Bool
    /// For a node reached through an alias: where its anchored node starts.
    public var anchorMark: YAMLMark?
    /// How many nodes this one stands for once every alias under it is expanded (itself included).
    public var expandedSize: Int

    /// The scalar's text, if the node is a scalar.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The items, if the node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs in the order written, if the node is a mapping.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// How the scalar is written (nil for a collection).
    public var style: YAMLScalarStyle? {
        if case .scalar(_, let style) = content { return style }
        return nil
    }

    /// Whether the node is a plain scalar with no tag: the only kind YAML resolves by its text (`22` is a number,
    /// `"22"` and `!!str 22` are text).
    public var isUntaggedPlain: Bool { tag == nil && style == .plain }

    /// Whether the node is null by YAML's core schema: `~`, `null`, `Null`, `NULL` or nothing written plain, or
    /// a scalar tagged `!!null`.
    public var isNull: Bool {
        guard let text = scalar else { return false }
        return tag == YAMLTag.null || (isUntaggedPlain && YAMLValueReader.isNull(text))
    }

    /// Whether the node is a merge key: `<<` written plain, or tagged `!!merge`.
    public var isMergeKey: Bool {
        guard scalar == "<<" else { return false }
        return isUntaggedPlain || tag == YAMLTag.merge
    }
}

/// A key and its value in a mapping.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// The tags of YAML's core schema, as libyaml spells them once `!!` is resolved.
public enum YAMLTag {
    public static let str = "tag:yaml.org,2002:str"
    public static let int = "tag:yaml.org,2002:int"
    public static let float = "tag:yaml.org,2002:float"
    public static let bool = "tag:yaml.org,2002:bool"
    public static let null = "tag:yaml.org,2002:null"
    public static let map = "tag:yaml.org,2002:map"
    public static let seq = "tag:yaml.org,2002:seq"
    public static let merge = "tag:yaml.org,2002:merge"
    /// The non-specific tag `!`: a scalar written `! 12` is text.
    public static let nonSpecific = "!"
}
