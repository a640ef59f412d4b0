import Glibc

/// The write end of the active trap's self-pipe; the C signal handler can only reach a global.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns signals into bytes on a pipe that the read loop polls, so that every reaction (restoring the
/// terminal, redrawing after a resize) runs outside the signal handler. Restores the previous handlers.
final class SignalTrap {
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The other signals whose default action ends the process (SIGUSR1, SIGALRM, SIGPIPE, SIGXCPU, the
    /// real-time signals...), for those the program leaves at their default while a field reads: caught so the
    /// terminal is restored, then raised again with the default, so the process still ends by the signal. A
    /// signal the program handles or ignores is left to it.
    static func otherTerminatingAtDefault() -> [Int32] {
        var signals: [Int32] = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT,
                                SIGIO, SIGPIPE]
        signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        return signals.filter { signal in
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.sa_flags & SA_SIGINFO == 0 else { return false }
            return current.__sigaction_handler.sa_handler == nil   // SIG_DFL
        }
    }
    let readEnd: Int32
    private let writeEnd: Int32
    private var previous: [Int32: sigaction] = [:]
    private let previousWriteEnd: Int32

    init(_ signals: [Int32]) {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        readEnd = fds[0]
        writeEnd = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        previousWriteEnd = signalPipeWriteEnd
        signalPipeWriteEnd = writeEnd
        for signal in signals { install(signal) }
    }

    /// Catches `signal` (again) with the trap's handler.
    func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0   // no SA_RESTART: poll and read return EINTR
        var old = sigaction()
        sigaction(signal, &action, &old)
        if previous[signal] == nil { previous[signal] = old }
    }

    /// Puts back the handler that was there before the trap, for `signal` only.
    func restore(_ signal: Int32) {
        guard var old = previous[signal] else { return }
        sigaction(signal, &old, nil)
    }

    /// Whether `signal` was ignored (SIG_IGN) before the trap took it.
    func wasIgnored(_ signal: Int32) -> Bool {
        guard let old = previous[signal], let handler = old.__sigaction_handler.sa_handler else { return false }
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
        for (signal, var old) in previous { sigaction(signal, &old, nil) }
        previous.removeAll()
        signalPipeWriteEnd = previousWriteEnd
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }
}

/// The parent, process group and session of `pid`, from `/proc/<pid>/stat` (`pid (comm) state ppid pgrp session ...`).
private func processStatus(_ pid: pid_t) -> (parent: pid_t, group: pid_t, session: pid_t)? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0, let close = buffer[0..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
    guard fields.count >= 4,
          let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
          let group = pid_t(String(decoding: fields[2], as: UTF8.self)),
          let session = pid_t(String(decoding: fields[3], as: UTF8.self)) else { return nil }
    return (parent, group, session)
}
