// SPDX-License-Identifier: GPL-3.0-or-later
// The shared terminal test helpers do what other suites rely on: a pty that is the child's controlling
// terminal, captured standard output, tmux screens that can be typed into, read and resized.
import Glibc
import Testing
import TerminalTestSupport

@Suite struct TestSupportTests {
    @Test func ptyIsTheControllingTerminalAndCtrlCReachesTheChild() throws {
        let session = try PtySession("/bin/sh", arguments: ["-c", "tty >&2; read line; echo \"got $line\" >&2; exec sleep 30"])
        #expect(session.waitFor("/dev/pts/"))
        session.send("hello\r")
        #expect(session.waitFor("got hello"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .signaled(SIGINT))
        #expect(isCooked(session.modes()))
    }

    @Test func standardOutputCanBeCapturedApartFromTheTerminal() throws {
        let session = try PtySession("/bin/sh", arguments: ["-c", "echo visible >&2; echo value"], captureStdout: true)
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "value\n")
        #expect(session.outputText.contains("visible"))
        #expect(!session.outputText.contains("value"))
    }

    @Test func tmuxScreenTypesReadsAndResizes() throws {
        let screen = try TmuxScreen(command: "read x; echo \"got [$x]\"; read y")
        screen.type("héllo 世界")
        screen.press("Enter")
        #expect(screen.waitFor("got [héllo 世界]") != nil)
        #expect(screen.rows().count == 24)
        screen.resize(width: 60)
        #expect(screen.waitUntil { _ in screen.width() == 60 } != nil)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
    }

    @Test func productsDirectoryHoldsTheBuiltExecutables() {
        #expect(access(executable("switch-modes"), X_OK) == 0)
    }
}
