// SPDX-License-Identifier: Apache-2.0
import Switchboard

/// A program running in a pseudo-terminal with a virtual screen: keys in, screens out, as a person meets it.
/// The program's standard input, output and error are the terminal (standard output can be a pipe instead, as
/// in `V=$(program)`); what it writes is interpreted by a `TerminalScreen` that behaves as xterm does.
///
/// ```swift
/// let term = try TerminalSession([".build/debug/signup"], columns: 80, rows: 24)
/// try term.waitUntilSettled()
/// try term.type("ada@")
/// try term.waitUntilSettled()
/// #expect(term.screen.contains("✗ not an email address"))
/// try term.press(.ctrl("c"))
/// #expect(try term.waitForExit() == 130)
/// ```
///
/// The environment is the current one with `TERM=xterm-256color`, `LC_ALL=C.UTF-8`, `INPUTRC=/dev/null`,
/// `SWITCHBOARD_TEST_SETTLE=1` and no `NO_COLOR`, then `environment` (a `nil` value removes a variable).
/// - note: The program is killed when the session is deinitialized, with its process group and every process
///   started under it in a group of its own (a check command), so that nothing is left running under PID 1.
public final class TerminalSession {
    /// The program's process id.
    public let pid: Int32
    /// How long a wait may take, in seconds, unless the wait says otherwise.
    public var timeout: Double
    /// How `waitUntilSettled` knows the program is idle.
    public let settleMode: SettleMode
    let terminal: PseudoTerminal
    var virtualScreen: TerminalScreen
    /// Every byte the program wrote to the terminal (the first `maximumKeptOutput`; the screen sees them all).
    public private(set) var output: [UInt8] = []
    /// Every byte the program wrote to its standard output, when it was captured (the first `maximumKeptOutput`).
    public private(set) var standardOutputBytes: [UInt8] = []
    /// Whether the program wrote more than `maximumKeptOutput` bytes to the terminal or to its captured standard
    /// output, so that `output` or `standardOutputBytes` holds only the first of them.
    public private(set) var outputWasCut = false
    /// The most bytes `output` and `standardOutputBytes` keep each (64 MiB): a program that writes without end
    /// (`yes`) must not fill the test's memory while a wait runs to its deadline.
    public static let maximumKeptOutput = 64 << 20
    /// Bytes sent that the program reads (signal keys that the terminal turns into signals are not counted).
    var sentForReading = 0
    /// The settle marks seen when the terminal was last resized to a new size or a signal was sent to the program
    /// (a signal key, `signal(_:)`): a wait after it needs a newer mark (the redraw, the next question).
    var marksBefore = 0
    /// Whether a wait has found the program settled: keys typed before that wait for it (see `send(bytes:)`).
    var settledOnce = false
    /// The program that wrote the marks being counted, and the bytes read by the programs before it.
    var markPID: Int32
    var readBefore = 0
    var lastOutputTime: Double
    /// When keys were last sent: the quiet period of the settle guess counts from this too.
    var lastInputTime: Double
    var status: Int32?

