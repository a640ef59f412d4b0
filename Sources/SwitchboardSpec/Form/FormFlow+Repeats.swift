// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

// Groups and lists in the terminal flow: a group's title before its first question, a list's items asked one by
// one (an empty answer to an item's first question ends the list), and the review's `+list` and `-list.N`.
extension FormFlow {
    /// Shows the titles of the groups `field` enters (outermost first), once each time the flow enters them.
    func showGroupTitle(of field: FormField, _ prompter: FormPrompter) {
        var entered: [FormGroup] = []
        var group = field.group
        let open = Set(ancestors(of: shownGroup).map(ObjectIdentifier.init))
        while let current = group, !open.contains(ObjectIdentifier(current)) {
            entered.insert(current, at: 0)
            group = current.parent
        }
        for group in entered { prompter.show(group.title) }
        shownGroup = field.group
    }

    private func ancestors(of group: FormGroup?) -> [FormGroup] {
        var chain: [FormGroup] = []
        var current = group
        while let group = current {
            chain.append(group)
            current = group.parent
        }
        return chain
    }

    /// Asks a list: its items not yet answered validly (from a draft or input), then new items until an empty
    /// answer (once it holds `minimum` items) or until it is full.
    func askList(_ list: FormRepeat, _ prompter: FormPrompter) throws(PromptInterruption) {
        prompter.show(list.title)
        shownGroup = list.group
        for item in list.items {
            for field in item where field.isShown.value && !(field.isAnswered.value && field.verdict.value.isValid) {
                try ask(field, prompter, fromReview: false)
            }
        }
        while list.canAdd {
            guard try addItem(to: list, prompter, fromReview: false) else { return }
        }
    }

    /// A list of a form over values that are there (`reviewAfterAsking`): the fields of its items that need
    /// asking, then new items only while it holds fewer than its minimum.
    func askInvalidItems(_ list: FormRepeat, _ prompter: FormPrompter) throws(PromptInterruption) {
        let fields = list.items.joined().filter { $0.isShown.value && needsAsking($0) }
        if !fields.isEmpty || !list.allows(list.items.count) {
            prompter.show(list.title)
            shownGroup = list.group
        }
        for field in fields { try ask(field, prompter, fromReview: false) }
        while !list.allows(list.items.count), list.canAdd {
            guard try addItem(to: list, prompter, fromReview: false) else { return }
        }
    }

    /// Adds an item to `list` and asks its fields; false (and no item) when the user ends the list instead: an
    /// empty answer to the first question (or "no" to "Add an item?"), or Ctrl-D there, once the list holds its
    /// minimum.
    func addItem(to list: FormRepeat, _ prompter: FormPrompter, fromReview: Bool) throws(PromptInterruption) -> Bool {
        let mayEnd = list.allows(list.items.count)
        let fields = form.addItem(to: list)
        guard let first = fields.first else { return false }
        if mayEnd {
            let started: Bool
            do {
                started = try startItem(first, list, prompter, fromReview: fromReview)
            } catch .endOfInput {
                started = false
            }
            if !started {
                form.removeItem(list.items.count - 1, from: list)
                return false
            }
        } else {
            try ask(first, prompter, fromReview: fromReview)
        }
        for field in fields.dropFirst() where field.isShown.value { try ask(field, prompter, fromReview: fromReview) }
        saveDraft(prompter)
        return true
    }

