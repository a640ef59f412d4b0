// SPDX-License-Identifier: Apache-2.0
// TerminalSession with Switchboard's own examples (exact settle) and with ordinary programs (the quiet test).
import Glibc
import SwitchboardTesting
import TerminalTestSupport
import Testing

@Suite struct SessionTests {
    @Test("Settled after a slow, debounced check: the verdict is on the screen without polling for it")
    func settlesAfterSlowCheck() throws {
        let term = try TerminalSession([executable("field-username"), "--delay", "400"], columns: 60, rows: 8,
                                       captureStandardOutput: true)
        try term.waitUntilSettled()
        #expect(term.screen.contains("Username"))
        try term.type("ada")
        try term.waitUntilSettled()
        #expect(term.screen.contains("is taken"), "\(term.screen.text)")
        try term.press(.backspace, .backspace, .backspace)
        try term.type("bob")
        try term.waitUntilSettled()
        #expect(term.screen.contains("✓") && !term.screen.contains("is taken"), "\(term.screen.text)")
        let mark = term.screen.cells(showing: "✓")
        #expect(mark.first?.style.foreground == .green, "\(mark)")
        try term.press(.enter)
        #expect(try term.waitForExit() == 0)
        #expect(term.standardOutput == "bob\n")
        #expect(term.terminalIsRestored)
    }

    @Test("Editing keys reach readline: left, right, home, end, delete, backspace, Ctrl-A, Ctrl-E")
    func editingKeys() throws {
        let term = try TerminalSession([executable("field-name"), "Ada"], columns: 60, rows: 6)
        try term.waitUntilSettled()
        try term.type("abc")
        try term.press(.left, .left)
        try term.type("X")
        try term.press(.home, .delete, .end, .backspace, .ctrl("a"))
        try term.type("Z")
        try term.press(.ctrl("e"), .right)
        try term.type("!")
        try term.waitUntilSettled()
        #expect(term.screen.lines[0].hasSuffix("ZXb!"), "\(term.screen.text)")
        try term.press(.ctrl("u"))
        try term.paste("Ada")
        try term.waitUntilSettled()
        #expect(term.screen.bracketedPaste)
        #expect(term.screen.contains("Hello, Ada!"), "\(term.screen.text)")
        try term.press(.ctrl("c"))
        #expect(try term.waitForExit() == 130)
        #expect(term.terminalIsRestored)
    }

    @Test("Every key sends xterm's bytes (read back by a program in raw mode)")
    func keyBytes() throws {
        let keys: [(Key, String)] = [
            (.enter, "0d"), (.tab, "09"), (.backTab, "1b 5b 5a"), (.escape, "1b"), (.backspace, "7f"),
            (.delete, "1b 5b 33 7e"), (.up, "1b 5b 41"), (.down, "1b 5b 42"), (.right, "1b 5b 43"),
            (.left, "1b 5b 44"), (.home, "1b 5b 48"), (.end, "1b 5b 46"), (.pageUp, "1b 5b 35 7e"),
            (.pageDown, "1b 5b 36 7e"), (.ctrl("c"), "03"), (.ctrl("d"), "04"), (.alt("x"), "1b 78"),
            (.function(1), "1b 4f 50"), (.function(5), "1b 5b 31 35 7e"), (.space, "20"),
        ]
        for (key, hex) in keys {
            let count = hex.split(separator: " ").count
            let term = try TerminalSession(["/bin/sh", "-c",
                                            "stty raw -echo; dd bs=1 count=\(count) 2>/dev/null | od -An -tx1"],
                                           captureStandardOutput: true)
            try term.waitUntilSettled()   // the quiet test: blocked reading the terminal
            try term.press(key)
            #expect(try term.waitForExit() == 0)
            #expect(term.standardOutput.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
                    == hex, "\(key)")
        }
    }

    @Test("Cursor keys follow the program's cursor-key mode; DSR 6n is answered with the cursor position")
    func applicationKeysAndReports() throws {
        let term = try TerminalSession(["/bin/sh", "-c",
                                        "stty raw -echo; printf 'ab\\033[?1h\\033[6n'; dd bs=1 count=9 2>/dev/null | od -An -tx1"])
        try term.waitFor("ab")
        try term.waitUntilSettled()
        try term.press(.up)
        try term.waitForExit()
        // ESC [ 1 ; 3 R, then ESC O A.
        #expect(term.screen.contains("1b 5b 31 3b 33 52 1b 4f 41"), "\(term.screen.text)")
    }

    @Test("A program that is not built on Switchboard settles by the quiet test")
    func quietProgram() throws {
        let term = try TerminalSession(["/bin/cat"], columns: 20, rows: 4)
        try term.type("hello\n")
        try term.waitUntilSettled()
        #expect(term.screen.lines[0...1] == ["hello", "hello"])
        try term.press(.ctrl("d"))
        #expect(try term.waitForExit() == 0)
    }

    @Test("A program that never settles fails the wait within its bound, showing the screen")
    func neverSettles() throws {
        let term = try TerminalSession(["/bin/sh", "-c", "while :; do printf 'busy '; sleep 0.02; done"],
                                       columns: 30, rows: 3)
        let start = monotonicSeconds()
        do {
            try term.waitUntilSettled(timeout: 1)
            Issue.record("a busy program settled")
        } catch let error as TerminalSessionError {
            #expect(error.description.contains("did not settle within 1.0 s"))
            #expect(error.description.contains("|busy busy"), "\(error)")
        }
        #expect(monotonicSeconds() - start < 5)
        let ended = try TerminalSession(["/bin/sh", "-c", "echo bye"])
        #expect(throws: TerminalSessionError.self) { try ended.waitUntilSettled() }
    }

    @Test("Exit statuses: a code, a signal (128 + N), Ctrl-C through the terminal")
    func exitStatus() throws {
        #expect(try TerminalSession(["/bin/sh", "-c", "exit 3"]).waitForExit() == 3)
        #expect(try TerminalSession(["/bin/sh", "-c", "kill -TERM $$"]).waitForExit() == 128 + SIGTERM)
        let sleeper = try TerminalSession(["/bin/sleep", "30"])
        try sleeper.waitUntilSettled(timeout: 5)
        try sleeper.press(.ctrl("c"))
        #expect(try sleeper.waitForExit() == 128 + SIGINT)
        let term = try TerminalSession(["sh", "-c", "pwd"], directory: "/tmp")
        try term.waitForExit()
        #expect(term.screen.lines[0] == "/tmp")
    }

    @Test("Resize: the program redraws for the new size and settles again")
    func resize() throws {
        let term = try TerminalSession([executable("field-name"), "Ada"], columns: 60, rows: 6)
        try term.waitUntilSettled()
        try term.type("Grace")
        try term.waitUntilSettled()
        try term.resize(columns: 30, rows: 6)
        try term.waitUntilSettled()
        #expect(term.screen.columns == 30)
        #expect(term.screen.lines.filter { $0.contains("Grace") }.count == 1, "\(term.screen.text)")
        try term.press(.ctrl("u"))
        try term.type("Ada\n")
        #expect(try term.waitForExit() == 0)
    }

    @Test("A snapshot of a Switchboard screen, stored beside this file")
    func storedSnapshot() throws {
        let term = try TerminalSession([executable("field-name"), "Ada"], columns: 40, rows: 4)
        try term.waitUntilSettled()
        try term.type("Ad")
        try term.waitUntilSettled()
        try assertSnapshot(of: term.screen, named: "field-name-typing")
    }
}
