// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardSpec
import SwitchboardTerminal

/// `switchboard form`: the form from a spec file, in the terminal or from standard input; the answers on
/// standard output once submitted.
struct FormRunner {
    enum Output: String, CaseIterable {
        case json, env, yaml
    }

    /// `--input`: how piped answers are written (found from the input when not given).
    enum Input: String, CaseIterable {
        case json, lines
        case keyValue = "key-value"

        var format: AnswerFormat {
            switch self {
            case .json: .json
            case .lines: .lines
            case .keyValue: .keyValue
            }
        }
    }

    var spec: String
    var output: Output
    var draft: String?
    var input: Input?

    @MainActor func run() throws(CommandFailure) {
        let formSpec: FormSpec
        do { formSpec = try FormSpec(contentsOf: spec) }
        catch { throw CommandFailure(lines: error.problems.map(\.description), status: ExitStatus.usage, plain: true) }
        // Everything that would make the answers unusable is refused before anything is asked.
        if output == .env, formSpec.isNested {
            let nested = formSpec.groups.map { "group \($0.name)" } + formSpec.repeats.map { "repeat \($0.name)" }
            throw CommandFailure.usage("--output env writes flat NAME='value' lines, and this form's answers are "
                                       + "nested (\(nested.joined(separator: ", "))); use --output json or --output yaml")
        }
        if output == .env {
            let problems = formSpec.environmentNameProblems()
            if !problems.isEmpty {
                throw CommandFailure(lines: problems.map(\.description), status: ExitStatus.usage, plain: true)
            }
        }
        if let draft, isTerminal(0) {
            do { try Draft(path: draft).checkPath() } catch { throw CommandFailure.usage("--draft \(error)") }
        }
        // Check and choices commands are killed with their group; their own children are reaped here.
        CommandChecks.adoptOrphans()
        let form = formSpec.makeForm()
        standardError.flush()
        let result: FormResult
        if isTerminal(0) {
            let prompter: TerminalPrompter
            do { prompter = try TerminalPrompter() } catch { throw CommandFailure.usage("form: \(error)") }
            let flow = FormFlow(form, draft: draft.map { Draft(path: $0) })
            flow.removesDraftWhenSubmitted = false   // only once the answers are written (below)
            result = flow.run(prompter: prompter)
        } else {
            // No terminal: answers from standard input, every failure reported on standard error. (A draft
            // belongs to a person's interrupted session; it is not used here.)
            if closedStandardStreams.contains(0) {
                throw CommandFailure.usage("standard input is closed and is not a terminal: no answers to read; "
                                           + "run the form at a terminal or pipe the answers in")
            }
            result = form.runHeadless(format: input?.format ?? .auto)
        }
        guard result.status == .submitted else { throw CommandFailure.status(result.exitStatus) }
        standardOutput.write(formatted(form, as: output))
        // The draft holds every answer typed: it goes only once they have arrived (written and flushed). When
        // they could not be written (a full disk, a closed standard output), exit 2 says why and the draft is
        // there for the next run.
        standardOutput.flush()
        guard let draft, isTerminal(0) else { return }
        if standardOutput.failure != nil {
            throw CommandFailure.usage("the answers were not written; the draft \(draft) keeps them for the next run")
        }
        Draft(path: draft).remove()
    }
}

/// The submitted form's answers as JSON (typed: numbers, true/false, null), `NAME='value'` lines (names from
/// `FormSpec.environmentName(for:)`, checked with `environmentNameProblems()`; single quotes escaped for sh; every
/// answer as text), or YAML (typed as in JSON; strings double-quoted JSON-style, which YAML reads as they are).
@MainActor func formatted(_ form: Form, as output: FormRunner.Output) -> String {
    switch output {
    case .json:
        return form.typedAnswers.json() + "\n"
    case .env:
        return form.answers.map { key, value in
            let name = FormSpec.environmentName(for: key)
            return "\(name)='\(value.replacing("'", with: "'\\''"))'\n"
        }.joined()
    case .yaml:
        return form.typedAnswers.yaml()
    }
}
