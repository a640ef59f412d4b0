// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// `FormFlow` on the terminal: each answer is read by a `LineField` (readline, live ✓/✗ hint under the input
/// showing the form's verdict, cross-field checks included; Enter refused while invalid with the text kept;
/// `*` for masked answers; Tab completing choices; Ctrl-C cancels; Ctrl-D on an empty line ends the input).
/// The review and notices go where the prompts go: standard error when it is a terminal, else /dev/tty; never
/// standard output, which is left for the answers.
///
/// ```swift
/// let result = FormFlow(form).run(prompter: try TerminalPrompter())
/// if result.status == .submitted { print(result.answers.json()) }
/// ```
@MainActor
public final class TerminalPrompter: FormPrompter {
    /// A selection's failure, carried out of a switch's signal as its message.
    private struct SelectionFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The options each field starts from (mode, colour); masking, choices and refusal are set per field.
    public var options: LineField.Options
    /// Every word the lists and yes/no questions show (marks, help, messages, yes/no words and keys).
    public var words = ListWords()
    private let output: Int32
    private let ownsOutput: Bool
    private var workingShown = false

    /// Opens the prompt stream: standard error when it is a terminal, else /dev/tty.
    /// - Throws: `FieldError.terminalUnavailable` when there is no terminal to show the form on.
    public init(options: LineField.Options = LineField.Options()) throws(FieldError) {
        self.options = options
        if case .descriptor(let fd) = options.output {
            output = fd
            ownsOutput = false
        } else if isatty(2) == 1 {
            output = 2
            ownsOutput = false
        } else {
            let fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else {
                throw .terminalUnavailable("standard error is not a terminal and /dev/tty cannot be opened")
            }
            output = fd
            ownsOutput = true
        }
    }

    deinit {
        if ownsOutput { close(output) }
    }

