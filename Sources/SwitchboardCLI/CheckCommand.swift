import ArgumentParser
import SwitchboardRules
import SwitchboardTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `switchboard check`: batch validation, one value per line.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every line of a file (or standard input) against rules.",
        discussion: """
            Each line is one value (a trailing \\r is removed, so CRLF files work); a value passes when it passes \
            every rule. Failures are printed as `line: value: message`; a value holding control characters or \
            bytes that are not UTF-8 is shown in double quotes with escapes. A line that is not valid UTF-8 fails.

            Exit status: 0 when every line passes, 1 when any fails, 2 on a bad rule or an unreadable file.

            Examples:
              switchboard check --rule email addresses.txt
              cut -d, -f2 users.csv | switchboard check --rule 'length:3..20'
              switchboard check --rule email --count addresses.txt
              switchboard check --rule 'int:1..120' --format tap ages.txt
              switchboard check --rule 'length:3..20' --check-command './is-free.sh' --jobs 8 names.txt

            With --check-command, each line that passes the rules is also checked by the command (as in `ask`), \
            --jobs at a time; the report keeps the input's order.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, tap
    }

    @Option(name: .customLong("rule"), help: ArgumentHelp(
        "A rule every value must pass (repeatable): email, length:3..20, int:1..120, regex:^[a-z]+$ ...",
        valueName: "rule"), completion: .list(Rule.ruleNames))
    var rules: [String] = []

    @Option(help: ArgumentHelp(
        "text: `line: value: message` per failure; json: one JSON object per failure (JSON Lines); "
            + "tap: a TAP line per value."))
    var format: Format = .text

    @Flag(help: "Print only the number of failing lines (json: {\"lines\":N,\"valid\":N,\"invalid\":N}).")
    var count = false

    @Argument(help: ArgumentHelp("The file to check; - or nothing for standard input.", valueName: "file"))
    var file: String?

    @OptionGroup var check: CheckCommandOptions

    @Option(help: ArgumentHelp("How many check commands run at once (with --check-command; default 1).",
                               valueName: "n"))
    var jobs: Int = 1

    func validate() throws {
        try check.validate()
        if rules.isEmpty && check.command == nil {
            throw ValidationError("give at least one --rule, e.g. --rule email (or a --check-command)")
        }
        if jobs < 1 || jobs > 256 { throw ValidationError("--jobs: give a number from 1 to 256, e.g. --jobs 8") }
        if count && format == .tap { throw ValidationError("--count prints a number; use it with --format text or json") }
    }

    func run() throws {
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
            var batch = CommandBatch(command: command, timeout: check.timeoutDuration, jobs: jobs)
            try reader.forEachLine { bytes in
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
                if typed { standardOutput.flush() }
            }
            batch.finish(into: &checker)
            checker.finish()
            if checker.invalid > 0 { throw ExitCode(ExitStatus.invalid) }
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
        if checker.invalid > 0 { throw ExitCode(ExitStatus.invalid) }
    }
}

/// Counts lines and writes the report. The caller runs the fast path (`Rule.accepts(utf8:)` on the raw bytes); only a
/// failing line is turned into a `String` for its message.
struct LineChecker {
    let rules: [Rule]
    let format: CheckCommand.Format
    let countOnly: Bool
    let output: OutputBuffer
    private(set) var lines = 0
    private(set) var invalid = 0

    init(rules: [Rule], format: CheckCommand.Format, countOnly: Bool, output: OutputBuffer) {
        self.rules = rules
        self.format = format
        self.countOnly = countOnly
        self.output = output
        if format == .tap { output.write("TAP version 14\n") }
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
            // Control characters escaped (one TAP line, nothing the terminal obeys); `#` would start a directive.
            let message = displayEscaped(failure.message)
            output.write(message.utf8.contains(0x23) ? message.replacing("#", with: "\\#") : message)
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
            case 0x23 where tap: output.write("\\#")
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
