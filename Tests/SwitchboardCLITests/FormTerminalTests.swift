// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

private let spec = """
    title: Sign up
    fields:
      - name: email
        prompt: Email
        rules: [email]
      - name: username
        prompt: Username
        default: {from: email, map: local-part}
      - name: password
        prompt: Password
        masked: true
      - name: confirm
        prompt: Confirm password
        masked: true
        same-as: {field: password, message: must match the password}

    """

/// `switchboard form` at a terminal, its answers captured as by `$(...)`.
@Suite("switchboard form at a terminal")
struct FormTerminalTests {
    private func form(_ path: String, _ extra: [String] = []) throws -> PtySession {
        try PtySession(try switchboardPath(), arguments: ["form", path] + extra, environment: ["NO_COLOR": "1"],
                       captureStdout: true)
    }

    @Test("typed answers, the review, Enter submits: only the answers on stdout, exit 0")
    func submit() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let session = try form(try scratch.file("signup.yaml", spec), ["--output", "env"])
        #expect(session.waitFor("Email: "))
        session.send("ada\r")                   // refused, the text kept
        #expect(session.waitFor("✗ must be"))
        session.send("@example.com\r")
        #expect(session.waitFor("Username"))
        session.send("\r")                      // accepts the derived default
        #expect(session.waitFor("Password: "))
        session.send("hunter22\r")
        #expect(session.waitFor("Confirm password: "))
        session.send("hunter22\r")
        #expect(session.waitFor("Enter to submit"))
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "EMAIL='ada@example.com'\nUSERNAME='ada'\nPASSWORD='hunter22'\nCONFIRM='hunter22'\n")
        #expect(!session.outputText.contains("hunter22"))
        #expect(isCooked(session.modes()))
    }

    @Test("Ctrl-C cancels the whole form: exit 130, nothing on stdout")
    func cancel() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let session = try form(try scratch.file("signup.yaml", spec))
        #expect(session.waitFor("Email: "))
        session.send("ada@example.com\r")
        #expect(session.waitFor("Username"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))
    }

    @Test("--draft: a cancelled run's accepted answers are resumed by the next run")
    func draft() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let path = try scratch.file("signup.yaml", spec)
        let draft = scratch.path("draft.json")
        let first = try form(path, ["--draft", draft])
        #expect(first.waitFor("Email: "))
        first.send("ada@example.com\r")
        #expect(first.waitFor("Username"))
        first.send("\u{3}")
        #expect(first.waitForExit() == .exited(130))
        #expect(FileManager.default.fileExists(atPath: draft))

        let second = try form(path, ["--draft", draft, "--output", "json"])
        #expect(second.waitFor("Resuming"))
        #expect(second.waitFor("Username"))
        #expect(!second.outputText.contains("Email: "))       // the email is not asked again
        second.send("\r")
        #expect(second.waitFor("Password: "))
        second.send("hunter22\r")
        #expect(second.waitFor("Confirm password: "))
        second.send("hunter22\r")
        #expect(second.waitFor("Enter to submit"))
        second.send("\r")
        #expect(second.waitForExit() == .exited(0))
        let answers = try JSONSerialization.jsonObject(with: Data(second.stdoutText.utf8)) as? [String: String]
        #expect(answers?["email"] == "ada@example.com")
        #expect(answers?["username"] == "ada")
        #expect(!FileManager.default.fileExists(atPath: draft))   // submitted: the draft is removed
    }
}
