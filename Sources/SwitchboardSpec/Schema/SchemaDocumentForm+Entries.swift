// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// A map's entries (a compose file's services, a workflow's jobs) are the items of a list whose first question is the
// entry's name. The document's changes follow the items, not the names: an item whose name was changed is the entry
// renamed (in place, its comments and the members the form does not ask kept), an item removed is its entry removed,
// and names swapped between entries are renames through a name no entry has, never the entries' values rewritten
// under their old names (which would leave the members no question asks with the wrong entry).

/// The entries of one map of the document, as the form's list holds them.
struct MapEntries {
    /// The list whose items are the entries.
    let list: FormRepeat
    /// The map's pointer, as tokens.
    let tokens: [String]
    /// The names the document writes, in order.
    let written: [String]
    /// The name in the document of each item's entry, by the item's name question.
    var origins: [ObjectIdentifier: String]
    /// The name within an item of its entry's name question (`key`).
    @MainActor var keyName: String { list.itemNeeds?.names.first ?? "key" }
}

/// The items of one list (an array) of the document, as the form's list holds them: an item removed is its own
/// lines removed, whatever else changed in the list (the others are then compared in place).
struct ListEntries {
    let list: FormRepeat
    /// The list's pointer, as tokens.
    let tokens: [String]
    /// How many items the document's list holds.
    let count: Int
    /// The position in the document of each item's value, by the item's identity (`FormRepeat.itemIdentity`).
    var origins: [ObjectIdentifier: Int]
}

extension SchemaDocumentForm {
    /// The maps of `document` the form's lists hold, each item's entry named as `document` names it (a draft's
    /// renames, already made in the answers, followed back).
    static func mapEntries(of form: Form, in document: JSONValue, renamed edits: [DocumentEdit]) -> [MapEntries] {
        var maps: [MapEntries] = []
        for (list, tokens, value) in documentLists(of: form, in: document) {
            guard case .object(let map) = value else { continue }
            var origins: [ObjectIdentifier: String] = [:]
            for index in list.items.indices {
                if let item = list.itemIdentity(at: index), let name = list.firstAnswer(at: index) {
                    origins[item] = name
                }
            }
            maps.append(MapEntries(list: list, tokens: tokens, written: map.keys, origins: origins))
        }
        for edit in edits.reversed() {
            guard case .rename(let name) = edit.change, let tokens = JSONPointer.tokens(edit.pointer),
                  let old = tokens.last else { continue }
            for index in maps.indices where maps[index].tokens == Array(tokens.dropLast()) {
                for (item, origin) in maps[index].origins where origin == name { maps[index].origins[item] = old }
            }
        }
        return maps
    }

    /// The form's lists asked (not kept as written) that are not in an item, with their pointer's tokens and the
    /// value `document` holds there (a map or a list).
    private static func documentLists(of form: Form, in document: JSONValue)
        -> [(list: FormRepeat, tokens: [String], value: JSONValue)] {
        form.repeats.compactMap { list in
            guard !list.keptAsWritten else { return nil }
            var tokens: [String] = []
            for component in list.path {
                guard case .key(let key) = component else { return nil }
                tokens.append(key)
            }
            return JSONPointer.walk(document, tokens).map { (list, tokens, $0) }
        }
    }

    /// The lists (arrays) of `document` the form's lists hold, each item's position in `document`; a draft's items
    /// removed and added (`edits`, already made in the answers) followed back.
    static func listEntries(of form: Form, in document: JSONValue, edited edits: [DocumentEdit]) -> [ListEntries] {
        var lists: [ListEntries] = []
        for (list, tokens, value) in documentLists(of: form, in: document) {
            guard case .array(let items) = value else { continue }
            let pointer = JSONPointer.pointer(tokens)
            // The position of each of the form's items in the document as it was before the draft's edits.
            var positions = Array(list.items.indices)
            for edit in edits.reversed() where edit.pointer.hasPrefix(pointer + "/") {
                guard case .remove = edit.change, let index = Int(edit.pointer.dropFirst(pointer.count + 1)) else {
                    continue
                }
                positions = positions.map { $0 >= index ? $0 + 1 : $0 }
            }
            var origins: [ObjectIdentifier: Int] = [:]
            for (index, position) in positions.enumerated() where position < items.count {
                if let item = list.itemIdentity(at: index) { origins[item] = position }
            }
            lists.append(ListEntries(list: list, tokens: tokens, count: items.count, origins: origins))
        }
        return lists
    }

