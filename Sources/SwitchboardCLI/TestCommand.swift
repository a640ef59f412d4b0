import ArgumentParser
import SwitchboardRules
import SwitchboardSpec

/// `switchboard test`: predicate tests from spec files.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run every field's examples (valid and invalid) through its rules; TAP output.",
        discussion: """
            Each value under a field's `examples: {valid: [...], invalid: [...]}` is checked with the field's own \
            rules (cross-field bindings such as same-as are not part of examples). One TAP line per example.

            Exit status: 0 when every example behaves as written, 1 on any mismatch, 2 when a spec cannot be loaded.

            Examples:
              switchboard test signup.yaml
              switchboard test rules/*.yaml | tee results.tap
            """)

    @Argument(help: ArgumentHelp("Spec files (YAML or JSON).", valueName: "spec"),
              completion: .file(extensions: ["yaml", "yml", "json"]))
    var specs: [String]

    func validate() throws {
        if specs.isEmpty { throw ValidationError("give at least one spec file, e.g. switchboard test signup.yaml") }
    }

    func run() throws { try MainActor.assumeIsolated { try test() } }

    @MainActor private func test() throws {
        var loaded: [FormSpec] = []
        var problems: [String] = []
        for path in specs {
            do { loaded.append(try FormSpec(contentsOf: path)) }
            catch { problems += error.problems.map(\.description) }
        }
        if !problems.isEmpty { throw CommandFailure(lines: problems, status: ExitStatus.usage, plain: true) }

        let results = loaded.flatMap { $0.runExamples() }
        let out = standardOutput
        // No examples at all: TAP's plan for a skipped run, so a harness shows it as skipped, not passed.
        let plan = results.isEmpty
            ? "1..0 # SKIP no examples in \(specs.map { displayEscaped($0, limit: 200) }.joined(separator: ", "))"
            : "1..\(results.count)"
        out.write("TAP version 14\n\(plan)\n")
        var failed = 0
        for (index, result) in results.enumerated() {
            if !result.passed { failed += 1 }
            // File names, values and spec messages escaped: one TAP line each, nothing a terminal obeys.
            let description = displayEscaped(result.description).replacing("#", with: "\\#")
            out.write("\(result.passed ? "ok" : "not ok") \(index + 1) - \(description)\n")
        }
        if failed > 0 {
            out.write("# \(failed) of \(results.count) examples failed\n")
            throw ExitCode(ExitStatus.invalid)
        }
    }
}
