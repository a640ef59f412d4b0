// SPDX-License-Identifier: GPL-3.0-or-later
// `switchboard test`: answers of grouped fields, every wrong answer, steps sent to a settled form only, and a
// scenario that times out while a check command runs (issue 38, items 13 and 14).
import Foundation
import Testing
import TerminalTestSupport

@Suite("switchboard test: answers, pacing, timeouts")
struct ScenarioRunTests {
    @Test("answers: a field in a group is checked by its path or under the group's name; a group's scalar is refused")
    func groupAnswers() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("deploy.yaml", """
            fields:
              - name: server
                prompt: Server
                group:
                  - name: host
                    prompt: Host
                  - name: port
                    prompt: Port
            scenarios:
              - name: both ways
                steps:
                  - type: "db1\\n"
                  - type: "5432\\n"
                  - press: enter
                answers: {server.host: db1, server: {port: "5432"}}
              - name: wrong
                steps:
                  - type: "db1\\n"
                  - type: "5432\\n"
                  - press: enter
                answers: {server.host: db2, server.port: "80"}
            """)
        let run = try switchboard(["test", spec])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ok 1 - \(spec):10:5: scenario \"both ways\""), "\(run.stdout)\(run.stderr)")
        // Every wrong answer is named, not only the first.
        #expect(lines.contains { $0.hasPrefix("not ok 2 - \(spec):16:5: scenario \"wrong\": \(spec):21:28: server.host: "
                                              + "the form printed \"db1\", expected \"db2\"; \(spec):21:46: server.port: "
                                              + "the form printed \"5432\", expected \"80\"") }, "\(run.stdout)")
        #expect(run.status == 1)

        let refused = try scratch.file("group.yaml", """
            fields:
              - name: server
                group: [{name: host}]
            scenarios:
              - name: x
                steps: [{type: a}]
                answers: {server: db1}
            """)
        let bad = try switchboard(["test", refused])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(refused):7:23: answers: \"server\" is a group; give its fields' answers, e.g. "
                                    + "server: {host: ...} or server.host: ..."), "\(bad.stderr)")
    }

    @Test("Steps go to a settled form: an answer typed after Enter reaches the next field, not the one still checking")
    func stepsWaitForTheForm() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("paced.yaml", """
            fields:
              - name: first
                prompt: First
                check: {command: "sleep 0.5", debounce: 0}
              - name: second
                prompt: Second
            scenarios:
              - name: typed ahead
                steps:
                  - type: "a"
                  - press: enter
                  - type: "b"
                  - press: enter
                  - press: enter
                answers: {first: a, second: b}
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test("A scenario that times out while a check command runs says so and leaves no command running")
    func timeoutEndsTheCheck() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let seconds = Int.random(in: 100_000...999_999)
        let spec = try scratch.file("slow.yaml", """
            fields:
              - name: name
                prompt: Name
                check: {command: "sleep \(seconds); exit 0", debounce: 0, timeout: 2000}
            scenarios:
              - name: never answers
                steps:
                  - type: "a"
                  - expect: "never shown"
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 1)
        #expect(run.stdout.contains("did not settle within"), "\(run.stdout)")
        #expect(run.stdout.contains("/bin/sh -c sleep \(seconds); exit 0 (pid "), "\(run.stdout)")
        #expect(processes(containing: "\(seconds)").isEmpty, "\(processes(containing: "\(seconds)"))")
    }

    /// The command lines of running processes that contain `text`.
    private func processes(containing text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }
}
