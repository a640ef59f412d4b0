// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport
import SwitchboardRules

/// `switchboard`: validated prompts, forms and batch checks for shell scripts; every command, its options,
/// help and completion, as ArgumentParser reads them (see `main()`).
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
        subcommands: [AskCommand.self, ChooseCommand.self, ConfirmCommand.self, FormCommand.self, CheckCommand.self,
                      TestCommand.self])

    /// Parses the command line with ArgumentParser and runs the command, mapping every outcome to the documented
    /// exit statuses (the argument parser's own usage errors exit with 64; ours is 2, as for most Unix tools).
    ///
    /// `switchboard` runs this executable (`switchboard-full`) for every command line its `QuickCommandLine`
    /// leaves to ArgumentParser: `form`, `test`, help, completion scripts, the man page's dump, mistakes; and for
    /// `check --schema`, which `QuickCommandLine` reads here too.
    static func main() {
        HugePages.restoreEnvironment()
        prepareProcess()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let script = bashCompletionScript(arguments) {
            standardOutput.write(script + "\n")
            exitFlushing(ExitStatus.accepted)
        }
        // `check --schema` without the options ArgumentParser alone reads: run at once (ArgumentParser's reading of
        // the command types by reflection was 17 million of the 38 million instructions of a check's start).
        if case .checkSchema(let line)? = QuickCommandLine(arguments), let format = ReportFormat(rawValue: line.format) {
            do throws(CommandFailure) {
                try refuseArgumentsNotUTF8(command: "check")
                try SchemaCheckOptions(schema: line.schema, files: line.files, format: format, count: line.count,
                                       jobs: line.jobs).run()
                exitFlushing(ExitStatus.accepted)
            } catch {
                error.report()
                exitFlushing(error.status)
            }
        }
        let status: Int32
        do {
            var command = try parseAsRoot()
            try command.run()
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
            // The parser's messages echo arguments (`The value '...' is invalid`): escaped, and cut if long.
            let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .map { displayEscaped(String($0), limit: 200) }.joined(separator: "\n")
            standardError.write(message + "\n")
            status = ExitStatus.usage
        }
        exitFlushing(status)
    }
}
