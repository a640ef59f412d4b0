import Glibc

/// The write end of the active trap's self-pipe; the C signal handler can only reach a global.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns signals into bytes on a pipe that the read loop polls, so that every reaction (restoring the
/// terminal, redrawing after a resize) runs outside the signal handler. Restores the previous handlers.
final class SignalTrap {
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP]
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
