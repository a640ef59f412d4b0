// SPDX-License-Identifier: Apache-2.0
// A child process on a pseudo-terminal, as a user at a terminal would run it.
import Glibc
import SwitchboardTesting

/// A program running on a fresh pseudo-terminal in its own session (the pty is its controlling terminal,
/// so Ctrl-C and Ctrl-Z reach it as signals). Standard input and standard error are the pty; standard
/// output is the pty too, or a pipe when `captureStdout` is set (as in `V=$(program)`).
///
/// ```swift
/// let session = try PtySession(executable("terminal-name"))
/// #expect(session.waitFor("Name: "))
/// session.send("Ada\r")
/// #expect(session.waitForExit() == .exited(0))
/// ```
public final class PtySession {
    /// The child's process id.
    public let pid: pid_t
    /// The master side: what the child writes to the terminal is read here; what is written here is typed.
    public let master: Int32
    /// The slave side, kept open so its modes can be read after the child exits.
    public let slave: Int32
    private let stdoutPipe: Int32?
    /// Every byte the child wrote to the terminal so far.
    public private(set) var output: [UInt8] = []
    /// Every byte the child wrote to its standard output when it was captured.
    public private(set) var stdoutBytes: [UInt8] = []
    /// The exit status once known.
    public private(set) var status: ExitStatus?

    /// Starts `path` on a new pty of `columns` x `rows`.
    /// - Parameter environment: overrides of the current environment; by default `TERM=xterm-256color`
    ///   and `LC_ALL=C.UTF-8`, and `NO_COLOR` removed.
    public init(_ path: String, arguments: [String] = [], environment overrides: [String: String?] = [:],
                captureStdout: Bool = false, columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var defaults: [String: String?] = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "NO_COLOR": nil,
                                           "INPUTRC": "/dev/null"]
        for (key, value) in overrides { defaults[key] = value }
        let env = environment(defaults)
        var masterFD: Int32 = -1
        var slaveFD: Int32 = -1
        var pipeFDs: [Int32] = [-1, -1]
        let childPID: pid_t = try spawnLock.withLock { _ in
            var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&masterFD, &slaveFD, nil, nil, &size) == 0 else {
                throw SpawnError(description: "openpty failed: \(String(cString: strerror(errno)))")
            }
            setCloseOnExec(masterFD, slaveFD)
            var descriptors: [Int32: Int32] = [0: slaveFD, 1: slaveFD, 2: slaveFD]
            if captureStdout {
                guard pipe(&pipeFDs) == 0 else { throw SpawnError(description: "pipe failed") }
                setCloseOnExec(pipeFDs[0], pipeFDs[1])
                descriptors[1] = pipeFDs[1]
            }
            defer { if captureStdout { close(pipeFDs[1]) } }
            // The child opens no terminal itself: in a new session, dup2 of the slave does not make it the
            // controlling terminal, so a TIOCSCTTY is needed; posix_spawn cannot do that, but the first
            // terminal a session leader *opens* becomes its controlling terminal, so open it by name.
            var name = [CChar](repeating: 0, count: 256)
            guard ttyname_r(slaveFD, &name, name.count) == 0 else { throw SpawnError(description: "ttyname failed") }
            return try spawnOnTerminal(path, arguments, environment: env, terminal: cString(name),
                                       descriptors: descriptors)
        }
        pid = childPID
        master = masterFD
        slave = slaveFD
        stdoutPipe = captureStdout ? pipeFDs[0] : nil
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        if let stdoutPipe { _ = fcntl(stdoutPipe, F_SETFL, fcntl(stdoutPipe, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var s: Int32 = 0
            waitpid(pid, &s, 0)
        }
        close(master)
        close(slave)
        if let stdoutPipe { close(stdoutPipe) }
    }

    /// Everything written to the terminal so far, as text (invalid UTF-8 replaced).
    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// The captured standard output, as text.
    public var stdoutText: String { String(decoding: stdoutBytes, as: UTF8.self) }

    /// Types `text` (use "\r" for Enter, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D).
    public func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    /// Types raw bytes.
    public func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
            } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
                drain(timeout: 0.01)   // the child has not read yet: keep its output flowing
            } else {
                return
            }
        }
    }

    /// Reads whatever the child wrote, waiting up to `timeout` seconds for the first bytes.
    @discardableResult
    public func drain(timeout: Double = 0) -> Int {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        if let stdoutPipe { fds.append(pollfd(fd: stdoutPipe, events: Int16(POLLIN), revents: 0)) }
        let rc = poll(&fds, nfds_t(fds.count), Int32(timeout * 1000))
        guard rc > 0 else { return 0 }
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(master, &chunk, chunk.count)
            if n <= 0 { break }
            output.append(contentsOf: chunk[0..<n])
            total += n
        }
        if let stdoutPipe {
            while true {
                let n = read(stdoutPipe, &chunk, chunk.count)
                if n <= 0 { break }
                stdoutBytes.append(contentsOf: chunk[0..<n])
                total += n
            }
        }
        return total
    }

    /// Waits until the terminal output (from byte `from` on) contains `text`; false if `timeout` passes.
    @discardableResult
    public func waitFor(_ text: String, from: Int = 0, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout) { session in
            let start = min(from, session.output.count)
            return String(decoding: session.output[start...], as: UTF8.self).contains(text)
        }
    }

    /// Waits until `condition` holds, reading output meanwhile; false if `timeout` passes.
    @discardableResult
    public func waitUntil(timeout: Double = 10, _ condition: (PtySession) -> Bool) -> Bool {
        let deadline = now() + timeout
        while true {
            if condition(self) { return true }
            if now() > deadline { return false }
            drain(timeout: 0.05)
        }
    }

    /// Waits for the child to exit (reading its output meanwhile) and returns how it ended.
    @discardableResult
    public func waitForExit(timeout: Double = 10) -> ExitStatus {
        if let status { return status }
        let deadline = now() + timeout
        while true {
            drain(timeout: 0.02)
            var raw: Int32 = 0
            let rc = waitpid(pid, &raw, WNOHANG)
            if rc == pid {
                let result = ExitStatus(waitStatus: raw)
                status = result
                drain(timeout: 0.02)
                drain()
                return result
            }
            if now() > deadline { return .timedOut }
        }
    }

    /// The terminal's current modes (readable after the child exits, since the slave stays open).
    public func modes() -> termios {
        var t = termios()
        tcgetattr(slave, &t)
        return t
    }

    /// Changes the terminal size and sends SIGWINCH to the child's process group, as a terminal emulator does.
    public func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }
}

/// Whether `modes` are the cooked modes a shell expects: canonical input, echo, signals, CR to NL.
public func isCooked(_ modes: termios) -> Bool {
    modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
        && modes.c_lflag & tcflag_t(ISIG) != 0 && modes.c_iflag & tcflag_t(ICRNL) != 0
}