    /// The items removed from the document's lists (the last first), each removal made in `baseline` too, so that
    /// what is left to compare is the items that stay, in place.
    func itemRemovals(baseline: inout JSONValue) -> [DocumentEdit] {
        var edits: [DocumentEdit] = []
        for entries in listEntries {
            let kept = Set(entries.list.items.indices.compactMap { index in
                entries.list.itemIdentity(at: index).flatMap { entries.origins[$0] }
            })
            for position in stride(from: entries.count - 1, through: 0, by: -1) where !kept.contains(position) {
                let tokens = entries.tokens + [String(position)]
                edits.append(.remove(JSONPointer.pointer(tokens)))
                if let edited = try? baseline.editing(tokens[...], .remove) { baseline = edited }
            }
        }
        return edits
    }

    /// The entries removed and renamed, in an order that can be made one after another (each made in `baseline`
    /// too, so that what is left to compare is the entries' values under their new names).
    /// `keeping`: items whose new name clashes with another entry's (`clashingEntries`): not renamed.
    func entryEdits(baseline: inout JSONValue, keeping clashes: [ObjectIdentifier: String?] = [:]) -> [DocumentEdit] {
        var edits: [DocumentEdit] = []
        for map in mapEntries {
            var renames: [(from: String, to: String)] = []
            var kept = Set<String>()
            for index in map.list.items.indices {
                guard let item = map.list.itemIdentity(at: index), let origin = map.origins[item],
                      let name = map.list.firstAnswer(at: index) else { continue }
                kept.insert(origin)
                if name != origin && clashes.index(forKey: item) == nil { renames.append((origin, name)) }
            }
            var inUse = Set(map.written)
            func make(_ edit: DocumentEdit, _ change: DocumentEdit.Change, at name: String) {
                edits.append(edit)
                if let edited = try? baseline.editing((map.tokens + [name])[...], change) { baseline = edited }
            }
            for name in map.written where !kept.contains(name) {
                make(.remove(JSONPointer.pointer(map.tokens + [name])), .remove, at: name)
                inUse.remove(name)
            }
            while !renames.isEmpty {
                var index = renames.firstIndex { !inUse.contains($0.to) }
                if index == nil {
                    // Every new name is taken. By an entry renamed too (names swapped or turned round): one entry
                    // first takes a name no entry has. By an entry that keeps it (two entries given one name, which
                    // the submit refuses): no rename can be written.
                    guard let cycle = renames.firstIndex(where: { rename in
                        renames.contains { $0.from == rename.to }
                    }) else { break }
                    var spare = renames[cycle].from + "~"
                    while inUse.contains(spare) || renames.contains(where: { $0.to == spare }) { spare += "~" }
                    renames.append((spare, renames[cycle].to))
                    renames[cycle].to = spare
                    index = cycle
                }
                let (from, to) = renames.remove(at: index!)
                make(.rename(JSONPointer.pointer(map.tokens + [from]), to: to), .rename(to), at: from)
                inUse.remove(from)
                inUse.insert(to)
            }
        }
        return edits
    }

    /// The items of the maps whose name is also another item's (two entries cannot have one name, which the submit
    /// refuses), by their identity: an entry renamed so, with its name in the document (counted under it); a new
    /// item, with nil (left out until its name is its own). Until none clashes: an item named back may clash in turn.
    var clashingEntries: [ObjectIdentifier: String?] {
        var clashes: [ObjectIdentifier: String?] = [:]
        for map in mapEntries {
            var found = true
            while found {
                found = false
                var names: [String: Int] = [:]
                var items: [(item: ObjectIdentifier, origin: String?, name: String)] = []
                for index in map.list.items.indices {
                    guard let item = map.list.itemIdentity(at: index),
                          let shown = documentName(at: index, of: map, clashes) else { continue }
                    items.append((item, map.origins[item], shown))
                    names[shown, default: 0] += 1
                }
                for entry in items where names[entry.name, default: 0] > 1 && clashes.index(forKey: entry.item) == nil {
                    if let origin = entry.origin {
                        guard origin != entry.name else { continue }
                        clashes[entry.item] = .some(origin)
                    } else {
                        clashes[entry.item] = .some(nil)
                    }
                    found = true
                }
            }
        }
        return clashes
    }

