// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport
import SwitchboardRules

/// `switchboard choose`: pick one option, or several, from a list filtered as you type (run by `ChooseOptions`).
struct ChooseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choose",
        abstract: "Pick from a list filtered as you type; print the pick on standard output.",
        discussion: """
            The options are listed under the input; typing filters them (ignoring case). Up/Down or Ctrl-P/Ctrl-N \
            move, PgUp/PgDn page, Enter picks. With --multi, Tab chooses the highlighted option and moves down, \
            Shift-Tab chooses and moves up, and Enter accepts the chosen ones. The typed text is an ordinary \
            readline line (emacs or vi keys, Ctrl-R).

            The options are the arguments after the prompt, or one per line on standard input when none are \
            given (the keys then come from /dev/tty); those stream in: the list shows at once, the lines read so \
            far are listed and counted ("1,204 read…"), and Enter picks before the input ends. The pick is printed \
            one option per line, in list order.

            No terminal: with options as arguments, the answer is read from standard input (an option's text; \
            with --multi one per line) and checked (exit 1 when it is not an option); an empty answer takes \
            --selected. Options on standard input need a terminal (exit 2). Bounds no pick could meet (--min above \
            the number of options, more --selected than --max ...) are usage errors (exit 2). TERM=dumb: the \
            options are printed as a numbered list; a number or an option answers (comma-separated for several); an option that is a number wins over a row number.

            Exit status: 0 picked, 1 invalid (no terminal to ask again), 2 usage error, 130 cancelled (Ctrl-C or \
            Ctrl-D on an empty line), 131 quit (Ctrl-\\).

            Examples:
              COLOUR=$(switchboard choose Colour red green blue)
              BRANCH=$(git branch --format='%(refname:short)' | switchboard choose Branch)
              TAGS=$(switchboard choose Tags api cli docs web --multi --min 1 --max 2)
            """)

    @Argument(help: "The question, e.g. \"Colour\".")
    var prompt: String

    @Argument(help: "The options (none: one per line on standard input).")
    var options: [String] = []

    @Flag(help: "Choose several options (Tab chooses).")
    var multi = false

    // `.unconditional`: `--min -1` is a value to refuse with the reason, not a missing value.
    @Option(name: .customLong("min"), parsing: .unconditional,
            help: ArgumentHelp("The fewest options to choose (with --multi; 0 or more).", valueName: "n"))
    var minimum: Int?

    @Option(name: .customLong("max"), parsing: .unconditional,
            help: ArgumentHelp("The most options to choose (with --multi; 1 or more).", valueName: "n"))
    var maximum: Int?

    @Option(help: ArgumentHelp("An option chosen at the start (repeatable; highlighted without --multi).",
                               valueName: "option"))
    var selected: [String] = []

    @Option(name: .customLong("rule"), help: ArgumentHelp(
        "A rule every picked option must pass (repeatable): regex:^[a-z]+$, length:1..20 ...",
        valueName: "rule"), completion: .list(ruleNameCompletions))
    var rules: [String] = []


    var chooseOptions: ChooseOptions {
        ChooseOptions(prompt: prompt, options: options, multi: multi, minimum: minimum, maximum: maximum,
                      selected: selected, rules: rules)
    }

    func run() throws {
        // ArgumentParser sees the arguments repaired (a bad byte becomes U+FFFD): check the bytes given.
        try refuseArgumentsNotUTF8(command: "choose")
        let options = chooseOptions
        try MainActor.assumeIsolated { try options.run() }
    }
}

/// `switchboard confirm`: a yes/no question answered with one key; exit 0 for yes, 1 for no.
struct ConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Ask a yes/no question; exit 0 for yes, 1 for no.",
        discussion: """
            y or n answers at once (no Enter); Enter takes --default. What was typed after the answering key \
            (the "es" of a fast "yes") is discarded, never left for the shell. The question and the answer go to \
            standard error (or /dev/tty); nothing is printed on standard output.

            No terminal: one line is read from standard input: y, yes, n, no (any case), or an empty line for \
            --default. Anything else is a usage error (exit 2), never a "no".

            Exit status: 0 yes, 1 no, 2 usage error, 130 cancelled (Ctrl-C or Ctrl-D), 131 quit (Ctrl-\\).

            Examples:
              if switchboard confirm "Deploy?"; then ./deploy.sh; fi
              switchboard confirm "Delete 3 files?" --default no || exit 0
            """)

    /// yes or no, in any case (`Y`, `No`, `YES`), or their first letters.
    enum Answer: String, ExpressibleByArgument, CaseIterable {
        case yes, no

        init?(argument: String) {
            switch argument.lowercased() {
            case "yes", "y": self = .yes
            case "no", "n": self = .no
            default: return nil
            }
        }
    }

    @Argument(help: "The question, e.g. \"Deploy?\".")
    var prompt: String

    @Option(name: .customLong("default"), help: "The answer Enter gives: yes or no (any case; y or n).")
    var defaultAnswer: Answer?

    func run() throws {
        let options = ConfirmOptions(prompt: prompt, defaultAnswer: defaultAnswer.map { $0 == .yes })
        try MainActor.assumeIsolated { try options.run() }
    }
}
