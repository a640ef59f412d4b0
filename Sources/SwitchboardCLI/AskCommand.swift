import ArgumentParser
import SwitchboardRules
import SwitchboardTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `switchboard ask`: one validated field.
struct AskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask for one value with live validation; print it on standard output.",
        discussion: """
            The prompt and the live ✓/✗ feedback go to standard error (or /dev/tty), the accepted value to standard \
            output, so a script captures only the value. Enter on an invalid value keeps the text and says why. \
            With no --rule or --choices any answer is accepted, even an empty one: add --rule required to insist.

            Standard input not a terminal: one line is read, checked, and printed, or the failure is printed on \
            standard error (exit 1).

            Exit status: 0 accepted, 1 invalid (no terminal to ask again), 2 usage error, 130 cancelled (Ctrl-C or \
            Ctrl-D on an empty line), 131 quit (Ctrl-\\).

            With --mask, Tab neither completes nor lists --choices (it would reveal what was typed); the value must \
            still be one of them.

            Examples:
              EMAIL=$(switchboard ask "Email" --rule email)
              AGE=$(switchboard ask "Age" --rule 'int:13..120' --message "13 to 120")
              PASSWORD=$(switchboard ask "Password" --mask --rule 'length:8..64')
              COLOUR=$(switchboard ask "Colour" --choices red,green --default green)
              echo "ada@example.com" | switchboard ask "Email" --rule email
              USER=$(switchboard ask "Username" --rule 'length:3..20' --check-command './is-free.sh')
            """)

    @Argument(help: "The question, e.g. \"Email\".")
    var prompt: String

    @Option(name: .customLong("rule"), help: ArgumentHelp(
        "A rule the value must pass (repeatable): email, length:3..20, int:1..120, regex:^[a-z]+$ ...",
        valueName: "rule"), completion: .list(Rule.ruleNames))
    var rules: [String] = []

    @Option(name: .customLong("default"), help: "The value accepted when the answer is empty.")
    var defaultValue: String?

    @Flag(help: "Show * for each character; the value never reaches the screen or any history.")
    var mask = false

    @Option(help: ArgumentHelp("The allowed values, comma-separated (Tab completes them).", valueName: "a,b,c"))
    var choices: String?

    @Option(help: "The message shown when the value fails any rule.")
    var message: String?

    @OptionGroup var check: CheckCommandOptions

    func validate() throws { try check.validate() }

    func run() throws { try MainActor.assumeIsolated { try ask() } }

    @MainActor private func ask() throws {
        var parsed = try parseRules(rules)
        var choiceList: [String] = []
        if let choices {
            choiceList = choices.split(separator: ",").map { String(trimmingSpaces($0)) }.filter { !$0.isEmpty }
            if choiceList.isEmpty {
                throw CommandFailure.usage("--choices: give the values separated by commas, e.g. --choices red,green,blue")
            }
            if let bad = choiceList.first(where: { $0.unicodeScalars.contains(where: needsDisplayEscape) }) {
                // Control characters are refused in answers, so it could never be chosen; Tab would list it raw.
                throw CommandFailure.usage("--choices: \(displayQuoted(bad, limit: 60)) holds a control character; "
                                           + "a choice must be plain text")
            }
            parsed.insert(Rule.oneOf(choiceList), at: 0)
        }
        if let message { parsed = parsed.map { $0.message(message) } }
        if let defaultValue {
            if defaultValue.unicodeScalars.contains(where: needsDisplayEscape) {
                throw CommandFailure.usage("--default \(displayQuoted(defaultValue, limit: 60)) holds a control "
                                           + "character; a default must be plain text on one line")
            }
            if let failure = verdict(of: parsed, for: defaultValue).failure {
                throw CommandFailure.usage("--default \(displayQuoted(defaultValue, limit: 60)) fails the rules: "
                                           + failure.message)
            }
        }
        if closedStandardStreams.contains(0) {
            throw CommandFailure(lines: ["\(displayEscaped(prompt, limit: 60)): no input (standard input is closed)"],
                                 status: ExitStatus.invalid)
        }

        var options = LineField.Options()
        options.masked = mask
        options.choices = choiceList
        let field = LineField(prompt: prompt, default: defaultValue, rules: parsed.map(\.condition), options: options)
        if let asyncCheck = check.asyncCheck {
            CommandChecks.adoptOrphans()
            field.addAsyncCheck(asyncCheck)
        }
        defer { CommandChecks.terminateAll() }
        standardError.flush()
        let interactive = isTerminal(0)
        do {
            let value = try field.read()
            standardOutput.write(value)
            standardOutput.write(byte: 0x0A)
        } catch let error as FieldError {
            switch error {
            case .cancelled:
                throw ExitCode(ExitStatus.cancelled)
            case .endOfInput where interactive:
                throw ExitCode(ExitStatus.cancelled)  // Ctrl-D on an empty line: the user gave up
            case .endOfInput:
                throw CommandFailure(lines: ["\(displayEscaped(prompt, limit: 60)): no input (standard input ended "
                                             + "before a line)"], status: ExitStatus.invalid)
            case .invalid:
                throw ExitCode(ExitStatus.invalid)  // the field has printed why on standard error
            case .interrupted(let signal):
                throw ExitCode(128 + signal)
            case .terminalUnavailable(let reason):
                throw CommandFailure(lines: ["no usable terminal to ask \(displayQuoted(prompt, limit: 60)): \(reason)"],
                                     status: ExitStatus.usage)
            }
        }
    }
}

/// `text` without leading and trailing spaces.
func trimmingSpaces(_ text: Substring) -> Substring {
    var trimmed = text
    while trimmed.first == " " { trimmed.removeFirst() }
    while trimmed.last == " " { trimmed.removeLast() }
    return trimmed
}
