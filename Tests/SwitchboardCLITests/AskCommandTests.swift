// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

@Suite("switchboard ask without a terminal")
struct AskPipedTests {
    @Test("a valid piped line: the value alone on stdout, nothing on stderr, exit 0")
    func validLine() throws {
        let run = try switchboard(["ask", "Email", "--rule", "email"], input: "ada@example.com\n")
        #expect(run.status == 0)
        #expect(run.stdout == "ada@example.com\n")
        #expect(run.stderr == "")
    }

    @Test("an invalid piped line: a plain message on stderr, nothing on stdout, exit 1")
    func invalidLine() throws {
        let run = try switchboard(["ask", "Email", "--rule", "email"], input: "ada\n")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("Email"))
        #expect(run.stderr.contains("must be a valid email address"))
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test("an empty answer: accepted with no rule (as --help says), refused by --rule required")
    func emptyAnswer() throws {
        let free = try switchboard(["ask", "Nickname"], input: "\n")
        #expect(free.status == 0)
        #expect(free.stdout == "\n")
        let required = try switchboard(["ask", "Name", "--rule", "required"], input: "\n")
        #expect(required.status == 1)
        #expect(required.stdout == "")
        #expect(required.stderr == "Name: must not be blank, got \"\"\n")
    }

    @Test("each ask reads one line and leaves the rest: two asks share one piped input in a script")
    func oneLineEach() throws {
        let script = """
            printf 'ada@example.com\\nAda Lovelace\\n' | {
                EMAIL=$("$1" ask Email --rule email) || exit 10
                NAME=$("$1" ask Name --rule 'length:1..40') || exit 11
                printf '%s|%s' "$EMAIL" "$NAME"
            }
            """
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script, "sh", try switchboardPath()]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(output == "ada@example.com|Ada Lovelace")
    }

    @Test("an empty line takes --default; --choices refuses other values")
    func defaultAndChoices() throws {
        let arguments = ["ask", "Colour", "--choices", "red, green,blue", "--default", "green"]
        let empty = try switchboard(arguments, input: "\n")
        #expect(empty.status == 0)
        #expect(empty.stdout == "green\n")
        let blue = try switchboard(arguments, input: "blue\n")
        #expect(blue.stdout == "blue\n")
        let purple = try switchboard(arguments, input: "purple\n")
        #expect(purple.status == 1)
        #expect(purple.stdout == "")
        #expect(purple.stderr.contains("red"))
    }

    @Test("--message replaces the rules' message")
    func customMessage() throws {
        let run = try switchboard(["ask", "Age", "--rule", "int:13..120", "--message", "a whole number from 13 to 120"],
                                  input: "7\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("a whole number from 13 to 120"))
    }

    @Test("no line at all: exit 1 saying the input ended")
    func noInput() throws {
        let run = try switchboard(["ask", "Email", "--rule", "email"], input: "")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("no input"))
    }

    @Test("usage errors exit 2 before asking: a bad rule, a default failing the rules, empty --choices")
    func usageErrors() throws {
        let badRule = try switchboard(["ask", "Email", "--rule", "emial"], input: "ada@example.com\n")
        #expect(badRule.status == 2)
        #expect(badRule.stdout == "")
        #expect(badRule.stderr.contains("emial"))
        let badDefault = try switchboard(["ask", "Colour", "--choices", "red,green", "--default", "purple"],
                                         input: "\n")
        #expect(badDefault.status == 2)
        #expect(badDefault.stderr.contains("--default \"purple\""))
        let noChoices = try switchboard(["ask", "Colour", "--choices", ","], input: "\n")
        #expect(noChoices.status == 2)
        let noPrompt = try switchboard(["ask"], input: "\n")
        #expect(noPrompt.status == 2)
    }
}

/// `V=$(switchboard ask ...)` at a terminal: standard input and standard error on a pseudo-terminal, standard
/// output on a pipe, as a shell's command substitution sets it up.
@Suite("switchboard ask at a terminal")
struct AskTerminalTests {
    private func ask(_ arguments: [String]) throws -> PtySession {
        try PtySession(try switchboardPath(), arguments: ["ask"] + arguments, environment: ["NO_COLOR": "1"],
                       captureStdout: true)
    }

    @Test("$(...) capture: the prompt and hints on the terminal, only the value on stdout, exit 0")
    func captured() throws {
        let session = try ask(["Email", "--rule", "email"])
        #expect(session.waitFor("Email"))
        session.send("ada@")
        #expect(session.waitFor("must be a valid email address"))
        session.send("example.com\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "ada@example.com\n")
        #expect(session.outputText.contains("Email"))
        #expect(isCooked(session.modes()))
    }

    @Test("Enter on an invalid value is refused with the text kept; fixing it is accepted")
    func refusedThenFixed() throws {
        let session = try ask(["Email", "--rule", "email"])
        #expect(session.waitFor("Email"))
        session.send("ada\r")
        #expect(session.waitFor("must be a valid email address"))
        #expect(session.status == nil)
        let mark = session.output.count
        session.send("@example.com")
        #expect(session.waitFor("com", from: mark))
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "ada@example.com\n")
    }

    @Test("Ctrl-C: exit 130, nothing on stdout, the terminal restored")
    func cancel() throws {
        let session = try ask(["Email", "--rule", "email"])
        #expect(session.waitFor("Email"))
        session.send("ada")
        #expect(session.waitFor("ada"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))
    }

    @Test("Ctrl-D on an empty line: exit 130, nothing on stdout")
    func endOfInput() throws {
        let session = try ask(["Email", "--rule", "email"])
        #expect(session.waitFor("Email"))
        session.send("\u{4}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))
    }

    @Test("TERM=dumb: plain prompts without escape sequences; an invalid answer is explained and asked again")
    func plainMode() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["ask", "Email", "--rule", "email"],
                                     environment: ["TERM": "dumb"], captureStdout: true)
        #expect(session.waitFor("Email"))
        session.send("ada\r")
        #expect(session.waitFor("must be a valid email address"))
        #expect(session.waitUntil { $0.outputText.components(separatedBy: "Email: ").count == 3 })  // asked again
        session.send("ada@example.com\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "ada@example.com\n")
        #expect(!session.outputText.contains("\u{1B}"))
    }

    @Test("--mask: the secret never reaches the terminal, the value reaches stdout")
    func masked() throws {
        let session = try ask(["Password", "--mask", "--rule", "length:8..64"])
        #expect(session.waitFor("Password"))
        session.send("hunter2")
        #expect(session.waitFor("*******"))
        session.send("22\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "hunter222\n")
        #expect(!session.outputText.contains("hunter2"))
    }
}
