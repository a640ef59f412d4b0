// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

// A form without a terminal: answers read from text (one per line, key=value lines, or a JSON object), every
// field validated, every failure reported.

/// How answers are written when a form reads them without a terminal.
public enum AnswerFormat: String, Sendable, CaseIterable {
    /// Guess: `{` first means JSON; a first line `key=value` whose key names a field means key=value (the first
    /// line that is not blank or a `#` comment); else lines.
    case auto
    /// One answer per line in field order; an empty line keeps the default; a multi-line field takes lines
    /// until an empty line.
    case lines
    /// `name=value` lines in any order; a multi-line field may repeat its key, one line each.
    case keyValue = "key-value"
    /// One JSON object: `{"email": "ada@example.com", "age": 36}`.
    case json
}

/// Input that could not be read as answers (as opposed to an answer that fails its rules).
public struct InputProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the input, when known.
    public var line: Int?
    /// The field the problem concerns, when known.
    public var field: String?
    /// What was wrong and what was expected.
    public var message: String

    /// A problem with the input, at `line` of it and about `field` when known.
    public init(line: Int?, field: String?, message: String) {
        self.line = line
        self.field = field
        self.message = message
    }

    /// `input line 3 (age): not valid UTF-8`. A field name taken from the input is shown escaped.
    public var description: String {
        var where_ = "input"
        if let line { where_ += " line \(line)" }
        if let field { where_ += " (\(displayEscaped(field, limit: 60)))" }
        return "\(where_): \(message)"
    }
}

/// How a form run ended: the answers, every failure, and an exit status for a command-line tool.
public struct FormResult: Sendable {
    /// Why the run ended.
    public enum Status: Equatable, Sendable {
        /// Every answer is valid; `answers` holds them.
        case submitted
        /// Some answers fail their rules; `failures` lists every one.
        case invalid
        /// The input could not be read as answers; `inputProblems` says where.
        case malformedInput
        /// The user cancelled (Ctrl-C, or end of input before the form was done in a terminal).
        case cancelled
        /// A signal ended the form: Ctrl-\ (SIGQUIT), or SIGTERM/SIGHUP that the program's handler let through.
        case interrupted(signal: Int32)
    }

    /// Why the run ended.
    public var status: Status
    /// The answers in field order (all fields, masked included). Empty when cancelled.
    public var answers: Answers
    /// Every field that fails, in field order.
    public var failures: [FieldFailure]
    /// Every part of the input that could not be read.
    public var inputProblems: [InputProblem]
    /// Fields the input answered although they are not asked (their `when:` condition does not hold), in field
    /// order: their answers are left out, which is not an error.
    ///
    /// ```swift
    /// form.fill(from: "status=student\ncompany=ACME\n", format: .keyValue).ignoredFields   // ["company"]
    /// ```
    public var ignoredFields: [String] = []

    /// A result with its status, the answers so far and what failed.
    public init(status: Status, answers: Answers, failures: [FieldFailure] = [],
                inputProblems: [InputProblem] = []) {
        self.status = status
        self.answers = answers
        self.failures = failures
        self.inputProblems = inputProblems
    }

    /// 0 submitted, 1 invalid answers, 2 unreadable input, 130 cancelled (as a shell reports Ctrl-C), 128 + the
    /// signal when one ended it (131 for Ctrl-\).
    public var exitStatus: Int32 {
        switch status {
        case .submitted: 0
        case .invalid: 1
        case .malformedInput: 2
        case .cancelled: 130
        case .interrupted(let signal): 128 + signal
        }
    }

    /// One line per problem, input problems first: what a tool prints on stderr.
    public var report: [String] {
        inputProblems.map(\.description) + failures.map(\.description)
    }

    /// One line per ignored answer, printed on stderr before the report (`runHeadless` does). The value is never
    /// shown (it may be a secret).
    ///
    /// ```swift
    /// result.notices   // ["company: answer ignored: the field is not asked (its condition does not hold)"]
    /// ```
    public var notices: [String] {
        ignoredFields.map { "\($0): answer ignored: the field is not asked (its condition "
            + "does not hold)" }
    }
}

extension Form {
    /// Fills the form from answer text, validates every field and reports every failure (not only the first).
    ///
    /// ```swift
    /// let result = form.fill(from: "ada@example.com\n\nsecret12\nsecret12\nabc\n", format: .lines)
    /// result.status          // .invalid
    /// result.report          // ["age: must be a number, got \"abc\"", "country: must not be empty"]
    /// ```
    public func fill(from text: String, format: AnswerFormat = .auto) -> FormResult {
        fill(from: Array(text.utf8), format: format)
    }

