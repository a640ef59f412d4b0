// SPDX-License-Identifier: Apache-2.0

extension DocumentEdit {
    /// The edits that turn `old` into `new`, as few and as deep as they can be: a changed scalar is one `set` at
    /// its pointer, a member added or removed one `set` or `remove`, a member whose name alone changed in its place
    /// (an object of as many members, the old name gone, the new one new) one `rename`, items added at a list's end
    /// appended, items removed from anywhere (the others unchanged, in order) removed one by one, the last first; a
    /// value whose type changed, or a list changed in more places than it keeps, is set whole. Applied in order, they make `new` (what a form over a file's
    /// values writes back: only the answers that changed).
    ///
    /// ```swift
    /// let old = try JSONValue.parse(#"{"replicas": 2, "debug": true, "ports": [80]}"#)
    /// let new = try JSONValue.parse(#"{"replicas": 3, "ports": [80, 443]}"#)
    /// DocumentEdit.changes(from: old, to: new)
    /// // [set /replicas to 3, remove /debug, set /ports/- to 443]
    /// ```
    public static func changes(from old: JSONValue, to new: JSONValue) -> [DocumentEdit] {
        changes(from: old, to: new, itemByItem: false)
    }

    /// `changes(from:to:)`; `itemByItem`: a list is never set whole when it is a list on both sides, its items
    /// compared in place (a form over a file: its documents hold only what the form asks, so a list set whole would
    /// drop the members no question asks).
    package static func changes(from old: JSONValue, to new: JSONValue, itemByItem: Bool) -> [DocumentEdit] {
        var edits: [DocumentEdit] = []
        collect(old, new, at: "", itemByItem: itemByItem, into: &edits)
        return edits
    }

    private static func collect(_ old: JSONValue, _ new: JSONValue, at pointer: String, itemByItem: Bool = false,
                                into edits: inout [DocumentEdit]) {
        guard old != new else { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            // Each name's value by a table (a map of 40,000 entries is not searched member by member per name).
            let was = before.lastValues, now = after.lastValues
            // A member whose name alone changed, in its place (a map's entry renamed): renamed, not removed and
            // added at the end.
            var renamed: [String: String] = [:]   // the new name: the old one
            if before.members.count == after.members.count {
                for (old, new) in zip(before.members, after.members)
                where old.key != new.key && now[old.key] == nil && was[new.key] == nil {
                    renamed[new.key] = old.key
                }
            }
            for key in after.keys {
                let path = pointer + "/" + JSONPointer.escape(key)
                if let old = renamed[key] {
                    edits.append(.rename(pointer + "/" + JSONPointer.escape(old), to: key))
                    collect(was[old] ?? .null, now[key] ?? .null, at: path, itemByItem: itemByItem, into: &edits)
                } else if let value = was[key] {
                    collect(value, now[key] ?? .null, at: path, itemByItem: itemByItem, into: &edits)
                } else {
                    edits.append(.set(path, to: now[key] ?? .null))
                }
            }
            let renamedFrom = Set(renamed.values)
            for key in before.keys where now[key] == nil && !renamedFrom.contains(key) {
                edits.append(.remove(pointer + "/" + JSONPointer.escape(key)))
            }
        case (.array(let before), .array(let after)):
            // Items removed from anywhere, the others kept in order (a form's `-routes.0`): their own edits.
            if after.count < before.count, let removed = Self.removedItems(before, after) {
                for index in removed.reversed() { edits.append(.remove(pointer + "/\(index)")) }
                return
            }
            let common = min(before.count, after.count)
            let changedInside = (0..<common).filter { before[$0] != after[$0] }
            // A list changed in more places than it keeps is set whole (fewer, clearer edits).
            guard itemByItem || changedInside.count * 2 <= max(common, 1) || common == 0 else {
                edits.append(.set(pointer, to: new))
                return
            }
            for index in changedInside {
                collect(before[index], after[index], at: pointer + "/\(index)", itemByItem: itemByItem, into: &edits)
            }
            for item in after.dropFirst(common) { edits.append(.set(pointer + "/-", to: item)) }
            for index in stride(from: before.count - 1, through: common, by: -1) {
                edits.append(.remove(pointer + "/\(index)"))
            }
        default:
            edits.append(.set(pointer, to: new))
        }
    }
}

extension DocumentEdit {
    /// The positions of the items of `before` that `after` lacks when `after` is `before` with some items removed
    /// and the others unchanged, in order; nil otherwise.
    static func removedItems(_ before: [JSONValue], _ after: [JSONValue]) -> [Int]? {
        var removed: [Int] = []
        var next = 0
        for (index, item) in before.enumerated() {
            if next < after.count && after[next] == item {
                next += 1
            } else {
                removed.append(index)
            }
        }
        return next == after.count ? removed : nil
    }
}

extension DocumentEditor {
    /// The text changed so that the document reads as `newValue`, by the fewest edits
    /// (`DocumentEdit.changes(from:to:)`): the bytes of what did not change stay.
    ///
    /// ```swift
    /// let editor = try DocumentEditor(text: "# port\nport: 80\nname: web\n")
    /// let wanted = try JSONValue.parse(#"{"port": 8080, "name": "web"}"#)
    /// try editor.applying(changesTo: wanted)   // "# port\nport: 8080\nname: web\n"
    /// ```
    public func applying(changesTo newValue: JSONValue) throws(DocumentEditError) -> String {
        try applying(DocumentEdit.changes(from: value, to: newValue))
    }
}
