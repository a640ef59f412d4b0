// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// `switchboard form --draft FILE` writes the draft without following planted links, and refuses draft paths a
// draft cannot live at.

private let twoFields = """
    fields:
      - name: email
        rules: [email]
      - name: name
    """

private func mode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
}

private func isSymbolicLink(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
}

@Suite("drafts never follow planted links")
struct DraftSafetyTests {
    /// Runs `form f.yaml --draft d.json` in `directory` through `sh -c`, after `setup` (shell commands run in
    /// the same process, so `$$` is the form's process id), answers the email and cancels at the second field.
    private func answerOneAndCancel(in directory: String, setup: String) throws -> PtySession {
        let script = "cd \"$1\" && \(setup) && exec \"$0\" form f.yaml --draft d.json"
        let session = try PtySession("/bin/sh", arguments: ["-c", script, try switchboardPath(), directory],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("email: "))
        session.send("ada@example.com\r")
        #expect(session.waitFor("name: "))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        return session
    }

    @Test("a link planted at the old temporary name (d.json.PID.tmp) is not written through")
    func plantedTemporaryLink() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("f.yaml", twoFields)
        let victim = try scratch.file("victim.txt", "precious\n")
        chmod(victim, 0o644)
        _ = try answerOneAndCancel(in: scratch.url.path, setup: "ln -s victim.txt d.json.$$.tmp")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(mode(victim) == 0o644)
        let draft = try String(contentsOfFile: scratch.path("d.json"), encoding: .utf8)
        #expect(draft.contains("ada@example.com"))
        #expect(mode(scratch.path("d.json")) == 0o600)
        // The planted link is still there, untouched; no temporary file of ours is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(names.filter { $0.hasSuffix(".tmp") }.count == 1)
        #expect(names.filter { $0.hasSuffix(".tmp") }.allSatisfy { isSymbolicLink(scratch.path($0)) })
        #expect(!names.contains { $0.hasPrefix(".d.json.") })
    }

    @Test("a link at the draft's own path is replaced by the draft, never written through")
    func plantedDraftLink() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("f.yaml", twoFields)
        let victim = try scratch.file("victim.txt", "precious\n")
        chmod(victim, 0o644)
        _ = try answerOneAndCancel(in: scratch.url.path, setup: "ln -s victim.txt d.json")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(mode(victim) == 0o644)
        #expect(!isSymbolicLink(scratch.path("d.json")))
        #expect(try String(contentsOfFile: scratch.path("d.json"), encoding: .utf8).contains("ada@example.com"))
    }

    @Test("a FIFO, a directory, a device, or a link to one as the draft is refused at once with a message")
    func specialFilesRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", twoFields)
        #expect(mkfifo(scratch.path("fifo"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: scratch.path("dir"), withIntermediateDirectories: false)
        symlink(scratch.path("fifo"), scratch.path("to-fifo"))
        let cases = [("fifo", "is a FIFO (named pipe)"), ("dir", "is a directory"), ("to-fifo", "links to a FIFO"),
                     ("/dev/null", "is a device"), ("missing/d.json", "cannot be used"),
                     // A directory that takes no new file: reported before the first question (it was after the
                     // first answer). /sys/kernel refuses even root; a mode 0555 folder refuses other users.
                     ("/sys/kernel/d.json", "cannot be written: no new file can be made in its directory")]
        try FileManager.default.createDirectory(atPath: scratch.path("locked"), withIntermediateDirectories: false)
        chmod(scratch.path("locked"), 0o555)
        defer { chmod(scratch.path("locked"), 0o755) }
        let lockedCase = geteuid() == 0 ? [] : [("locked/d.json", "cannot be written")]
        for (name, message) in cases + lockedCase {
            let path = name.hasPrefix("/") ? name : scratch.path(name)
            let session = try PtySession(try switchboardPath(), arguments: ["form", spec, "--draft", path],
                                         environment: ["NO_COLOR": "1"], captureStdout: true)
            #expect(session.waitForExit(timeout: 5) == .exited(2), "\(name)")
            #expect(session.outputText.contains(message), "\(name): \(session.outputText)")
            #expect(!session.outputText.contains("email: "))   // nothing was asked
        }
    }
}
