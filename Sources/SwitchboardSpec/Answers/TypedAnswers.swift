// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema
/// An answer with the type its field gives it: what `switchboard form --output json` and `--output yaml` write.
///
/// ```swift
/// age.answer(" 36 ")
/// age.typedValue            // .number("36")
/// subscribe.answer("Y")
/// subscribe.typedValue      // .bool(true)
/// ```
public enum TypedAnswer: Equatable, Sendable {
    /// Text, as typed (text, masked, multi-line and choice fields).
    case text(String)
    /// A number field's answer as a JSON number literal: the answer as typed when it is one (`36`, `-3.5`,
    /// `1.50`, `1e3`), else the value written the JSON way (`+7` is `7`, `.5` is `0.5`, `007` is `7`).
    case number(String)
    /// A yes/no field's answer.
    case bool(Bool)
    /// An optional number or yes/no field left empty.
    case null
    /// A multi-select's chosen values, in list order.
    case list([String])
    /// A group's answers: a nested object (`{"port": 8080}`).
    case object(TypedAnswers)
    /// A list's items (`[{"name": "a"}, {"name": "b"}]`, or values).
    case array([TypedAnswer])

    /// The answer as a JSON value: `"text"`, `36`, `true`, `null`.
    public var json: String {
        switch self {
        case .text(let text): jsonString(text)
        case .number(let literal): literal
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .list(let values): "[" + values.map(jsonString).joined(separator: ", ") + "]"
        case .object(let members): members.json(pretty: false)
        case .array(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
        }
    }

    /// The answer as a YAML value that YAML 1.1 and 1.2 readers both take with its type: strings in double
    /// quotes (JSON escapes, and U+FEFF, U+FFFE, U+FFFF escaped), numbers as written except that one with an
    /// exponent gets a `.` and a signed exponent (`1e3` is a string to a YAML 1.1 reader, `1.0e+3` a number to
    /// both), `true`/`false`, `null`; a list in brackets (`["api", "web"]`).
    public var yaml: String {
        switch self {
        case .text(let text): return yamlString(text)
        case .list(let values): return "[" + values.map(yamlString).joined(separator: ", ") + "]"
        case .number(let literal):
            guard let exponent = literal.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return literal }
            var mantissa = String(literal[..<exponent])
            var power = String(literal[literal.index(after: exponent)...])
            if !mantissa.contains(".") { mantissa += ".0" }
            if power.first != "-" && power.first != "+" { power = "+" + power }
            return mantissa + "e" + power
        default: return json
        }
    }
}

/// A form's answers with their types, in field order.
///
/// ```swift
/// form.typedAnswers.json()   // {"email": "ada@example.com", "age": 36, "subscribe": true}
/// ```
public struct TypedAnswers: Equatable, Sendable, Sequence {
    /// The field names, in order.
    public internal(set) var names: [String]
    /// The answers, in the order of `names`.
    public internal(set) var values: [TypedAnswer]

    /// Answers from pairs, in order.
    public init(_ pairs: [(String, TypedAnswer)]) {
        names = pairs.map(\.0)
        values = pairs.map(\.1)
    }

    /// The answer for `name`, if the form has that field.
    public subscript(name: String) -> TypedAnswer? {
        names.firstIndex(of: name).map { values[$0] }
    }

    public func makeIterator() -> Zip2Sequence<[String], [TypedAnswer]>.Iterator {
        zip(names, values).makeIterator()
    }

    /// A JSON object, keys in field order: pretty-printed like `Answers.json()`, or on one line.
    public func json(pretty: Bool = true) -> String {
        pretty ? prettyJSON(indent: "") : "{" + zip(names, values).map { "\(jsonString($0)):\($1.json)" }
            .joined(separator: ",") + "}"
    }

    /// Writes the answers as YAML: one `name: value` line per answer, a group as an indented mapping, a list as
    /// `- ` items (numbers and yes/no unquoted, text quoted as JSON strings, which YAML reads as they are). A name
    /// is written plain only when YAML 1.2 and 1.1 readers both read it back as it is (`isPlainYAMLText`), else
    /// double-quoted (`"@scope/rule": "error"`, `"on": true`); one longer than 1000 bytes as `? name`.
    ///
    /// ```swift
    /// TypedAnswers([("on", .bool(true)), ("port", .number("8080"))]).yaml()   // "\"on\": true\nport: 8080\n"
    /// ```
    public func yaml() -> String {
        yamlLines(indent: "")
    }
}

extension FormField {
    /// The answer with its field's type (see `TypedAnswer`); `value` is the same answer as text.
    ///
    /// ```swift
    /// age.answer("36")
    /// age.typedValue.json       // 36
    /// ```
    public var typedValue: TypedAnswer {
        if isMultiselect { return .list(values) }
        return Self.typedValue(of: input.text.value, kind: kind, isRequired: isRequired) ?? .text(value)
    }

    /// The answer `text` gives a field of `kind` (`typedValue`); nil for a multi-select (whose answer is in the
    /// order of its choices).
    static func typedValue(of text: String, kind: FieldKind, isRequired: Bool) -> TypedAnswer? {
        switch kind {
        case .number:
            if text.trimmingSpacesAndTabs.isEmpty { return isRequired ? .text(text) : .null }
            guard let number = parseNumber(text) else { return .text(text) }
            let typed = String(text.trimmingSpacesAndTabs)
            return .number(isJSONNumber(typed) ? typed : jsonNumber(number))
        case .yesNo, .confirm:
            if text.trimmingSpacesAndTabs.isEmpty { return isRequired ? .text(text) : .null }
            return parseYesNo(text).map(TypedAnswer.bool) ?? .text(text)
        case .multiselect:
            return nil
        case .text, .masked, .multiline, .choice:
            return .text(text)
        }
    }
}

extension Form {
    /// Every field's answer with its type (`FormField.typedValue`), in field order; `answers` has the same
    /// answers as text.
    public var typedAnswers: TypedAnswers {
        nestedTypedAnswers
    }
}

/// Whether `text` is a number literal as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
func isJSONNumber(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    func digits() -> Int {
        let count = bytes.prefix(while: { $0 >= 0x30 && $0 <= 0x39 }).count
        bytes = bytes.dropFirst(count)
        return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    if bytes.first == UInt8(ascii: "0") {
        bytes = bytes.dropFirst()
    } else if digits() == 0 {
        return false
    }
    if bytes.first == UInt8(ascii: ".") {
        bytes = bytes.dropFirst()
        if digits() == 0 { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
        bytes = bytes.dropFirst()
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if digits() == 0 { return false }
    }
    return bytes.isEmpty
}

/// `number` as a JSON literal: whole numbers without a fraction (`7`), others in Swift's shortest round-trip
/// form (`0.5`, `1e-07`), which JSON reads as written.
func jsonNumber(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
}
