// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TerminalTestSupport
import Testing

/// What a TAP consumer made of a stream: how many test points, how many failed, whether the run passed.
struct TAPVerdict: Equatable, CustomStringConvertible {
    var tests: Int
    var failed: Int
    var passed: Bool
    var description: String { "\(tests) tests, \(failed) failed, \(passed ? "PASS" : "FAIL")" }
}

/// The TAP consumers scripts and CI systems use, run over a stream as they would be: Perl's `prove`
/// (Test::Harness, Debian's perl), tappy (Debian's python3-tap) and node-tap's parser (node-tap-parser, the
/// parser the `tap` runner uses). `make deps` installs them.
enum TAPConsumer: String, CaseIterable, CustomStringConvertible {
    case prove, tappy, nodeTap

    var description: String { rawValue }

    func read(_ stream: String) throws -> TAPVerdict {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let file = try scratch.file("results.tap", stream)
        switch self {
        case .prove:
            // prove runs a test program; `cat` is one whose output is the stream.
            let result = try runProgram("/usr/bin/prove", ["--exec", "cat", file])
            #expect(!result.stdout.contains("Parse errors"), "prove: \(result.stdout)")
            let tests = Int(result.stdout.firstMatch(of: /Tests=(\d+)/)?.1 ?? "") ?? -1
            let failed = Int(result.stdout.firstMatch(of: /Failed (\d+)\/\d+ subtests/)?.1 ?? "") ?? 0
            return TAPVerdict(tests: tests, failed: failed, passed: result.status == 0)
        case .tappy:
            let result = try runProgram("/usr/bin/python3", ["-c", "import sys; from tap.main import main; sys.exit(main())",
                                                      file])
            #expect(!result.stderr.contains("Traceback"), "tappy: \(result.stderr)")
            let tests = Int(result.stderr.firstMatch(of: /Ran (\d+) tests?/)?.1 ?? "") ?? -1
            let failed = Int(result.stderr.firstMatch(of: /failures=(\d+)/)?.1 ?? "") ?? 0
            // A skipped plan (1..0 # SKIP) is one skipped test to tappy; count test points as the others do.
            let skippedPlan = result.stderr.contains("OK (skipped=1)") && stream.contains("1..0 # SKIP")
            return TAPVerdict(tests: skippedPlan ? 0 : tests, failed: failed, passed: result.status == 0)
        case .nodeTap:
            let result = try runProgram("/usr/bin/tap-parser", ["--json=0"], input: Array(stream.utf8),
                                 environment: ["NODE_PATH": "/usr/share/nodejs"])
            let events = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Any]] ?? []
            let complete = try #require(events.last(where: { $0.first as? String == "complete" })?.last
                                        as? [String: Any], "tap-parser: \(result.stdout) \(result.stderr)")
            #expect(complete["todo"] as? Int == 0 && complete["skip"] as? Int == 0, "tap-parser: \(complete)")
            return TAPVerdict(tests: complete["count"] as? Int ?? -1, failed: complete["fail"] as? Int ?? -1,
                              passed: complete["ok"] as? Bool ?? false)
        }
    }
}

@Suite("TAP read by prove, tappy and node-tap")
struct TAPConsumerTests {
    @Test("check --format tap: failing lines fail in every consumer, even values that look like directives",
          arguments: TAPConsumer.allCases)
    func checkFailures(consumer: TAPConsumer) throws {
        let run = try switchboard(["check", "--rule", "email", "--format", "tap"],
                                  input: "ada@example.com\nno#pe\nx # TODO later\ny # SKIP\na\tb@example.com\n")
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("TAP version 13\n"))
        #expect(try consumer.read(run.stdout) == TAPVerdict(tests: 5, failed: 4, passed: false))
    }

    @Test("check --format tap: a file of valid lines passes in every consumer", arguments: TAPConsumer.allCases)
    func checkPasses(consumer: TAPConsumer) throws {
        let run = try switchboard(["check", "--rule", "email", "--format", "tap"],
                                  input: "ada@example.com\ngrace@example.org\n")
        #expect(run.status == 0)
        #expect(try consumer.read(run.stdout) == TAPVerdict(tests: 2, failed: 0, passed: true))
    }

    @Test("test: examples pass, a wrong one fails, a spec without examples is a skipped run, in every consumer",
          arguments: TAPConsumer.allCases)
    func specExamples(consumer: TAPConsumer) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let good = try scratch.file("good.yaml", """
            fields:
              - name: colour
                rules: ["regex:^#[0-9a-f]{6}$"]
                examples: {valid: ["#00ff00"], invalid: ["# TODO", "red"]}
            """)
        let wrong = try scratch.file("wrong#1.yaml", """
            fields:
              - name: email
                rules: [email]
                examples: {valid: [ada@example.com, "ada # SKIP"]}
            """)
        let none = try scratch.file("none#.yaml", "fields:\n  - name: email\n")
        let passing = try switchboard(["test", good])
        #expect(passing.status == 0)
        #expect(try consumer.read(passing.stdout) == TAPVerdict(tests: 3, failed: 0, passed: true))
        let failing = try switchboard(["test", good, wrong])
        #expect(failing.status == 1)
        #expect(try consumer.read(failing.stdout) == TAPVerdict(tests: 5, failed: 1, passed: false))
        let skipped = try switchboard(["test", none])
        #expect(skipped.status == 0)
        #expect(try consumer.read(skipped.stdout) == TAPVerdict(tests: 0, failed: 0, passed: true))
    }
}
