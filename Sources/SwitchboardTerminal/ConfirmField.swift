// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport

/// A yes/no question answered with one key: `y` or `n` answers at once (no Enter), Enter takes the default.
///
/// ```swift
/// let deploy = ConfirmField(prompt: "Deploy?", default: false)   // shown as `Deploy? [y/N] `
/// if try deploy.read() { ... }
/// ```
///
/// Without a terminal one line is read from standard input: `y`, `yes`, `n`, `no` (any case), or an empty line
/// for the default; anything else fails with `FieldError.invalid`. The words and keys come from `ListWords`.
@MainActor
public final class ConfirmField {
    /// The line the answer is typed on.
    public let line: LineField
    /// The answer Enter gives on an empty line; nil: Enter needs y or n.
    public let defaultAnswer: Bool?
    let state: ListState

    /// Creates a yes/no question.
    /// - Parameters:
    ///   - prompt: the question, e.g. `"Deploy?"`; `[y/N]` (or `[Y/n]`, `[y/n]`) follows it.
    ///   - defaultAnswer: the answer Enter gives on an empty line (the `default:` argument).
    ///   - words: the words and keys for yes and no.
    ///   - terminal: how the field talks to the terminal.
    public init(prompt: String, default defaultAnswer: Bool? = nil, words: ListWords = ListWords(),
                terminal: LineField.Options = LineField.Options()) {
        var terminal = terminal
        terminal.choices = []
        terminal.remembersHistory = false
        let suffix = defaultAnswer.map { $0 ? words.yesNoDefaultYes : words.yesNoDefaultNo } ?? words.yesNo
        let question = prompt.hasSuffix(" ") ? String(prompt.dropLast()) : prompt
        line = LineField(prompt: question + " " + suffix + " ", options: terminal)
        self.defaultAnswer = defaultAnswer
        let state = ListState(kind: .confirm(defaultAnswer: defaultAnswer), words: words)
        self.state = state
        line.list = state
        line.addRule(named: "answer") { [weak state] text in
            guard let state else { return .valid }
            if state.confirmAnswer(for: text) != nil || (text.isEmpty && defaultAnswer != nil) { return .valid }
            return .invalid("answer", state.words.fill(state.words.confirmHelp))
        }
    }

    /// Asks and returns true for yes.
    ///
    /// - Throws: as `LineField.read()`; `FieldError.invalid` when an answer from a pipe is neither yes nor no.
    ///
    /// Type-ahead: after a one-key answer, whatever was typed after that key and not read yet (the `es` and
    /// Enter of a fast "yes" + Enter) is discarded from the terminal, so that it reaches neither the shell nor
    /// the next question. Keys typed after `read()` returns go to whoever reads the terminal next.
    public func read() throws -> Bool {
        state.answeredByKey = false
        let text = try line.read()
        if state.answeredByKey && isatty(line.options.input) == 1 { sb_rl_discard_typeahead(line.options.input) }
        if let answer = state.answer { return answer }
        if let answer = state.confirmAnswer(for: text) { return answer }
        if text.isEmpty, let defaultAnswer { return defaultAnswer }
        // Not reachable through the field's rule; a pipe's failing answer has thrown already.
        throw FieldError.invalid(field: line.label, message: state.words.confirmHelp)
    }
}