    /// Asks an item's first question where an empty answer ends the list: typed fields directly, other kinds
    /// after "Add an item to LIST?". Returns whether the item was answered.
    /// From the review (`+list`), one item is added: the line saying an empty answer ends the list is not shown (an
    /// empty answer adds none, and the review's Enter submits).
    private func startItem(_ first: FormField, _ list: FormRepeat, _ prompter: FormPrompter,
                           fromReview: Bool) throws(PromptInterruption) -> Bool {
        switch first.kind {
        case .text, .masked, .number:
            if !fromReview { prompter.show(FormWords.fill(words.listEnds, ["list": list.title])) }
            // Its help, as `ask` shows it for every other question (the item's later ones included).
            if let help = first.help, !help.isEmpty { prompter.show(help) }
            let line = try readOne(first, prompter, endingList: true)
            if line.isEmpty { return false }
            first.answer(line)
            return true
        default:
            let question = FormWords.fill(words.listAddItem, ["list": list.title]) + " (\(words.yes)/\(words.no)): "
            let line = try prompter.readLine(prompt: question, initial: "", masked: false, choices: [],
                                             enforcing: true) { candidate in
                candidate.isEmpty || parseYesNo(candidate) != nil || self.words.yesNo(candidate) != nil
                    ? .valid : .invalid("yes-no", "must be yes or no")
            }
            guard parseYesNo(line) ?? words.yesNo(line) ?? false else { return false }
            try ask(first, prompter, fromReview: false)
            return true
        }
    }

    /// The list commands Tab completes in the review: `+list` for each shown list that takes another item,
    /// `-list.N` for each item of one that can lose one.
    var listCommandNames: [String] {
        var names: [String] = []
        for list in form.repeats where list.isShown.value {
            if list.canAdd { names.append("+" + list.name) }
            if list.allows(list.items.count - 1) {
                for index in list.items.indices { names.append("-\(list.name).\(index)") }
            }
        }
        return names
    }

    /// The review's line under the answers when the form has lists.
    var reviewListHint: [String] {
        guard let list = form.repeats.first(where: { $0.isShown.value }) else { return [] }
        return [FormWords.fill(words.reviewListHint, ["list": list.name])]
    }

    /// What a review answer starting with `+` or `-` does: add an item to a list, or remove one.
    private enum ListCommand {
        case add(FormRepeat)
        case remove(FormRepeat, Int)
    }

    private func listCommand(_ text: String) -> ListCommand?? {
        let trimmed = String(text.trimmingSpacesAndTabs)
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let name = String(trimmed.dropFirst())
        // A list that is not asked (its condition does not hold) takes no items from the review.
        if sign == "+" { return .some(form.repeatNamed(name).flatMap { $0.isShown.value ? .add($0) : nil }) }
        guard let dot = name.lastIndex(of: "."), let index = Int(name[name.index(after: dot)...]),
              let list = form.repeatNamed(String(name[..<dot])), list.isShown.value,
              list.items.indices.contains(index) else {
            return .some(nil)
        }
        return .some(.remove(list, index))
    }

    /// The review's live verdict for `+list` and `-list.N` (nil: not a list command).
    func listCommandVerdict(_ candidate: String) -> Verdict? {
        guard let command = listCommand(candidate) else { return nil }
        switch command {
        case .add(let list)?:
            if list.canAdd { return .valid }
            return .invalid("review", FormWords.fill(words.listFull, ["list": list.name, "n": String(list.maximum ?? 0)]))
        case .remove(let list, _)?:
            if list.allows(list.items.count - 1) { return .valid }
            return .invalid("review", FormWords.fill(words.listAtMinimum, ["list": list.name, "n": String(list.minimum)]))
        case nil:
            return .invalid("review", FormWords.fill(words.listNoItem, ["name": displayQuoted(candidate, limit: 60)]))
        }
    }

    /// Adds or removes an item for a review answer `+list` or `-list.N`; false when the answer is not one.
    func editList(_ choice: String, _ prompter: FormPrompter) throws(PromptInterruption) -> Bool {
        guard let command = listCommand(choice) else { return false }
        switch command {
        case .add(let list)?:
            if list.canAdd {
                if try addItem(to: list, prompter, fromReview: true) == false { return true }
            } else {
                prompter.show(FormWords.fill(words.listFull, ["list": list.name, "n": String(list.maximum ?? 0)]))
            }
        case .remove(let list, let index)?:
            if !form.removeItem(index, from: list) {
                prompter.show(FormWords.fill(words.listAtMinimum, ["list": list.name, "n": String(list.minimum)]))
            }
            saveDraft(prompter)
        case nil:
            prompter.show(FormWords.fill(words.listNoItem, ["name": displayQuoted(choice, limit: 60)]))
        }
        return true
    }
}
