// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport

/// `switchboard`: validated prompts, forms and batch checks for shell scripts.
///
/// This executable reads the command lines scripts run most (`ask`, `check`, `--version`) with
/// `QuickCommandLine` and runs them; it hands every other line to `switchboard-full` (`FullCommandLine`), which
/// reads it with ArgumentParser. Start-up is what a script pays on every call: this one links neither
/// ArgumentParser nor Foundation, so `ask` and `check` start about as fast as a Swift hello world.
@main
enum Switchboard {
    @MainActor static func main() {
        // The arguments straight from argv (CommandLine.arguments builds them through a generic map and a lazy
        // global: a few hundredths of a millisecond that every start pays).
        var arguments: [String] = []
        arguments.reserveCapacity(Int(CommandLine.argc))
        for index in 1..<Int(CommandLine.argc) {
            if let argument = CommandLine.unsafeArgv[index] { arguments.append(String(cString: argument)) }
        }
        let command = QuickCommandLine(arguments)
        // A line for switchboard-full is handed over as it came, closed standard descriptors included (it
        // reports them itself); one run here is prepared as switchboard-full prepares its own.
        if let command, !command.isCheckSchema { prepareProcess() }
        do throws(CommandFailure) {
            switch command {
            case .version:
                standardOutput.write(switchboardVersion + "\n")
            case .ask(let options):
                try options.run()
            case .check(let options):
                // A file name that is not UTF-8 would be opened under its repaired name: another file.
                try refuseArgumentsNotUTF8(command: "check")
                try options.run()
            case .checkSchema, nil:
                try FullCommandLine.run(arguments)
            }
            exitFlushing(ExitStatus.accepted)
        } catch {
            error.report()
            exitFlushing(error.status)
        }
    }
}