    /// Fills the form from raw input bytes; a line that is not valid UTF-8 is an input problem naming its line.
    public func fill(from bytes: [UInt8], format: AnswerFormat = .auto) -> FormResult {
        var reader = AnswerReader(form: self)
        reader.read(bytes, format: format)
        let skipped = Set(reader.problems.compactMap(\.field))
        let failures = reader.readNothing ? [] : validate().filter { !skipped.contains($0.field) }
        let status: FormResult.Status = !reader.problems.isEmpty ? .malformedInput
            : failures.isEmpty ? .submitted : .invalid
        var result = FormResult(status: status, answers: answers, failures: failures, inputProblems: reader.problems)
        // An answer taken before a later one hid its field (possible in key=value and JSON input, where the
        // order is the input's) is ignored too.
        let hidden = Set(fields.filter { !$0.isShown.value }.map(\.name))
        result.ignoredFields = fields.map(\.name).filter { reader.ignored.contains($0) || (hidden.contains($0)
            && reader.answered.contains($0)) }
        return result
    }

    /// The most input `runHeadless` reads (64 MB): more is a malformed input, not a form's answers.
    public static let maximumInputSize = 64 << 20

    /// Reads every byte of `input` (standard input by default) with `read(2)`, fills the form, and writes the
    /// report (one line per problem) to `errors`. Use `result.exitStatus` as the process's exit status and
    /// print `result.answers.json()` on success.
    ///
    /// ```swift
    /// let result = form.runHeadless()
    /// if result.status == .submitted { print(result.answers.json()) }
    /// exit(result.exitStatus)
    /// ```
    public func runHeadless(input: Int32 = 0, errors: Int32 = 2, format: AnswerFormat = .auto) -> FormResult {
        let bytes = readAll(input, limit: Form.maximumInputSize)
        let result = bytes.count > Form.maximumInputSize
            ? FormResult(status: .malformedInput, answers: Answers(), inputProblems: [InputProblem(
                line: nil, field: nil, message: "larger than \(Form.maximumInputSize >> 20) MB; the answers of a form "
                    + "are far smaller")])
            : fill(from: bytes, format: format)
        // The report quotes answers, names and the spec's messages: control characters escaped.
        writeLines((result.notices + result.report).map { displayEscaped($0) }, to: errors)
        return result
    }
}

/// Reads `fd` to its end (retrying on EINTR), or to `limit` bytes and one more (so a caller can tell the input
/// was longer).
func readAll(_ fd: Int32, limit: Int = .max) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while bytes.count <= limit {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]); continue }
        if n < 0 && errno == EINTR { continue }
        return bytes
    }
    return bytes
}

/// Writes each line followed by a newline to `fd`.
func writeLines(_ lines: [String], to fd: Int32) {
    guard !lines.isEmpty else { return }
    writeAll(lines.joined(separator: "\n") + "\n", to: fd)
}

/// Writes all of `text` to `fd` (retrying on EINTR); false when a write failed (`errno` says why).
@discardableResult
func writeAll(_ text: String, to fd: Int32) -> Bool {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return false }
    }
    return true
}

/// Splits input into lines and hands answers to the form's fields.
struct AnswerReader {
    let form: Form
    var problems: [InputProblem] = []
    /// Whether the input could not be read at all (a JSON document that does not parse): no answer was taken,
    /// so the fields' failures ("must not be empty") would only hide the one real problem.
    var readNothing = false
    /// Fields answered in the input although hidden when their turn came.
    var ignored: Set<String> = []
    /// Fields the input answered.
    var answered: Set<String> = []

    init(form: Form) { self.form = form }

    @MainActor mutating func read(_ bytes: [UInt8], format: AnswerFormat) {
        switch format == .auto ? detect(bytes) : format {
        case .json: readJSON(bytes)
        case .keyValue: readKeyValues(lines(bytes))
        case .lines, .auto: readLines(lines(bytes))
        }
    }

