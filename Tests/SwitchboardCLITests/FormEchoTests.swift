// SPDX-License-Identifier: GPL-3.0-or-later
// A form holds the terminal's echo off between its fields (issue 38, item 13): keys typed while the form moves to
// its next field are not echoed by the terminal before the next prompt. The window is made long and certain by a
// choices command that waits on a FIFO until the test writes to it.
import Foundation
import Glibc
import SwitchboardTesting
import Testing
import TerminalTestSupport

@Suite("switchboard form: echo held off between fields", .serialized)
struct FormEchoTests {
    /// A form whose second field's choices come from `cat FIFO`; returns the session at the "checking…" between
    /// the two fields, with the FIFO's path.
    private func betweenFields(_ scratch: Scratch) throws -> (TerminalSession, String) {
        let fifo = scratch.path("countries")
        try #require(mkfifo(fifo, 0o600) == 0)
        let spec = try scratch.file("form.yaml", """
            fields:
              - name: name
                prompt: Name
              - name: country
                prompt: Country
                choices: {command: "cat \(fifo)", timeout: 30}
            """)
        let term = try TerminalSession([try switchboardPath(), "form", "--output", "yaml", "--", spec], columns: 60,
                                       rows: 12, captureStandardOutput: true, timeout: 30)
        try term.waitUntilSettled()
        try term.type("Ada\r")
        try term.waitFor("checking…")
        return (term, fifo)
    }

    /// Whether the form's terminal echoes now (read through the program's standard input).
    private func echoes(_ term: TerminalSession) throws -> Bool {
        let fd = open("/proc/\(term.pid)/fd/0", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        var modes = termios()
        try #require(tcgetattr(fd, &modes) == 0)
        return modes.c_lflag & tcflag_t(ECHO) != 0
    }

    @Test("Between two fields the terminal does not echo; keys typed then reach the next field; echo is back at the end")
    func typeAheadBetweenFields() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (term, fifo) = try betweenFields(scratch)
        #expect(try !echoes(term), "the terminal echoes between fields")
        try term.type("Viet")
        // The choices come: the next field (a list) takes the keys typed meanwhile as its filter.
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        _ = "France\nVietnam\n".withCString { write(writer, $0, strlen($0)) }
        close(writer)
        try term.waitUntilSettled()
        let screen = term.screen
        #expect(screen.contains("› Vietnam") && !screen.contains("France"), "\(screen)")
        #expect(!screen.lines.contains { $0.hasPrefix("Viet") }, "echoed before the prompt: \(screen)")
        try term.press(.enter)
        try term.waitUntilSettled()
        #expect(term.screen.contains("2. country  Vietnam"), "\(term.screen)")
        try term.press(.enter)
        #expect(try term.waitForExit() == 0)
        #expect(term.standardOutput.contains("country: \"Vietnam\""), "\(term.standardOutput)")
        #expect(term.terminalIsRestored)
    }

    @Test("Ctrl-C between two fields (no field reading) ends the form with the terminal's modes put back")
    func interruptedBetweenFields() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (term, fifo) = try betweenFields(scratch)
        #expect(try !echoes(term))
        // "checking…" is drawn just before the choices command starts; its Ctrl-C trap is in place once the
        // command runs (a Ctrl-C in between ends the form at the signal's default: see the closing note of
        // issue 38). Wait for the command to run, as a person would see the form waiting on it.
        try #require(waitForProcess(reading: fifo), "the choices command did not start")
        try term.press(.ctrl("c"))
        let status = try term.waitForExit()
        #expect(status == 130, "\(term.screen)")
        #expect(term.terminalIsRestored)
    }

    /// Waits (at most 30 s, looking again every 10 ms) until the choices command runs: a process whose command
    /// line names `path` (`sh -c "cat FIFO"`, then `cat` blocked opening the FIFO).
    private func waitForProcess(reading path: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
                guard let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
                if String(decoding: line, as: UTF8.self).contains("cat " + path) { return true }
            }
            usleep(10_000)
        }
        return false
    }
}
