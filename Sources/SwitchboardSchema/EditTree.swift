// SPDX-License-Identifier: Apache-2.0

// The tree the span editor works on: each node of a YAML or JSON document with its byte span in the file's text,
// built from the YAML reader's nodes (whose marks count Unicode scalars) or from JSON text read here.

/// A node of a document with its place in the file's bytes.
struct EditNode {
    enum Kind {
        case scalar(YAMLScalarStyle)
        case sequence
        case mapping
    }

    var kind: Kind
    /// The first byte of the node, its anchor and tag included.
    var start: Int
    /// Just past the node's last byte (a YAML block collection: where the reader ended it, which may be after
    /// comments and blank lines that follow it; see `contentEnd`).
    var end: Int
    /// The 1-based column of `start` (YAML: in Unicode scalars; JSON: not used).
    var column: Int
    var isFlow: Bool
    /// Sequence items, or mapping values (then `keys` holds the keys, in the same order).
    var children: [EditNode] = []
    var keys: [EditNode] = []
    /// The keys' text (nil for a key that is not a scalar).
    var keyTexts: [String?] = []
    /// Which keys are merge keys (`<<`).
    var isMergeKey: [Bool] = []
    /// A node reached through an alias (`*name`): its span is the alias's.
    var isAlias = false
    /// The anchor written on the node (`&name`), when one is.
    var anchor: String?
    /// The node is anchored and some alias names it.
    var isAliased = false
    /// A scalar's text (quotes and escapes read).
    var text: String?

    var isScalar: Bool { if case .scalar = kind { true } else { false } }
    var isMapping: Bool { if case .mapping = kind { true } else { false } }
    var isSequence: Bool { if case .sequence = kind { true } else { false } }
    var style: YAMLScalarStyle? { if case .scalar(let style) = kind { style } else { nil } }

    /// Just past the node's own last byte: a block collection ends where its last entry's content ends (not after
    /// the comments that follow it).
    var contentEnd: Int {
        guard !isFlow, !isScalar, let last = children.last else { return end }
        return max(last.contentEnd, keys.last?.end ?? 0)
    }

    /// The indentation of a block collection's entries in `bytes`: the column of a mapping's first key, or of a
    /// sequence's first `-`, less one (not the node's own start, which is its anchor or tag when it has one).
    func entryIndentation(in bytes: [UInt8]) -> Int {
        if isMapping, let key = keys.first { return Self.width(before: key.start, in: bytes) }
        guard isSequence, let item = children.first else { return Self.width(before: start, in: bytes) }
        var dash = item.start
        while dash > 0, bytes[dash - 1] == 0x20 || bytes[dash - 1] == 0x09 { dash -= 1 }
        guard dash > 0, bytes[dash - 1] == UInt8(ascii: "-") else { return Self.width(before: start, in: bytes) }
        return Self.width(before: dash - 1, in: bytes)
    }

    /// The characters before `offset` on its line, a byte order mark not counted (YAML takes it for no column of
    /// indentation).
    private static func width(before offset: Int, in bytes: [UInt8]) -> Int {
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var prefix = bytes[lineStart..<offset]
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { prefix = prefix.dropFirst(3) }
        return prefix.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// The index of the written (non-merge) member called `name` (the last, as the reader keeps it).
    func member(_ name: String) -> Int? {
        keyTexts.indices.last { !isMergeKey[$0] && keyTexts[$0] == name }
    }
}

/// Converts the YAML reader's marks (Unicode scalar indices after a byte order mark) to byte offsets in the text.
struct ScalarOffsets {
    private let bytes: [UInt8]
    private let base: Int
    private let isASCII: Bool
    /// The byte offset of every 64th scalar (non-ASCII text only).
    private var checkpoints: [Int] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        base = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        isASCII = !bytes[base...].contains { $0 >= 0x80 }
        guard !isASCII else { return }
        var count = 0
        for offset in base..<bytes.count where bytes[offset] & 0xC0 != 0x80 {
            if count % 64 == 0 { checkpoints.append(offset) }
            count += 1
        }
    }

    func offset(_ index: Int) -> Int {
        if isASCII { return min(base + index, bytes.count) }
        let block = index / 64
        guard block < checkpoints.count else { return bytes.count }
        var offset = checkpoints[block]
        var remaining = index % 64
        while remaining > 0, offset < bytes.count {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }
}

extension EditNode {
    /// The edit tree of a YAML node (from `YAMLReader`).
    static func yaml(_ node: YAMLNode, offsets: ScalarOffsets) -> EditNode {
        var aliased = Set<YAMLMark>()
        collectAliases(node, into: &aliased)
        return build(node, offsets: offsets, aliased: aliased)
    }

