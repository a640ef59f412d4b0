// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// Runs the built `switchboard` under `timeout -s KILL 30` (so that a hang fails the test instead of hanging the
/// run), as a shell script would: status 137 means it had not ended after 30 s.
func switchboardWithin30Seconds(_ arguments: [String], input: [UInt8], directory: String? = nil) throws -> CLIRun {
    try runProgram("/usr/bin/timeout", ["-s", "KILL", "30", try switchboardPath()] + arguments, input: input,
                   directory: directory)
}

/// Runs `script` with `sh -c`, with `$SB` set to the built `switchboard`.
func shell(_ script: String, directory: String? = nil) throws -> CLIRun {
    try runProgram("/bin/sh", ["-c", script], environment: ["SB": try switchboardPath()], directory: directory)
}

/// The slow, killed, backgrounded, failing and huge cases of check commands (issue 20).
@Suite("check commands at the edges", .serialized)
struct CheckCommandEdgeTests {
    /// The lines `1` to `count`, as `seq` prints them.
    static func lines(_ count: Int) -> [UInt8] {
        Array(((1...count).map(String.init).joined(separator: "\n") + "\n").utf8)
    }

    @Test("One slow line while the later ones finish: the batch ends, in order (it hung in poll with no child)",
          arguments: [(129, 2), (600, 8)])
    func slowLineAmongFinishedOnes(lines: Int, jobs: Int) throws {
        let start = Date()
        let run = try switchboardWithin30Seconds(["check", "--check-command",
                                                  #"[ "$SWITCHBOARD_VALUE" = 1 ] && sleep 1; [ "$SWITCHBOARD_VALUE" != 7 ]"#,
                                                  "--jobs", "\(jobs)"], input: Self.lines(lines))
        #expect(run.status == 1)
        #expect(run.stdout == "7: 7: failed the check command (exit 1)\n")
        #expect(Date().timeIntervalSince(start) < 15)
    }

    @Test("One line that times out among 200 with --jobs 2: the batch ends and reports it")
    func timeoutAmongMany() throws {
        let run = try switchboardWithin30Seconds(["check", "--check-command", #"[ "$SWITCHBOARD_VALUE" = 3 ] && sleep 20; exit 0"#,
                                                  "--check-timeout", "0.5", "--jobs", "2"], input: Self.lines(200))
        #expect(run.status == 1)
        #expect(run.stdout == "3: 3: could not be checked in time (no answer within 500 ms)\n")
    }

