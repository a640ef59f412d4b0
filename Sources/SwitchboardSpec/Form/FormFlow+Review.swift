// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

// The review of a form's flow: every answer (or the file's answers only) listed with its verdict; a number or a
// name opens one to edit, `+list`/`-list.N` add and remove items, Enter submits once every answer is valid and the
// form's submit check passes.

extension FormFlow {
    /// Waits for the field's pending asynchronous checks (their answers are usually remembered already: the
    /// line ran the same checks while it was typed).
    func waitForChecks(_ field: FormField) throws(PromptInterruption) {
        do {
            try field.input.waitForChecks()
        } catch {
            throw .cancelled
        }
    }

    func review(_ prompter: FormPrompter) throws(PromptInterruption) {
        while true {
            let shown = form.shownFields
            // The review shows decided verdicts only: it waits for any check still pending.
            for field in shown where field.verdict.value.isPending { try waitForChecks(field) }
            // A field whose condition could not be decided is neither asked nor dropped in silence: it is said,
            // and the form is not submitted until an edited answer decides it.
            let undecided = form.fields.compactMap { field in
                field.undecidedCondition.map { "\(field.name): whether to ask it could not be decided: \($0)" }
            }
            let lists = form.repeatFailures.map { "\($0.field): ✗ \($0.message)" }
            let listed = reviewed(shown)
            // The questions of a document's items not made yet are empty ones too, offered by name (worked out
            // when Tab is pressed: a compose file's services leave tens of thousands).
            let unlistedCount = shown.count - listed.lazy.filter { $0.field != nil }.count
                + form.deferredQuestionNameCount
            let unlisted = unlistedCount > 0
                ? [FormWords.fill(words.reviewUnlisted, ["count": String(unlistedCount)])] : []
            prompter.show(([reviewText(of: listed)] + lists + undecided + unlisted + reviewListHint).joined(separator: "\n"))
            let allValid = shown.allSatisfy { $0.verdict.value.isValid } && undecided.isEmpty && lists.isEmpty
            let names = shown.map { $0.name } + listed.lazy.filter { $0.field == nil }.map(\.name)
            let choice: String
            do {
                let form = form
                choice = try prompter.readLine(
                    prompt: (allValid ? words.reviewHint : words.reviewHintInvalid) + " ",
                    initial: "", masked: false, choices: names, choicesOnTab: { [self] in form.deferredQuestionNames + listCommandNames },
                    enforcing: true
                ) { candidate in self.reviewVerdict(candidate, allValid: allValid, listed: listed) }
            } catch .endOfInput {
                throw .cancelled
            }
            if choice.isEmpty {
                if allValid {
                    guard let failures = form.submitCheck?(), !failures.isEmpty else { return }
                    // The whole answer is refused: say why, and ask the first failing field again (then, as after
                    // an edit, the fields its new answer shows: an object's fields after its yes).
                    prompter.show(failures.map(\.description).joined(separator: "\n"))
                    if let field = failures.lazy.compactMap({ self.form[$0.field] }).first(where: { $0.isShown.value }) {
                        let shownBefore = shownNames()
                        try ask(field, prompter, fromReview: true)
                        try askAfterEdit(of: field, shownBefore: shownBefore, prompter)
                    }
                    continue
                }
                prompter.show(words.fixFirst)
                continue
            }
            if try editList(choice, prompter) { continue }
            guard let field = field(for: choice, listed: listed) else {
                prompter.show(FormWords.fill(words.reviewNoField, ["name": displayQuoted(choice, limit: 60),
                                                                   "count": String(listed.count)]))
                continue
            }
            let shownBefore = shownNames()
            try ask(field, prompter, fromReview: true)
            try askAfterEdit(of: field, shownBefore: shownBefore, prompter)
        }
    }

    /// The names of the questions shown now: read after the question to edit was looked up, so that the questions
    /// the lookup made count as shown before the answer (a form over a file makes an item's empty questions when one
    /// is named: they were there to be answered, not new).
    private func shownNames() -> Set<String> {
        Set(form.shownFields.map { $0.name })
    }

