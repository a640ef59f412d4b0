// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

// A form over a document (`form --edit`) holds most items of a list the document fills without making their
// questions: a compose file's 333 services are 333 values the user looks at and leaves, and each question costs
// about 4 KB (its field, its input, its observers). An item is held when the document's value there is one the
// schema takes (`Form.unsettledItems` names the others) and its answers are plain ones: each names a question of
// the item's template without a condition, a check, a choices command or a binding, of one value (text, a number, a
// yes/no, a choice), one line, not empty; and every question the item needs (see `ItemQuestionNeeds`) is among them.
// A held item keeps its answers as text and its value as its questions would give it (`nestedTypedAnswers` puts it
// in its place); the review lists its answers, marked valid. When one of its questions is named (typed in the
// review, a number of the review's list, `form["services.3.image"]`), the item's questions are made and given its
// answers, in their places, as deferred questions are (`Form.makingDeferredQuestions` around it).

/// What an item of a list is known by (`FormRepeat.itemIdentity(at:)`).
@MainActor
final class ItemToken {}

/// An item of a document's list held without questions (see above).
@MainActor
final class HeldItem {
    /// The answers by name within the item, in the order of the item's questions, with each question's kind.
    let answers: [(name: String, text: String, kind: FieldKind)]
    /// The item's value as its questions would give it.
    let typed: TypedAnswer
    /// The answer of the item's first question (a map's entry name), if it has one.
    let firstAnswer: String?
    /// The questions whose value in the document is an object or a list they cannot hold: hidden, the value kept
    /// as written (see `SchemaForm.keptAsWritten(in:)`).
    let keptAsWritten: [String]

    init(answers: [(name: String, text: String, kind: FieldKind)], typed: TypedAnswer, firstAnswer: String?,
         keptAsWritten: [String]) {
        self.answers = answers
        self.typed = typed
        self.firstAnswer = firstAnswer
        self.keptAsWritten = keptAsWritten
    }

    /// The answer to the question named `name` within the item.
    func answer(named name: String) -> String? {
        answers.first { $0.name == name }?.text
    }
}

extension ItemQuestionNeeds {
    /// The item `answers` (by name within the item) make, held without questions, or nil when it cannot be
    /// (see above). `structured`: the names within the item whose value is an object (false) or a list (true).
    @MainActor func held(_ answers: [(name: Substring, text: String)],
                         structured: [(name: Substring, isList: Bool)]) -> HeldItem? {
        guard !holdsValues else { return nil }
        // A question of one value whose value is an object or a list is hidden by the prefill, the value kept as
        // written (a multi-select takes a list: not held).
        var kept: [String] = []
        for (name, isList) in structured {
            guard let position = positions[String(name)] else { continue }
            if isList && kinds[position].isMultiselect { return nil }
            kept.append(names[position])
        }
        var texts: [String?] = Array(repeating: nil, count: names.count)
        for (name, text) in answers {
            // An answer no question takes is left out, as a form filled with it leaves it out.
            guard let position = positions[String(name)], !kept.contains(names[position]) else { continue }
            guard holdable[position], texts[position] == nil, !text.isEmpty,
                  !text.unicodeScalars.contains(where: needsDisplayEscape) else { return nil }
            texts[position] = text
        }
        var held: [(name: String, text: String, kind: FieldKind)] = []
        var typed = TypedAnswer.object(TypedAnswers([]))
        for position in names.indices {
            guard let text = texts[position] else {
                // A question every item needs is asked unless its condition surely does not hold (the required
                // property of an optional object the item does not have).
                if alwaysNeeded(position) && !(conditions[position].map { surelyFails($0, texts) } ?? false) {
                    return nil
                }
                continue
            }
            guard let value = FormField.typedValue(of: text, kind: kinds[position], isRequired: required[position])
            else { return nil }
            let path = names[position].utf8.split(separator: UInt8(ascii: "."))
                .map { AnswerPathComponent.key(String(Substring($0))) }
            typed.insert(value, at: path[...])
            held.append((names[position], text, kinds[position]))
        }
        guard !held.isEmpty else { return nil }
        return HeldItem(answers: held, typed: typed, firstAnswer: texts.first ?? nil, keptAsWritten: kept)
    }

    /// Whether `condition` cannot hold for an item whose answers are `texts` (by the questions' places; a question
    /// without an answer holds its fixed default or nothing): a yes the item does not give, a value among `values`
    /// none is given. Anything else may hold.
    private func surelyFails(_ condition: WhenSpec, _ texts: [String?]) -> Bool {
        func text(_ name: String) -> String?? {
            guard let position = positions[name], !derivedDefaults[position] else { return .none }
            return .some(texts[position] ?? literalDefaults[position])
        }
        switch condition {
        case .yes(let name, _):
            guard case .some(let value) = text(name) else { return false }
            return value.flatMap(parseYesNo) != true
        case .equals(let name, let values, _):
            guard case .some(let value) = text(name) else { return false }
            return !values.contains(value ?? "")
        case .all(let list):
            return list.contains { surelyFails($0, texts) }
        case .any(let list):
            return list.allSatisfy { surelyFails($0, texts) }
        case .rule:
            return false
        }
    }
}

extension FormRepeat {
    /// The item at `index` held without questions, if it is.
    func heldItem(at index: Int) -> HeldItem? {
        held.indices.contains(index) ? held[index] : nil
    }

    /// What an item is known by while the form lives (a map's entry followed through renames, a list's item through
    /// removals), held or made, whatever questions it makes later.
    func itemIdentity(at index: Int) -> ObjectIdentifier? {
        itemTokens.indices.contains(index) ? ObjectIdentifier(itemTokens[index]) : nil
    }

