// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// `check`'s inputs at their edges, as a shell script or a parent program hands them over: file names that are not
/// UTF-8, a pipe whose buffer holds a whole chunk, a standard input left non-blocking. Nothing here waits for time:
/// each producer writes on only once it has read what it waits for (bounded, so a failure cannot hang the run).
@Suite("check: inputs at the edges")
struct CheckSchemaInputTests {
    static let schema = #"{"type": "object", "properties": {"a": {"type": "integer"}}}"#

    func bash(_ script: String, in scratch: Scratch) throws -> ProgramRun {
        try runProgram("/bin/bash", ["-c", script], environment: ["SB": try switchboardPath()], directory: scratch.url.path)
    }

    @Test("a file name that is not UTF-8 is refused naming the argument, not opened under its repaired name (another file)")
    func namesNotUTF8() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        _ = try scratch.file("s.json", Self.schema)
        // The look-alike: the name with U+FFFD where the bad byte is, holding a valid document.
        _ = try scratch.file("bad\u{FFFD}name.jsonl", #"{"a": 1}"# + "\n")
        _ = try scratch.file("r\u{FFFD}.txt", "a@example.com\n")
        for command in [#""$SB" check --schema s.json "$BAD""#, #""$SB" check --schema s.json --format json "$BAD""#,
                        #""$SB" check --schema s.json --fetch-timeout 5 "$BAD""#, #""$SB" check --rule email "$BADR""#,
                        #""$SB" check --rule email --check-timeout 5 "$BADR""#] {
            let run = try bash(#"""
                printf '{"a": "x"}\n' > "$(printf 'bad\xffname.jsonl')"; printf 'nope\n' > "$(printf 'r\xff.txt')"
                BAD=$(printf 'bad\xffname.jsonl'); BADR=$(printf 'r\xff.txt')
                """# + "\n" + command, in: scratch)
            #expect(run.status == 2, "\(command): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("is not UTF-8 text"), "\(command): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
        }
    }

    /// `check --schema s.json --jobs 2` reading a pipe of 1 MiB that holds 1 MiB of whole lines (the first invalid),
    /// written before check starts, so that its first read fills a chunk exactly; then `start` is written (as soon as
    /// the pipe has room), and `rest` only once the first verdict was read (or after 20 s). Prints `first: ...`,
    /// then `rest: ... exit N`.
    func fullChunk(thenWriting start: String, rest: String, in scratch: Scratch) throws -> ProgramRun {
        try runProgram("/usr/bin/env", ["python3", "-c", #"""
            import fcntl, os, select, subprocess, sys
            r, w = os.pipe()
            fcntl.fcntl(w, 1031, 1 << 20)  # F_SETPIPE_SZ
            count = ((1 << 20) - 40 - 11) // 9
            lines = b'{"a": "x"}\n' + b'{"a": 1}\n' * count
            lines += b'{"a": ' + b' ' * ((1 << 20) - len(lines) - 9) + b'2}\n'
            assert len(lines) == 1 << 20
            os.write(w, lines)
            check = subprocess.Popen([sys.argv[1], "check", "--schema", "s.json", "--jobs", "2"], stdin=r,
                                     stdout=subprocess.PIPE)
            os.close(r)
            if sys.argv[2]:
                os.write(w, sys.argv[2].encode())
            ready, _, _ = select.select([check.stdout], [], [], 20)
            print("first:", check.stdout.readline().decode().strip() if ready else "nothing in 20 s")
            os.write(w, sys.argv[3].encode())
            os.close(w)
            print("rest:", check.stdout.read().decode().strip(), "exit", check.wait())
            """#, try switchboardPath(), start, rest], directory: scratch.url.path)
    }

    @Test("--jobs 2: a pipe holding exactly one whole chunk has its verdicts reported before the producer writes again")
    func fullChunkThenPause() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        _ = try scratch.file("s.json", Self.schema)
        let run = try fullChunk(thenWriting: "", rest: #"{"a": "y"}"# + "\n", in: scratch)
        #expect(run.stdout.hasPrefix("first: 1:7: /a: must be an integer, not a string\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("exit 1"), "\(run.stdout)\(run.stderr)")
    }

    @Test("--jobs 2: a full chunk followed by the start of a line, then a pause: the chunk's verdicts come while the line's rest is awaited")
    func fullChunkThenPartialLine() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        _ = try scratch.file("s.json", Self.schema)
        // The start of a line after the full chunk: check either reads it next or waits for it. Either way the
        // chunk's verdicts must come before the line's rest (a build that read the start and then waited for the
        // rest in a read held them back, and a signal then lost them).
        let run = try fullChunk(thenWriting: #"{"a": "#, rest: #""y"}"# + "\n", in: scratch)
        #expect(run.stdout.hasPrefix("first: 1:7: /a: must be an integer, not a string\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("7: /a: must be an integer, not a string exit 1"), "\(run.stdout)\(run.stderr)")
    }

    @Test("a standard input left non-blocking by the parent is waited for, not an error (check --schema and --rule)")
    func nonBlockingInput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        _ = try scratch.file("s.json", Self.schema)
        for arguments in [["--schema", "s.json"], ["--schema", "s.json", "--jobs", "2"], ["--rule", "int"]] {
            // The first line is written once check has had time to find the pipe empty (a read then fails with
            // EAGAIN on a non-blocking descriptor); the verdicts are the same whenever it comes.
            let run = try runProgram("/usr/bin/env", ["python3", "-c", #"""
                import fcntl, os, subprocess, sys, time
                r, w = os.pipe()
                fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_NONBLOCK)
                check = subprocess.Popen(sys.argv[1:], stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                os.close(r)
                time.sleep(0.3)
                os.write(w, b'{"a": "x"}\n')
                time.sleep(0.1)
                os.write(w, b'5\n')
                os.close(w)
                out, err = check.communicate()
                print(out.decode().strip(), "|", err.decode().strip(), "| exit", check.returncode)
                """#, try switchboardPath(), "check"] + arguments, directory: scratch.url.path)
            #expect(!run.stdout.contains("Resource temporarily unavailable"), "\(arguments): \(run.stdout)")
            #expect(run.stdout.hasPrefix("1:"), "\(arguments): \(run.stdout)")
            #expect(run.stdout.contains("| exit 1"), "\(arguments): \(run.stdout)")
        }
    }

    @Test("an endless producer into a full disk: check stops at the first failed write, exit 2 naming it (--schema and --rule)")
    func endlessInputUnwritableOutput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        _ = try scratch.file("s.json", Self.schema)
        for command in [#""$SB" check --schema s.json"#, #""$SB" check --schema s.json --jobs 2"#,
                        #""$SB" check --rule int"#] {
            // `timeout` only bounds a failure: before, this ran until killed.
            let run = try bash(#"yes '{"a": "x"}' | timeout -s KILL 30 "# + command + " > /dev/full; echo \"status ${PIPESTATUS[1]}\"",
                               in: scratch)
            #expect(run.stdout == "status 2\n", "\(command): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("cannot write to standard output"), "\(command): \(run.stderr)")
        }
    }
}
