// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// How `check` reports: `line: value: message` per failure, JSON Lines, or TAP.
package enum CheckFormat: String, CaseIterable, Sendable {
    case text, json, tap
}

/// One `check` (every line of a file against rules) as read from the command line, by ArgumentParser
/// (`CheckCommand` in `switchboard-full`, once its `validate()` has passed) or by `QuickCommandLine`, which must
/// agree.
package struct CheckOptions: Equatable {
    package var rules: [String]
    package var format: CheckFormat = .text
    package var count = false
    package var file: String?
    package var check = CommandCheckOptions()
    /// How many check commands run at once.
    package var jobs = 1

    package init(rules: [String], format: CheckFormat = .text, count: Bool = false, file: String? = nil,
                 check: CommandCheckOptions = CommandCheckOptions(), jobs: Int = 1) {
        self.rules = rules
        self.format = format
        self.count = count
        self.file = file
        self.check = check
        self.jobs = jobs
    }

    /// Checks every line and writes the report; throws `CommandFailure` with the exit status unless all pass.
    package func run() throws(CommandFailure) {
        let parsed = try parseRules(rules)
        var fd: Int32 = 0
        if let file, file != "-" {
            fd = open(file, O_RDONLY | O_NOCTTY | O_CLOEXEC)
            if fd < 0 {
                throw CommandFailure.usage("cannot open \(displayEscaped(file, limit: 200)): \(String(cString: strerror(errno)))")
            }
        } else if closedStandardStreams.contains(0) {
            throw CommandFailure.usage("standard input is closed; give a file to check, or pipe the lines in")
        }
        defer { if fd > 0 { close(fd) } }
        var reader = LineReader(fd: fd, name: fd == 0 ? "standard input" : displayEscaped(file ?? "", limit: 200))
        var checker = LineChecker(rules: parsed, format: format, countOnly: count, output: standardOutput)
        // One rule (the `&&` of all of them), held in a local constant the closure borrows: no copy, retain or
        // release per line.
        // Invalid UTF-8 fails in the same pass that classifies the bytes; `fail` finds out why.
        let rule = Rule.all(parsed)
        // Lines typed at a terminal get their verdicts at once; files and pipes get one buffered stream.
        let typed = isTerminal(fd)
        if let command = check.command {
            CommandChecks.adoptOrphans()
            // Ctrl-C, SIGTERM, SIGHUP: the running commands are killed with their groups and reaped first; any
            // other way out (a read error) kills and reaps them too.
            CommandChecks.terminateOnSignals()
            defer { CommandChecks.terminateAll() }
            endOnBrokenPipeAfterTheCommands()
            var batch = CommandBatch(command: command, timeout: check.timeoutDuration, jobs: jobs,
                                     output: standardOutput)
            try reader.forEachEvent { event in
                // While the input has no line yet, the commands that end are reported (a slow producer).
                guard case .line(let bytes) = event else {
                    if case .beforeRead(let fd) = event { batch.waitForInput(fd, into: &checker) }
                    return
                }
                var failed: Verdict?
                if !rule.accepts(utf8: bytes, invalidUTF8: .reject) {
                    if let bad = firstInvalidUTF8(bytes) {
                        failed = .invalid("utf8", "is not valid UTF-8 (byte \(bad + 1))")
                    } else {
                        let found = verdict(of: parsed, for: String(decoding: bytes, as: UTF8.self))
                        failed = found.isValid ? .invalid("rule", "fails \(parsed.map(\.name).joined(separator: ", "))")
                                               : found
                    }
                }
                batch.add(bytes, rulesVerdict: failed, into: &checker)
            }
            batch.finish(into: &checker)
            checker.finish()
            if checker.invalid > 0 { throw CommandFailure.status(ExitStatus.invalid) }
            return
        }
        try reader.forEachLine { bytes in
            if rule.accepts(utf8: bytes, invalidUTF8: .reject) {
                checker.pass(bytes)
            } else {
                checker.fail(bytes)
            }
            if typed { standardOutput.flush() }
        }
        checker.finish()
        if checker.invalid > 0 { throw CommandFailure.status(ExitStatus.invalid) }
    }
}

