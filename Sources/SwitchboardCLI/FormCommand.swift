import ArgumentParser
import SwitchboardSpec

/// `switchboard form`: a form from a spec file.
struct FormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Run a form spec; print the answers on standard output.",
        discussion: """
            In a terminal, fields are asked one at a time with live validation, then a review lets you edit any \
            answer before submitting. Standard input not a terminal: answers are read from it (one per line, \
            name=value lines, or a JSON object), every failure is reported on standard error.

            With --output env, field names must make safe shell variables (identifiers, not the shell's own such \
            as PATH or IFS, no two alike); a spec that does not is refused before anything is asked.

            Exit status: 0 submitted, 1 invalid answers, 2 a malformed spec or unreadable input, 130 cancelled, \
            131 quit (Ctrl-\\).

            Examples:
              switchboard form signup.yaml > answers.json
              eval "$(switchboard form signup.yaml --output env)"
              switchboard form signup.yaml --draft .signup-draft.json
              switchboard form signup.yaml --output yaml < answers.txt
            """)

    enum Output: String, ExpressibleByArgument, CaseIterable {
        case json, env, yaml
    }

    @Argument(help: ArgumentHelp("The form spec (YAML or JSON).", valueName: "spec"),
              completion: .file(extensions: ["yaml", "yml", "json"]))
    var spec: String

    @Option(help: "json: one object; env: NAME='value' lines for eval; yaml: name: \"value\" lines.")
    var output: Output = .json

    @Option(help: ArgumentHelp("Save accepted answers (not masked ones) here and resume from them.",
                               valueName: "file"))
    var draft: String?

    func run() throws { try MainActor.assumeIsolated { try fill() } }

    @MainActor private func fill() throws {
        let formSpec: FormSpec
        do { formSpec = try FormSpec(contentsOf: spec) }
        catch { throw CommandFailure(lines: error.problems.map(\.description), status: ExitStatus.usage, plain: true) }
        // Everything that would make the answers unusable is refused before anything is asked.
        if output == .env {
            let problems = formSpec.environmentNameProblems()
            if !problems.isEmpty {
                throw CommandFailure(lines: problems.map(\.description), status: ExitStatus.usage, plain: true)
            }
        }
        if let draft, isTerminal(0) {
            do { try Draft(path: draft).checkPath() } catch { throw CommandFailure.usage("--draft \(error)") }
        }
        let form = formSpec.makeForm()
        standardError.flush()
        let result: FormResult
        if isTerminal(0) {
            let prompter: TerminalPrompter
            do { prompter = try TerminalPrompter() } catch { throw CommandFailure.usage("form: \(error)") }
            let flow = FormFlow(form, draft: draft.map { Draft(path: $0) })
            result = flow.run(prompter: prompter)
        } else {
            // No terminal: answers from standard input, every failure reported on standard error. (A draft
            // belongs to a person's interrupted session; it is not used here.)
            if closedStandardStreams.contains(0) {
                throw CommandFailure.usage("standard input is closed and is not a terminal: no answers to read; "
                                           + "run the form at a terminal or pipe the answers in")
            }
            result = form.runHeadless()
        }
        guard result.status == .submitted else { throw ExitCode(result.exitStatus) }
        standardOutput.write(formatted(result.answers, as: output))
    }
}

/// The answers as JSON, `NAME='value'` lines (names upper-cased, `-` as `_`, single quotes escaped for sh; the
/// names were checked with `FormSpec.environmentNameProblems()`), or YAML (`name: "value"`, JSON-style
/// double-quoted strings, which YAML reads as they are).
func formatted(_ answers: Answers, as output: FormCommand.Output) -> String {
    switch output {
    case .json:
        return answers.json() + "\n"
    case .env:
        return answers.map { key, value in
            let name = FormSpec.environmentName(for: key)
            return "\(name)='\(value.replacing("'", with: "'\\''"))'\n"
        }.joined()
    case .yaml:
        return answers.map { key, value in "\(yamlKey(key)): \(jsonString(value))\n" }.joined()
    }
}

/// A field name as a YAML key: as it is, or double-quoted when YAML would read it as something other than a
/// string (`null`, `yes`, `on`, `~`, `123`, `1e3`, `-1`...).
func yamlKey(_ name: String) -> String {
    let plainScalars = ["null", "true", "false", "yes", "no", "on", "off", "y", "n", "~", ""]
    if plainScalars.contains(name.lowercased()) || name.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
        return jsonString(name)
    }
    return name
}