    /// Reads one answer on a `LineField`: `check` is its one rule (the form's verdict for the text), Enter
    /// is refused while it fails if `enforcing`; Ctrl-C and lost terminals are `.cancelled`, Ctrl-\ is
    /// `.interrupted(signal: SIGQUIT)`.
    public func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                         check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        try read(prompt: prompt, initial: initial, masked: masked, choices: choices, enforcing: enforcing,
                 asyncChecks: [], check: check)
    }

    /// `readLine` whose Tab completes to `choicesOnTab()` too, worked out when Tab is pressed.
    public func readLine(prompt: String, initial: String, masked: Bool, choices: [String],
                         choicesOnTab: @escaping @MainActor @Sendable () -> [String], enforcing: Bool,
                         check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        try read(prompt: prompt, initial: initial, masked: masked, choices: choices, choicesOnTab: choicesOnTab,
                 enforcing: enforcing, asyncChecks: [], check: check)
    }

    private func read(prompt: String, initial: String, masked: Bool, choices: [String],
                      choicesOnTab: (@MainActor @Sendable () -> [String])? = nil,
                      pathCompletion: PathCompletion? = nil, enforcing: Bool, asyncChecks: [AsyncCheck],
                      check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        var fieldOptions = fieldOptions()
        fieldOptions.masked = masked
        fieldOptions.choices = choices
        fieldOptions.choicesOnTab = choicesOnTab
        fieldOptions.pathCompletion = pathCompletion
        fieldOptions.refusesInvalid = enforcing
        // The form's verdict (the field's rules and its cross-field checks) is the line's one rule.
        let field = LineField(prompt: prompt, initialText: initial, options: fieldOptions)
        // Its failures are named "form": their messages are already in the form's words, and the line's own
        // lookup of rule messages (`words.ruleMessages`, for its "text" rule) must not replace them again.
        field.addRule(named: "form") { text in
            let verdict = check(text)
            guard var failure = verdict.failure else { return verdict }
            failure.name = "form"
            return Verdict(failure: failure)
        }
        for asyncCheck in asyncChecks { field.addAsyncCheck(asyncCheck) }
        return try interruptible { try field.read() }
    }

    /// `readLine` whose line also runs `asyncChecks` (after `check` passes): "checking…" under the input,
    /// Enter waits for them.
    public func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                         asyncChecks: [AsyncCheck],
                         check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        try read(prompt: prompt, initial: initial, masked: masked, choices: choices, enforcing: enforcing,
                 asyncChecks: asyncChecks, check: check)
    }

    /// Reads a pick with a `ListField`: the choices listed under the input, filtered as typed; the form's
    /// verdict for the selection (min, max, rules, cross-field checks) is the hint, and Enter waits for it.
    /// (The form's words reach the list through `words`, which the flow sets from them.)
    public func readChoice(prompt: String, choices: [String], multi: Bool, selected: [String], words _: FormWords,
                           check: @escaping ([String]) -> Verdict) throws(PromptInterruption) -> [String] {
        let field = ListField(prompt: prompt, options: choices, multi: multi, selected: selected, words: words,
                              terminal: fieldOptions())
        field.selectionRules.addSignal("form", message: "is invalid") { [weak field] in
            guard let field else { return true }
            if let failure = check(field.selection).failure { throw SelectionFailure(message: failure.message) }
            return true
        }
        return try interruptible { try field.read() }
    }

    /// Reads yes or no with a `ConfirmField`: one key answers.
    public func readConfirm(prompt: String, default defaultAnswer: Bool?,
                            words _: FormWords) throws(PromptInterruption) -> Bool {
        let field = ConfirmField(prompt: prompt, default: defaultAnswer, words: words, terminal: fieldOptions())
        return try interruptible { try field.read() }
    }

    /// The prompter's `options` for one field: no history (answers are not a shell's), drawn on its output.
    private func fieldOptions() -> LineField.Options {
        var fieldOptions = options
        fieldOptions.remembersHistory = false
        fieldOptions.output = .descriptor(output)
        return fieldOptions
    }

    /// Runs a field's `read()`, its end as the flow's: Ctrl-D is `.endOfInput`, Ctrl-\ (SIGQUIT) is
    /// `.interrupted` (the form ends with 131), Ctrl-C or a terminal gone is `.cancelled` (nothing half-done is kept).
    private func interruptible<T>(_ body: () throws -> T) throws(PromptInterruption) -> T {
        do {
            return try body()
        } catch FieldError.endOfInput {
            throw .endOfInput
        } catch FieldError.interrupted(let signal) {
            throw .interrupted(signal: signal)
        } catch {
            throw .cancelled
        }
    }

    /// `readLine` whose Tab completes file names (or directory names only) for a field with a path rule.
    public func readLine(prompt: String, initial: String, masked: Bool, choices: [String],
                         pathCompletion: PathCompletion?, enforcing: Bool, asyncChecks: [AsyncCheck],
                         check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        try read(prompt: prompt, initial: initial, masked: masked, choices: choices, pathCompletion: pathCompletion,
                 enforcing: enforcing, asyncChecks: asyncChecks, check: check)
    }

    /// Writes a line of the form's own text (title, review, messages) to the terminal, control characters
    /// escaped (the text holds the spec's title, prompts and messages, and answers): nothing in it can drive
    /// the terminal.
    public func show(_ text: String) {
        writeAll(displayEscaped(text, newlines: true) + "\n", to: output)
    }

    /// `language: checking…` on the prompt's row while a `choices:` command runs; erased by `doneWorking()`
    /// (plain mode: a line of its own, no cursor movement).
    public func showWorking(_ text: String) {
        workingShown = true
        writeAll(displayEscaped(text) + (plainMode ? "\n" : ""), to: output)
    }

    public func doneWorking() {
        guard workingShown else { return }
        workingShown = false
        if !plainMode { writeAll("\r\u{1B}[K", to: output) }
    }

    /// Runs `body` (a whole form) with the terminal's echo held off, its fields and the moments between them: a key
    /// typed ahead while the form moves to its next field would otherwise be echoed by the terminal before the next
    /// prompt. Not in plain mode (its fields are the terminal's own lines, which it echoes) nor without a terminal.
    func withEchoHeld<T>(_ body: () -> T) -> T {
        let held = !plainMode && EchoHold.begin(input: options.input)
        defer { if held { EchoHold.end() } }
        return body()
    }

    /// Whether `options` mean plain mode (no cursor movement): `.plain`, or automatic with TERM unset or dumb.
    private var plainMode: Bool { options.isPlain }
}
