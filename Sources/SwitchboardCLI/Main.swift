import SwitchboardCLISupport

/// `switchboard`: validated prompts, forms and batch checks for shell scripts.
///
/// This executable reads the command lines scripts run most (`ask`, `check`, `--version`) with
/// `QuickCommandLine` and runs them; it hands every other line to `switchboard-full` (`FullCommandLine`), which
/// reads it with ArgumentParser. Start-up is what a script pays on every call: this one links neither
/// ArgumentParser nor Foundation, so `ask` and `check` start about as fast as a Swift hello world.
@main
enum Switchboard {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do throws(CommandFailure) {
            switch QuickCommandLine(arguments) {
            case .version:
                standardOutput.write(switchboardVersion + "\n")
            case .ask(let options):
                try options.run()
            case .check(let options):
                try options.run()
            case nil:
                try FullCommandLine.run(arguments)
            }
            exitFlushing(ExitStatus.accepted)
        } catch {
            error.report()
            exitFlushing(error.status)
        }
    }
}
