// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// What both executables do first: closed standard descriptors become /dev/null before anything opens a file (see
/// `closedStandardStreams`), and Ctrl-\ (SIGQUIT) outside a field ends quietly with 131, as Ctrl-C ends with 130,
/// instead of handing the terminal to the Swift runtime's crash reporter (a field being read restores the terminal
/// first).
package func prepareProcess() {
    _ = closedStandardStreams
    signal(SIGQUIT) { _ in _exit(131) }
}

/// The exit statuses of every command.
package enum ExitStatus {
    /// The value was accepted, every check passed.
    package static let accepted: Int32 = 0
    /// The value is invalid (no terminal to ask again), or a check or test failed.
    package static let invalid: Int32 = 1
    /// A usage error: a bad option, rule or spec, a file that cannot be read.
    package static let usage: Int32 = 2
    /// Cancelled with Ctrl-C (128 + SIGINT, as a shell reports it).
    package static let cancelled: Int32 = 130
}

/// An error that ends a command with a message on standard error and an exit status.
package struct CommandFailure: Error {
    /// Lines written to standard error, each prefixed with `switchboard: ` unless `plain`.
    package var lines: [String]
    package var status: Int32
    package var plain = false

    package init(lines: [String], status: Int32, plain: Bool = false) {
        self.lines = lines
        self.status = status
        self.plain = plain
    }

    /// A usage error (exit 2): `switchboard: <message>`.
    package static func usage(_ message: String) -> CommandFailure {
        CommandFailure(lines: [message], status: ExitStatus.usage)
    }

    /// An outcome that has already been reported (or needs no message): only the exit status.
    package static func status(_ status: Int32) -> CommandFailure {
        CommandFailure(lines: [], status: status)
    }

    /// Writes the lines to standard error, each with its control characters escaped (they hold file names,
    /// rule and spec text, values): nothing in an error message reaches the terminal raw.
    package func report() {
        for line in lines {
            let shown = displayEscaped(line)
            standardError.write(plain ? shown + "\n" : "switchboard: \(shown)\n")
        }
    }
}

/// Flushes standard output and standard error and exits with `status`; results that could not be written
/// (`check ... > /dev/full`) turn any status into a usage error, since they did not arrive.
package func exitFlushing(_ status: Int32) -> Never {
    standardOutput.flush()
    if let reason = standardOutput.failure {
        standardError.write("switchboard: cannot write to standard output: \(reason)\n")
        standardError.flush()
        exit(ExitStatus.usage)
    }
    standardError.flush()
    exit(status)
}
