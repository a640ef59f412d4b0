// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// Why a line could not be read: the user cancelled (Ctrl-C), quit (Ctrl-\) or ended the input (Ctrl-D on an
/// empty line).
public enum PromptInterruption: Error, Equatable, Sendable {
    /// Ctrl-C: the whole form is cancelled, with no partial output.
    case cancelled
    /// Ctrl-D on an empty line (or the input ended).
    case endOfInput
    /// A signal ended the line: Ctrl-\ (SIGQUIT), or SIGTERM/SIGHUP when the program's handler let it go on.
    /// The whole form ends as for Ctrl-C, with the signal's exit status (131 for Ctrl-\).
    case interrupted(signal: Int32)
}

/// What `FormFlow` needs from a terminal: read one validated line, and show text. `TerminalPrompter` puts it on
/// a `LineField`; tests can script it.
@MainActor
public protocol FormPrompter: AnyObject {
    /// Reads one line. The buffer starts as `initial`; `check` gives the verdict of a candidate line, to be shown
    /// live under the input; when `enforcing`, Enter on an invalid line is refused with the text kept.
    /// - Parameters:
    ///   - prompt: the prompt text (`"Email: "`).
    ///   - initial: the text the buffer starts with (a default, or the answer being edited).
    ///   - masked: show `*` instead of the characters.
    ///   - choices: completions for Tab.
    ///   - enforcing: refuse Enter while the verdict is invalid (false for the lines of a multi-line text, which
    ///     is checked as a whole when it ends).
    ///   - check: the verdict of a candidate line, shown live under the input.
    /// - Throws: `PromptInterruption` on Ctrl-C or end of input.
    func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                  check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String

    /// Shows text (the review, notices) where the prompts go, never on standard output.
    func show(_ text: String)

    /// Shows that the form is busy (a `choices:` command runs) until `doneWorking()`; the default shows nothing.
    func showWorking(_ text: String)

    /// Takes away what `showWorking` showed.
    func doneWorking()

    /// `readLine` for a field with asynchronous checks (`check:`), which the line runs while it is typed
    /// after `check` passes. The default ignores them (the flow then waits for them after the line).
    func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                  asyncChecks: [AsyncCheck], check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String

    /// Reads a pick from `choices` (several with `multi`); `check` gives the verdict of a candidate selection,
    /// shown live; `words` are the form's (its language). The default reads a line (see `FormFlow+Lists.swift`);
    /// `TerminalPrompter` lists the choices under the input.
    func readChoice(prompt: String, choices: [String], multi: Bool, selected: [String], words: FormWords,
                    check: @escaping ([String]) -> Verdict) throws(PromptInterruption) -> [String]

    /// Reads a yes/no answer in the form's `words`; `TerminalPrompter` takes it from one key.
    func readConfirm(prompt: String, default: Bool?, words: FormWords) throws(PromptInterruption) -> Bool

