// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Ctrl-\ (SIGQUIT) at a prompt restores the terminal and ends quietly with 131, as Ctrl-C ends with 130: never
// the Swift runtime's crash report.

private func quietlyQuit(_ session: PtySession) {
    #expect(session.waitForExit() == .exited(131))
    #expect(!session.outputText.contains("crashed"))
    #expect(!session.outputText.contains("Backtrac"))
    #expect(session.stdoutText == "")
    #expect(isCooked(session.modes()))
}

@Suite("Ctrl-\\ quits quietly with 131")
struct QuitSignalTests {
    @Test("ask, inside $(...), masked or not, interactive or plain", arguments: [
        (["Name"], "xterm-256color"), (["Password", "--mask"], "xterm-256color"),
        (["Name"], "dumb"), (["Password", "--mask"], "dumb"),
    ])
    func ask(_ arguments: [String], _ term: String) throws {
        let session = try PtySession(try switchboardPath(), arguments: ["ask"] + arguments,
                                     environment: ["NO_COLOR": "1", "TERM": term], captureStdout: true)
        #expect(session.waitFor(": "))
        session.send("abc")
        #expect(session.waitUntil { $0.outputText.contains("abc") || $0.outputText.contains("***") || term == "dumb" })
        session.send("\u{1C}")
        quietlyQuit(session)
    }

    @Test("form: at a field and at the review")
    func form() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", "fields:\n  - name: a\n  - name: secret\n    masked: true\n")
        let atField = try PtySession(try switchboardPath(), arguments: ["form", spec],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(atField.waitFor("a: "))
        atField.send("x\r")
        #expect(atField.waitFor("secret: "))
        atField.send("hunter2\u{1C}")
        quietlyQuit(atField)
        #expect(!atField.outputText.contains("hunter2"))

        let atReview = try PtySession(try switchboardPath(), arguments: ["form", spec],
                                      environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(atReview.waitFor("a: "))
        atReview.send("x\r")
        #expect(atReview.waitFor("secret: "))
        atReview.send("y\r")
        #expect(atReview.waitFor("Enter to submit"))
        atReview.send("\u{1C}")
        quietlyQuit(atReview)
    }

    @Test("check reading lines typed at the terminal")
    func check() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["check", "--rule", "email"],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        session.send("nope\n")
        #expect(session.waitUntil { $0.stdoutText.contains("1: nope") })
        session.send("\u{1C}")
        #expect(session.waitForExit() == .exited(131))
        #expect(!session.outputText.contains("crashed"))
    }
}