    /// The answer of item `index`'s first question (a map's entry name), held or asked.
    func firstAnswer(at index: Int) -> String? {
        if let held = heldItem(at: index) { return held.firstAnswer }
        return items[index].first?.value
    }

    /// The answer to the question `name` (within the item) of item `index`, held or asked, without making
    /// anything; nil when there is no such answer.
    func answer(at index: Int, named name: String) -> (text: String, field: FormField?)? {
        if let held = heldItem(at: index) { return held.answer(named: name).map { ($0, nil) } }
        let full = "\(self.name).\(index).\(name)"
        return items[index].first { $0.name == full }.map { ($0.value, $0) }
    }
}

extension Form {
    /// The items of `list` that `answers` make held without questions (see above), by index: none unless the
    /// form holds items (`unsettledItems` set) and the list is one of the form's own (not a list in an item).
    func heldItems(of list: FormRepeat, answers: Answers, structured: [String: Bool]) -> [Int: HeldItem] {
        guard let unsettled = unsettledItems, let needs = list.itemNeeds, !unsettled.contains(list.name),
              !list.path.contains(where: { if case .index = $0 { true } else { false } }) else { return [:] }
        var answered: [Int: [(name: Substring, text: String)]] = [:]
        for (name, text) in answers {
            guard let (index, within) = Form.item(named: name, in: list.name) else { continue }
            guard let within else { return [:] }   // an item of one value
            answered[index, default: []].append((within, text))
        }
        var objects: [Int: [(name: Substring, isList: Bool)]] = [:]
        for (name, isList) in structured {
            guard let (index, within) = Form.item(named: name, in: list.name), let within else { continue }
            objects[index, default: []].append((within, isList))
        }
        var held: [Int: HeldItem] = [:]
        for (index, itemAnswers) in answered where !unsettled.contains("\(list.name).\(index)") {
            if let item = needs.held(itemAnswers, structured: objects[index] ?? []) { held[index] = item }
        }
        return held
    }

    /// Whether `name` (`services.3.image`) names a question of an item held without questions.
    func isInHeldItem(_ name: String) -> Bool {
        guard heldItemCount > 0 else { return false }
        for list in repeats where !list.held.isEmpty {
            if let (index, _) = Form.item(named: name, in: list.name), list.heldItem(at: index) != nil { return true }
        }
        return false
    }

    /// Makes the questions of the held item whose question `name` names (`services.3.image`, or one the document
    /// leaves empty), giving them the item's answers; true when an item was made.
    func makeHeldQuestions(named name: String) -> Bool {
        guard heldItemCount > 0 else { return false }
        for list in repeats where !list.held.isEmpty {
            guard let (index, within) = Form.item(named: name, in: list.name), let within,
                  list.heldItem(at: index) != nil, list.itemNeeds?.names.contains(String(within)) == true
            else { continue }
            makeHeldQuestions(of: list, at: index)
            return true
        }
        return false
    }

    /// Makes the questions of the held item `index` of `list` and gives them its answers (its empty questions
    /// deferred, as when an item is made from a document).
    func makeHeldQuestions(of list: FormRepeat, at index: Int) {
        guard let held = list.heldItem(at: index) else { return }
        let item = newItem(of: list, at: index)
        var answered = Set<String>()
        for name in held.answers.map(\.name) + held.keptAsWritten { Form.insertWithPrefixes(name[...], into: &answered) }
        item.answered = answered
        func make() {
            // Held until made: what the document was before is read with the held value in its place.
            list.held[index] = nil
            heldItemCount -= 1
            list.makeItem(item)
            prepare(item.fields, of: list)
            list.items[index] = item.fields
            list.deferred[index] = noteDeferred(item, in: list)
            settle(item.fields)
            for answer in held.answers { item.made[answer.name]?.answer(answer.text) }
            for name in held.keptAsWritten { item.made[name]?.keepAsWritten() }
        }
        if let makingDeferredQuestions { makingDeferredQuestions(make) } else { make() }
    }
}

extension Form {
    /// Whether naming `name` would make a question (of a held item, or one deferred) of a shown list, making
    /// nothing: what the review's line accepts while it is typed.
    func wouldMakeQuestion(named name: String) -> Bool {
        guard deferredQuestionCount > 0 || heldItemCount > 0 else { return false }
        for list in repeats where list.isShown.value {
            guard let (index, within) = Form.item(named: name, in: list.name), let within else { continue }
            let local = String(within)
            if list.heldItem(at: index) != nil, list.itemNeeds?.names.contains(local) == true { return true }
            if list.deferred.indices.contains(index), let pending = list.deferred[index],
               pending.names.contains(where: { $0.name == local && !$0.conditioned }) {
                return true
            }
        }
        return false
    }
}

extension FormField {
    /// Hides the field, keeping the document's value as written: a value the question cannot hold (an object or a
    /// list, text of several lines).
    func keepAsWritten() {
        keptAsWritten = true
        show(when: .test(reading: []) { false }).validate()
    }
}

extension Form {
    /// The names of the questions of held items whose values are kept as written (`services.3.depends_on`).
    var heldKeptAsWritten: [String] {
        guard heldItemCount > 0 else { return [] }
        var names: [String] = []
        for list in repeats {
            for (index, held) in list.held.enumerated() {
                guard let held else { continue }
                for name in held.keptAsWritten { names.append("\(list.name).\(index).\(name)") }
            }
        }
        return names
    }
}
