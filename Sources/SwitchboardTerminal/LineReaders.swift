// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport
import SwitchboardRules

/// Standard input is not a terminal: no prompt, no readline. Reads exactly one line with read(2) (nothing
/// after it is consumed, so the next reader gets the next line), applies the same rules, and reports a failure
/// as a plain line on standard error.
@MainActor
struct PipedLineReader {
    let field: LineField

    /// The longest line read (a stream without a newline, such as /dev/zero, must not take all memory).
    static let maximumLineLength = 64 << 20

    func read() throws -> String {
        guard let bytes = try readLineBytes(from: field.options.input, limit: PipedLineReader.maximumLineLength) else {
            throw FieldError.endOfInput
        }
        guard bytes.count <= PipedLineReader.maximumLineLength else {
            let line = "\(field.label): the answer is longer than \(PipedLineReader.maximumLineLength >> 20) MB (no newline "
                + "in it)"
            writeLine(line, to: STDERR_FILENO)
            throw FieldError.invalid(field: field.label, message: line)
        }
        return try accept(bytes)
    }

    func accept(_ raw: [UInt8]) throws -> String {
        var bytes = raw
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        let valid = String(validating: bytes, as: UTF8.self)
        field.textBytesAreValidUTF8 = valid != nil
        var value = valid ?? String(decoding: bytes, as: UTF8.self)
        if value.isEmpty, let defaultValue = field.defaultValue { value = defaultValue; field.textBytesAreValidUTF8 = true }
        let before = field.text.value
        field.text.value = value
        if before == value { field.field.revalidate() }
        try field.waitForChecks()
        let verdict = field.verdict.value
        if !verdict.isValid && field.options.refusesInvalid {
            let line = field.failureLine(verdict, value: value)
            writeLine(line, to: STDERR_FILENO)
            throw FieldError.invalid(field: field.label, message: line)
        }
        field.remember(value)
        return value
    }
}

/// Reads bytes up to a newline (not included). Returns nil at end of input before any byte. A final line
/// without a newline is returned as it is. From a seekable file it reads ahead and seeks back, otherwise one
/// byte at a time, so that nothing after the line is consumed.
/// With `signals` (a signal trap's pipe), waits on both so that a signal arriving just before the read is not
/// missed, and calls `interrupted` when one came.
/// A line longer than `limit` stops the reading there: the bytes returned are longer than `limit`.
func readLineBytes(from fd: Int32, limit: Int = .max, signals: Int32? = nil,
                   interrupted: () throws -> Void = {}) rethrows -> [UInt8]? {
    var line: [UInt8] = []
    var sawAny = false
    let seekable = lseek(fd, 0, SEEK_CUR) >= 0
    var chunk = [UInt8](repeating: 0, count: seekable ? 65536 : 1)
    while true {
        if let signals {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if waitForInput(&fds, timeout: -1) < 0 { try interrupted(); continue }
            if fds[1].revents != 0 { try interrupted(); continue }
        }
        let n = read(fd, &chunk, chunk.count)
        if n < 0 {
            if errno == EINTR { try interrupted(); continue }
            break
        }
        if n == 0 { break }
        sawAny = true
        if let newline = chunk[0..<n].firstIndex(of: UInt8(ascii: "\n")) {
            line.append(contentsOf: chunk[0..<newline])
            if seekable { _ = lseek(fd, off_t(newline + 1 - n), SEEK_CUR) }
            return line
        }
        line.append(contentsOf: chunk[0..<n])
        if line.count > limit { return line }
    }
    return sawAny ? line : nil
}

func writeLine(_ text: String, to fd: Int32) {
    let bytes = Array((text + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
    }
}

/// Accessible (plain) mode and TERM=dumb: the prompt is printed, the terminal's own line editing reads the
/// line, the verdict is printed after Enter, and the field asks again while the value is invalid. No cursor
/// movement and no escape sequences at all.
@MainActor
struct PlainLineReader {
    let field: LineField
    let streams: TerminalStreams

    func read() throws -> String {
        let trap = SignalTrap(SignalTrap.terminating + [SIGTSTP, SIGCONT], alsoAtDefault: SignalTrap.otherTerminating())
        defer { trap.close() }
        var saved = termios()
        let haveModes = tcgetattr(streams.inputFD, &saved) == 0
        if haveModes { sb_fatal_guard_install(streams.inputFD, &saved) }
        defer { sb_fatal_guard_remove() }
        let hidesInput = field.options.masked && haveModes
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        if hidesInput { tcsetattr(streams.inputFD, TCSAFLUSH, &quiet) }
        defer { if hidesInput { tcsetattr(streams.inputFD, TCSAFLUSH, &saved) } }
        var resumedFromSuspend = false
        func prompt() {
            streams.write(field.displayedPrompt)
            streams.flush()
        }
        while true {
            prompt()
            let bytes = try readLineBytes(from: streams.inputFD, signals: trap.readEnd) {
                for signal in trap.take() {
                    switch signal {
                    case SIGTSTP:
                        // The terminal has already dropped the line typed so far; ask again afterwards.
                        streams.write("\n")
                        streams.flush()
                        if trap.canSuspend() {
                            if hidesInput { tcsetattr(streams.inputFD, TCSANOW, &saved) }
                            trap.restore(SIGTSTP)
                            raise(SIGTSTP)
                            trap.install(SIGTSTP)
                            resumedFromSuspend = true   // the SIGCONT that woke us is handled here
                            if hidesInput { tcsetattr(streams.inputFD, TCSANOW, &quiet) }
                        }
                        prompt()
                    case SIGCONT:
                        // Stopped without Ctrl-Z (SIGSTOP): the shell put its own modes back.
                        if resumedFromSuspend { resumedFromSuspend = false; continue }
                        if hidesInput { tcsetattr(streams.inputFD, TCSANOW, &quiet) }
                        streams.write("\n")
                        prompt()
                    case SIGINT:
                        streams.write("\n")
                        streams.flush()
                        throw FieldError.cancelled
                    case SIGQUIT:
                        // As in the interactive field: the caller decides, no crash reporter (the echo comes
                        // back as this function returns).
                        streams.write("\n")
                        streams.flush()
                        throw FieldError.interrupted(signal: SIGQUIT)
                    default:
                        streams.write("\n")
                        streams.flush()
                        if hidesInput { tcsetattr(streams.inputFD, TCSAFLUSH, &saved) }
                        trap.restore(signal)
                        raise(signal)
                        throw FieldError.interrupted(signal: signal)
                    }
                }
            }
            if field.options.masked { streams.write("\n") }
            guard let bytes else {
                streams.write("\n")
                streams.flush()
                throw FieldError.endOfInput
            }
            let valid = String(validating: bytes, as: UTF8.self)
            field.textBytesAreValidUTF8 = valid != nil
            var value = valid ?? String(decoding: bytes, as: UTF8.self)
            if value.isEmpty, let defaultValue = field.defaultValue { value = defaultValue; field.textBytesAreValidUTF8 = true }
            let before = field.text.value
            field.text.value = value
            if before == value { field.field.revalidate() }
            try field.waitForChecks()
            let verdict = field.verdict.value
            if verdict.isValid || !field.options.refusesInvalid {
                if !field.note.value.isEmpty { streams.write(displayEscaped(field.note.value) + "\n") }
                streams.flush()
                field.remember(value)
                return value
            }
            streams.write("✗ \(displayEscaped(field.shownMessage(verdict)))" +
                          (field.note.value.isEmpty ? "" : "  \(displayEscaped(field.note.value))") + "\n")
        }
    }
}
