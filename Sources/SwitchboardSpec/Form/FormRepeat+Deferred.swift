// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

// A form over a document (`form --edit`) makes, for each item of a list the document fills, only the questions the
// document answers and those the item needs to be decided (a required question without a default, one with a check
// or a choices command, and the questions their conditions read): a compose file's 333 services ask about 120
// questions each, of which the file answers ten. The other questions of an item are made when one of them is first
// named (`form["services.3.build"]`, from the review): all of that item's at once, in their places, so that their
// conditions read the item's own answers as when made eagerly. Until then they are optional questions holding
// nothing or their default: valid, not listed by a review that lists the file's answers only
// (`FormFlow.reviewListsEmptyAnswers`); the defaults they bring when made are the document's as it was
// (`Form.makingDeferredQuestions`: a form over a document does not write a default the file leaves out).

/// The questions of one item not made yet: their names within the item, and whether each has a condition.
struct DeferredQuestions {
    var names: [(name: String, conditioned: Bool)]
}

/// Which questions of an item's template an item needs made with it (see above), and what an item held without
/// questions may answer (see FormRepeat+Held.swift).
struct ItemQuestionNeeds {
    /// Needed by any item: required without a default, with a check or a choices command, an item of one value.
    private let always: [Bool]
    /// The questions' names within the item, kinds, and whether each is required.
    let names: [String]
    let kinds: [FieldKind]
    let required: [Bool]
    /// Whether an item held without questions may answer it: no condition, check, choices command or binding;
    /// of one value on one line, not masked.
    let holdable: [Bool]
    /// Whether the item is one value (`tags.0`).
    let holdsValues: Bool
    /// For each question, the template's questions its condition reads.
    private let reads: [[Int]]
    /// Each question's place in the template, by name.
    let positions: [String: Int]
    /// Whether each question has a condition of its own.
    let conditioned: [Bool]
    /// Each question's condition and its default (a fixed one; nil for none or one taken from another question),
    /// and whether its default is taken from another question.
    let conditions: [WhenSpec?]
    let literalDefaults: [String?]
    let derivedDefaults: [Bool]

    init(_ template: [FieldSpec], holdsValues: Bool) {
        self.holdsValues = holdsValues
        names = template.map(\.name)
        conditioned = template.map { $0.when != nil }
        conditions = template.map(\.when)
        literalDefaults = template.map { spec in
            if case .literal(let value)? = spec.defaultValue { value } else { nil }
        }
        derivedDefaults = template.map { $0.defaultValue?.isDerived == true }
        kinds = template.map(\.kind)
        required = template.map(\.isRequired)
        always = template.map { spec in
            holdsValues || (spec.isRequired && spec.defaultValue == nil) || spec.check != nil
                || spec.choicesCommand != nil
        }
        holdable = template.map { spec in
            guard spec.when == nil, spec.check == nil, spec.choicesCommand == nil, spec.sameAs == nil,
                  spec.after == nil else { return false }
            switch spec.kind {
            case .text, .number, .yesNo, .confirm, .choice: return true
            case .masked, .multiline, .multiselect: return false
            }
        }
        var index: [String: Int] = [:]
        for (position, spec) in template.enumerated() where index[spec.name] == nil { index[spec.name] = position }
        positions = index
        reads = template.map { spec in spec.when?.references.compactMap { index[$0.field] } ?? [] }
    }

    /// Whether every item needs the question at `position` made.
    func alwaysNeeded(_ position: Int) -> Bool { always[position] }

    /// The questions `item` needs: those needed always and those the document answers, and what their conditions
    /// read (until nothing more is needed).
    @MainActor func needed(by item: FormItem) -> [Bool] {
        guard let answered = item.answered else { return Array(repeating: true, count: names.count) }
        var needed = always
        for name in answered { if let position = positions[name] { needed[position] = true } }
        var changed = true
        while changed {
            changed = false
            for position in names.indices.reversed() where needed[position] {
                for read in reads[position] where !needed[read] {
                    needed[read] = true
                    changed = true
                }
            }
        }
        return needed
    }
}

extension FormItem {
    /// Whether the item's closure should make the question `name` (named within the item) now. A closure that
    /// never asks makes every question: items are made whole but for a form over a document (see
    /// `Form.defersEmptyItemQuestions`).
    /// - Parameters:
    ///   - eager: the question is made now: the document answers it, or the item needs it to be decided (see
    ///     `ItemQuestionNeeds`).
    ///   - conditioned: the question has a condition of its own (it is not offered by name until made).
    ///
    /// ```swift
    /// let needed = needs.needed(by: item)   // ItemQuestionNeeds
    /// for (index, spec) in template.enumerated()
    /// where item.wants(spec.name, eager: needed[index], conditioned: spec.when != nil) {
    ///     item.field(spec.name)
    /// }
    /// ```
    func wants(_ name: String, eager: Bool, conditioned: Bool) -> Bool {
        order += 1
        if let only { return only.contains(name) }
        if eager || answered == nil { return true }
        deferred.append((name, conditioned))
        return false
    }

    /// The item's question named `name` within the item, made in this pass or before: what its conditions read.
    func madeField(_ name: String) -> FormField? {
        made[name] ?? existing[name]
    }
}

extension Form {
    /// For each item of `list` that `names` name (`services.3.build.context`), the names within it with every prefix
    /// (`build.context`, `build`): the questions an item makes at once.
    static func itemAnswers(_ names: [String], in list: FormRepeat) -> [Int: Set<String>] {
        var items: [Int: Set<String>] = [:]
        for name in names {
            guard let (index, within) = item(named: name, in: list.name), let local = within else { continue }
            insertWithPrefixes(local, into: &items[index, default: []])
        }
        return items
    }