    @Test("SIGTERM, SIGINT, SIGHUP on a batch: every running command and its children are killed and reaped",
          arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalsKillTheCommands(signal: Int32) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try switchboardPath())
        process.arguments = ["check", "--check-command", recordingCheck, "--jobs", "3"]
        process.currentDirectoryURL = scratch.url
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(Self.lines(10)))   // left open: the batch is waiting for more
        #expect(eventually { recordedPIDs(scratch.path("pids")).count == 6 })
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        let pids = recordedPIDs(scratch.path("pids"))
        #expect(pids.count == 6)
        // Reaped by this process's ending (the subreaper); init reaps any zombie left at once.
        #expect(eventually(timeout: 3) { !pids.contains(where: processExists) })
        try? input.fileHandleForWriting.close()
    }

    @Test("A reader that goes away: SIGPIPE ends check only after its commands are killed and reaped")
    func brokenPipe() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // Three long failing lines fill the 64 KiB output buffer; the lines after them hang in their commands. The
        // third long line ends once the first hanging command has recorded itself (it starts when line 1 ends).
        let long = String(repeating: "x", count: 30_000)
        try scratch.file("lines", String(repeating: long + "\n", count: 2) + String(repeating: "y", count: 30_000)
                         + "\n" + String(repeating: "hang\n", count: 4))
        let check = #"case "$SWITCHBOARD_VALUE" in hang) echo $$ >> pids; sleep 30 & echo $! >> pids; wait;; "#
            + #"y*) i=0; while [ "$(cat pids 2>/dev/null | wc -l)" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.05; "#
            + #"i=$((i + 1)); done;; esac; exit 1"#
        // The script reports (within 2 s) and kills what is left itself: a leftover would hold what the test
        // runner's process handling leaves open in its children, and the runner would wait for it.
        let run = try runProgram("/bin/bash", ["-c", #"""
            # The reader goes away once the hanging commands run (it is noticed at once since issue 28, also
            # while check only waits for its commands, so `| true` could end it before they start).
            started() { i=0; while [ "$(cat pids 2>/dev/null | wc -l)" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done; }
            "$SB" check --check-command "$CHECK" --jobs 3 lines | started; echo "${PIPESTATUS[0]} $(wc -l < pids)"
            alive() { for p in $(cat pids); do [ -e /proc/$p ] && echo $p; done; }
            i=0; while [ -n "$(alive)" ] && [ $i -lt 40 ]; do sleep 0.05; i=$((i + 1)); done
            for p in $(alive); do echo "left $p"; kill -9 $p; done
            """#], environment: ["SB": try switchboardPath(), "CHECK": check], directory: scratch.url.path)
        let words = run.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(words.first == "141")
        #expect(Int(words.dropFirst().first ?? "") ?? 0 >= 2)   // the hanging commands had started
        #expect(!run.stdout.contains("left"), "\(run.stdout)")
    }

    @Test("A command that leaves a child in the background is over when its shell exits")
    func backgroundChild() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let start = Date()
        // Held by the child, the check would last until its timeout (20 s): well beyond the bound, which leaves a
        // loaded machine room (it was 4 s against a 5 s timeout).
        let run = try switchboardWithin30Seconds(["check", "--check-command", "sleep 30 & echo $! >> pids; exit 0",
                                                  "--check-timeout", "20"], input: Array("a\n".utf8),
                                                 directory: scratch.url.path)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(Date().timeIntervalSince(start) < 15)
        let child = recordedPIDs(scratch.path("pids"))
        #expect(child.count == 1)
        #expect(!child.contains(where: processExists))   // killed with the group, reaped
        // A message written before the exit is read; a child holding the pipe does not delay it.
        let failing = try switchboardWithin30Seconds(["check", "--check-command", "sleep 30 & echo taken >&2; exit 1"],
                                                     input: Array("a\n".utf8))
        #expect(failing.stdout == "1: a: taken\n")
    }

    @Test("A child that left the process group (setsid) delays neither check --jobs nor ask")
    func childOutsideTheGroup() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("daemon", "setsid sleep 40 >/dev/null </dev/null & echo $! >> pids; exit 0")
        // Timed in the script, which then kills the daemons: they would hold whatever the test runner's process
        // handling leaves open in its children, and the runner would wait for them. Delayed by a daemon, each run
        // would last until its check's timeout (20 s), well beyond the bound of 15 s.
        let run = try shell(#"""
            ms() { echo $(( $(date +%s%N) / 1000000 )); }
            start=$(ms)
            printf 'a\nb\nc\n' | timeout -s KILL 30 "$SB" check --check-command '. ./daemon' --jobs 2 \
                --check-timeout 20 > batch.out; echo "batch $? $(( $(ms) - start ))"
            start=$(ms)
            echo ada | timeout -s KILL 30 "$SB" ask Name --check-command '. ./daemon' --check-timeout 20 > ask.out
            echo "ask $? $(( $(ms) - start ))"
            echo "daemons $(wc -l < pids)"
            kill $(cat pids)
            """#, directory: scratch.url.path)
        let words = run.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(words.count == 8, "\(run.stdout)")
        guard words.count == 8 else { return }
        #expect(words[0...1] == ["batch", "0"])
        #expect(Int(words[2]) ?? .max < 15000)
        #expect(words[3...4] == ["ask", "0"])
        #expect(Int(words[5]) ?? .max < 15000)
        #expect(words[6...7] == ["daemons", "4"])
        #expect(try String(contentsOfFile: scratch.path("batch.out"), encoding: .utf8) == "")
        #expect(try String(contentsOfFile: scratch.path("ask.out"), encoding: .utf8) == "ada\n")
    }

    @Test("Exit statuses 128-255 are exit statuses; a signal is a signal")
    func exitStatuses() throws {
        for (command, message) in [("exit 255", "exit 255"), ("exit 130", "exit 130"), ("exit 128", "exit 128"),
                                   ("exit 3", "exit 3"), ("kill -9 $$", "killed by signal 9"),
                                   ("kill -TERM $$", "killed by signal 15")] {
            let run = try switchboardWithin30Seconds(["check", "--check-command", command], input: Array("a\n".utf8))
            #expect(run.stdout == "1: a: failed the check command (\(message))\n")
        }
    }

    @Test("A value over 128 KB is checked: on standard input, SWITCHBOARD_VALUE unset, its size in SWITCHBOARD_VALUE_BYTES")
    func hugeValue() throws {
        let big = String(repeating: "x", count: 200_000)
        let check = #"[ -z "${SWITCHBOARD_VALUE+set}" ] && [ "$SWITCHBOARD_VALUE_BYTES" = 200000 ] "#
            + #"&& [ "$(wc -c)" = 200001 ] || { echo "not given" >&2; exit 1; }"#
        let run = try switchboardWithin30Seconds(["check", "--check-command", check], input: Array((big + "\n").utf8))
        #expect(run.stderr == "")
        #expect(run.stdout == "")
        #expect(run.status == 0)
        let ask = try switchboardWithin30Seconds(["ask", "Text", "--check-command", check],
                                                 input: Array((big + "\n").utf8))
        #expect(ask.status == 0)
        #expect(ask.stdout == big + "\n")
        // At the limit the variable is still set.
        let limit = String(repeating: "y", count: 131_053)
        let set = try switchboardWithin30Seconds(["check", "--check-command",
                                                  #"[ "${#SWITCHBOARD_VALUE}" = 131053 ] && [ "$SWITCHBOARD_VALUE_BYTES" = 131053 ]"#],
                                                 input: Array((limit + "\n").utf8))
        #expect(set.stdout == "")
        #expect(set.status == 0)
    }

    @Test("Closed standard streams are reported with --check-command too (the front binary hid them)")
    func closedStreams() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("spec.yaml", "fields:\n  - name: a\n    prompt: A\n")
        let ask = try shell(#"echo a | "$SB" ask X --check-command 'exit 0' >&-"#)
        #expect(ask.status == 2)
        #expect(ask.stderr.contains("cannot write to standard output"))
        let form = try shell(#"echo a | "$SB" form spec.yaml >&-"#, directory: scratch.url.path)
        #expect(form.status == 2)
        #expect(form.stderr.contains("cannot write to standard output"))
        let test = try shell(#""$SB" test spec.yaml >&-"#, directory: scratch.url.path)
        #expect(test.status == 2)
        let closedInput = try shell(#""$SB" form spec.yaml <&-"#, directory: scratch.url.path)
        #expect(closedInput.status == 2)
        #expect(closedInput.stderr.contains("standard input is closed"))
        #expect(closedInput.stdout == "")
    }
}
