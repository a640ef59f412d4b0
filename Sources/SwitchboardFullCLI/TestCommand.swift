// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport

/// `switchboard test`: predicate tests from spec files (run by `TestRunner`).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run every field's examples through its rules, and the spec's scenarios through the form; TAP output.",
        discussion: """
            Each value under a field's `examples: {valid: [...], invalid: [...]}` is checked with the field's own \
            rules (cross-field bindings such as same-as are not part of examples). One TAP line per example \
            (TAP version 13, read by prove, tappy and node-tap). Then each scenario under `scenarios:` runs the form \
            in a virtual terminal: its steps type keys and expect lines on the screen; the exit status and the \
            answers printed are compared. One TAP line per scenario.

            Exit status: 0 when every example and scenario behaves as written, 1 on any mismatch, 2 when a spec \
            cannot be loaded.

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

    func run() throws {
        let runner = TestRunner(specs: specs)
        try MainActor.assumeIsolated { try runner.run() }
    }
}
