// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

// Where one edit goes in the file's bytes: the span it replaces and the text put there. Everything outside that
// span is left as it is; the caller re-reads the result to check it means what was asked.

/// One span of the original bytes and its new text.
struct Replacement {
    var start: Int
    var end: Int
    var text: String
}

/// Why an edit cannot be placed: what was wrong and the byte where (for a line and column).
struct EditRefusal: Error {
    var problem: String
    var offset: Int?
}

/// Finds the span of one edit in a document's edit tree.
struct EditPlanner {
    /// The collections on a pointer's way, with the index taken in each.
    typealias Parents = [(node: EditNode, index: Int)]

    let bytes: [UInt8]
    let isJSON: Bool
    let writer: EditWriter
    /// The order a mapping's members are written in (a schema's `properties`), by the mapping's pointer: a new
    /// member goes before the first sibling the order puts after it, when the siblings follow that order.
    var memberOrder: ((String) -> [String]?)? = nil

    /// The replacement that sets (`value` non-nil) or removes the value at `tokens` (never the root) of the
    /// document whose value is `document`.
    func plan(_ root: EditNode, tokens: [String], value: JSONValue?, document: JSONValue) throws(EditRefusal)
        -> Replacement
    {
        var node = root
        var current: JSONValue? = document   // the value at `node`, merged members included
        var parents: Parents = []
        var path = ""                         // the pointer of `node`
        for (depth, token) in tokens.enumerated() {
            try refuseShared(node, depth == 0 ? "the document" : "this value")
            let isLast = depth == tokens.count - 1
            if node.isMapping {
                guard let index = node.member(token) else {
                    if current?[token] != nil && (value == nil || !isLast) {
                        throw EditRefusal(problem: "the member \(displayName(token)) comes from a merge key (`<<`); "
                                          + "edit the mapping it merges, or write the member here first",
                                          offset: node.start)
                    }
                    guard let value else { throw EditRefusal(problem: "there is no such member", offset: node.start) }
                    // A member not written (or only merged): added, with whatever it nests.
                    let nested = tokens[(depth + 1)...].reversed().reduce(value) { inner, key in
                        .object(JSONObject([(key: key, value: inner)]))
                    }
                    return try addMember(to: node, key: token, value: nested, order: memberOrder?(path))
                }
                if isLast {
                    let target = node.children[index]
                    if target.isAliased { try refuseShared(target, "the value") }
                    guard let value else { return try removeMember(index, of: node, parents: parents) }
                    return try replaceMember(index, of: node, with: value)
                }
                parents.append((node, index))
                node = node.children[index]
                current = current?[token]
                path += "/" + JSONPointer.escape(token)
            } else if node.isSequence {
                let count = node.children.count
                if isLast, let value, token == "-" || token == String(count) {
                    return addItem(to: node, value: value)
                }
                guard let index = Int(token), node.children.indices.contains(index) else {
                    throw EditRefusal(problem: "the list has no item \(token) (it has \(count))", offset: node.start)
                }
                if isLast {
                    let target = node.children[index]
                    if target.isAliased { try refuseShared(target, "the value") }
                    guard let value else { return try removeItem(index, of: node, parents: parents) }
                    return replaceItem(index, of: node, with: value)
                }
                parents.append((node, index))
                node = node.children[index]
                if case .array(let items)? = current { current = items[index] } else { current = nil }
                path += "/\(index)"
            } else {
                throw EditRefusal(problem: "this value is a scalar: it has no member \(displayName(token))",
                                  offset: node.start)
            }
        }
        throw EditRefusal(problem: "the whole document cannot be replaced; set its members", offset: root.start)
    }

    private func displayName(_ token: String) -> String { displayQuoted(token, limit: 80) }

    /// Refuses to edit through an alias, or a node whose anchor aliases repeat: the change would reach (or break)
    /// the other places that share it.
    func refuseShared(_ node: EditNode, _ what: String) throws(EditRefusal) {
        if node.isAlias {
            throw EditRefusal(problem: "\(what) is an alias (`*name`) of a value written elsewhere; editing through it "
                              + "would change every place that shares the anchor: edit the anchored value itself, or "
                              + "write this value out in place of the alias", offset: node.start)
        }
        if node.isAliased {
            let anchor = node.anchor ?? ""
            throw EditRefusal(problem: "\(what) carries the anchor &\(anchor) that aliases repeat elsewhere; "
                              + "changing it or anything in it would change (or break) them too: write the aliases "
                              + "out first, or edit the anchored value by hand", offset: node.start)
        }
    }

    // MARK: Replacing

