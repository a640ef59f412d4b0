// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardTerminal

/// `switchboard ask`: one validated field (run by `AskOptions`).
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

            To pick from a list shown under the input (filtered as you type, one or several), use \
            `switchboard choose`; for yes or no with one key, `switchboard confirm`.

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
        valueName: "rule"), completion: .list(ruleNameCompletions))
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

    /// What was asked for, as `AskOptions`.
    var options: AskOptions {
        AskOptions(prompt: prompt, rules: rules, defaultValue: defaultValue, mask: mask, choices: choices,
                   message: message, check: check.options)
    }

    func run() throws {
        let options = self.options
        try MainActor.assumeIsolated { try options.run() }
    }
}