    /// `readLine` for a field whose Tab completes file or directory names (`pathCompletion`, from a path rule).
    /// The default completes none.
    func readLine(prompt: String, initial: String, masked: Bool, choices: [String], pathCompletion: PathCompletion?,
                  enforcing: Bool, asyncChecks: [AsyncCheck],
                  check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String

    /// `readLine` whose Tab completes to `choicesOnTab()` too, worked out only when Tab is pressed (the review of
    /// a form over a big file offers tens of thousands of names). The default works them out at once.
    ///
    /// ```swift
    /// try prompter.readLine(prompt: "Answer: ", initial: "", masked: false, choices: names,
    ///                       choicesOnTab: { form.moreNames }, enforcing: true) { _ in .valid }
    /// ```
    func readLine(prompt: String, initial: String, masked: Bool, choices: [String],
                  choicesOnTab: @escaping @MainActor @Sendable () -> [String], enforcing: Bool,
                  check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String
}

extension FormPrompter {
    public func showWorking(_ text: String) {}

    public func readLine(prompt: String, initial: String, masked: Bool, choices: [String],
                         choicesOnTab: @escaping @MainActor @Sendable () -> [String], enforcing: Bool,
                         check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        try readLine(prompt: prompt, initial: initial, masked: masked, choices: choices + choicesOnTab(),
                     enforcing: enforcing, check: check)
    }

    public func doneWorking() {}

    public func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                         asyncChecks: [AsyncCheck],
                         check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        try readLine(prompt: prompt, initial: initial, masked: masked, choices: choices, enforcing: enforcing,
                     check: check)
    }

    public func readLine(prompt: String, initial: String, masked: Bool, choices: [String],
                         pathCompletion: PathCompletion?, enforcing: Bool, asyncChecks: [AsyncCheck],
                         check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        try readLine(prompt: prompt, initial: initial, masked: masked, choices: choices, enforcing: enforcing,
                     asyncChecks: asyncChecks, check: check)
    }
}

/// The interactive form: one field at a time, an invalid value never advances; then a review of every answer
/// with its verdict where any answer can be edited (never blocked by another field's error); submits only when
/// every answer is valid. Ctrl-C cancels the whole form with no partial output. With a `Draft`, each accepted
/// answer (masked ones excluded) is saved, and the next run resumes from it.
///
/// ```swift
/// let flow = FormFlow(form, draft: Draft(path: ".signup-draft.json"))
/// let result = flow.run(prompter: TerminalPrompter())
/// if result.status == .submitted { print(result.answers.json()) }
/// ```
///
/// Keys: Enter accepts a valid answer; in a multi-line field an empty line (or Ctrl-D) ends the text. In the
/// review, a number or a field name edits that answer, Enter submits. While editing from the review, Ctrl-D on
/// an empty line goes back to the review without changing the answer. Ctrl-C cancels everywhere.
@MainActor
public final class FormFlow {
    /// The form being filled.
    public let form: Form
    /// Where accepted answers are saved, if anywhere.
    public let draft: Draft?

    /// Notices the flow could not act on (a draft that could not be written), for the caller to report.
    public private(set) var warnings: [String] = []

    /// Whether `run` deletes the draft once the form is submitted (true). A caller that still has to deliver
    /// the answers sets it to false and removes the draft itself once they have arrived, so that answers that
    /// could not be written are not lost with it.
    ///
    /// ```swift
    /// flow.removesDraftWhenSubmitted = false
    /// let result = flow.run(prompter: try TerminalPrompter())
    /// if result.status == .submitted, save(result.answers) { flow.draft?.remove() }
    /// ```
    public var removesDraftWhenSubmitted = true

    /// For a form over values that are already there (a file's: `SchemaDocumentForm`): nil (the default) asks
    /// every question in turn; a set goes straight to the review after asking only the shown fields whose answers
    /// are not valid (a required one left empty among them) and the fields it names (values refused by a rule of
    /// the whole document, such as a schema's `if`/`then`), in form order. A list then takes no new items unless
    /// it holds fewer than its minimum.
    ///
    /// ```swift
    /// let flow = FormFlow(form)
    /// flow.reviewAfterAsking = ["port"]   // port, then the answers marked ✗, then the review
    /// ```
    public var reviewAfterAsking: Set<String>?

    /// Whether the review lists every shown answer (true, the default), or only those given and those that fail
    /// (a form over a file's values, whose schema may ask thousands of questions the file leaves empty: those are
    /// answered by name, and a line under the review says how many are not listed).
    ///
    /// ```swift
    /// flow.reviewListsEmptyAnswers = false
    /// ```
    public var reviewListsEmptyAnswers = true

    /// The group whose title was shown last (see FormFlow+Repeats.swift).
    var shownGroup: FormGroup?

