// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

// Where a removed member or item goes: its own lines and the comment lines directly above it (block style), or its
// entry and one comma (flow style and JSON).

extension EditPlanner {
    func removeMember(_ index: Int, of mapping: EditNode, parents: Parents) throws(EditRefusal) -> Replacement {
        if mapping.isFlow { return flowRemove(index, of: mapping) }
        if mapping.children.count == 1 { return try emptied(mapping, parents: parents) }
        return try blockRemove(entryStart: mapping.keys[index].start, value: mapping.children[index],
                               nextStart: index + 1 < mapping.keys.count ? mapping.keys[index + 1].start : nil)
    }

    func removeItem(_ index: Int, of sequence: EditNode, parents: Parents) throws(EditRefusal) -> Replacement {
        if sequence.isFlow { return flowRemove(index, of: sequence) }
        if sequence.children.count == 1 { return try emptied(sequence, parents: parents) }
        func dash(_ item: EditNode) -> Int {
            var at = item.start
            while at > 0, bytes[at - 1] == 0x20 || bytes[at - 1] == 0x09 { at -= 1 }
            return at > 0 && bytes[at - 1] == UInt8(ascii: "-") ? at - 1 : item.start
        }
        let next = index + 1 < sequence.children.count ? dash(sequence.children[index + 1]) : nil
        return try blockRemove(entryStart: dash(sequence.children[index]), value: sequence.children[index],
                               nextStart: next)
    }

    /// A block entry's lines (from its key or `-` to the end of its value's last line) and the comment lines
    /// directly above it; an entry sharing its first line with its parent's `- ` goes up to the next entry.
    func blockRemove(entryStart: Int, value: EditNode, nextStart: Int?) throws(EditRefusal) -> Replacement {
        guard leadingIndent(of: entryStart) != nil else {
            guard let nextStart else {
                throw EditRefusal(problem: "this entry cannot be removed on its own", offset: entryStart)
            }
            return Replacement(start: entryStart, end: nextStart, text: "")
        }
        var start = commentsAbove(lineStart(entryStart))
        let last = max(ownEnd(value), entryStart)
        var end = last > 0 && bytes[last - 1] == 0x0A ? last : lineEnd(last, includingBreak: true)
        // After a blank line (entries set apart by them): the blank line after it goes too, not two left in a row;
        // at the end of the text, the one before it (no blank line left at the end).
        if start > 0, isBlankLine(lineStart(start - 1)) {
            if end >= bytes.count {
                start = lineStart(start - 1)
            } else if isBlankLine(end) {
                end = lineEnd(end, includingBreak: true)
            }
        }
        return Replacement(start: start, end: end, text: "")
    }

    /// Whether the line starting at `line` holds only spaces, tabs and its line break.
    func isBlankLine(_ line: Int) -> Bool {
        var at = line
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
        return at == bytes.count || bytes[at] == 0x0A
    }

    /// The last entry of a block collection removed: the collection written `{}` or `[]` in its place.
    func emptied(_ collection: EditNode, parents: Parents) throws(EditRefusal) -> Replacement {
        let empty = collection.isMapping ? "{}" : "[]"
        guard let parent = parents.last else {
            return Replacement(start: collection.start, end: ownEnd(collection), text: empty)
        }
        if parent.node.isMapping && !parent.node.isFlow {
            let colon = try afterColon(parent.node.keys[parent.index])
            return Replacement(start: colon, end: ownEnd(collection), text: " " + empty)
        }
        return Replacement(start: collection.start, end: ownEnd(collection), text: empty)
    }

    /// A flow entry with the comma before it (the first: with the comma after it); the only one: all between the
    /// brackets.
    func flowRemove(_ index: Int, of collection: EditNode) -> Replacement {
        let count = collection.children.count
        func entryStart(_ i: Int) -> Int {
            collection.isMapping ? collection.keys[i].start : collection.children[i].start
        }
        if count == 1 {
            return Replacement(start: openingBracket(of: collection) + 1, end: collection.end - 1, text: "")
        }
        if index > 0 {
            return Replacement(start: ownEnd(collection.children[index - 1]), end: ownEnd(collection.children[index]),
                               text: "")
        }
        return Replacement(start: entryStart(0), end: entryStart(1), text: "")
    }

    // MARK: Places

    /// The start of the comment lines directly above the line starting at `line` (up to a blank line or anything
    /// else), or `line` itself. Comment lines that open the document (from its first line, after a byte order mark,
    /// or from a `---` line) are the file's own (a licence, a `# yaml-language-server: $schema=` modeline): they
    /// stay.
    func commentsAbove(_ line: Int) -> Int {
        var start = line
        while start > 0 {
            let above = lineStart(start - 1)
            var first = above
            if above == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { first = 3 }
            while first < start, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            if first < start, bytes[first...].starts(with: Array("---".utf8)) { return line }
            guard first < start, bytes[first] == UInt8(ascii: "#") else { break }
            start = above
        }
        return start == 0 ? line : start
    }

    /// The `{` or `[` of a flow collection (after its anchor and tag).
    func openingBracket(of collection: EditNode) -> Int {
        var open = collection.start
        while open < collection.end, bytes[open] != UInt8(ascii: "{"), bytes[open] != UInt8(ascii: "[") { open += 1 }
        return open
    }
}
