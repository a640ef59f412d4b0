// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
@testable import SwitchboardTerminal
import Testing

/// The trap takes the signals a program leaves at their default, with one sigaction(2) each, and leaves the
/// ones it handles or ignores alone.
@Suite("Signal trap")
struct SignalTrapTests {
    private func handler(of signal: Int32) -> Int {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    @Test("An ignored signal stays ignored; one at its default is caught while the trap is open")
    func takesOnlySignalsAtTheirDefault() {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = unsafeBitCast(1, to: (@convention(c) (Int32) -> Void).self) // SIG_IGN
        var before = sigaction()
        sigaction(SIGUSR2, &ignore, &before)
        defer { sigaction(SIGUSR2, &before, nil) }
        let rtSignal = __libc_current_sigrtmax()   // left at its default by the test process
        #expect(handler(of: rtSignal) == 0)

        let trap = SignalTrap([], alsoAtDefault: [SIGUSR2, rtSignal])
        #expect(handler(of: SIGUSR2) == 1)
        #expect(!trap.wasIgnored(SIGUSR2))   // not taken, so nothing to restore
        #expect(handler(of: rtSignal) > 1)
        trap.close()
        #expect(handler(of: SIGUSR2) == 1)
    }
}
