// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// `switchboard form --draft FILE`: the draft goes only once the answers were written and flushed; answers
// that could not be written (a full disk, a closed standard output) leave every saved answer in it.

private let twoFields = """
    fields:
      - name: user
      - name: host
    """

@Suite("a draft is kept until the answers are written")
struct DraftOutputTests {
    /// Runs `form f.yaml --draft d.json REDIRECT` at a terminal in `directory`, answers both fields and submits.
    private func answerAndSubmit(in directory: String, redirect: String) throws -> PtySession {
        let script = "cd \"$1\" && exec \"$0\" form f.yaml --draft d.json \(redirect)"
        let session = try PtySession("/bin/sh", arguments: ["-c", script, try switchboardPath(), directory],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("user: "))
        session.send("ada\r")
        #expect(session.waitFor("host: "))
        session.send("h1\r")
        #expect(session.waitFor("Enter to submit"))
        session.send("\r")
        return session
    }

    @Test("stdout on a full disk (/dev/full) or closed (>&-): exit 2, the error, and the draft kept")
    func unwritableOutputKeepsDraft() throws {
        for redirect in ["> /dev/full", ">&-"] {
            let scratch = try Scratch()
            defer { scratch.cleanUp() }
            try scratch.file("f.yaml", twoFields)
            let session = try answerAndSubmit(in: scratch.url.path, redirect: redirect)
            #expect(session.waitForExit() == .exited(2), "\(redirect)")
            #expect(session.outputText.contains("cannot write to standard output"), "\(redirect): \(session.outputText)")
            #expect(session.outputText.contains("d.json"), "\(redirect): the message names the kept draft")
            let draft = try String(contentsOfFile: scratch.path("d.json"), encoding: .utf8)
            #expect(draft.contains("\"user\": \"ada\""), "\(redirect): \(draft)")
            #expect(draft.contains("\"host\": \"h1\""), "\(redirect): \(draft)")
            // The next run resumes from it.
            let again = try PtySession("/bin/sh", arguments: ["-c", "cd \"$1\" && exec \"$0\" form f.yaml --draft d.json",
                                                              try switchboardPath(), scratch.url.path],
                                       environment: ["NO_COLOR": "1"], captureStdout: true)
            #expect(again.waitFor("Resuming from d.json"))
            #expect(again.waitFor("Enter to submit"))
            again.send("\r")
            #expect(again.waitForExit() == .exited(0))
            #expect(again.stdoutText == "{\n  \"user\": \"ada\",\n  \"host\": \"h1\"\n}\n")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("d.json")))
        }
    }

    @Test("answers written: the draft is removed")
    func writtenOutputRemovesDraft() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("f.yaml", twoFields)
        let session = try answerAndSubmit(in: scratch.url.path, redirect: "")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "{\n  \"user\": \"ada\",\n  \"host\": \"h1\"\n}\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("d.json")))
    }
}
