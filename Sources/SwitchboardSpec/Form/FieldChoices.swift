// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import SwitchboardRules
import SwitchboardTerminal

// Choices listed by a command (`choices: {command: ...}`): run before the field is asked (in a terminal,
// headless, and by `switchboard test`), with the answers it names in SWITCHBOARD_ANSWER_<NAME>, and run again
// when one of those answers has changed.

/// The values a choice field accepts now, or why there are none: shared by the field and its kind's rule (a
/// rule is `Sendable`, so the list lives behind a lock).
final class ChoiceList: Sendable {
    private let storage: Mutex<(values: [String], failure: String?)>

    init(_ values: [String]) { storage = Mutex((values, nil)) }

    var values: [String] { storage.withLock { $0.values } }
    var state: (values: [String], failure: String?) { storage.withLock { $0 } }

    func set(_ values: [String], failure: String?) { storage.withLock { $0 = (values, failure) } }
}

/// A field's choices command, the fields it reads (each with its variable's name, made once) and the
/// environment of its last run.
@MainActor
struct ChoicesSource {
    var command: ChoicesCommand
    var dependencies: [(variable: String, field: WeakField)]
    var lastEnvironment: [String: String]?
}

extension FormField {
    /// Takes this choice field's choices from `command`'s output lines, run before the field is asked (and
    /// before an answer given without a terminal is checked). The answers of `dependencies` are in the
    /// command's environment as `SWITCHBOARD_ANSWER_<NAME>` (`FormSpec.environmentName(for:)`: `first-name` is
    /// `SWITCHBOARD_ANSWER_FIRST_NAME`; a hidden field's answer is empty); the command runs again when one of
    /// them has changed. A run that fails, times out or lists nothing makes the field invalid with that message.
    ///
    /// ```swift
    /// let repo = form.text("repo")
    /// let branch = form.choice("branch", from: [])
    /// branch.choices(from: ChoicesCommand("git -C \"$SWITCHBOARD_ANSWER_REPO\" branch --format='%(refname:short)'"),
    ///                reading: [repo])
    /// ```
    public func choices(from command: ChoicesCommand, reading dependencies: [FormField] = []) {
        choicesSource = ChoicesSource(command: command, dependencies: dependencies.map {
            ("SWITCHBOARD_ANSWER_" + FormSpec.environmentName(for: $0.name), WeakField($0))
        }, lastEnvironment: nil)
    }

    /// Whether the field's choices come from a command (`choices(from:reading:)`).
    public var hasChoicesCommand: Bool { choicesSource != nil }

    /// Runs the choices command if it has not run yet or an answer it reads has changed since; returns the
    /// failure message when the command gave no choices (nil when it did, or when there is no command). The
    /// flow calls it (and `answer(_:)` and `Form.validate()` run the command the same way); call it to list the
    /// choices before showing them.
    ///
    /// ```swift
    /// if let problem = branch.refreshChoices() { print(problem) }   // "the choices could not be read: exit 128: ..."
    /// branch.choices                                                  // ["main", "issue-23"]
    /// ```
    @discardableResult
    public func refreshChoices() -> String? {
        guard choicesSource != nil else { return nil }
        if updateChoices() { input.revalidate() }   // the text's verdict against the new choices
        return choiceList.state.failure
    }

    /// `refreshChoices()` without the re-validation, for a caller that validates the field right after (a
    /// new answer, `Form.validate()`): true when the command ran.
    @discardableResult
    func updateChoices() -> Bool {
        guard var source = choicesSource else { return false }
        var environment: [String: String] = [:]
        for (variable, weak) in source.dependencies {
            guard let field = weak.field else { continue }
            environment[variable] = field.isShown.value ? field.value : ""
        }
        if environment == source.lastEnvironment { return false }
        source.lastEnvironment = environment
        choicesSource = source
        let words = form?.words ?? FormWords()
        switch source.command.run(environment: environment) {
        case .success(let values):
            choiceList.set(values, failure: nil)
        case .failure(let error):
            let message = error.kind == .empty ? words.choicesEmpty
                : FormWords.fill(words.choicesFailed, ["error": error.message])
            choiceList.set([], failure: message)
        }
        return true
    }
}
