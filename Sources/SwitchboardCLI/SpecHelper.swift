import SwitchboardCLISupport
import SwitchboardRules
#if canImport(Glibc)
import Glibc
#endif

/// `form` and `test` run in a second executable, `switchboard-spec`, which links the spec layer and its YAML
/// reader (Yams, and through it Foundation). Keeping them out of `switchboard` is what lets `ask` and `check`
/// start in about the time of a Swift hello world: a statically linked Foundation costs every start ~1.4 ms of
/// relocations, page faults and initialisers, whether the command uses it or not.
///
/// The helper is looked for next to the running `switchboard` (a build folder), then in
/// `../libexec/switchboard/` (an installed prefix, `make install`). It replaces this process (`execv`), so the
/// terminal, standard streams, signals and exit status are the form's own.
enum SpecHelper {
    static let name = "switchboard-spec"

    /// Runs the helper with `arguments` (`form --output json -- SPEC`, `test -- SPEC...`); returns only by
    /// throwing when it cannot be started.
    static func run(_ arguments: [String]) throws(CommandFailure) {
        let candidates = self.candidates()
        guard let path = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw .usage("\(arguments.first ?? "form") needs \(name), which is not installed; looked for "
                + candidates.map { displayQuoted($0) }.joined(separator: " and ")
                + " (make install puts it in PREFIX/libexec/switchboard)")
        }
        standardOutput.flush()
        standardError.flush()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        throw .usage("cannot run \(displayQuoted(path)): \(reason)")
    }

    /// Where the helper may be: beside this executable, then in the installed libexec folder.
    static func candidates() -> [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return [] }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        return ["\(folder)/\(name)", "\(folder)/../libexec/switchboard/\(name)"]
    }
}