    /// `repeated` (`SchemaForm.repeatedEntryNames`, which names the later of two entries of one name) naming the
    /// entries given the name instead (renamed, or new): the ones the user changed, asked again.
    func clashFailures(_ repeated: [FieldFailure]) -> [FieldFailure] {
        let clashes = clashingEntries
        var failures: [FieldFailure] = []
        for map in mapEntries {
            for index in map.list.items.indices {
                guard let item = map.list.itemIdentity(at: index), clashes.index(forKey: item) != nil,
                      let name = map.list.firstAnswer(at: index) else { continue }
                failures.append(FieldFailure(
                    field: "\(map.list.name).\(index).\(map.keyName)", rule: "unique",
                    message: "the name \(displayQuoted(name, limit: 60)) is given to another entry of \(map.list.name); "
                        + "each entry needs a name of its own", value: name))
            }
        }
        return failures.isEmpty ? repeated : failures
    }

    /// The form's document, an entry given a name another entry has (`clashingEntries`) under its own name.
    func document() -> JSONValue {
        document(namingBack: clashingEntries)
    }

    /// The form's document with the items of `clashes` under their entries' names in the document, or left out.
    func document(namingBack clashes: [ObjectIdentifier: String?]) -> JSONValue {
        guard !clashes.isEmpty else { return schemaForm.document(of: form) }
        var answers = form.typedAnswers
        for map in mapEntries {
            for index in map.list.items.indices {
                guard let item = map.list.itemIdentity(at: index), let clash = clashes[item] else { continue }
                if let origin = clash {
                    answers.insert(.text(origin), at: (map.list.path + [.index(index), .key(map.keyName)])[...])
                } else {
                    answers.insert(.null, at: (map.list.path + [.index(index)])[...])   // no entry
                }
            }
        }
        return SchemaForm.typed(answers, schemaForm.document)
    }

    /// The name the form's document (`document(namingBack: clashes)`) gives item `index` of `map`: its own, or,
    /// clashing, its entry's name in the document; nil when it is left out or has no name.
    private func documentName(at index: Int, of map: MapEntries, _ clashes: [ObjectIdentifier: String?]) -> String? {
        if let item = map.list.itemIdentity(at: index), let clash = clashes[item] { return clash }
        return map.list.firstAnswer(at: index)
    }

    /// `tokens` (a pointer into the form's document `document(namingBack: clashes)`) with each entry named as the
    /// document names it: where a default a question brings when made later goes in `initialDocument`; nil for an
    /// entry the document does not have.
    func writtenTokens(_ tokens: [String], _ clashes: [ObjectIdentifier: String?]) -> [String]? {
        var tokens = tokens
        for map in mapEntries where tokens.count > map.tokens.count && tokens.starts(with: map.tokens) {
            let current = tokens[map.tokens.count]
            guard let index = map.list.items.indices.first(where: { documentName(at: $0, of: map, clashes) == current }),
                  let origin = map.list.itemIdentity(at: index).flatMap({ map.origins[$0] }) else { return nil }
            tokens[map.tokens.count] = origin
        }
        return tokens
    }

    /// `edits` with an edit that reaches into a value the document writes as a scalar (an entry written `web: oops`
    /// where the schema wants an object, now answered) made a set of that whole value, as the answers hold it.
    static func wholeWhereScalar(_ edits: [DocumentEdit], final: JSONValue, written: JSONValue) -> [DocumentEdit] {
        var result: [DocumentEdit] = []
        for edit in edits {
            guard let tokens = JSONPointer.tokens(edit.pointer), !tokens.isEmpty else {
                result.append(edit)
                continue
            }
            // The values on the way, the parent of the edited one last: a scalar among them is set whole.
            var value: JSONValue? = written
            var replaced: DocumentEdit?
            for depth in 0..<tokens.count {
                guard let current = value else { break }
                if case .object = current {} else if case .array = current {} else {
                    let prefix = tokens[..<depth]
                    let pointer = JSONPointer.pointer(prefix)
                    replaced = JSONPointer.walk(final, prefix).map { .set(pointer, to: $0) } ?? .remove(pointer)
                    break
                }
                guard depth < tokens.count - 1 else { break }
                value = JSONPointer.walk(current, [tokens[depth]])
            }
            let made = replaced ?? edit
            if !result.contains(made) { result.append(made) }
        }
        return result
    }
}
