// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSpec
import SwitchboardTerminal

/// `switchboard test`: every field's examples run through its rules, then every scenario runs the form in a
/// virtual terminal; one TAP line each.
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
        let examples = loaded.flatMap { $0.runExamples() }
        let total = examples.count + loaded.reduce(0) { $0 + $1.scenarios.count }
        let out = standardOutput
        // No examples at all: TAP's plan for a skipped run, so a harness shows it as skipped, not passed.
        let plan = total == 0
            ? "1..0 # SKIP no examples in " + specs.map { tapDescription(displayEscaped($0, limit: 200)) }
                .joined(separator: ", ")
            : "1..\(total)"
        out.write(tapVersionLine + plan + "\n")
        var failed = 0
        var number = 0
        func report(_ passed: Bool, _ description: String, _ comments: [String] = []) {
            number += 1
            if !passed { failed += 1 }
            out.write("\(passed ? "ok" : "not ok") \(number) - \(tapDescription(description))\n")
            for line in comments { out.write("# " + displayEscaped(line) + "\n") }
            out.flush()
        }
        for result in examples { report(result.passed, result.description) }
        let scenarios = ScenarioRunner()
        for spec in loaded {
            for scenario in spec.scenarios {
                let result = scenarios.run(scenario, of: spec)
                report(result.passed, result.description, result.screen)
            }
        }
        if failed > 0 {
            out.write("# \(failed) of \(total) \(total == examples.count ? "examples" : "tests") failed\n")
            throw CommandFailure.status(ExitStatus.invalid)
        }
    }
}
