// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// `switchboard check --check-command CMD --jobs N` as a shell script runs it.
@Suite("switchboard check --check-command")
struct CheckCommandBatchTests {
    @Test("Output keeps the input's order even when later lines finish first; rules fail lines before the command")
    func inputOrder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("taken.txt", "ada\nroot\n")
        // Line n sleeps less than line n-1: with 4 jobs, later lines finish first.
        let check = #"v=$(cat); sleep "0.$(( 9 - ${#v} ))"; grep -qx "$v" taken.txt && { echo "is taken" >&2; exit 1; }; exit 0"#
        let input = "ab\nada\nx\nroot\ncarl\nrooty\n"
        let run = try switchboard(["check", "--rule", "length:2..9", "--check-command", check, "--jobs", "4"],
                                  input: Array(input.utf8), directory: scratch.url.path)
        #expect(run.stdout == "2: ada: is taken\n3: x: must be 2 to 9 characters long\n4: root: is taken\n")
        #expect(run.status == 1)
        let json = try switchboard(["check", "--check-command", check, "--jobs", "3", "--format", "json"],
                                   input: Array("root\nbob\n".utf8), directory: scratch.url.path)
        #expect(json.stdout == #"{"line":1,"value":"root","rule":"check-command","message":"is taken"}"# + "\n")
    }

    @Test("At most --jobs commands run at once")
    func boundedConcurrency() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("running"), withIntermediateDirectories: true)
        let check = #"touch running/$$; ls running | wc -l >> counts; sleep 0.05; rm running/$$"#
        let lines = (1...24).map(String.init).joined(separator: "\n") + "\n"
        let run = try switchboard(["check", "--check-command", check, "--jobs", "3", "--count"],
                                  input: Array(lines.utf8), directory: scratch.url.path)
        #expect(run.stdout == "0\n")
        #expect(run.status == 0)
        let counts = try String(contentsOfFile: scratch.path("counts"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(counts.count == 24)
        #expect(counts.max() ?? 0 <= 3)
        #expect(counts.max() ?? 0 >= 2)   // they did run side by side
    }

    @Test("A command past --check-timeout is killed with its group and the line fails with the timeout message")
    func timeoutKilled() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let run = try switchboard(["check", "--check-command", #"echo $$ >> pids; sleep 30 & echo $! >> pids; wait"#,
                                   "--check-timeout", "0.3", "--jobs", "2"],
                                  input: Array("a\nb\n".utf8), directory: scratch.url.path)
        #expect(run.stdout == "1: a: could not be checked in time (no answer within 300 ms)\n"
                + "2: b: could not be checked in time (no answer within 300 ms)\n")
        let pids = recordedPIDs(scratch.path("pids"))
        #expect(pids.count == 4)
        #expect(!pids.contains(where: processExists))
    }

    @Test("Without --rule, --check-command alone is enough; --jobs out of range is a usage error")
    func usage() throws {
        let ok = try switchboard(["check", "--check-command", "true"], input: "a\n")
        #expect(ok.status == 0)
        let bad = try switchboard(["check", "--check-command", "true", "--jobs", "0"], input: "a\n")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--jobs: give a number from 1 to 256"))
    }
}