    /// After an answer was edited from the review, in field order: a field the edit made visible is asked at
    /// once unless it holds a valid answer from before (which comes back as it was); a field the edit made
    /// invalid (a confirmation after a new password) is asked again. Fields the edit hid simply leave the
    /// review. Each field's visibility is read when its turn comes, so a chain of conditions settles in one pass.
    private func askAfterEdit(of edited: FormField, shownBefore: Set<String>,
                              _ prompter: FormPrompter) throws(PromptInterruption) {
        for other in form.fields where other !== edited && other.isShown.value {
            if other.isAnswered.value { other.refreshChoices() }   // a command reading the edited answer runs again
            let appeared = !shownBefore.contains(other.name)
            let verdict = other.verdict.value
            if appeared && !(other.isAnswered.value && verdict.isValid) {
                try ask(other, prompter, fromReview: true)
            } else if !verdict.isValid && other.isAnswered.value {
                prompter.show("\(other.name): \(other.message(for: verdict.failure!))")
                try ask(other, prompter, fromReview: true)
            }
        }
    }

    var words: FormWords { form.words }

    /// The review's answer for a number (of the answers listed) or a field's name (any shown field's); an answer
    /// of an item held without questions makes the item's questions.
    /// `listed`: the answers the review lists (`reviewed(shown)`), which its numbers count.
    func field(for choice: String, listed: [ReviewRow]) -> FormField? {
        let trimmed = String(choice.trimmingSpacesAndTabs)
        if let number = Int(trimmed) {
            guard number >= 1 && number <= listed.count else { return nil }
            let row = listed[number - 1]
            return row.field ?? form[row.name]
        }
        return form[trimmed].flatMap { field in field.isShown.value ? field : nil }
    }

    /// Whether `choice` names an answer `field(for:listed:)` would open, making nothing (it is asked on every
    /// key typed in the review).
    private func opens(_ choice: String, listed: [ReviewRow]) -> Bool {
        let trimmed = String(choice.trimmingSpacesAndTabs)
        if let number = Int(trimmed) { return number >= 1 && number <= listed.count }
        if let position = form.positions[trimmed] { return form.fields[position].isShown.value }
        return form.wouldMakeQuestion(named: trimmed)
    }

    /// The answers the review lists: the shown fields (see `reviewListsEmptyAnswers`) and the answers of the items
    /// held without questions, in the form's order.
    func reviewed(_ shown: [FormField]) -> [ReviewRow] {
        let fields = reviewListsEmptyAnswers ? shown : shown.filter { $0.isAnswered.value || !$0.verdict.value.isValid }
        guard form.heldItemCount > 0 else { return fields.map { ReviewRow(field: $0) } }
        let listed = Set(fields.map(ObjectIdentifier.init))
        var rows: [ReviewRow] = []
        rows.reserveCapacity(fields.count)
        for step in form.steps {
            switch step {
            case .field(let field):
                if listed.contains(ObjectIdentifier(field)) { rows.append(ReviewRow(field: field)) }
            case .repeating(let list):
                for (index, item) in list.items.enumerated() {
                    guard let held = list.heldItem(at: index) else {
                        for field in item where listed.contains(ObjectIdentifier(field)) {
                            rows.append(ReviewRow(field: field))
                        }
                        continue
                    }
                    guard list.isShown.value else { continue }
                    let prefix = "\(list.name).\(index)."
                    for answer in held.answers {
                        rows.append(ReviewRow(name: prefix + answer.name, held: (answer.text, answer.kind)))
                    }
                }
            }
        }
        return rows
    }

    private func reviewVerdict(_ candidate: String, allValid: Bool,
                               listed: [ReviewRow]) -> Verdict {
        if candidate.isEmpty {
            return allValid ? .valid : .invalid("review", lowercasedFirst(words.fixFirst))
        }
        if let verdict = listCommandVerdict(candidate) { return verdict }
        return !opens(candidate, listed: listed)
            ? .invalid("review", FormWords.fill(words.reviewUnknown, ["count": String(listed.count)])) : .valid
    }