    /// A flow over `form`, saving accepted answers to `draft` (if any) and resuming from it.
    ///
    /// ```swift
    /// let result = FormFlow(form, draft: Draft(path: ".signup.json")).run(prompter: try TerminalPrompter())
    /// ```
    public init(_ form: Form, draft: Draft? = nil) {
        self.form = form
        self.draft = draft
    }

    /// Runs the flow on `prompter` until the form is submitted or cancelled.
    public func run(prompter: FormPrompter) -> FormResult {
        // A form with words of its own puts them on the terminal (its fields, lists and confirm questions); a form
        // with the English defaults leaves a prompter's own words as they were set.
        if let terminal = prompter as? TerminalPrompter, form.words != FormWords() {
            terminal.options.words = form.words
            // Lists and confirm questions show the form's yes and no too.
            var lists = form.words.lists
            lists.yes = form.words.yes
            lists.no = form.words.no
            terminal.words = lists
        }
        // On a terminal, keys typed ahead while the form moves to its next field are not echoed between the fields.
        if let terminal = prompter as? TerminalPrompter {
            return terminal.withEchoHeld { runSteps(prompter) }
        }
        return runSteps(prompter)
    }

    private func runSteps(_ prompter: FormPrompter) -> FormResult {
        do {
            try resumeDraft(prompter)
            if !form.title.isEmpty { prompter.show(form.title) }
            // A field's visibility is read when its turn comes: the answers before it have settled it.
            for step in form.steps {
                switch step {
                case .field(let field):
                    guard field.isShown.value && needsAsking(field) else { continue }
                    showGroupTitle(of: field, prompter)
                    try ask(field, prompter, fromReview: false)
                case .repeating(let list):
                    guard list.isShown.value else { continue }
                    if reviewAfterAsking != nil {
                        try askInvalidItems(list, prompter)
                    } else {
                        try askList(list, prompter)
                    }
                }
            }
            try review(prompter)
            if removesDraftWhenSubmitted { draft?.remove() }
            return FormResult(status: .submitted, answers: form.answers)
        } catch .interrupted(let signal) {
            return FormResult(status: .interrupted(signal: signal), answers: Answers())
        } catch {
            return FormResult(status: .cancelled, answers: Answers())
        }
    }

    /// Whether a shown field is asked before the review: not answered validly yet, or (a form over values that
    /// are there) not valid, or named by `reviewAfterAsking`.
    func needsAsking(_ field: FormField) -> Bool {
        guard let named = reviewAfterAsking else { return !(field.isAnswered.value && field.verdict.value.isValid) }
        return !field.verdict.value.isValid || named.contains(field.name)
    }

    private func resumeDraft(_ prompter: FormPrompter) throws(PromptInterruption) {
        guard let draft else { return }
        do {
            guard let saved = try draft.load() else { return }
            let resumed = form.resume(from: saved)
            if !resumed.isEmpty {
                prompter.show(FormWords.fill(words.resuming, ["file": draft.path, "fields": listed(resumed)]))
            }
        } catch {
            warnings.append(error.description)
            prompter.show(FormWords.fill(words.ignoringDraft, ["error": error.description]))
        }
    }

    func saveDraft(_ prompter: FormPrompter) {
        guard let draft else { return }
        do {
            try draft.save(form)
        } catch {
            if !warnings.contains(error.description) {
                warnings.append(error.description)
                prompter.show(FormWords.fill(words.draftWarning, ["error": error.description]))
            }
        }
    }

    // MARK: Asking one field

    /// Asks `field` until a valid answer is accepted. From the review, end of input goes back to it.
    func ask(_ field: FormField, _ prompter: FormPrompter, fromReview: Bool) throws(PromptInterruption) {
        if field.hasChoicesCommand {
            // The command may take a while (it is killed at its timeout): a sign of life until it has answered.
            prompter.showWorking("\(field.name): \((field.form?.words ?? FormWords()).checking)")
        }
        let failure = field.refreshChoices()
        if field.hasChoicesCommand { prompter.doneWorking() }
        if let failure { prompter.show("\(field.name): \(failure)") }
        if let help = field.help, !help.isEmpty { prompter.show(help) }
        let before = field.text.value
        do {
            let value = try field.isMultiline ? readLines(field, prompter) : readOne(field, prompter)
            field.answer(value)
            saveDraft(prompter)
        } catch .endOfInput where fromReview {
            field.input.text.value = before
            field.input.revalidate()
        }
    }

