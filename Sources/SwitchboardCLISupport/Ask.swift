// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// One `ask` (one validated value on standard output) as read from the command line, by ArgumentParser
/// (`AskCommand` in `switchboard-full`) or by `QuickCommandLine`, which must agree.
package struct AskOptions: Equatable {
    package var prompt: String
    package var rules: [String] = []
    package var defaultValue: String?
    package var mask = false
    package var choices: String?
    package var message: String?
    package var check = CommandCheckOptions()

    package init(prompt: String, rules: [String] = [], defaultValue: String? = nil, mask: Bool = false,
                 choices: String? = nil, message: String? = nil, check: CommandCheckOptions = CommandCheckOptions()) {
        self.prompt = prompt
        self.rules = rules
        self.defaultValue = defaultValue
        self.mask = mask
        self.choices = choices
        self.message = message
        self.check = check
    }

    /// Asks, prints the accepted value; throws `CommandFailure` with the exit status otherwise.
    @MainActor package func run() throws(CommandFailure) {
        var parsed = try parseRules(rules)
        var choiceList: [String] = []
        if let choices {
            choiceList = choices.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
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
        options.pathCompletion = Rule.all(parsed).pathCompletion
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
            throw failure(error, prompt: prompt, interactive: interactive)
        } catch {
            throw CommandFailure.usage("cannot ask \(displayQuoted(prompt)): \(error)")   // LineField throws FieldError only
        }
    }
}

/// A field's error as the command's outcome: the exit statuses of `ask` (and of `choose` and `confirm`).
func failure(_ error: FieldError, prompt: String, interactive: Bool) -> CommandFailure {
    switch error {
    case .cancelled:
        return CommandFailure.status(ExitStatus.cancelled)
    case .endOfInput where interactive:
        return CommandFailure.status(ExitStatus.cancelled)   // Ctrl-D on an empty line: the user gave up
    case .endOfInput:
        return CommandFailure(lines: ["\(displayEscaped(prompt, limit: 60)): no input (standard input ended before a line)"],
                              status: ExitStatus.invalid)
    case .invalid:
        return CommandFailure.status(ExitStatus.invalid)   // the field has printed why on standard error
    case .interrupted(let signal):
        return CommandFailure.status(128 + signal)
    case .terminalUnavailable(let reason):
        return CommandFailure(lines: ["no usable terminal to ask \(displayQuoted(prompt, limit: 60)): \(reason)"],
                              status: ExitStatus.usage)
    }
}

