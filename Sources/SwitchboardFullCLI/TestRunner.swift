// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSpec
import SwitchboardTerminal

/// `switchboard test`: every field's examples run through its rules, one TAP line each.
struct TestRunner {
    var specs: [String]

    @MainActor func run() throws(CommandFailure) {
        var loaded: [FormSpec] = []
        var problems: [String] = []
        for path in specs {
            do { loaded.append(try FormSpec(contentsOf: path)) }
            catch { problems += error.problems.map(\.description) }
        }
        if !problems.isEmpty { throw CommandFailure(lines: problems, status: ExitStatus.usage, plain: true) }

        CommandChecks.adoptOrphans()   // check and choices commands' own children are reaped here
        let results = loaded.flatMap { $0.runExamples() }
        let out = standardOutput
        // No examples at all: TAP's plan for a skipped run, so a harness shows it as skipped, not passed.
        let plan = results.isEmpty
            ? "1..0 # SKIP no examples in " + specs.map { tapDescription(displayEscaped($0, limit: 200)) }
                .joined(separator: ", ")
            : "1..\(results.count)"
        out.write(tapVersionLine + plan + "\n")
        var failed = 0
        for (index, result) in results.enumerated() {
            if !result.passed { failed += 1 }
            out.write("\(result.passed ? "ok" : "not ok") \(index + 1) - \(tapDescription(result.description))\n")
        }
        if failed > 0 {
            out.write("# \(failed) of \(results.count) examples failed\n")
            throw CommandFailure.status(ExitStatus.invalid)
        }
    }
}