    /// `endingList`: an empty answer is taken (and returned) as the end of the field's list.
    func readOne(_ field: FormField, _ prompter: FormPrompter,
                 endingList: Bool = false) throws(PromptInterruption) -> String {
        // A secret is typed afresh (editing stars blind helps nobody), and Enter on an empty line keeps the one there
        // (a secret a file holds is not removed by a look at its question); other answers start as they are.
        var initial = field.isMasked || endingList ? "" : field.text.value
        let secret = field.isMasked && !endingList && field.isAnswered.value ? field.text.value : ""
        if field.isYesNo, let answer = parseYesNo(initial) { initial = answer ? words.yes : words.no }
        while true {
            let line: String
            if !endingList, let listed = try readListAnswer(field, prompter) {
                line = listed
            } else {
                line = try prompter.readLine(prompt: promptText(field), initial: initial, masked: field.isMasked,
                                             choices: field.choices, pathCompletion: field.pathCompletion,
                                             enforcing: true, asyncChecks: field.asyncChecks) { candidate in
                    if endingList && candidate.isEmpty { return .valid }
                    if candidate.isEmpty && !secret.isEmpty { return .valid }   // keeps the secret there
                    field.input.text.value = field.acceptingWords(candidate)
                    return field.input.revalidate().isPending ? .valid : field.translated(field.input.verdict.value)
                }
            }
            if endingList && line.isEmpty { return line }
            if line.isEmpty && !secret.isEmpty {
                field.input.text.value = secret
                field.input.revalidate()
                return secret
            }
            field.input.text.value = field.acceptingWords(line)
            field.input.revalidate()
            try waitForChecks(field)
            let verdict = field.translated(field.input.verdict.value)
            if verdict.isValid { return line }
            // The terminal refuses an invalid Enter itself; a prompter that does not gets the message here.
            prompter.show("\(field.name): \(verdict.failure!.message)")
            initial = line
        }
    }

    /// Lines until an empty line or Ctrl-D; every edit re-validates the whole text. An invalid whole text is
    /// asked again with its lines kept.
    private func readLines(_ field: FormField, _ prompter: FormPrompter) throws(PromptInterruption) -> String {
        let current = field.text.value
        var kept = current.isEmpty ? [] : current.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while true {
            prompter.show("\(field.prompt) \(words.multilineHint)")
            var lines: [String] = []
            while true {
                let previous = lines
                let initial = lines.count < kept.count ? kept[lines.count] : ""
                let line: String
                do {
                    line = try prompter.readLine(prompt: "> ", initial: initial, masked: false, choices: [],
                                                 enforcing: false) { candidate in
                        let whole = (previous + (candidate.isEmpty ? [] : [candidate])).joined(separator: "\n")
                        field.input.text.value = whole
                        return field.translated(field.input.revalidate())
                    }
                } catch .endOfInput {
                    break
                }
                if line.isEmpty { break }
                lines.append(line)
            }
            let text = lines.joined(separator: "\n")
            field.input.text.value = text
            let verdict = field.translated(field.input.revalidate())
            if verdict.isValid { return text }
            prompter.show("\(field.name): \(verdict.failure!.message); \(words.linesKept)")
            kept = lines
        }
    }

    /// The prompt of a field asked with a line (a choice with choices to list is asked by `readListAnswer`).
    private func promptText(_ field: FormField) -> String {
        if field.kind == .yesNo { return "\(field.prompt) (\(words.yes)/\(words.no)): " }
        return "\(field.prompt): "
    }
}