    /// Starts `command` (a path or a name found in `PATH`, then its arguments) on a new pseudo-terminal.
    /// - Parameters:
    ///   - command: the program (a path or a name found in `PATH`) and its arguments.
    ///   - columns: the terminal's width.
    ///   - rows: the terminal's height.
    ///   - environment: variables set (a value) or removed (nil) for the program.
    ///   - captureStandardOutput: the program's standard output goes to a pipe (read it with `standardOutput`).
    ///   - directory: the working directory (by default the current one).
    ///   - settle: how a wait knows the program is idle (see `SettleMode`).
    ///   - timeout: the bound of every wait, in seconds.
    public init(_ command: [String], columns: Int = 80, rows: Int = 24, environment: [String: String?] = [:],
                captureStandardOutput: Bool = false, directory: String? = nil, settle: SettleMode = .automatic,
                timeout: Double = 10) throws {
        var settings: [String: String?] = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "NO_COLOR": nil,
                                           "INPUTRC": "/dev/null", settleVariable: "1"]
        for (key, value) in environment { settings[key] = value }
        let columns = TerminalScreen.clamped(columns: columns)
        let rows = TerminalScreen.clamped(rows: rows)
        terminal = try PseudoTerminal(command, environment: environmentEntries(settings), columns: columns,
                                      rows: rows, captureStandardOutput: captureStandardOutput, directory: directory)
        pid = terminal.pid
        markPID = terminal.pid
        virtualScreen = TerminalScreen(columns: columns, rows: rows)
        self.timeout = timeout
        settleMode = settle
        lastOutputTime = monotonicSeconds()
        lastInputTime = lastOutputTime
    }

    deinit {
        if status == nil {
            // Stopped first, the program starts nothing more while what runs under it is found and ended.
            kill(-pid, SIGSTOP)
            for child in processesUnder(pid) {
                kill(-child.group, SIGKILL)
                kill(child.pid, SIGKILL)
            }
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        close(terminal.master)
        close(terminal.slave)
        if let fd = terminal.standardOutput { close(fd) }
    }

    // MARK: reading

    /// The virtual screen as the program has drawn it so far (what it wrote meanwhile is read first).
    public var screen: TerminalScreen {
        read(waiting: 0)
        return virtualScreen
    }

    /// What the program wrote to its standard output when it was captured, as text (invalid UTF-8 replaced).
    public var standardOutput: String {
        read(waiting: 0)
        return String(decoding: standardOutputBytes, as: UTF8.self)
    }

    /// Appends `bytes` to `kept` up to `maximumKeptOutput` bytes; notes a cut.
    private func keep(_ bytes: ArraySlice<UInt8>, in kept: inout [UInt8]) {
        let room = Self.maximumKeptOutput - kept.count
        if bytes.count > room { outputWasCut = true }
        if room > 0 { kept.append(contentsOf: bytes.prefix(room)) }
    }

    /// The most bytes one `read(waiting:)` takes from the terminal (and from the captured standard output).
    static let readLimit = 1 << 20

    /// Reads what the program wrote, waiting up to `waiting` seconds for the first bytes; answers what the
    /// terminal answers (cursor position reports). Returns whether anything came.
    @discardableResult
    func read(waiting: Double) -> Bool {
        var fds = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
        if let fd = terminal.standardOutput { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        guard poll(&fds, nfds_t(fds.count), Int32(waiting * 1000)) > 0 else { return false }
        var any = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        // At most `readLimit` bytes from each a call: a program that writes without end (`yes`) always has more,
        // and the waits calling this must get back to their deadlines.
        var budget = Self.readLimit
        while budget > 0 {
            let n = posixRead(terminal.master, &chunk, min(chunk.count, budget))
            if n <= 0 { break }
            any = true
            budget -= n
            keep(chunk[0..<n], in: &output)
            virtualScreen.feed(chunk[0..<n])
        }
        if let fd = terminal.standardOutput {
            budget = Self.readLimit
            while budget > 0 {
                let n = posixRead(fd, &chunk, min(chunk.count, budget))
                if n <= 0 { break }
                any = true
                budget -= n
                keep(chunk[0..<n], in: &standardOutputBytes)
            }
        }
        if any { lastOutputTime = monotonicSeconds() }
        if !virtualScreen.replies.isEmpty {
            let replies = virtualScreen.replies
            virtualScreen.replies = []
            try? write(replies, counted: true)
        }
        return any
    }

    // MARK: typing

    /// Types `text` as a person would: each character's UTF-8 bytes; a newline is Enter (`\r`).
    public func type(_ text: String) throws {
        try send(bytes: Array(text.replacing("\n", with: "\r").utf8))
    }

    /// Presses keys, one after the other.
    public func press(_ keys: Key...) throws {
        try settleBeforeFirstKeys()   // the keys' bytes follow the modes the program sets when it reads
        for key in keys {
            let bytes = key.bytes(applicationCursor: screen.applicationCursorKeys)
            guard !bytes.isEmpty else {
                throw SpawnError(description: "\(key) sends nothing: use .ctrl with a letter or one of @[\\]^_? "
                                 + "and .function with 1 to 12")
            }
            try send(bytes: bytes)
        }
    }

    /// Pastes `text` as a terminal does: between bracketed-paste marks when the program turned that mode on
    /// (readline does), newlines sent as `\r`.
    public func paste(_ text: String) throws {
        try settleBeforeFirstKeys()   // bracketed or not, as the program reading it asks
        let body = Array(text.replacing("\r\n", with: "\r").replacing("\n", with: "\r").utf8)
        if screen.bracketedPaste {
            try send(bytes: Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8))
        } else {
            try send(bytes: body)
        }
    }

    /// Sends raw bytes to the program, as if typed.
    ///
    /// Keys sent before any wait has found the program settled first wait for it (`waitUntilSettled`): a program
    /// that has not started reading leaves the terminal as the shell left it, which echoes the keys before the
    /// prompt (`adaName:`) and takes them a line at a time. The same holds for `type`, `press` and `paste`.
    public func send(bytes: [UInt8]) throws {
        try settleBeforeFirstKeys()
        try write(bytes, counted: true)
    }

    /// Waits for the program's first settle, unless a wait has found it settled already.
    private func settleBeforeFirstKeys() throws {
        guard !settledOnce else { return }
        do {
            try waitUntilSettled()
        } catch let error as TerminalSessionError {
            throw failure("keys were typed before the program first settled, and it did not: " + error.message)
        }
    }

    func write(_ bytes: [UInt8], counted: Bool) throws {
        if counted {
            let signals = signalKeys(in: bytes)
            if signals > 0 {
                // The program answers a signal (the next question after Ctrl-C, a redraw after Ctrl-Z and fg) with
                // a newer mark; the marks it wrote before are read first, so that none of them passes for it.
                read(waiting: 0)
                marksBefore = virtualScreen.settleMarks
            }
            sentForReading += bytes.count - signals
            lastInputTime = monotonicSeconds()
        }
        var offset = 0
        let deadline = monotonicSeconds() + (try waitBound(nil))
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { posixWrite(terminal.master, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
            } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
                if monotonicSeconds() > deadline {
                    throw failure("the program read none of \(bytes.count - offset) bytes typed for \(timeout) s")
                }
                read(waiting: 0.01)   // the program may be waiting for its own output to be read
            } else {
                throw failure("cannot write to the terminal: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// How many of `bytes` the terminal turns into signals (Ctrl-C, Ctrl-\, Ctrl-Z while it generates signals):
    /// the program never reads them.
    private func signalKeys(in bytes: [UInt8]) -> Int {
        var modes = termios()
        guard tcgetattr(terminal.slave, &modes) == 0, modes.c_lflag & tcflag_t(ISIG) != 0 else { return 0 }
        let keys = withUnsafeBytes(of: modes.c_cc) { raw in
            [raw[Int(VINTR)], raw[Int(VQUIT)], raw[Int(VSUSP)]].filter { $0 != 0 }
        }
        return bytes.filter { keys.contains($0) }.count
    }

    // MARK: the terminal and the program

    /// Resizes the terminal (the program gets SIGWINCH) and the virtual screen, which does not re-flow, as xterm.
    /// A resize to the size the terminal has changes nothing (no SIGWINCH comes, nothing is redrawn).
    public func resize(columns: Int, rows: Int) throws {
        read(waiting: 0)
        // The program is told the size the virtual screen takes (sizes are clamped to what it supports).
        let columns = TerminalScreen.clamped(columns: columns)
        let rows = TerminalScreen.clamped(rows: rows)
        var current = winsize()
        if ioctl(terminal.master, UInt(TIOCGWINSZ), &current) == 0, Int(current.ws_col) == columns,
           Int(current.ws_row) == rows {
            return
        }
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
                           ws_ypixel: 0)
        guard ioctl(terminal.master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw failure("cannot resize the terminal: \(String(cString: strerror(errno)))")
        }
        virtualScreen.resize(columns: columns, rows: rows)
        marksBefore = virtualScreen.settleMarks
    }

    /// Sends `signal` to the program's process group (SIGTERM by default). A wait after it needs a settle mark
    /// written after the signal (a Switchboard field answers each signal it catches with one when it reads on).
    public func signal(_ signal: Int32 = SIGTERM) {
        read(waiting: 0)
        marksBefore = virtualScreen.settleMarks
        kill(-pid, signal)
    }

    /// The exit status once the program ended (128 + N when signal N ended it), else nil.
    public var exitStatus: Int32? {
        if let status { return status }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        let result = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        status = result
        read(waiting: 0)
        return result
    }

    /// Waits for the program to end, reading what it writes meanwhile, and returns its exit status (128 + N when
    /// signal N ended it, as a shell reports it). Throws, showing the screen, when it is still running after
    /// `timeout` seconds.
    @discardableResult
    public func waitForExit(timeout: Double? = nil) throws -> Int32 {
        let deadline = monotonicSeconds() + (try waitBound(timeout))
        while true {
            if let status = exitStatus {
                read(waiting: 0)
                return status
            }
            if monotonicSeconds() > deadline {
                throw failure("the program was still running after \(timeout ?? self.timeout) s")
            }
            read(waiting: 0.01)
        }
    }

    /// Whether the terminal is in the cooked modes a shell expects (canonical input, echo, signals, CR to NL):
    /// after a prompt ends, it should be.
    public var terminalIsRestored: Bool {
        var modes = termios()
        guard tcgetattr(terminal.slave, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
            && modes.c_lflag & tcflag_t(ISIG) != 0 && modes.c_iflag & tcflag_t(ICRNL) != 0
    }

    /// Polls the screen (reading output as it comes) until `condition` holds; returns that screen. Throws, showing
    /// the screen, after `timeout` seconds or when the program ended first.
    @discardableResult
    public func waitUntil(timeout: Double? = nil, _ what: String = "the condition",
                          _ condition: (TerminalScreen) -> Bool) throws -> TerminalScreen {
        let deadline = monotonicSeconds() + (try waitBound(timeout))
        while true {
            read(waiting: 0)
            if condition(virtualScreen) { return virtualScreen }
            if let status = exitStatus {
                read(waiting: 0)
                if condition(virtualScreen) { return virtualScreen }
                throw failure("the program ended (status \(status)) before \(what) held")
            }
            if monotonicSeconds() > deadline {
                throw failure("\(what) did not hold within \(timeout ?? self.timeout) s")
            }
            read(waiting: 0.02)
        }
    }

    /// Waits until the screen contains `text`; returns that screen.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double? = nil) throws -> TerminalScreen {
        try waitUntil(timeout: timeout, "the screen showing \(String(reflecting: text))") { $0.contains(text) }
    }

    /// An error saying `message`, with the screen as it is.
    func failure(_ message: String) -> TerminalSessionError {
        TerminalSessionError(message: message, screen: virtualScreen)
    }

    /// A wait's bound in seconds (`timeout`, else the session's), refused unless it is a finite number ≥ 0: a NaN
    /// deadline is never passed, and the wait would never end.
    func waitBound(_ timeout: Double?) throws -> Double {
        let bound = timeout ?? self.timeout
        guard bound.isFinite, bound >= 0 else {
            throw failure("a timeout must be a finite number of seconds, at least 0; got \(bound)")
        }
        return bound
    }
}

/// A wait that did not succeed, or a terminal that failed: what happened, and the screen at that moment.
public struct TerminalSessionError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The screen when it went wrong.
    public var screen: TerminalScreen

    public var description: String {
        message + "\n" + screen.description
    }
}
