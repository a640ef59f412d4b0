// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// `switchboard test` running spec scenarios: the form in a virtual terminal, as a spec author writes no Swift.
@Suite("switchboard test: scenarios")
struct ScenarioTests {
    @Test("Examples/newsletter: examples and scenarios all pass, one TAP line each, exit 0")
    func newsletter() throws {
        let spec = example("newsletter/newsletter.yaml")
        let run = try switchboard(["test", spec])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["TAP version 13", "1..5"])
        #expect(lines.contains("ok 4 - \(spec):21:5: scenario \"a mistyped address is refused, then corrected\""))
        #expect(lines.contains("ok 5 - \(spec):40:5: scenario \"Ctrl-C cancels the form\""))
    }

    @Test("A failing step names its line and shows the screen; wrong answers and statuses fail; exit 1")
    func failures() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("form.yaml", """
            fields:
              - name: name
                prompt: Your name
                rules: ["length:2..10"]
            scenarios:
              - name: too short
                steps:
                  - type: A
                  - expect: "needs nothing"
              - name: answer
                steps:
                  - type: Ada
                  - press: [enter, enter]
                answers: {name: Grace}
              - name: status
                steps:
                  - type: Ada
                  - press: [enter, enter]
                status: 3
              - name: passes
                steps:
                  - type: Ada
                  - expect-not: "must"
                  - press: enter
                  - expect: "Enter to submit"
                  - press: enter
                answers: {name: Ada}
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("not ok 1 - \(spec):6:5: scenario \"too short\": \(spec):9:9: the screen does not "
                               + "show \"needs nothing\""), "\(run.stdout)")
        #expect(lines.contains("# |Your name: A"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("not ok 2 - \(spec):10:5: scenario \"answer\": \(spec):14:21: name: the "
                                              + "form printed \"Ada\", expected \"Grace\"") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("not ok 3 - \(spec):15:5: scenario \"status\": \(spec):15:5: the form "
                                              + "ended with status 0, expected 3") }, "\(run.stdout)")
        #expect(lines.contains("ok 4 - \(spec):20:5: scenario \"passes\""), "\(run.stdout)")
        #expect(lines.last == "# 3 of 4 tests failed")
    }

    @Test("Mistakes in scenarios are spec errors with file:line:column, exit 2, nothing run")
    func specErrors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("bad.yaml", """
            fields: [{name: a}]
            scenarios:
              - name: x
                steps: [{press: kontrol}, {type: a, press: enter}]
                answers: {b: 1}
                columns: 3
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("\(spec):4:21: unknown key \"kontrol\"; expected one of enter, tab"))
        #expect(run.stderr.contains("\(spec):4:31: a step has exactly one of type, press, paste, expect, expect-not"))
        #expect(run.stderr.contains("\(spec):5:15: answers: no field named \"b\"; expected one of a"))
        #expect(run.stderr.contains("\(spec):6:14: columns: expected a whole number from 20 to 500, got \"3\""))
    }

    @Test("expect and expect-not of text with a line break are refused (a row never holds one: they would always fail and always pass)")
    func expectAcrossRows() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("rows.yaml", """
            fields: [{name: a}]
            scenarios:
              - name: x
                steps: [{expect-not: "one\\ntwo"}, {expect: "a\\nb"}]
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("\(spec):4:26: expect-not: the screen is searched one row at a time"), "\(run.stderr)")
        #expect(run.stderr.contains("\(spec):4:48: expect: the screen is searched one row at a time"), "\(run.stderr)")
    }
}