    /// Inserts `name` (`build.context`) and each of its prefixes (`build`) into `names`, stopping at one already
    /// there (its prefixes are then there too).
    static func insertWithPrefixes(_ name: Substring, into names: inout Set<String>) {
        var end = name.utf8.endIndex
        while names.insert(String(name[..<end])).inserted,
              let dot = name.utf8[..<end].lastIndex(of: UInt8(ascii: ".")) {
            end = dot
        }
    }

    /// The questions `item`'s closure declined (deferred), noted in `list`'s names and the form's count.
    func noteDeferred(_ item: FormItem, in list: FormRepeat) -> DeferredQuestions? {
        for question in item.deferred { list.deferredNameSet.insert(question.name) }
        deferredQuestionCount += item.deferred.count
        return item.deferred.isEmpty ? nil : DeferredQuestions(names: item.deferred)
    }

    /// The item of the list `list` (a list's name) that `name` names (`services.3.build` is item 3 of `services`,
    /// `build` within it), read over the bytes; nil when it names none, or an item past `mostItemsFromAnswers`.
    nonisolated static func item(named name: String, in list: String) -> (index: Int, within: Substring?)? {
        let bytes = name.utf8, prefix = list.utf8
        guard bytes.count > prefix.count + 1 else { return nil }
        var position = bytes.index(bytes.startIndex, offsetBy: prefix.count)
        // The dot after the list's name first: most names are not the list's, and most fail there.
        guard bytes[position] == UInt8(ascii: "."), bytes.starts(with: prefix) else { return nil }
        position = bytes.index(after: position)
        var index = 0, digits = 0
        while position < bytes.endIndex, case let byte = bytes[position], byte >= 0x30 && byte <= 0x39 {
            index = index * 10 + Int(byte - 0x30)
            digits += 1
            guard index < mostItemsFromAnswers else { return nil }
            position = bytes.index(after: position)
        }
        guard digits > 0 else { return nil }
        if position == bytes.endIndex { return (index, nil) }
        guard bytes[position] == UInt8(ascii: "."), bytes.index(after: position) < bytes.endIndex else { return nil }
        return (index, name[bytes.index(after: position)...])
    }

    /// The questions of item `index` of `list` not made yet, made now, in their places among the item's others.
    func makeDeferredQuestions(of list: FormRepeat, at index: Int) {
        guard list.deferred.indices.contains(index), let pending = list.deferred[index] else { return }
        list.deferred[index] = nil
        deferredQuestionCount -= pending.names.count
        let item = newItem(of: list, at: index)
        item.only = Set(pending.names.map(\.name))
        let depth = list.path.count + 1
        for field in list.items[index] { item.existing[pathName(Array(field.path.dropFirst(depth)))] = field }
        func make() {
            list.makeItem(item)
            prepare(item.fields, of: list)
            list.items[index] = (list.items[index] + item.fields).sorted { $0.itemOrder < $1.itemOrder }
            settle(item.fields)
        }
        if let makingDeferredQuestions { makingDeferredQuestions(make) } else { make() }
    }

    /// Makes the deferred questions of the item `name` names (`services.3.build`), if it names one; true when
    /// questions were made.
    func makeDeferredQuestions(named name: String) -> Bool {
        guard deferredQuestionCount > 0 else { return false }
        for list in repeats {
            guard let (index, within) = Form.item(named: name, in: list.name), let within,
                  list.deferred.indices.contains(index), let pending = list.deferred[index] else { continue }
            let local = String(within)
            // Most names looked up and not found are no question at all (`services.3.ports`, a value the form keeps
            // as written): refused by the list's names before the item's.
            guard list.deferredNameSet.contains(local), pending.names.contains(where: { $0.name == local }) else {
                continue
            }
            makeDeferredQuestions(of: list, at: index)
            return true
        }
        return false
    }

    /// The names of the questions not made yet that would be asked (an unconditioned question of a shown list's
    /// item, a held item's included): what the review offers by name beside the questions made, worked out when
    /// Tab is pressed (a compose file's services leave tens of thousands).
    var deferredQuestionNames: [String] {
        guard deferredQuestionCount > 0 || heldItemCount > 0 else { return [] }
        var names: [String] = []
        for list in repeats where list.isShown.value {
            list.forEachDeferredName { index, question in names.append("\(list.name).\(index).\(question)") }
        }
        return names
    }

    /// How many names `deferredQuestionNames` holds, counted without making them (the review says it).
    var deferredQuestionNameCount: Int {
        guard deferredQuestionCount > 0 || heldItemCount > 0 else { return 0 }
        var count = 0
        for list in repeats where list.isShown.value { list.forEachDeferredName { _, _ in count += 1 } }
        return count
    }
}

extension FormRepeat {
    /// Calls `body` with each item's index and the name within it of each of its unconditioned questions not made
    /// yet (a held item's questions it leaves empty included).
    func forEachDeferredName(_ body: (_ index: Int, _ name: String) -> Void) {
        for (index, pending) in deferred.enumerated() {
            if let held = heldItem(at: index), let needs = itemNeeds {
                let answered = Set(held.answers.map(\.name) + held.keptAsWritten)
                for (position, question) in needs.names.enumerated()
                where !needs.conditioned[position] && !answered.contains(question) {
                    body(index, question)
                }
                continue
            }
            guard let pending else { continue }
            for question in pending.names where !question.conditioned { body(index, question.name) }
        }
    }
}