    private func replaceMember(_ index: Int, of mapping: EditNode, with value: JSONValue) throws(EditRefusal)
        -> Replacement
    {
        let old = mapping.children[index]
        if isJSON {
            return Replacement(start: old.start, end: old.end,
                               text: jsonValue(value, replacing: old, at: mapping.keys[index].start))
        }
        if mapping.isFlow || old.isFlow || old.isAlias { return flowOrScalar(value, old, inFlow: mapping.isFlow) }
        if old.isScalar, !value.isCollection || isEmptyCollection(value) {
            return scalarReplacement(old, value, inFlow: false)
        }
        // A block collection, or a scalar becoming one: everything after the key's colon.
        let colon = try afterColon(mapping.keys[index])
        let keyIndent = mapping.entryIndentation(in: bytes)
        return Replacement(start: colon, end: replacedEnd(old),
                           text: writer.yamlValueAfterKey(value, indent: keyIndent + writer.step))
    }

    private func replaceItem(_ index: Int, of sequence: EditNode, with value: JSONValue) -> Replacement {
        let old = sequence.children[index]
        if isJSON {
            return Replacement(start: old.start, end: old.end, text: jsonValue(value, replacing: old, at: old.start))
        }
        if sequence.isFlow || old.isFlow || old.isAlias { return flowOrScalar(value, old, inFlow: sequence.isFlow) }
        if old.isScalar, !value.isCollection || isEmptyCollection(value) {
            return scalarReplacement(old, value, inFlow: false)
        }
        let empty = old.start == old.end
        let indent = empty ? sequence.entryIndentation(in: bytes) + 2 : old.column - 1
        return Replacement(start: old.start, end: replacedEnd(old),
                           text: (empty ? " " : "") + writer.yamlItem(value, indent: indent))
    }

    /// A scalar replaced by a scalar (or an empty collection): only its own bytes, its anchor and any tag not of the
    /// core schema kept.
    func scalarReplacement(_ old: EditNode, _ value: JSONValue, inFlow: Bool) -> Replacement {
        let (prefix, prefixEnd) = properties(of: old)
        let style = old.style ?? .plain
        var text: String
        if value.isCollection {
            text = value.isObject ? "{}" : "[]"
        } else {
            text = writer.yamlScalar(value, style: style, inFlow: inFlow,
                                     blockIndent: blockIndent(old, from: prefixEnd))
        }
        let end = (style == .literal || style == .folded) ? lastContentLineEnd(old) : old.end
        if old.start == old.end { return emptyValue(at: old.start, text) }
        return Replacement(start: old.start, end: end, text: prefix + text)
    }

    private func flowOrScalar(_ value: JSONValue, _ old: EditNode, inFlow: Bool) -> Replacement {
        let text: String
        if old.isScalar, !value.isCollection {
            text = properties(of: old).text
                + writer.yamlScalar(value, style: old.style ?? .plain, inFlow: inFlow, blockIndent: nil)
        } else {
            text = writer.yamlFlow(value)
        }
        if old.start == old.end { return emptyValue(at: old.start, text) }
        return Replacement(start: old.start, end: old.end, text: text)
    }

    /// A value where none is written (just after its `key:` or `-`): after the space there, else after one put there.
    private func emptyValue(at offset: Int, _ text: String) -> Replacement {
        if offset < bytes.count, bytes[offset] == 0x20 {
            return Replacement(start: offset + 1, end: offset + 1, text: text)
        }
        return Replacement(start: offset, end: offset, text: " " + text)
    }

    /// The anchor and tags written before a scalar's text that a new value keeps: its anchor, and a tag that is not
    /// one of the core schema's (`!Ref`, `!reference`), which names what the value is for rather than its type.
    private func properties(of node: EditNode) -> (text: String, end: Int) {
        var index = node.start
        var kept = ""
        while index < node.end, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            let start = index
            while index < node.end, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            let isCore = token == "!" || token.hasPrefix("!!") || token.hasPrefix("!<tag:yaml.org,2002:")
            if !isCore { kept += token + " " }
            while index < node.end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        return (kept, index)
    }

    /// The content indentation of a block scalar starting (its `|` or `>`) at `from`.
    private func blockIndent(_ node: EditNode, from: Int) -> Int? {
        guard node.style == .literal || node.style == .folded else { return nil }
        var index = from
        while index < node.end, bytes[index] != 0x0A { index += 1 }
        // The first line holding more than spaces.
        while index < node.end {
            index += 1
            var spaces = 0
            while index + spaces < node.end, bytes[index + spaces] == 0x20 { spaces += 1 }
            let next = index + spaces
            if next < node.end, bytes[next] != 0x0A, bytes[next] != 0x0D { return spaces }
            index = next
            while index < node.end, bytes[index] != 0x0A { index += 1 }
        }
        return nil
    }

    // MARK: Adding