    /// The review listing: every shown answer (or those `reviewListsEmptyAnswers` keeps) with its verdict (masked
    /// answers as `********`, text with spaces at an end quoted, multi-line text on one line with `\n`, yes/no
    /// answers in the form's words); hidden fields are left out.
    ///
    /// ```
    /// Review:
    ///   1. email     ada@example.com  ✓
    ///   4. confirm   ********         ✗ must match the password
    /// ```
    public func reviewText() -> String {
        reviewText(of: reviewed(form.shownFields))
    }

    /// The review listing of `rows`.
    private func reviewText(of rows: [ReviewRow]) -> String {
        let shown = rows.map { row -> String in
            var value: String
            let isYesNo: Bool
            if let field = row.field {
                value = field.isMultiselect ? field.values.joined(separator: ", ") : field.value
                isYesNo = field.isYesNo
                if field.isMasked { return value.isEmpty ? "" : "********" }
            } else {
                let (text, kind) = row.held ?? ("", .text)
                value = FormField.value(of: text, kind: kind)
                isYesNo = kind == .yesNo || kind == .confirm
            }
            if isYesNo && value == "yes" { value = words.yes }
            if isYesNo && value == "no" { value = words.no }
            // Quoted when it holds what would not show: a control character, or spaces at either end.
            if value.unicodeScalars.contains(where: needsDisplayEscape) || value.first == " " || value.last == " " {
                return displayQuoted(value, limit: 40)
            }
            // Widths in terminal columns, so CJK and emoji answers line the verdicts up too.
            return DisplayWidth.truncate(value, toColumns: 40)
        }
        // Each width measured once (a file's review lists thousands of answers).
        let nameColumns = rows.map { DisplayWidth.columns(of: $0.name) }
        let valueColumns = shown.map { DisplayWidth.columns(of: $0) }
        let nameWidth = nameColumns.max() ?? 0, valueWidth = valueColumns.max() ?? 0
        // The numbers right-aligned, so that the names and values of entries 10 and on line up with the first nine.
        let numberWidth = String(rows.count).utf8.count
        var lines = [words.reviewTitle]
        lines.reserveCapacity(rows.count + 1)
        for (index, row) in rows.enumerated() {
            // A held item's answers are values the schema takes.
            let mark = row.field.flatMap { field in field.verdict.value.failure.map { "✗ \(field.message(for: $0))" } }
                ?? "✓"
            let number = String(index + 1)
            var line = "  "
            line += spaces(numberWidth - number.utf8.count)
            line += number + ". " + row.name
            line += spaces(nameWidth - nameColumns[index])
            line += "  " + shown[index]
            line += spaces(valueWidth - valueColumns[index])
            line += "  " + mark
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// One answer the review lists: a question's, or an answer of an item held without questions (see
/// FormRepeat+Held.swift), with its text and its question's kind.
struct ReviewRow {
    let name: String
    let field: FormField?
    let held: (text: String, kind: FieldKind)?

    @MainActor init(field: FormField) {
        name = field.name
        self.field = field
        held = nil
    }

    init(name: String, held: (text: String, kind: FieldKind)) {
        self.name = name
        field = nil
        self.held = held
    }
}

/// "Fix the answers marked ✗ first." as a hint: "fix the answers marked ✗ first" (a message, not a sentence).
private func lowercasedFirst(_ sentence: String) -> String {
    var text = sentence
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true else { return text }
    return first.lowercased() + text.dropFirst()
}

/// `count` spaces (none when it is not positive): cut from a line of them for the usual widths.
private func spaces(_ count: Int) -> Substring {
    guard count > 0 else { return "" }
    if count <= spaceRun.utf8.count { return spaceRun.prefix(count) }
    return Substring(String(repeating: " ", count: count))
}

private let spaceRun = String(repeating: " ", count: 128)
