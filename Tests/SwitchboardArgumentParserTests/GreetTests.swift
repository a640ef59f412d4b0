// SPDX-License-Identifier: GPL-3.0-or-later
// The built `greet` example (Examples/greet): the same prompting from an AsyncParsableCommand's async run().
import Testing
import TerminalTestSupport

private func greetAtTerminal(_ arguments: [String]) throws -> PtySession {
    try PtySession(executable("greet"), arguments: arguments, environment: ["NO_COLOR": "1", "CI": nil],
                   captureStdout: true)
}

@Suite("greet (AsyncParsableCommand)")
struct GreetTests {
    @Test("flags only: the typed values, no prompt; a bad one is ArgumentParser's error, exit 64")
    func flags() throws {
        let run = try runProgram(executable("greet"), ["--name", "Ada", "--age", "36"])
        #expect(run.status == 0)
        #expect(run.stdout == "Hello, Ada (36)!\n")
        let bad = try runProgram(executable("greet"), ["--name", "Ada", "--age", "0"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix(
            "Error: The value '0' is invalid for '--age <age>': must be a whole number from 1 to 120\n"))
    }

    @Test("without a terminal a missing option is the missing-argument error, exit 64")
    func missingWithoutTerminal() throws {
        let run = try runProgram(executable("greet"), ["--name", "Ada"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Missing expected argument '--age <age>'\n"))
        #expect(run.stdout == "")
    }

    @Test("at a terminal the async run() asks for each missing option with its rule, live")
    func asksFromAsyncRun() throws {
        let session = try greetAtTerminal([])
        #expect(session.waitFor("Your name: "))
        session.send("Ada\r")
        #expect(session.waitFor("Age: "))
        session.send("200")
        #expect(session.waitFor("✗ must be a whole number from 1 to 120"))
        session.send("\r")                                   // refused
        #expect(session.waitFor("(Enter needs a valid value)"))
        session.send("\u{15}36\r")                           // Ctrl-U, then a valid age
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "Hello, Ada (36)!\n")
        #expect(isCooked(session.modes()))
    }

    @Test("Ctrl-C at a prompt of the async command: exit 130, the terminal restored")
    func ctrlC() throws {
        let session = try greetAtTerminal(["--name", "Ada"])
        #expect(session.waitFor("Age: "))
        session.send("4")
        #expect(session.waitFor("✓"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))
    }
}
