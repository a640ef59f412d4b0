// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport

/// The write end of the active trap's self-pipe; the C signal handler can only reach a global.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
/// The write end of the active trap's interrupt pipe (-1 when it has none).
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// Turns signals into bytes on a pipe that the read loop polls, so that every reaction (restoring the
/// terminal, redrawing after a resize) runs outside the signal handler. Restores the previous handlers.
final class SignalTrap {
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The other signals whose default action ends the process (SIGUSR1, SIGALRM, SIGPIPE, SIGXCPU, the
    /// real-time signals...), for those the program leaves at their default while a field reads: caught so the
    /// terminal is restored, then raised again with the default, so the process still ends by the signal. A
    /// signal the program handles or ignores is left to it.
    static func otherTerminating() -> [Int32] {
        var signals: [Int32] = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT,
                                SIGIO, SIGPIPE]
        signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        return signals
    }
    let readEnd: Int32
    private let writeEnd: Int32
    /// With `interrupts`: a pipe that becomes readable when a signal that ends the read arrives (any caught but
    /// SIGWINCH, SIGTSTP and SIGCONT, after which a field reads on), and stays so (nothing reads it): what a key
    /// reader waiting inside readline waits on besides the terminal (see `sb_rl_begin_key_reading`). -1 otherwise.
    let interruptReadEnd: Int32
    private let interruptWriteEnd: Int32
    private let previousInterruptWriteEnd: Int32
    /// The handlers that were there before the trap, by signal number (1...SIGRTMAX), for the signals marked in
    /// `taken`. (Arrays, not a dictionary: a dictionary keyed by Int32 is a generic type whose first use looks its
    /// conformances up at every start of the command line.)
    private var previous: [sigaction] = Array(repeating: sigaction(), count: SignalTrap.slots)
    private var taken = [Bool](repeating: false, count: SignalTrap.slots)
    private static let slots = 65   // signal numbers 1...64 on Linux
    private let previousWriteEnd: Int32

    /// A trap for `signals`, and for those of `atDefault` the program leaves at their default (SIG_DFL); with
    /// `interrupts`, an interrupt pipe too (`interruptReadEnd`).
    init(_ signals: [Int32], alsoAtDefault atDefault: [Int32] = [], interrupts: Bool = false) {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        readEnd = fds[0]
        writeEnd = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        var interrupt: [Int32] = [-1, -1]
        if interrupts && pipe(&interrupt) == 0 {
            for fd in interrupt { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(interrupt[1], F_SETFL, fcntl(interrupt[1], F_GETFL) | O_NONBLOCK)   // the handler never waits
        }
        interruptReadEnd = interrupt[0]
        interruptWriteEnd = interrupt[1]
        previousWriteEnd = signalPipeWriteEnd
        previousInterruptWriteEnd = interruptPipeWriteEnd
        signalPipeWriteEnd = writeEnd
        interruptPipeWriteEnd = interruptWriteEnd
        for signal in signals { install(signal) }
        installIfAtDefault(atDefault)
    }

    /// Catches each of `signals` whose handler is SIG_DFL, with one sigaction(2) per signal: the trap's handler
    /// goes in, and the handler it replaced goes back if it was not the default. Signals are blocked meanwhile,
    /// so one arriving in between reaches the handler that stays. (Asking first and installing after took two
    /// calls per signal, about 40 more system calls at every start of a field.)
    private func installIfAtDefault(_ signals: [Int32]) {
        guard !signals.isEmpty else { return }
        var all = sigset_t()
        var saved = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &saved)
        for signal in signals where signal > 0 && Int(signal) < SignalTrap.slots && !taken[Int(signal)] {
            install(signal)
            var old = previous[Int(signal)]
            // A form's echo hold's handler counts as the default (it is there only between fields).
            if old.sa_flags & SA_SIGINFO != 0 || (old.handler != nil && !Self.isEchoHoldHandler(old)) {
                sigaction(signal, &old, nil)
                taken[Int(signal)] = false
            }
        }
        pthread_sigmask(SIG_SETMASK, &saved, nil)
    }