/// A reader that goes away (`check ... | head -1`) ends the program with SIGPIPE, as it would without check
/// commands, but only once every running command has been killed with its group and reaped: SIGPIPE is blocked in
/// this thread (the commands' threads block it already), so a write fails with EPIPE, the commands are ended, and
/// the pending SIGPIPE is let through. A SIGPIPE the program was started with ignored stays ignored (the write
/// error is reported at the end, as before).
private func endOnBrokenPipeAfterTheCommands() {
    var current = sigaction()
    guard sigaction(SIGPIPE, nil, &current) == 0, current.handler == nil,
          current.sa_flags & SA_SIGINFO == 0 else { return }
    var pipeSignal = signalSet([SIGPIPE])
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    standardOutput.onBrokenPipe = {
        CommandChecks.closeGate()
        CommandChecks.terminateAll()
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) != 1 { raise(SIGPIPE) }
        var pipeSignal = signalSet([SIGPIPE])
        pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
        _exit(128 + SIGPIPE)
    }
}

/// Counts lines and writes the report. The caller runs the fast path (`Rule.accepts(utf8:)` on the raw bytes); only a
/// failing line is turned into a `String` for its message.
struct LineChecker {
    let rules: [Rule]
    let format: CheckFormat
    let countOnly: Bool
    let output: OutputBuffer
    private(set) var lines = 0
    private(set) var invalid = 0

    init(rules: [Rule], format: CheckFormat, countOnly: Bool, output: OutputBuffer) {
        self.rules = rules
        self.format = format
        self.countOnly = countOnly
        self.output = output
        if format == .tap { output.write(tapVersionLine) }
    }

    /// Counts a line that passed (and writes its TAP line).
    @inline(__always)
    mutating func pass(_ bytes: UnsafeRawBufferPointer) {
        lines += 1
        if format == .tap { tapLine(ok: true, bytes, nil) }
    }

    /// Counts a line that failed (not UTF-8, or a rule) and reports it.
    mutating func fail(_ bytes: UnsafeRawBufferPointer) {
        lines += 1
        if let bad = firstInvalidUTF8(bytes) {
            fail(bytes, .invalid("utf8", "is not valid UTF-8 (byte \(bad + 1))"))
        } else {
            fail(bytes, nil)
        }
    }

    /// Counts a line that failed with `verdict` (a check command's) and reports it.
    mutating func fail(_ bytes: UnsafeRawBufferPointer, verdict: Verdict) {
        lines += 1
        fail(bytes, verdict)
    }

    private mutating func fail(_ bytes: UnsafeRawBufferPointer, _ known: Verdict?) {
        invalid += 1
        if countOnly { return }
        let failure: Verdict.Failure
        if let known, let knownFailure = known.failure {
            failure = knownFailure
        } else {
            let value = String(decoding: bytes, as: UTF8.self)
            // A rule's fast path and its checked path should agree; if they do not, still report the line.
            failure = verdict(of: rules, for: value).failure
                ?? Verdict.Failure(name: "rule", message: "fails \(rules.map(\.name).joined(separator: ", "))")
        }
        switch format {
        case .text:
            output.write(lines)
            output.write(": ")
            writeShown(bytes)
            output.write(": ")
            output.write(displayEscaped(failure.message))   // a custom message may hold control characters
            output.write(byte: 0x0A)
        case .json:
            output.write("{\"line\":")
            output.write(lines)
            output.write(",\"value\":")
            writeJSONString(bytes)
            output.write(",\"rule\":")
            writeJSONString(failure.name)
            output.write(",\"message\":")
            writeJSONString(failure.message)
            // A value the rules could not judge (a regex limit) says so, for a program to tell it apart.
            output.write(failure.isUndecided ? ",\"undecided\":true}\n" : "}\n")
        case .tap:
            tapLine(ok: false, bytes, failure)
        }
    }

    private func tapLine(ok: Bool, _ bytes: UnsafeRawBufferPointer, _ failure: Verdict.Failure?) {
        output.write(ok ? "ok " : "not ok ")
        output.write(lines)
        output.write(" - ")
        writeShown(bytes, tap: true)
        if let failure {
            output.write(": ")
            output.write(tapDescription(failure.message))
        }
        output.write(byte: 0x0A)
    }

