// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema
import SwitchboardRules

/// A form's answers: an ordered String-to-String dictionary, written as JSON and decoded into any
/// `Decodable` model.
///
/// ```swift
/// var answers: Answers = ["name": "Huy", "age": "23"]
/// answers["bio"] = "Milk Carrot"
/// answers.keys            // ["name", "age", "bio"]
/// answers.json()          // {"name": "Huy", "age": "23", "bio": "Milk Carrot"} (pretty-printed)
/// struct User: Decodable { var name: String; var age: Float; var bio: String? }
/// let user = try answers.decode(User.self)
/// ```
public struct Answers: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The keys in insertion order.
    public private(set) var keys: [String] = []
    private var values: [String: String] = [:]

    /// No answers.
    public init() {}

    /// Answers from pairs, in order; a repeated key keeps its first position and its last value.
    public init(_ pairs: [(String, String)]) {
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The value for `key`; setting `nil` removes it, setting a new key appends it.
    public subscript(key: String) -> String? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The number of answers.
    public var count: Int { keys.count }
    /// Whether there are no answers.
    public var isEmpty: Bool { keys.isEmpty }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: String)> {
        var index = 0
        let keys = self.keys, values = self.values
        return AnyIterator {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            return (keys[index], values[keys[index]]!)
        }
    }

    /// The answers as a JSON object with string values, keys in order.
    ///
    /// ```swift
    /// (["a": "1"] as Answers).json(pretty: false)   // {"a":"1"}
    /// ```
    public func json(pretty: Bool = true) -> String {
        if keys.isEmpty { return "{}" }
        let members = keys.map { "\(jsonString($0)):\(pretty ? " " : "")\(jsonString(values[$0]!))" }
        if !pretty { return "{" + members.joined(separator: ",") + "}" }
        return "{\n  " + members.joined(separator: ",\n  ") + "\n}"
    }

    /// Parses a JSON object whose values are strings, numbers, `true`/`false` (kept as written) or `null`
    /// (an empty answer).
    ///
    /// ```swift
    /// let answers = try Answers(json: #"{"name": "Huy", "age": 23}"#)   // age is "23"
    /// ```
    /// - Throws: `JSONSyntaxError` naming the line and column and what was expected.
    public init(json text: String) throws(JSONSyntaxError) {
        var parser = FlatJSONParser(text)
        self = try parser.parseObject()
    }

    public var description: String { json(pretty: false) }
}

/// `text` as a JSON string literal (UTF-8 kept, control characters escaped); also a YAML double-quoted scalar,
/// which `yamlString` makes of it for `switchboard form --output yaml` (escaping U+FEFF, U+FFFE, U+FFFF too).
package func jsonString(_ text: String) -> String {
    jsonStringLiteral(text)
}

/// A JSON text that is not a flat object of scalar values.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in characters) of the problem.
    public var column: Int
    /// What was wrong and what was expected.
    public var message: String

    /// An error at `line`:`column` (1-based) of the JSON text.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// A small JSON reader for one flat object: answers, drafts. (Spec files go through `YAMLReader` instead.)
