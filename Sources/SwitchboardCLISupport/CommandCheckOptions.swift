// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardTerminal

/// `--check-command CMD [--check-timeout SECONDS] [--check-debounce MS]` as read from the command line (by
/// `CheckCommandOptions` in `switchboard-full`), shared by `ask` and `check`.
package struct CommandCheckOptions: Equatable, Sendable {
    /// The shell command that checks a value once the rules pass; nil for none.
    package var command: String?
    /// Seconds the command may take before the value counts as invalid.
    package var timeout: Double = 10
    /// Milliseconds typing must pause before the command runs.
    package var debounce: Int = 250

    package init(command: String? = nil, timeout: Double = 10, debounce: Int = 250) {
        self.command = command
        self.timeout = timeout
        self.debounce = debounce
    }

    package var timeoutDuration: Duration { .milliseconds(Int64((timeout * 1000).rounded(.up))) }

    /// The check, or nil without a command.
    package var asyncCheck: AsyncCheck? {
        guard let command else { return nil }
        return .command(command, name: "check-command", debounce: .milliseconds(debounce), timeout: timeoutDuration)
    }
}
