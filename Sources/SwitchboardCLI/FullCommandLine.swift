// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules

/// Every command line that `QuickCommandLine` leaves to ArgumentParser runs in a second executable,
/// `switchboard-full`: `form` and `test`, help, completion scripts, the man page's dump, mistakes. It links
/// ArgumentParser (which reads its command types by reflection) and the spec layer's YAML reader (and through it
/// Foundation); keeping them out of `switchboard` is what lets `ask` and `check` start in about the time of a
/// Swift hello world (see README, "Benchmarks").
///
/// It is looked for next to the running `switchboard` (a build folder), then in `../libexec/switchboard/` (an
/// installed prefix: `make install`). It replaces this process (`execv`) with the same arguments, so the
/// terminal, standard streams, signals and exit status are its own; its malloc is tuned for it (`HugePages`).
enum FullCommandLine {
    static let name = "switchboard-full"

    /// Runs `switchboard-full` with this process's argv (`arguments` is its text, argv[1...]); returns only by
    /// throwing when it cannot be started.
    static func run(_ arguments: [String]) throws(CommandFailure) {
        let candidates = self.candidates()
        guard let path = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw .usage("\(name) is not installed (looked for "
                + candidates.map { displayQuoted($0) }.joined(separator: " and ")
                + "); it runs form, test, --help and completion: build it with "
                + "`swift build --product \(name)`, or install both with `make install`")
        }
        // Nothing has been written yet, and the output buffers are not touched: making them would read
        // `closedStandardStreams`, which puts /dev/null in place of a closed descriptor, and switchboard-full
        // would then miss `>&-` or `<&-` (the output lost with exit 0, a closed input read as empty).
        // argv is handed on as it came, byte for byte: `arguments` are its Strings, in which bytes that are not
        // UTF-8 were replaced (switchboard-full refuses such options; rebuilt from `arguments` they would pass
        // as other text). argv[0] stays `switchboard`: the command the user ran (and what `ps` should show).
        HugePages.forHandOff()
        execv(path, CommandLine.unsafeArgv)
        throw .usage("cannot run \(displayQuoted(path)): \(String(cString: strerror(errno)))")
    }

    /// Where it may be: beside this executable, then in the installed libexec folder.
    static func candidates() -> [String] {
        guard let path = executablePath() else { return [] }
        let folder = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        return ["\(folder)/\(name)", "\(folder)/../libexec/switchboard/\(name)"]
    }
}
