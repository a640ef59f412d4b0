// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// The outcome of one spec example: a value that should pass (or fail) a field's rules, and what happened.
public struct ExampleResult: Sendable, CustomStringConvertible {
    /// The field the example belongs to.
    public var field: String
    /// The example.
    public var example: ExampleSpec
    /// The verdict of the field's rules (its kind's check, required, and `rules:`; not cross-field bindings,
    /// which need the other fields' values).
    public var verdict: Verdict

    /// Whether the verdict is what the example expects. An example the rules could not decide (a regex that hit
    /// a limit) never behaves as written, not even an `invalid:` one: the rules did not find it invalid, they
    /// could not tell.
    public var passed: Bool { !verdict.isUndecided && verdict.isValid == example.shouldPass }

    /// `signup.yaml:9:18: email: "ada" should fail but passed` or
    /// `signup.yaml:8:16: email: "ada@example.com" passes` (ok).
    public var description: String {
        let value = displayQuoted(example.value, limit: 60)
        if let failure = verdict.failure, failure.isUndecided {
            return "\(example.location): \(field): \(value) could not be decided: \(failure.message)"
        }
        switch (example.shouldPass, verdict.failure) {
        case (true, nil): return "\(example.location): \(field): \(value) passes"
        case (false, let failure?):
            return "\(example.location): \(field): \(value) fails as expected (\(failure.message))"
        case (true, let failure?):
            return "\(example.location): \(field): \(value) should pass but fails: \(failure.message)"
        case (false, nil): return "\(example.location): \(field): \(value) should fail but passes"
        }
    }
}

extension FormSpec {
    /// Runs every field's `examples` through the field's own rules and its `check:` command (a fresh field per
    /// spec field), in file order: what `switchboard test` reports.
    ///
    /// ```swift
    /// let failed = spec.runExamples().filter { !$0.passed }
    /// for result in failed { print(result) }   // signup.yaml:9:18: email: "ada" should fail but passes
    /// ```
    @MainActor public func runExamples() -> [ExampleResult] {
        var results: [ExampleResult] = []
        for spec in fields where !spec.examples.isEmpty {
            let field = FormField(spec.name, kind: spec.kind, prompt: spec.prompt, required: spec.isRequired,
                                  rules: spec.rules.map(\.condition), message: spec.message)
            // In a form of its own, so that its messages are in the spec's words.
            let form = Form()
            form.words = words
            form.add(field)
            if let check = spec.check { field.addAsyncCheck(check.asyncCheck) }
            // Choices from a command are listed by running it (with no earlier answers: empty variables).
            if let command = spec.choicesCommand { field.choices(from: command.command) }
            for example in spec.examples {
                var verdict = field.answer(example.value)
                if verdict.isPending {
                    // The field's check: (a command) decides, within its timeout.
                    do { try field.input.waitForChecks() } catch { field.input.cancelChecks() }
                    verdict = field.verdict.value
                }
                verdict = field.translated(verdict)
                results.append(ExampleResult(field: spec.name, example: example, verdict: verdict))
            }
        }
        return results
    }
}
