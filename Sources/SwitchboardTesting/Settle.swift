// SPDX-License-Identifier: Apache-2.0

/// The environment variable that asks Switchboard's fields for settle marks.
let settleVariable = "SWITCHBOARD_TEST_SETTLE"

/// How `TerminalSession.waitUntilSettled` knows that the program is idle.
///
/// ```swift
/// let term = try TerminalSession(["/usr/bin/vi"], settle: .quiet(0.2))
/// ```
public enum SettleMode: Sendable, Equatable {
    /// The exact signal of Switchboard's fields once one has come; until then (a program not built on
    /// Switchboard) the quiet test of `.quiet(0.1)`.
    case automatic
    /// Only the exact signal: a program built on Switchboard, waiting for a key with no check running, its
    /// screen drawn, after reading every key sent.
    case signal
    /// For any program: nothing written for this many seconds, every key sent read from the terminal, and every
    /// process of the terminal's foreground group asleep (see `waitUntilSettled`).
    case quiet(Double)
}

extension TerminalSession {
    /// Waits until the program is idle: waiting for a key, with everything it drew read into `screen`.
    ///
    /// For a program built on Switchboard this is exact: the session sets `SWITCHBOARD_TEST_SETTLE=1`, and a field
    /// then writes a private mark (`OSC 7707`, never shown) each time it is about to wait for a key with no check
    /// running (nor debouncing) and its screen drawn; the mark carries how many bytes the program has read, so the
    /// session knows it follows the last keys sent. The wait ends when the mark is the last thing the program
    /// wrote and counts every key. After `resize` to a new size, a signal key (Ctrl-C, Ctrl-\, Ctrl-Z) or
    /// `signal(_:)`, a newer mark is needed (the redraw, the next question). This holds for keys read
    /// by one program; when a later program on the terminal (a script's next prompt) takes over, the bytes its
    /// predecessors read are worked out from the terminal's input queue, so wait for each program's first
    /// screen before typing into it.
    ///
    /// For other programs (`SettleMode.quiet`, or `.automatic` before any mark came) it is a documented guess:
    /// no output for the quiet period (counted from the last byte written or key sent, whichever came last), the
    /// terminal's input queue empty (every key read), and every process in the terminal's foreground process group
    /// asleep. A program that sleeps on a timer passes this test too.
    ///
    /// Throws after `timeout` seconds (the session's by default), or when the program ends, showing the screen.
    ///
    /// ```swift
    /// try term.type("ada@example.com")
    /// try term.waitUntilSettled()
    /// #expect(term.screen.contains("✓"))
    /// ```
    public func waitUntilSettled(timeout: Double? = nil) throws {
        let bound = try waitBound(timeout)
        let deadline = monotonicSeconds() + bound
        while true {
            let wrote = read(waiting: 0)
            if marked() {
                settledOnce = true
                return
            }
            if let status = exitStatus {
                throw failure("the program ended (status \(status)) before it settled")
            }
            let quiet: Double? = switch settleMode {
            case .signal: nil
            case .quiet(let seconds): seconds
            case .automatic: virtualScreen.settleMarks == 0 ? 0.1 : nil
            }
            if let quiet, !wrote, monotonicSeconds() - max(lastOutputTime, lastInputTime) >= quiet,
               inputQueue() == 0, foregroundAsleep() {
                settledOnce = true
                return
            }
            if monotonicSeconds() > deadline {
                let known = virtualScreen.lastSettleMark.map { "; its last settle mark counted \($0.bytesRead) bytes read" }
                throw failure("the program did not settle within \(bound) s (\(sentForReading) bytes typed"
                              + (known ?? "; it wrote no settle mark") + ")" + stillRunning())
            }
            read(waiting: 0.01)
        }
    }

    /// Whether the last thing written is a settle mark that counts every key sent, newer than the last resize.
    private func marked() -> Bool {
        guard virtualScreen.markIsLast, let mark = virtualScreen.lastSettleMark, mark.serial > marksBefore else {
            return false
        }
        if mark.pid != markPID {
            // Another program took the terminal: what it has not read is still queued.
            markPID = Int32(mark.pid)
            readBefore = sentForReading - inputQueue() - mark.bytesRead
        }
        return mark.bytesRead + readBefore == sentForReading
    }

    /// What runs under the program (a field's check command keeps it from settling), for a wait's failure: empty,
    /// or `; still running under it: sh -c 'sleep 1000' (pid 4242)`.
    func stillRunning() -> String {
        let children = processesUnder(pid)
        guard !children.isEmpty else { return "" }
        let named = children.prefix(5).map { child in
            let command = String(String.UnicodeScalarView(child.command.unicodeScalars.flatMap { scalar in
                scalar.properties.generalCategory == .control ? Array(scalar.escaped(asASCII: false).unicodeScalars)
                    : [scalar]
            }))
            return "\(command) (pid \(child.pid))"
        }
        return "; still running under it: " + named.joined(separator: ", ")
            + (children.count > 5 ? " and \(children.count - 5) more" : "")
    }

    /// The bytes typed that no program has read yet.
    func inputQueue() -> Int {
        var waiting: Int32 = 0
        return ioctl(terminal.slave, UInt(FIONREAD), &waiting) == 0 ? Int(waiting) : 0
    }

    /// Whether every process of the terminal's foreground process group is asleep (Platform.swift).
    func foregroundAsleep() -> Bool {
        processGroupAsleep(tcgetpgrp(terminal.master))
    }
}