    private static func collectAliases(_ node: YAMLNode, into marks: inout Set<YAMLMark>) {
        if let mark = node.anchorMark {
            marks.insert(mark)
            return   // an alias's own content is the anchored node's: its aliases are found there
        }
        switch node.content {
        case .scalar: break
        case .sequence(let items): for item in items { collectAliases(item, into: &marks) }
        case .mapping(let pairs):
            for pair in pairs {
                collectAliases(pair.key, into: &marks)
                collectAliases(pair.value, into: &marks)
            }
        }
    }

    private static func build(_ node: YAMLNode, offsets: ScalarOffsets, aliased: Set<YAMLMark>) -> EditNode {
        let kind: Kind
        switch node.content {
        case .scalar(_, let style): kind = .scalar(style)
        case .sequence: kind = .sequence
        case .mapping: kind = .mapping
        }
        var edit = EditNode(kind: kind, start: offsets.offset(node.start.index), end: offsets.offset(node.end.index),
                            column: node.start.column, isFlow: node.isFlow)
        edit.text = node.scalar
        edit.anchor = node.anchor
        edit.isAlias = node.anchorMark != nil
        edit.isAliased = node.anchor != nil && aliased.contains(node.start)
        guard !edit.isAlias else { return edit }   // an alias is edited as a whole, never inside
        switch node.content {
        case .scalar: break
        case .sequence(let items):
            edit.children = items.map { build($0, offsets: offsets, aliased: aliased) }
        case .mapping(let pairs):
            for pair in pairs {
                edit.keys.append(build(pair.key, offsets: offsets, aliased: aliased))
                edit.children.append(build(pair.value, offsets: offsets, aliased: aliased))
                edit.keyTexts.append(pair.key.scalar)
                edit.isMergeKey.append(pair.key.isMergeKey)
            }
        }
        return edit
    }
}

/// Reads JSON text (already known to be valid: `JSONValue.parse` read it) into an edit tree.
struct JSONSpanReader {
    private let bytes: [UInt8]
    private var index: Int
    private var depth = 0

    /// The tree of the JSON document in `bytes` (nil for text that is not one JSON value).
    static func tree(_ bytes: [UInt8]) -> EditNode? {
        var reader = JSONSpanReader(bytes: bytes, index: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        reader.skipSpace()
        return reader.value()
    }

    private init(bytes: [UInt8], index: Int) {
        self.bytes = bytes
        self.index = index
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func value() -> EditNode? {
        guard index < bytes.count, depth < JSONValue.maximumDepth else { return nil }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            var node = EditNode(kind: .mapping, start: start, end: start, column: 0, isFlow: true)
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                node.end = index
                return node
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipSpace()
                guard let member = value() else { return nil }
                node.keys.append(key)
                node.keyTexts.append(key.text)
                node.isMergeKey.append(false)
                node.children.append(member)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                node.end = index
                return node
            }
        case UInt8(ascii: "["):
            depth += 1
            defer { depth -= 1 }
            var node = EditNode(kind: .sequence, start: start, end: start, column: 0, isFlow: true)
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                node.end = index
                return node
            }
            while true {
                skipSpace()
                guard let item = value() else { return nil }
                node.children.append(item)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
                node.end = index
                return node
            }
        case UInt8(ascii: "\""):
            return string()
        default:
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: break
                default:
                    index += 1
                    continue
                }
                break
            }
            guard index > start else { return nil }
            return EditNode(kind: .scalar(.plain), start: start, end: index, column: 0, isFlow: true)
        }
    }

    /// A string node, its text read by the JSON parser (escapes as the document's value reads them).
    private mutating func string() -> EditNode? {
        let start = index
        index += 1
        var plain = true
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                plain = false
                index += 2
            case UInt8(ascii: "\""):
                index += 1
                let text: String
                if plain {
                    text = String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
                } else {
                    guard case .string(let read)? = try? JSONValue.parse(bytes: bytes[start..<index]) else {
                        return nil
                    }
                    text = read
                }
                var node = EditNode(kind: .scalar(.doubleQuoted), start: start, end: index, column: 0, isFlow: true)
                node.text = text
                return node
            default: index += 1
            }
        }
        return nil
    }
}
