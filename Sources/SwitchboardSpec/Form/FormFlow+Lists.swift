// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// How a `FormPrompter` asks list and yes/no questions. The defaults read a line (Tab completes the choices;
/// several choices are typed separated by commas), so a prompter that only reads lines still works.
extension FormPrompter {
    public func readChoice(prompt: String, choices: [String], multi: Bool, selected: [String], words: FormWords,
                           check: @escaping ([String]) -> Verdict) throws(PromptInterruption) -> [String] {
        func split(_ text: String) -> [String] {
            multi ? text.split(separator: ",").map { String($0.trimmingSpacesAndTabs) }.filter { !$0.isEmpty }
                : (text.isEmpty ? [] : [text])
        }
        let list = choices.joined(separator: ", ")
        let shown = list.count <= 40 ? "\(prompt) (\(list)): " : "\(prompt) \(words.tabCompletes): "
        let line = try readLine(prompt: shown, initial: selected.joined(separator: ", "), masked: false,
                                choices: choices, enforcing: true) { candidate in check(split(candidate)) }
        return split(line)
    }

    public func readConfirm(prompt: String, default defaultAnswer: Bool?,
                            words: FormWords) throws(PromptInterruption) -> Bool {
        // The form's yes and no words answer, and so do y/n, true/false (as everywhere a yes/no is read).
        func answer(_ text: String) -> Bool? {
            let typed = text.trimmingSpacesAndTabs.lowercased()
            if typed == words.yes.lowercased() { return true }
            if typed == words.no.lowercased() { return false }
            return parseYesNo(text)
        }
        let message = words.ruleMessages["yes-no"] ?? "must be \(words.yes) or \(words.no)"
        let line = try readLine(prompt: "\(prompt) (\(words.yes)/\(words.no)): ", initial: "", masked: false,
                                choices: [], enforcing: true) { candidate in
            answer(candidate) != nil || (candidate.isEmpty && defaultAnswer != nil)
                ? .valid : .invalid("yes-no", message)
        }
        return answer(line) ?? defaultAnswer ?? false
    }
}

extension FormFlow {
    /// A select, multi-select or confirm field asked with its list (or one key); nil for other kinds. The
    /// answer comes back as the field's text: the values one per line, or `yes`/`no`.
    func readListAnswer(_ field: FormField, _ prompter: FormPrompter) throws(PromptInterruption) -> String? {
        switch field.kind {
        case .choice, .multiselect:
            // The choices now (a choices command's output); none when the command failed: the field is then
            // asked with a line, whose hint says why nothing can be chosen.
            let values = field.choices
            if values.isEmpty { return nil }
            let multi = field.isMultiselect
            // An optional single choice can be left unanswered (as an optional line is, by Enter on nothing): a
            // row of its own, first, says so, and is highlighted while the field has no answer. Not added when a
            // choice is written the same.
            let none = !multi && !field.isRequired && !values.contains(words.noAnswer) ? words.noAnswer : nil
            let picked = try prompter.readChoice(prompt: field.prompt, choices: none.map { [$0] + values } ?? values,
                                                 multi: multi, selected: field.values, words: words) { candidate in
                // The field's own verdict for the candidate: its kind's checks (min, max), rules, cross-field checks.
                field.input.text.value = candidate.filter { $0 != none }.joined(separator: "\n")
                return field.translated(field.input.revalidate())
            }
            return picked.filter { $0 != none }.joined(separator: "\n")
        case .confirm:
            let current = parseYesNo(field.text.value)
            return try prompter.readConfirm(prompt: field.prompt, default: current, words: words) ? "yes" : "no"
        default:
            return nil
        }
    }
}
