// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport

/// `--check-command CMD [--check-timeout SECONDS] [--check-debounce MS]`, shared by `ask` and `check`.
struct CheckCommandOptions: ParsableArguments {
    @Option(name: .customLong("check-command"), help: ArgumentHelp(
        "A shell command that checks the value once the rules pass: `sh -c CMD` with the value on standard input "
            + "and in SWITCHBOARD_VALUE; exit 0 = valid, otherwise its first line of standard error (else output) "
            + "is the message.", valueName: "command"))
    var command: String?

    @Option(name: .customLong("check-timeout"), help: ArgumentHelp(
        "Seconds the check command may take before the value counts as invalid (default 10).", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .customLong("check-debounce"), help: ArgumentHelp(
        "Milliseconds typing must pause before the check command runs (default 250).", valueName: "ms"))
    var debounce: Int = 250

    func validate() throws {
        if !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--check-timeout: give a number of seconds above 0 (at most 86400), e.g. --check-timeout 5")
        }
        if debounce < 0 || debounce > 60_000 {
            throw ValidationError("--check-debounce: give milliseconds from 0 to 60000, e.g. --check-debounce 250")
        }
        if let command, command.allSatisfy({ $0 == " " || $0 == "\t" }) {
            throw ValidationError("--check-command: give a shell command, e.g. --check-command './is-free.sh'")
        }
    }

    /// The options as `CommandCheckOptions`.
    var options: CommandCheckOptions {
        CommandCheckOptions(command: command, timeout: timeout, debounce: debounce)
    }
}