    private func addMember(to mapping: EditNode, key: String, value: JSONValue, order: [String]?) throws(EditRefusal)
        -> Replacement
    {
        if let order, let sibling = sibling(after: key, in: mapping, order: order),
           let placed = insert(key, value, before: sibling, in: mapping) {
            return placed
        }
        if isJSON {
            return flowInsert(into: mapping) { indent in
                jsonStringLiteral(key) + ": " + writer.json(value, indent: indent)
            }
        }
        if mapping.isFlow {
            return flowInsert(into: mapping) { _ in
                writer.plainString(key, inFlow: true) + ": " + writer.yamlFlow(value)
            }
        }
        guard mapping.isMapping, !mapping.children.isEmpty else {
            throw EditRefusal(problem: "this mapping cannot take a member here", offset: mapping.start)
        }
        return insertLine(try blockMemberLine(key, value, in: mapping), after: ownEnd(mapping))
    }

    /// `key: value` (and the lines of a nested value) at a block mapping's indentation.
    private func blockMemberLine(_ key: String, _ value: JSONValue, in mapping: EditNode) throws(EditRefusal) -> String {
        guard key.utf8.count <= longestImplicitYAMLKey else {
            throw EditRefusal(problem: "a key of more than \(longestImplicitYAMLKey) bytes cannot be written as "
                              + "`key: value`", offset: mapping.start)
        }
        let indent = mapping.entryIndentation(in: bytes)
        return String(repeating: " ", count: indent) + writer.blockKey(key) + ":"
            + writer.yamlValueAfterKey(value, indent: indent + writer.step)
    }

    /// The written member a new `key` goes before: the first that `order` puts after it, when the members `order`
    /// names are written in its order (else nil: the new member goes last).
    private func sibling(after key: String, in mapping: EditNode, order: [String]) -> Int? {
        guard let rank = order.firstIndex(of: key) else { return nil }
        let named: [(index: Int, rank: Int)] = mapping.keyTexts.indices.compactMap { index in
            guard !mapping.isMergeKey[index], let text = mapping.keyTexts[index],
                  let rank = order.firstIndex(of: text) else { return nil }
            return (index, rank)
        }
        guard named.map(\.rank) == named.map(\.rank).sorted() else { return nil }
        return named.first { $0.rank > rank }?.index
    }

    /// The new member written just before member `index` (in a block mapping, before the comment lines directly
    /// above it, which are that member's); nil when that member does not start its line in a block mapping.
    private func insert(_ key: String, _ value: JSONValue, before index: Int, in mapping: EditNode) -> Replacement? {
        let keyStart = mapping.keys[index].start
        let indent = leadingIndent(of: keyStart)
        guard isJSON || mapping.isFlow else {
            guard indent != nil, let line = try? blockMemberLine(key, value, in: mapping) else { return nil }
            let at = commentsAbove(lineStart(keyStart))
            return Replacement(start: at, end: at, text: line + writer.newline)
        }
        let sibling = mapping.children[index]
        let entry: (String?) -> String = { nested in
            isJSON ? jsonStringLiteral(key) + ": " + writer.json(value, indent: nested)
                : writer.plainString(key, inFlow: true) + ": " + writer.yamlFlow(value)
        }
        guard let indent, lineStart(keyStart) > lineStart(mapping.start) else {
            return Replacement(start: keyStart, end: keyStart, text: entry(nil) + ", ")
        }
        let nested = !sibling.isScalar && !bytes[sibling.start..<ownEnd(sibling)].contains(0x0A) ? nil : indent
        return Replacement(start: keyStart, end: keyStart, text: entry(nested) + "," + writer.newline + indent)
    }

    private func addItem(to sequence: EditNode, value: JSONValue) -> Replacement {
        if isJSON { return flowInsert(into: sequence, entry: { indent in writer.json(value, indent: indent) }) }
        if sequence.isFlow { return flowInsert(into: sequence, entry: { _ in writer.yamlFlow(value) }) }
        let indent = sequence.entryIndentation(in: bytes)
        let line = String(repeating: " ", count: indent) + "- " + writer.yamlItem(value, indent: indent + 2)
        return insertLine(line, after: ownEnd(sequence))
    }

    /// `line` on a line of its own after the line holding `offset`.
    private func insertLine(_ line: String, after offset: Int) -> Replacement {
        // An offset at a line's start (after a `|+` block scalar's last blank line) is where the next line goes.
        let at = offset > 0 && bytes[offset - 1] == 0x0A ? offset : lineEnd(offset, includingBreak: true)
        if at == bytes.count, at > 0, bytes[at - 1] != 0x0A {
            return Replacement(start: at, end: at, text: writer.newline + line)   // no final line break: none added
        }
        return Replacement(start: at, end: at, text: line + writer.newline)
    }