    /// Writes the value as is when it is plain UTF-8 text, else in double quotes with `\xNN` escapes for control
    /// characters and bytes that are not UTF-8, and `\u{9b}` for the other characters `displayQuoted` escapes
    /// (C1 controls, line separators, bidirectional controls), so one failure stays one line and the terminal
    /// obeys none of it.
    private func writeShown(_ bytes: UnsafeRawBufferPointer, tap: Bool = false) {
        if isPlain(bytes, tap: tap) {
            output.write(bytes)
            return
        }
        output.write(byte: 0x22)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80, let length = utf8SequenceLength(bytes, at: index) {
                let scalar = decodeScalar(bytes, at: index, length: length)
                if needsDisplayEscape(scalar) {
                    output.write("\\u{" + String(scalar.value, radix: 16) + "}")
                } else {
                    output.write(UnsafeRawBufferPointer(rebasing: bytes[index..<index + length]))
                }
                index += length
                continue
            }
            switch byte {
            case 0x22: output.write("\\\"")
            case 0x5C: output.write("\\\\")
            case 0x23 where tap: output.write("\\x23")   // `#` would start a TAP directive
            case 0x09: output.write("\\t")
            case 0x20..<0x7F: output.write(byte: byte)
            default: output.write("\\x" + hex(byte))
            }
            index += 1
        }
        output.write(byte: 0x22)
    }

    /// Whether the value can be shown as it is: UTF-8 without control characters (nor `#` in TAP), in one pass.
    @inline(__always)
    private func isPlain(_ bytes: UnsafeRawBufferPointer, tap: Bool) -> Bool {
        var ascii = true
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (tap && byte == 0x23) { return false }
            if byte >= 0x80 { ascii = false }
        }
        return ascii || firstInvalidUTF8(bytes) == nil && !containsEscapedScalar(bytes)
    }

    /// Whether valid UTF-8 `bytes` hold a character `displayQuoted` escapes beyond ASCII: a C1 control
    /// (U+0080–U+009F), which a terminal obeys like an escape sequence, a line separator or a bidirectional
    /// control.
    private func containsEscapedScalar(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes[index] >= 0x80, let length = utf8SequenceLength(bytes, at: index) else {
                index += 1
                continue
            }
            if needsDisplayEscape(decodeScalar(bytes, at: index, length: length)) { return true }
            index += length
        }
        return false
    }

    /// Writes a JSON string. Valid UTF-8 is copied byte for byte with `"`, `\` and control characters escaped;
    /// bytes that are not UTF-8 become U+FFFD.
    private func writeJSONString(_ bytes: UnsafeRawBufferPointer) {
        guard firstInvalidUTF8(bytes) == nil else {
            writeJSONString(String(decoding: bytes, as: UTF8.self))
            return
        }
        output.write(byte: 0x22)
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                // C1 controls, line separators and bidirectional controls as \uXXXX, as the answers' JSON does.
                let length = utf8SequenceLength(bytes, at: index) ?? 1
                let scalar = decodeScalar(bytes, at: index, length: length)
                if needsDisplayEscape(scalar) {
                    output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                    let digits = String(scalar.value, radix: 16)
                    output.write("\\u" + String(repeating: "0", count: 4 - digits.count) + digits)
                    runStart = index + length
                }
                index += length
                continue
            }
            index += 1
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
            output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index - 1]))
            switch byte {
            case 0x22: output.write("\\\"")
            case 0x5C: output.write("\\\\")
            case 0x0A: output.write("\\n")
            case 0x0D: output.write("\\r")
            case 0x09: output.write("\\t")
            default: output.write("\\u00" + hex(byte))
            }
            runStart = index
        }
        output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        output.write(byte: 0x22)
    }

    private func writeJSONString(_ text: String) {
        var text = text
        text.withUTF8 { writeJSONString(UnsafeRawBufferPointer($0)) }
    }

    /// Writes the summary: the count, or the TAP plan.
    func finish() {
        switch (format, countOnly) {
        case (.json, true):
            output.write("{\"lines\":")
            output.write(lines)
            output.write(",\"valid\":")
            output.write(lines - invalid)
            output.write(",\"invalid\":")
            output.write(invalid)
            output.write("}\n")
        case (_, true):
            output.write(invalid)
            output.write(byte: 0x0A)
        case (.tap, false):
            output.write("1..")
            output.write(lines)
            output.write(byte: 0x0A)
        default:
            break
        }
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
}
