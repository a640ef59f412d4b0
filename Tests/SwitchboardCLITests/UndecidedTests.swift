// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// A check that could not be decided (a regex that hit PCRE2's match limit) is a failure with its own message,
// however it is composed: under not:, in ask, forms, check and test.

/// Catastrophic backtracking for `(a+)+$`: PCRE2 gives up with its match limit.
private let catastrophic = String(repeating: "a", count: 30) + "!"
private let undecidedMessage = "regex could not finish matching: match limit exceeded"

@Suite("an undecided check never passes")
struct UndecidedCLITests {
    @Test("ask without a terminal: not:regex that hits the match limit fails with the regex's reason, exit 1")
    func askPiped() throws {
        for rule in ["not:regex:(a+)+$|!", "regex:(a+)+$|! \"letters only\"", "not:not:not:regex:(a+)+$|!"] {
            let run = try switchboard(["ask", "X", "--rule", rule], input: catastrophic + "\n")
            #expect(run.status == 1, "\(rule)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains(undecidedMessage), "\(rule): \(run.stderr)")
        }
        // --message does not hide that the value could not be judged.
        let custom = try switchboard(["ask", "X", "--rule", "not:regex:(a+)+$|!", "--message", "no"],
                                     input: catastrophic + "\n")
        #expect(custom.status == 1)
        #expect(custom.stderr.contains(undecidedMessage))
    }

    @Test("ask at a terminal: Enter is refused and the hint gives the reason")
    func askInPty() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["ask", "X", "--rule", "not:regex:(a+)+$|!"],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("X: "))
        session.send(catastrophic)
        #expect(session.waitFor(undecidedMessage))
        let mark = session.output.count
        session.send("\r")
        #expect(session.waitFor("\u{7}", from: mark))           // Enter refused: the bell, no value
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
    }

    @Test("check: an undecided line fails (text and JSON say why), a decided one does not")
    func check() throws {
        let input = catastrophic + "\nbbb\n"
        let text = try switchboard(["check", "--rule", "not:regex:(a+)+$|!"], input: input)
        #expect(text.status == 1)
        #expect(text.stdout == "1: \(catastrophic): \(undecidedMessage)\n")
        let json = try switchboard(["check", "--rule", "not:regex:(a+)+$|!", "--format", "json"], input: input)
        #expect(json.stdout.contains("\"undecided\":true"))
        let count = try switchboard(["check", "--rule", "not:regex:(a+)+$|!", "--count"], input: input)
        #expect(count.stdout == "1\n")
    }

    @Test("form without a terminal: an undecided answer is reported and the form is not submitted")
    func formHeadless() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", """
            fields:
              - name: word
                rules: ["not:regex:(a+)+$|!"]
                message: "no such word"
            """)
        let run = try switchboard(["form", spec], input: catastrophic + "\n")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("word: \(undecidedMessage)"))
    }

    @Test("form at a terminal: an undecided answer is refused with its reason")
    func formInPty() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", "fields:\n  - name: word\n    rules: [\"not:regex:(a+)+$|!\"]\n")
        let session = try PtySession(try switchboardPath(), arguments: ["form", spec],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("word: "))
        session.send(catastrophic)
        #expect(session.waitFor(undecidedMessage))
        let mark = session.output.count
        session.send("\r")
        #expect(session.waitFor("\u{7}", from: mark))           // Enter refused: the bell

        #expect(!session.outputText.contains("Review"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
    }

    @Test("test: an example the rules could not decide is not ok, whether listed as valid or invalid")
    func testCommand() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", """
            fields:
              - name: a
                rules: ["regex:(a+)+$|!"]
                examples:
                  invalid: ["\(catastrophic)"]
              - name: b
                rules: ["not:regex:(a+)+$|!"]
                examples:
                  valid: ["\(catastrophic)"]
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 1)
        #expect(run.stdout.contains("not ok 1 - "))
        #expect(run.stdout.contains("not ok 2 - "))
        #expect(run.stdout.contains("could not be decided: \(undecidedMessage)"))
        #expect(run.stdout.contains("# 2 of 2 examples failed"))
    }

    @Test("a 16 MB line matching ^(a|b)+$ is decided, as grep decides it")
    func sixteenMegabyteLine() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let line = String(repeating: "ab", count: 8 << 20)
        let path = try scratch.file("big.txt", line + "\n" + line + "c\n")
        let run = try switchboard(["check", "--rule", "regex:^(a|b)+$", "--count", "--format", "json", path])
        #expect(run.status == 1)
        #expect(run.stdout == "{\"lines\":2,\"valid\":1,\"invalid\":1}\n")
        let grep = Process()
        grep.executableURL = URL(fileURLWithPath: "/bin/grep")
        grep.arguments = ["-cE", "^(a|b)+$", path]
        let pipe = Pipe()
        grep.standardOutput = pipe
        grep.environment = ["LC_ALL": "C"]
        try grep.run()
        let counted = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        grep.waitUntilExit()
        #expect(counted == "1\n")
        // The failing line fails as a mismatch, not as "could not finish matching".
        let failing = try scratch.file("failing.txt", line + "c\n")
        let message = try switchboard(["check", "--rule", "regex:^(a|b)+$", "--format", "json", failing])
        #expect(message.status == 1)
        #expect(message.stdout.hasSuffix("\"rule\":\"regex\",\"message\":\"must match the pattern ^(a|b)+$\"}\n"))
    }
}