    /// Catches `signal` (again) with the trap's handler.
    func install(_ signal: Int32) {
        var action = sigaction()
        action.handler = { signal in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd, &byte, 1)
            // After the signal pipe: a reader woken by the interrupt pipe finds the signal there.
            if interruptPipeWriteEnd >= 0 && signal != SIGWINCH && signal != SIGTSTP && signal != SIGCONT {
                _ = write(interruptPipeWriteEnd, &byte, 1)
            }
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0   // no SA_RESTART: poll and read return EINTR
        var old = sigaction()
        sigaction(signal, &action, &old)
        guard signal > 0 && Int(signal) < SignalTrap.slots else { return }
        if !taken[Int(signal)] {
            previous[Int(signal)] = old
            taken[Int(signal)] = true
        }
    }

    /// Puts back the handler that was there before the trap, for `signal` only (to raise it again: a form holding
    /// the terminal's echo off puts back the modes it began with first).
    func restore(_ signal: Int32) {
        sb_echo_hold_pause()
        guard signal > 0 && Int(signal) < SignalTrap.slots, taken[Int(signal)] else { return }
        var old = previous[Int(signal)]
        sigaction(signal, &old, nil)
    }

    /// Whether `action` is a form's echo hold's handler (see `sb_echo_hold_begin`).
    private static func isEchoHoldHandler(_ action: sigaction) -> Bool {
        guard let handler = action.handler else { return false }
        return UInt(bitPattern: unsafeBitCast(handler, to: Int.self)) == UInt(sb_echo_hold_handler_address())
    }

    /// Whether `signal` was ignored (SIG_IGN) before the trap took it.
    func wasIgnored(_ signal: Int32) -> Bool {
        guard signal > 0 && Int(signal) < SignalTrap.slots, taken[Int(signal)],
              let handler = previous[Int(signal)].handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == 1   // SIG_IGN
    }

    /// Whether Ctrl-Z can stop this process now: SIGTSTP was not ignored by the host, and a job-control shell
    /// can resume it. The kernel discards SIGTSTP for an orphaned process group (no member has a parent in
    /// another group of the same session: a program started by `sh -c` at the top of a tmux pane, or by a
    /// daemon), and nobody would run `fg` anyway. Decided from the ancestors in `/proc`.
    func canSuspend() -> Bool {
        if wasIgnored(SIGTSTP) { return false }
        let group = getpgrp()
        let session = getsid(0)
        var pid = getpid()
        for _ in 0..<64 {
            guard let (parent, _, _) = processStatus(pid), parent > 0,
                  let (_, parentGroup, parentSession) = processStatus(parent) else { return false }
            if parentGroup != group { return parentSession == session }
            pid = parent
        }
        return false
    }

    /// Whether a signal has arrived that `take` has not taken yet. A read loop whose poll was interrupted by the
    /// signal (EINTR) gets here before it reads the pipe: it is not idle.
    func signalWaiting() -> Bool {
        var fd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) > 0
    }

    /// The signals that arrived since the last call, in order.
    func take() -> [Int32] {
        var result: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            guard n > 0 else { break }
            result += buffer[0..<n].map { Int32($0) }
        }
        return result
    }

    /// Restores every previous handler and closes the pipe.
    func close() {
        for signal in 1..<SignalTrap.slots where taken[signal] {
            sigaction(Int32(signal), &previous[signal], nil)
            taken[signal] = false
        }
        signalPipeWriteEnd = previousWriteEnd
        interruptPipeWriteEnd = previousInterruptWriteEnd
        posixClose(readEnd)
        posixClose(writeEnd)
        if interruptReadEnd >= 0 {
            posixClose(interruptReadEnd)
            posixClose(interruptWriteEnd)
        }
    }
}

/// The set of `signals` (`sigemptyset`, then `sigaddset` for each), for `pthread_sigmask`, `sigwait` and the
/// like.
///
/// ```swift
/// var pipeSignal = signalSet([SIGPIPE])
/// pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
/// ```
package func signalSet(_ signals: [Int32]) -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    return set
}