    /// An entry after the last of a flow collection (`, entry`), or on a line of its own indented like the last
    /// entry when that entry starts a line; `entry` gets the indentation of nested lines (nil: one line).
    private func flowInsert(into collection: EditNode, entry: (String?) -> String) -> Replacement {
        guard let last = collection.children.last else {
            let open = openingBracket(of: collection)
            return Replacement(start: open + 1, end: open + 1, text: entry(nil))
        }
        let lastStart = collection.isMapping ? collection.keys[collection.keys.count - 1].start : last.start
        let indent = leadingIndent(of: lastStart)
        guard let indent, lineStart(lastStart) > lineStart(collection.start) else {
            return Replacement(start: ownEnd(last), end: ownEnd(last), text: ", " + entry(nil))
        }
        // Nested lines like the last entry's: a collection written on one line is followed by one on one line.
        let nested = !last.isScalar && !bytes[last.start..<ownEnd(last)].contains(0x0A) ? nil : indent
        return Replacement(start: ownEnd(last), end: ownEnd(last), text: "," + writer.newline + indent + entry(nested))
    }

    /// A JSON value in place of another: a non-empty collection on lines of its own when its member or item
    /// starts a line of the file (indented one step deeper) and the value it replaces is not a collection on one
    /// line, else on one line.
    func jsonValue(_ value: JSONValue, replacing old: EditNode, at place: Int) -> String {
        let oneLine = !old.isScalar && !bytes[old.start..<old.end].contains(0x0A)
        return writer.json(value, indent: isMultiline(value) && !oneLine ? leadingIndent(of: place) : nil)
    }

    private func isMultiline(_ value: JSONValue) -> Bool {
        // A collection goes on lines of its own where the file puts members on lines of their own.
        value.isCollection && !isEmptyCollection(value) && bytes.contains(0x0A)
    }

    // MARK: Removing

    /// Just past the node's own text: a block scalar's last line of content, a block collection's last entry.
    func ownEnd(_ node: EditNode) -> Int {
        switch node.kind {
        case .scalar(let style) where style == .literal || style == .folded:
            // `|+`: the blank lines after it are its own.
            return keepsFinalBreaks(node) ? node.end : lastContentLineEnd(node)
        case .scalar:
            return node.end
        default:
            guard !node.isFlow, !node.isAlias, let last = node.children.last else { return node.end }
            return ownEnd(last)
        }
    }

    /// Where a value replaced by another ends: a block scalar at its last line of content (its trailing line breaks
    /// stay, so that what follows stays on its own line), a block collection at its last entry's.
    private func replacedEnd(_ node: EditNode) -> Int {
        switch node.kind {
        case .scalar(let style) where style == .literal || style == .folded: lastContentLineEnd(node)
        case .scalar: node.end
        default:
            node.isFlow || node.isAlias || node.children.isEmpty ? node.end
                : replacedEnd(node.children[node.children.count - 1])
        }
    }

    /// The end of a block scalar's last line holding more than spaces (before its line break).
    private func lastContentLineEnd(_ node: EditNode) -> Int {
        var at = node.end
        while at > node.start, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[at - 1]) { at -= 1 }
        while at < node.end, bytes[at] != 0x0A, bytes[at] != 0x0D { at += 1 }
        return at
    }

    /// Whether a block scalar's header says `+` (keep): its trailing blank lines are part of its value.
    private func keepsFinalBreaks(_ node: EditNode) -> Bool {
        var at = properties(of: node).end
        while at < node.end, bytes[at] != 0x0A, bytes[at] != UInt8(ascii: "#") {
            if bytes[at] == UInt8(ascii: "+") { return true }
            at += 1
        }
        return false
    }

    /// Just past the `:` after a key.
    func afterColon(_ key: EditNode) throws(EditRefusal) -> Int {
        var at = key.end
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else {
            throw EditRefusal(problem: "the key's `:` is not where it is expected (an explicit `? key`): edit it by "
                              + "hand", offset: key.start)
        }
        return at + 1
    }

    func lineStart(_ offset: Int) -> Int {
        var at = min(offset, bytes.count)
        while at > 0, bytes[at - 1] != 0x0A { at -= 1 }
        return at
    }

    /// The end of the line holding `offset`: before its line break, or after it.
    func lineEnd(_ offset: Int, includingBreak: Bool) -> Int {
        var at = offset
        while at < bytes.count, bytes[at] != 0x0A { at += 1 }
        if includingBreak { return min(at + 1, bytes.count) }
        return at > 0 && at <= bytes.count && at > offset && bytes[at - 1] == 0x0D ? at - 1 : at
    }

    /// The spaces and tabs before `offset` on its line, when nothing else precedes it there.
    func leadingIndent(of offset: Int) -> String? {
        let start = lineStart(offset)
        guard bytes[start..<offset].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private func isEmptyCollection(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object): object.members.isEmpty
        case .array(let items): items.isEmpty
        default: false
        }
    }
}

extension JSONValue {
    var isCollection: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    var isObject: Bool { if case .object = self { true } else { false } }
}
