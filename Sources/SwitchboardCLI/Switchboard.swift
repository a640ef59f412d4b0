import ArgumentParser
import SwitchboardCLISupport
#if canImport(Glibc)
import Glibc
#endif

/// `switchboard`: validated prompts, forms and batch checks for shell scripts.
///
/// Streams: values and results on standard output; prompts, hints and messages on standard error (or /dev/tty when
/// standard error is not a terminal). Exit status: 0 accepted, 1 invalid or a failed check, 2 usage error (a bad
/// option, rule or spec), 130 cancelled.
@main
struct SwitchboardTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchboard",
        abstract: "Validated prompts, forms and batch checks for shell scripts.",
        discussion: """
            Values go to standard output; prompts and messages go to standard error (or /dev/tty), so \
            `EMAIL=$(switchboard ask Email --rule email)` captures only the value.

            Exit status: 0 accepted, 1 invalid (or any check failed), 2 usage error (a bad option, rule or \
            spec), 130 cancelled (Ctrl-C).

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
    ///
    /// The command lines scripts run most (`ask` and `check` with their options, `--version`) are read by
    /// `QuickCommandLine`, which agrees with ArgumentParser on every line it accepts and hands anything else
    /// (help, completion, mistakes) to ArgumentParser: ArgumentParser reads its command types by reflection,
    /// which cost every start about 2 ms, as much as the rest of a start.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status: Int32
        do {
            switch QuickCommandLine(arguments) {
            case .version:
                standardOutput.write(switchboardVersion + "\n")
            case .ask(let options):
                try options.run()
            case .check(let options):
                try options.run()
            case nil:
                var command = try parseAsRoot(arguments)
                try command.run()
            }
            status = ExitStatus.accepted
        } catch let failure as CommandFailure {
            failure.report()
            status = failure.status
        } catch let code as ExitCode {
            status = code.rawValue
        } catch {
            if exitCode(for: error) == .success {
                standardOutput.flush()
                standardError.flush()
                exit(withError: error)  // --help, --version, --generate-completion-script: stdout, status 0
            }
            standardError.write(fullMessage(for: error) + "\n")
            status = ExitStatus.usage
        }
        exitFlushing(status)
    }
}
