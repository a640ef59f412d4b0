import ArgumentParser
import SwitchboardRules
#if canImport(Glibc)
import Glibc
#endif

/// The version `switchboard --version` prints.
let switchboardVersion = "0.1.0"

/// `switchboard`: validated prompts, forms and batch checks for shell scripts.
///
/// Streams: values and results on standard output; prompts, hints and messages on standard error (or /dev/tty when
/// standard error is not a terminal). Exit status: 0 accepted, 1 invalid or a failed check, 2 usage error (a bad
/// option, rule or spec), 130 cancelled, 131 quit (Ctrl-\).
@main
struct SwitchboardTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchboard",
        abstract: "Validated prompts, forms and batch checks for shell scripts.",
        discussion: """
            Values go to standard output; prompts and messages go to standard error (or /dev/tty), so \
            `EMAIL=$(switchboard ask Email --rule email)` captures only the value.

            Exit status: 0 accepted, 1 invalid (or any check failed), 2 usage error (a bad option, rule or \
            spec), 130 cancelled (Ctrl-C), 131 quit (Ctrl-\\).

            Examples:
              EMAIL=$(switchboard ask "Email" --rule email)
              switchboard form signup.yaml --output env > answers.env
              switchboard check --rule email addresses.txt
              switchboard test rules.yaml
            """,
        version: switchboardVersion,
        subcommands: [AskCommand.self, FormCommand.self, CheckCommand.self, TestCommand.self])

    /// Parses the command line and runs the command, mapping every outcome to the documented exit statuses
    /// (the argument parser's own usage errors exit with 64; ours is 2, as for most Unix tools).
    static func main() {
        _ = closedStandardStreams   // before anything opens a file: closed 0, 1, 2 become /dev/null
        // Ctrl-\ (SIGQUIT) outside a field ends quietly with 131, as Ctrl-C ends with 130, instead of handing the
        // terminal to the Swift runtime's crash reporter. A field being read restores the terminal first.
        signal(SIGQUIT) { _ in _exit(131) }
        let status: Int32
        do {
            var command = try parseAsRoot()
            try command.run()
            status = 0
        } catch let failure as CommandFailure {
            failure.report()
            status = failure.status
        } catch let code as ExitCode {
            status = code.rawValue
        } catch {
            if exitCode(for: error) == .success {
                exit(withError: error)  // --help, --version, --generate-completion-script: stdout, status 0
            }
            // The parser's messages echo arguments (`The value '...' is invalid`): escaped, and cut if long.
            let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .map { displayEscaped(String($0), limit: 200) }.joined(separator: "\n")
            standardError.write(message + "\n")
            standardError.flush()
            status = ExitStatus.usage
        }
        standardOutput.flush()
        if let reason = standardOutput.failure {
            // Results that did not arrive are not a success (`check ... > /dev/full`, `>&-`).
            standardError.write("switchboard: cannot write to standard output: \(reason)\n")
            standardError.flush()
            Glibc.exit(ExitStatus.usage)
        }
        standardError.flush()
        Glibc.exit(status)
    }
}

/// The exit statuses of every command.
enum ExitStatus {
    /// The value was accepted, every check passed.
    static let accepted: Int32 = 0
    /// The value is invalid (no terminal to ask again), or a check or test failed.
    static let invalid: Int32 = 1
    /// A usage error: a bad option, rule or spec, a file that cannot be read.
    static let usage: Int32 = 2
    /// Cancelled with Ctrl-C (128 + SIGINT, as a shell reports it).
    static let cancelled: Int32 = 130
}

/// An error that ends a command with a message on standard error and an exit status.
struct CommandFailure: Error {
    /// Lines written to standard error, each prefixed with `switchboard: ` unless `plain`.
    var lines: [String]
    var status: Int32
    var plain = false

    /// A usage error (exit 2): `switchboard: <message>`.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(lines: [message], status: ExitStatus.usage)
    }

    /// Writes the lines to standard error, each with its control characters escaped (they hold file names,
    /// rule and spec text, values): nothing in an error message reaches the terminal raw.
    func report() {
        for line in lines {
            let shown = displayEscaped(line)
            standardError.write(plain ? shown + "\n" : "switchboard: \(shown)\n")
        }
    }
}
