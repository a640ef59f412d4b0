// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

@Suite("switchboard check")
struct CheckCommandTests {
    @Test("failures as `line: value: message` on stdout, exit 1, nothing on stderr")
    func failuresAsLines() throws {
        let run = try switchboard(["check", "--rule", "email"],
                                  input: "ada@example.com\nada\ngrace@example.org\n\nada@\n")
        #expect(run.status == 1)
        #expect(run.stdout == """
            2: ada: must be a valid email address
            4: : must be a valid email address
            5: ada@: must be a valid email address

            """)
        #expect(run.stderr == "")
    }

    @Test("every line passing: exit 0 and no output")
    func allPass() throws {
        let run = try switchboard(["check", "--rule", "email"], input: "ada@example.com\ngrace@example.org")
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "")
    }

    @Test("empty input: no lines, exit 0")
    func emptyInput() throws {
        let run = try switchboard(["check", "--rule", "email", "--count"], input: "")
        #expect(run.status == 0)
        #expect(run.stdout == "0\n")
    }

    @Test("CRLF lines are checked without the \\r, and the last line needs no newline")
    func crlf() throws {
        let run = try switchboard(["check", "--rule", "email"], input: "ada@example.com\r\nnope\r\nlast@example.com")
        #expect(run.status == 1)
        #expect(run.stdout == "2: nope: must be a valid email address\n")
    }

    @Test("a line that is not UTF-8 fails, shown escaped; the lines around it are still checked")
    func invalidUTF8() throws {
        var input = Array("ada@example.com\n".utf8)
        input += [0x61, 0xFF, 0x40, 0x62, 0x2E, 0x63, 0x0A]  // "a\xff@b.c"
        input += Array("grace\nx\u{1B}[31m@example.com\n".utf8)
        let run = try switchboard(["check", "--rule", "email"], input: input)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0] == #"2: "a\xff@b.c": is not valid UTF-8 (byte 2)"#)
        #expect(lines[1] == "3: grace: must be a valid email address")
        #expect(lines[2].hasPrefix(#"4: "x\x1b[31m@example.com": "#))
    }

    @Test("C1 control characters (U+009B is CSI to a terminal) are escaped in failures, never written raw")
    func c1ControlsAreEscaped() throws {
        let run = try switchboard(["check", "--rule", "email"], input: Array("a\u{9B}31mb\ncafé\n".utf8))
        #expect(run.status == 1)
        #expect(run.stdout == #"1: "a\u{9b}31mb": must be a valid email address"# + "\n"
                + "2: café: must be a valid email address\n")
        #expect(!run.stdout.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) })
    }

    @Test("a line that is not UTF-8 fails even under rules its repaired text would pass",
          arguments: ["regex:.*", "length:0..10", "not:email", "contains:a", "required"])
    func invalidUTF8UnderPermissiveRules(rule: String) throws {
        let run = try switchboard(["check", "--rule", rule], input: [0x61, 0xFF, 0x62, 0x0A, 0x61, 0x0A])
        #expect(run.status == 1)
        #expect(run.stdout == #"1: "a\xffb": is not valid UTF-8 (byte 2)"# + "\n")
    }

    @Test("--count prints the number of failing lines; json gives lines, valid and invalid")
    func count() throws {
        let input = "ada@example.com\nada\nbob\ncarol@example.com\n"
        let text = try switchboard(["check", "--rule", "email", "--count"], input: input)
        #expect(text.status == 1)
        #expect(text.stdout == "2\n")
        let json = try switchboard(["check", "--rule", "email", "--count", "--format", "json"], input: input)
        #expect(json.status == 1)
        #expect(json.stdout == #"{"lines":4,"valid":2,"invalid":2}"# + "\n")
    }

    @Test("--format json: one object per failure, with the rule and a JSON-safe value")
    func jsonFormat() throws {
        let run = try switchboard(["check", "--rule", "email", "--format", "json"],
                                  input: "ada@example.com\nsay \"hi\"\n")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(object?["line"] as? Int == 2)
        #expect(object?["value"] as? String == "say \"hi\"")
        #expect(object?["rule"] as? String == "email")
        #expect(object?["message"] as? String == "must be a valid email address")
    }

    @Test("--format tap: one result per value and the plan")
    func tapFormat() throws {
        let run = try switchboard(["check", "--rule", "email", "--format", "tap"],
                                  input: "ada@example.com\nno#pe\n")
        #expect(run.status == 1)
        #expect(run.stdout == """
            TAP version 13
            ok 1 - ada@example.com
            not ok 2 - "no\\x23pe": must be a valid email address
            1..2

            """)
    }

    @Test("several rules: a value must pass all; the first failing rule's message is shown")
    func severalRules() throws {
        let run = try switchboard(["check", "--rule", "email", "--rule", "length:1..12"],
                                  input: "ada@ex.com\nada@example.com\nada\n")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("2: ada@example.com: "))
        #expect(lines[1] == "3: ada: must be a valid email address")
    }

    @Test("a file argument, and - for standard input")
    func fileArgument() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let path = try scratch.file("values.txt", "ada@example.com\nnope\n")
        let fromFile = try switchboard(["check", "--rule", "email", path])
        #expect(fromFile.status == 1)
        #expect(fromFile.stdout == "2: nope: must be a valid email address\n")
        let fromStdin = try switchboard(["check", "--rule", "email", "-"], input: "nope\n")
        #expect(fromStdin.stdout == "1: nope: must be a valid email address\n")
    }

    @Test("a line longer than the read buffer (3 MB) is one value, not cut")
    func longLine() throws {
        let long = String(repeating: "a", count: 3_000_000)
        let run = try switchboard(["check", "--rule", "email", "--count", "--format", "json"],
                                  input: "ada@example.com\n\(long)@example.com\n\(long)\n")
        #expect(run.stdout == #"{"lines":3,"valid":2,"invalid":1}"# + "\n")
    }

    @Test("many failures arrive complete and in order (buffered output)")
    func manyFailures() throws {
        let input = (1...20_000).map { $0 % 2 == 0 ? "bad\($0)" : "ok\($0)@example.com" }.joined(separator: "\n")
        let run = try switchboard(["check", "--rule", "email"], input: input)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 10_000)
        #expect(lines.first == "2: bad2: must be a valid email address")
        #expect(lines.last == "20000: bad20000: must be a valid email address")
    }

    @Test("lines typed at a terminal get their verdict at once; Ctrl-D ends the input with the exit status")
    func typedLines() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["check", "--rule", "email"])
        session.send("ada@example.com\r")
        session.send("nope\r")
        #expect(session.waitFor("2: nope: must be a valid email address"))
        #expect(session.status == nil)
        session.send("\u{4}")
        #expect(session.waitForExit() == .exited(1))
    }

    @Test("results that cannot be written (a full disk) are an error, exit 2, not a silent success")
    func fullDisk() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try switchboardPath())
        process.arguments = ["check", "--rule", "email"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("ada\ngrace\n".utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("cannot write to standard output"))
    }

    @Test("a bad rule is a usage error (exit 2) naming the rule and its column, with a caret; nothing on stdout")
    func badRule() throws {
        let unknown = try switchboard(["check", "--rule", "email", "--rule", "lenght:3..20"], input: "ada\n")
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr.contains("lenght:3..20"))
        #expect(unknown.stderr.contains("at column 1"))
        let badBound = try switchboard(["check", "--rule", "length:3..x"], input: "ada\n")
        #expect(badBound.status == 2)
        let lines = badBound.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(#"switchboard: --rule "length:3..x": at column 11: "#) == true)
        #expect(lines.dropFirst() == ["  length:3..x", "            ^"])
        let badRegex = try switchboard(["check", "--rule", "regex:a(b"], input: "ab\n")
        #expect(badRegex.status == 2)
        #expect(badRegex.stderr.contains("regex:a(b"))
    }

    @Test("no rule, an unknown option, a missing file: usage errors with exit 2")
    func usageErrors() throws {
        let noRule = try switchboard(["check"], input: "x\n")
        #expect(noRule.status == 2)
        #expect(noRule.stderr.contains("--rule"))
        let unknown = try switchboard(["check", "--rule", "email", "--colour"], input: "")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--colour"))
        let missing = try switchboard(["check", "--rule", "email", "/nonexistent/values.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot open /nonexistent/values.txt"))
        #expect(missing.stdout == "")
        // A path that opens but cannot be read (a directory) is named too, not "the input".
        let directory = try switchboard(["check", "--rule", "email", "/tmp"])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("cannot read /tmp: Is a directory"))
    }
}