    @MainActor private func detect(_ bytes: [UInt8]) -> AnswerFormat {
        if bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "{") {
            return .json
        }
        // The first line that is not blank or a `#` comment decides (key=value input may open with comments).
        var start = 0
        var firstLine = bytes[0..<0]
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            if line.first == UInt8(ascii: "#") { continue }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            firstLine = line
            break
        }
        if let eq = firstLine.firstIndex(of: UInt8(ascii: "=")),
           let key = String(validating: firstLine[..<eq], as: UTF8.self), form[key] != nil {
            return .keyValue
        }
        return .lines
    }

    /// Lines without their terminators (`\n` or `\r\n`); `nil` text for a line that is not valid UTF-8.
    private func lines(_ bytes: [UInt8]) -> [(number: Int, text: String?)] {
        var result: [(Int, String?)] = []
        var start = 0, number = 1
        while start < bytes.count {
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            result.append((number, String(validating: bytes[start..<end], as: UTF8.self)))
            number += 1
            start = next
        }
        return result
    }

    @MainActor private mutating func readLines(_ lines: [(number: Int, text: String?)]) {
        var index = 0
        var asked = 0
        // Each field's visibility is read when its turn comes: the lines go to the fields a person would be asked.
        for field in form.fields where field.isShown.value {
            guard index < lines.count else { return }
            asked += 1
            if field.isMultiline {
                var collected: [String] = []
                var broken = false
                while index < lines.count {
                    let (number, text) = lines[index]
                    index += 1
                    guard let text else {
                        problems.append(.init(line: number, field: field.name, message: "not valid UTF-8"))
                        broken = true
                        continue
                    }
                    if text.isEmpty { break }
                    collected.append(text)
                }
                if !broken && !collected.isEmpty { field.answer(collected.joined(separator: "\n")) }
            } else {
                let (number, text) = lines[index]
                index += 1
                guard let text else {
                    problems.append(.init(line: number, field: field.name, message: "not valid UTF-8"))
                    continue
                }
                if !text.isEmpty { field.answer(text) }
            }
        }
        let extra = lines[index...].filter { $0.text != "" }
        if let first = extra.first {
            problems.append(.init(line: first.number, field: nil,
                                  message: "\(extra.count) more \(extra.count == 1 ? "answer" : "answers") than the form's "
                                      + "\(asked) \(asked == 1 ? "field" : "fields")" + (asked < form.fields.count ? " asked" : "")))
        }
    }

    @MainActor private mutating func readKeyValues(_ lines: [(number: Int, text: String?)]) {
        var collected = Answers()
        var lineOf: [String: Int] = [:]
        for (number, text) in lines {
            guard let text else {
                problems.append(.init(line: number, field: nil, message: "not valid UTF-8"))
                continue
            }
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let eq = text.firstIndex(of: "=") else {
                problems.append(.init(line: number, field: nil, message: "expected name=value"))
                continue
            }
            let key = String(text[..<eq]), value = String(text[text.index(after: eq)...])
            guard let field = form[key] else {
                problems.append(.init(line: number, field: key, message: "no field named \(displayQuoted(key, limit: 60)); "
                                      + "expected one of \(listed(form.fields.map(\.name)))"))
                continue
            }
            if let previous = collected[key] {
                if field.isMultiline || field.isMultiselect {   // a repeated key: the next line, the next choice
                    collected[key] = previous + "\n" + value
                } else {
                    problems.append(.init(line: number, field: key,
                                          message: "answered twice (first on line \(lineOf[key]!))"))
                }
            } else {
                collected[key] = value
                lineOf[key] = number
            }
        }
        take(collected)
    }

    /// Fills the form with `answers`, noting which fields were answered and which answers were ignored (hidden
    /// fields); returns the keys that name no field.
    @MainActor @discardableResult private mutating func take(_ answers: Answers) -> [String] {
        var skipped: [String] = []
        let unknown = form.fill(answers, ignored: &skipped)
        ignored.formUnion(skipped)
        answered.formUnion(answers.keys)
        return unknown
    }

    /// A list of strings given for a form's list of values (`"tags": ["a", "b"]`) as its items (`tags.0`...).
    @MainActor private func itemsOfLists(_ answers: Answers) -> Answers {
        guard !form.repeats.isEmpty else { return answers }
        var result = Answers()
        for (key, value) in answers {
            if form[key] == nil, let list = form.repeatNamed(key) {
                let items = value.isEmpty ? [] : value.split(separator: "\n", omittingEmptySubsequences: false)
                for (index, item) in items.enumerated() { result["\(list.name).\(index)"] = String(item) }
            } else {
                result[key] = value
            }
        }
        return result
    }

    @MainActor private mutating func readJSON(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            problems.append(.init(line: nil, field: nil, message: "not valid UTF-8"))
            readNothing = true
            return
        }
        let answers: Answers
        do {
            answers = try Answers(json: text)
        } catch {
            problems.append(.init(line: error.line, field: nil, message: "column \(error.column): \(error.message)"))
            readNothing = true
            return
        }
        for key in take(itemsOfLists(answers)) {
            problems.append(.init(line: nil, field: key, message: "no field named \(displayQuoted(key, limit: 60)); "
                                  + "expected one of \(listed(form.fields.map(\.name)))"))
        }
    }
}
