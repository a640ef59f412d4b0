// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import SwitchboardSpec

/// A field's `check:` in a spec: parsed, attached to the form, run by examples, waited for by the headless form.
@Suite struct SpecCheckTests {
    @Test("check: as a string or a mapping; timeout and debounce are read")
    func parsed() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - name: user
                check: ./is-free.sh
              - name: host
                check: {command: "host \\"$SWITCHBOARD_VALUE\\"", timeout: 2.5, debounce: 100}
            """, file: "t.yaml")
        #expect(spec["user"]?.check?.command == "./is-free.sh")
        #expect(spec["user"]?.check?.timeout == .seconds(10))
        #expect(spec["host"]?.check?.command == #"host "$SWITCHBOARD_VALUE""#)
        #expect(spec["host"]?.check?.timeout == .milliseconds(2500))
        #expect(spec["host"]?.check?.debounce == .milliseconds(100))
    }

    @Test("A bad check: says what was wrong, where, and what would be right")
    func badCheck() {
        #expect(specProblems("""
            fields:
              - name: user
                check: {command: "true", timeout: 0, retries: 3}
            """) == [
            #"t.yaml:3:39: expected a timeout in seconds above 0 (at most 86400), e.g. timeout: 5, got "0""#,
            #"t.yaml:3:42: unknown key "retries" in check:; expected one of command, timeout, debounce"#,
        ])
        #expect(specProblems("""
            fields:
              - name: user
                check: {command: "true", debounce: soon}
            """) == [
            #"t.yaml:3:40: expected a debounce in milliseconds from 0 to 60000, e.g. debounce: 250, got "soon""#,
        ])
        let problems = specProblems("""
            fields:
              - name: user
                check: {timeout: 3}
            """)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("missing command:") == true)
    }

    // The checks below run as tasks on Swift concurrency's shared threads, which in this test process the other
    // suites' blocking waits can hold for seconds: their timeouts are long, so that a task started late is not
    // reported as a check that took too long (the signup example's 5 s ran out that way on a loaded machine).

    @Test("The headless form waits for the check and reports its failure")
    func headlessFormWaits() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - name: user
                check:
                  command: 'sleep 0.2; [ "$(cat)" != root ] || { echo "is taken" >&2; exit 1; }'
                  timeout: 120
            """, file: "t.yaml")
        let taken = spec.makeForm().fill(from: "root\n")
        #expect(taken.report == [#"user: is taken, got "root""#])
        let free = spec.makeForm().fill(from: "ada\n")
        #expect(free.status == .submitted)
    }

    @Test("The headless form runs the checks of all answered fields side by side (at most 8) and reports in field order")
    func headlessChecksRunTogether() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-checks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("running"),
                                                withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dir = folder.path
        // Each check counts the checks running with it, then fails for "bad".
        let check = "touch '\(dir)/running/'$$; ls '\(dir)/running' | wc -l >> '\(dir)/counts'; sleep 0.3; "
            + "rm '\(dir)/running/'$$; [ \"$(cat)\" != bad ] || { echo taken >&2; exit 1; }"
        let names = (1...12).map { "f\($0)" }
        let yaml = "fields:\n"
            + names.map { "  - name: \($0)\n    check:\n      command: \(jsonQuoted(check))\n      timeout: 120\n" }.joined()
        let spec = try FormSpec(yaml: yaml, file: "t.yaml")
        let answers = names.enumerated().map { "\($1)=\([2, 9].contains($0) ? "bad" : "ok")" }.joined(separator: "\n")
        let result = spec.makeForm().fill(from: answers + "\n")
        #expect(result.report == [#"f3: taken, got "bad""#, #"f10: taken, got "bad""#])
        let counts = try String(contentsOfFile: dir + "/counts", encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(counts.count == 12)
        #expect(counts.max() ?? 0 >= 4)   // side by side (one after another, each would count 1)
        #expect(counts.max() ?? 99 <= 8)
    }

    @Test("Examples run the check: a value the rules pass but the command refuses counts as invalid")
    func examplesRunTheCheck() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - name: user
                check:
                  command: '[ "$SWITCHBOARD_VALUE" != root ] || { echo "is taken" >&2; exit 1; }'
                  timeout: 120
                examples: {valid: [ada], invalid: [root]}
            """, file: "t.yaml")
        let results = spec.runExamples()
        #expect(results.map(\.passed) == [true, true])
        #expect(results.last?.verdict.failure?.message == "is taken")
    }
}

/// `text` as a JSON (and YAML flow) string.
private func jsonQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