struct FlatJSONParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func parseObject() throws(JSONSyntaxError) -> Answers {
        var answers = Answers()
        skipSpace()
        try parseMembers(into: &answers, prefix: "")
        return try finish(answers)
    }

    /// An object's members into `answers`; a nested object's as `prefix.key` (a group's fields).
    private mutating func parseMembers(into answers: inout Answers, prefix: String) throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "{"), "expected a JSON object starting with {")
        skipSpace()
        if peek == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            let key = try prefix + parseString()
            if answers[key] != nil { throw error("duplicate key \(jsonString(key))", at: keyStart) }
            skipSpace()
            try expect(UInt8(ascii: ":"), "expected : after the key")
            skipSpace()
            try parseValue(for: key, into: &answers)
            skipSpace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            if peek == UInt8(ascii: "}") { index += 1; return }
            throw error("expected , or } after the value of \(jsonString(key))")
        }
    }

    /// A value for `key`: a scalar, a list of strings (one per line), or, for a nested object or a list holding
    /// objects or non-strings, answers named `key.name` and `key.0` (a group's fields, a list's items).
    private mutating func parseValue(for key: String, into answers: inout Answers) throws(JSONSyntaxError) {
        if peek == UInt8(ascii: "{") { return try parseMembers(into: &answers, prefix: key + ".") }
        if peek == UInt8(ascii: "["), !isListOfStrings() { return try parseItems(for: key, into: &answers) }
        answers[key] = try parseScalar(for: key)
    }

    /// Whether the list ahead is empty or opens with a string (a multi-select's answer).
    private func isListOfStrings() -> Bool {
        var ahead = index + 1
        while ahead < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[ahead]) { ahead += 1 }
        return ahead >= bytes.count || bytes[ahead] == UInt8(ascii: "\"") || bytes[ahead] == UInt8(ascii: "]")
    }

    private mutating func parseItems(for key: String, into answers: inout Answers) throws(JSONSyntaxError) {
        index += 1
        var position = 0
        while true {
            skipSpace()
            try parseValue(for: "\(key).\(position)", into: &answers)
            position += 1
            skipSpace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            if peek == UInt8(ascii: "]") { index += 1; return }
            throw error("expected , or ] in the list of \(jsonString(key))")
        }
    }

    private mutating func finish(_ answers: Answers) throws(JSONSyntaxError) -> Answers {
        skipSpace()
        if index < bytes.count { throw error("expected the end of the input after the object") }
        return answers
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(JSONSyntaxError) {
        guard peek == byte else { throw error(message) }
        index += 1
    }

    private mutating func parseScalar(for key: String) throws(JSONSyntaxError) -> String {
        switch peek {
        case UInt8(ascii: "\""): return try parseString()
        case UInt8(ascii: "t"): try literal("true"); return "true"
        case UInt8(ascii: "f"): try literal("false"); return "false"
        case UInt8(ascii: "n"): try literal("null"); return ""
        case UInt8(ascii: "["): return try parseList(for: key)
        case let b? where b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39):
            let start = index
            while let c = peek, c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                    || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || (c >= 0x30 && c <= 0x39) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard Double(text) != nil else { throw error("expected a number", at: start) }
            return text
        default:
            throw error("expected a string, number, true, false, null or a list of strings as the value of \(jsonString(key))")
        }
    }

    /// A multi-select's answer: an array of strings, kept as one value per line (the field's text).
    private mutating func parseList(for key: String) throws(JSONSyntaxError) -> String {
        index += 1
        var items: [String] = []
        skipSpace()
        if peek == UInt8(ascii: "]") { index += 1; return "" }
        while true {
            skipSpace()
            let start = index
            guard peek == UInt8(ascii: "\"") else { throw error("expected a string in the list of \(jsonString(key))") }
            let item = try parseString()
            if item.contains("\n") || item.contains("\r") {
                throw error("a list item cannot hold a line break", at: start)
            }
            items.append(item)
            skipSpace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            if peek == UInt8(ascii: "]") { index += 1; return items.joined(separator: "\n") }
            throw error("expected , or ] in the list of \(jsonString(key))")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = index
        for b in word.utf8 {
            guard peek == b else { throw error("expected \(word)", at: start) }
            index += 1
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var out: [UInt8] = []
        while true {
            guard let b = peek else { throw error("unterminated string", at: start) }
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                guard let e = peek else { throw error("unterminated string", at: start) }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count,
                              bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("expected a low surrogate \\uDC00-\\uDFFF")
                        }
                        index += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error("expected a low surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    throw error("unknown escape \\\(Character(Unicode.Scalar(e)))", at: index - 2)
                }
            case 0..<0x20:
                throw error("control character in a string; write it as an escape such as \\n", at: index - 1)
            default:
                out.append(b)
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = peek, let digit = hexDigit(b) else { throw error("expected 4 hex digits after \\u") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: UInt32(b - 0x30)
        case 0x41...0x46: UInt32(b - 0x41 + 10)
        case 0x61...0x66: UInt32(b - 0x61 + 10)
        default: nil
        }
    }

    private func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
