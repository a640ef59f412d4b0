// SPDX-License-Identifier: Apache-2.0
// The test kit against hostile programs and sizes: what a user's test meets when the program under test misbehaves.
import Glibc
import SwitchboardTesting
import Testing

// The time limits of the two endless-output tests catch a wait that never ends; they are not speed limits. Each reads
// and draws output as fast as it can, so on two cores shared with the other suites (one process) their bodies can
// take many times the few seconds they take alone (a one-minute limit was exceeded that way by a 2-second test).
@Suite struct HostileTests {
    @Test("A program that writes without end (to the terminal or a captured output) fails a wait within its bound",
          .timeLimit(.minutes(5)))
    func endlessOutput() throws {
        for (command, capture) in [(["yes"], false), (["cat", "/dev/zero"], false), (["yes"], true)] {
            let term = try TerminalSession(command, columns: 20, rows: 4, captureStandardOutput: capture,
                                           timeout: 0.5)
            #expect(throws: TerminalSessionError.self, "\(command)") { try term.waitFor("never shown") }
            #expect(throws: TerminalSessionError.self, "\(command)") { try term.waitUntilSettled() }
            #expect(throws: TerminalSessionError.self, "\(command)") { try term.waitForExit() }
        }
    }

    @Test("Endless output is kept up to maximumKeptOutput bytes (the screen still sees it all), and the cut is said",
          .timeLimit(.minutes(5)))
    func endlessOutputIsBounded() throws {
        let term = try TerminalSession(["cat", "/dev/zero"], columns: 20, rows: 4, captureStandardOutput: true,
                                       timeout: 120)
        try term.waitUntil(timeout: 120, "the output cut") { _ in term.outputWasCut }
        #expect(term.standardOutputBytes.count == TerminalSession.maximumKeptOutput)
        #expect(term.outputWasCut)
    }

    @Test("A NaN, infinite or negative timeout is refused by every wait instead of waiting for ever",
          .timeLimit(.minutes(1)))
    func badTimeouts() throws {
        let term = try TerminalSession(["cat"], columns: 20, rows: 4)
        for bad in [Double.nan, .infinity, -1] {
            #expect(throws: TerminalSessionError.self, "\(bad)") { try term.waitFor("never shown", timeout: bad) }
            #expect(throws: TerminalSessionError.self, "\(bad)") { try term.waitUntilSettled(timeout: bad) }
            #expect(throws: TerminalSessionError.self, "\(bad)") { try term.waitForExit(timeout: bad) }
        }
        term.timeout = .nan
        let error = #expect(throws: TerminalSessionError.self) { try term.type("a") }
        #expect(error?.message.contains("a timeout must be a finite number of seconds") == true)
    }

    @Test("Screen sizes are bounded: huge sizes are cut to maximumSize, zero and negative sizes become 1")
    func hugeAndTinySizes() {
        let huge = TerminalScreen(columns: Int.max, rows: Int.max)
        #expect(huge.columns == TerminalScreen.maximumSize && huge.rows == TerminalScreen.maximumSize)
        #expect(huge.lines.count == TerminalScreen.maximumSize)
        var screen = TerminalScreen(columns: -3, rows: 0)
        #expect(screen.columns == 1 && screen.rows == 1)
        screen.feed("ab\u{1B}[999999999C\u{1B}[2147483648;2147483648H中x")
        screen.resize(columns: Int.max, rows: Int.min)
        #expect(screen.columns == TerminalScreen.maximumSize && screen.rows == 1)
        screen.resize(columns: 0, rows: -1)
        #expect(screen.columns == 1 && screen.rows == 1 && screen.lines.count == 1)
    }

    @Test("The program is told the size the virtual screen has, also for zero, negative and huge sizes")
    func programSeesTheScreensSize() throws {
        // Each resize follows the line `stty size` printed before it (an event, not the quiet guess: sh is asleep
        // while stty starts, and a guessed wait let a resize come first).
        let script = "stty size; read line; stty size; read line; stty size"
        let term = try TerminalSession(["sh", "-c", script], columns: 0, rows: -4, captureStandardOutput: true)
        let max = TerminalScreen.maximumSize
        try term.waitUntil("the first size printed") { _ in term.standardOutput == "1 1\n" }
        try term.resize(columns: 100_000, rows: 70_000)
        try term.type("\n")
        try term.waitUntil("the second size printed") { _ in term.standardOutput.hasSuffix("\(max) \(max)\n") }
        try term.resize(columns: -1, rows: 0)
        try term.type("\n")
        #expect(try term.waitForExit() == 0)
        #expect(term.standardOutput == "1 1\n\(max) \(max)\n1 1\n")
        #expect(term.screen.columns == 1 && term.screen.rows == 1)
    }
}
