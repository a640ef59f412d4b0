// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

// A YAML node read as the JSON value it stands for, by YAML 1.2's core schema: the one meaning every part of
// Switchboard gives a YAML document (`check`, `form`, schemas).
//
// - A plain scalar without a tag: `null`, `Null`, `NULL`, `~` and nothing are null; `true`/`True`/`TRUE` and the
//   same of false are booleans; `[-+]?[0-9]+`, `0o17` and `0x1F` are integers; `1.5`, `.5`, `1e3`, `-2.E-3` are
//   numbers; anything else is text. `yes`, `no`, `on`, `off`, `NO` (YAML 1.1's booleans) are text.
// - Quoted and block scalars are text. Tags are honoured: `!!str 123` is text, `!!int "42"` the integer 42,
//   `!!float`, `!!bool`, `!!null` as their names say (a text they cannot read is refused), `! 12` is text.
//   Other tags (`!Ref`, `!reference`, `!!binary`, `!!timestamp`) are read as if untagged.
// - Merge keys: `<<: *base` (or a list of them) adds the named mapping's keys that the mapping does not write
//   itself, where the `<<` stands; of several merged mappings, the earlier wins.
// - `.inf` and `.nan` are numbers JSON cannot hold: refused, at their place (quote them for text).
// - Keys are text as written (`1: a` has the key "1"); a list or mapping as a key is refused.

extension JSONValue {
    /// The JSON value a YAML node stands for (null for no node: an empty document).
    ///
    /// ```swift
    /// let node = try YAMLReader.document("base: &b {a: 1}\nuse: {<<: *b, c: 0x10}\n")
    /// try JSONValue(yaml: node)   // {"base": {"a": 1}, "use": {"a": 1, "c": 16}}
    /// ```
    /// - Throws: `DocumentError` naming the line and column of a value JSON cannot hold.
    public init(yaml node: YAMLNode?) throws(DocumentError) {
        guard let node else {
            self = .null
            return
        }
        self = try YAMLValueReader.value(node)
    }
}

enum YAMLValueReader {
    static func value(_ node: YAMLNode) throws(DocumentError) -> JSONValue {
        switch node.content {
        case .scalar(let text, let style):
            return try scalar(text, style: style, node: node)
        case .sequence(let items):
            try refuseScalarTag(node, kind: "a list")
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try value(item)) }
            return .array(values)
        case .mapping(let pairs):
            try refuseScalarTag(node, kind: "a mapping")
            return .object(try object(pairs))
        }
    }

    private static func object(_ pairs: [YAMLPair]) throws(DocumentError) -> JSONObject {
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(pairs.count)
        var merged: [(key: String, value: JSONValue)] = []
        var mergeAt: Int?
        for pair in pairs {
            if pair.key.isMergeKey {
                mergeAt = mergeAt ?? members.count
                for source in try mergeSources(pair.value) {
                    for member in source.members where !merged.contains(where: { $0.key == member.key }) {
                        merged.append(member)
                    }
                }
                continue
            }
            guard let key = pair.key.scalar else {
                throw DocumentError("a key must be text, not "
                                    + "\(pair.key.sequence == nil ? "a mapping" : "a list")", at: pair.key.start)
            }
            members.append((key, try value(pair.value)))
        }
        if let mergeAt, !merged.isEmpty {
            let written = Set(members.map(\.key))
            members.insert(contentsOf: merged.filter { !written.contains($0.key) }, at: mergeAt)
        }
        return JSONObject(members)
    }

    /// The mappings a merge key names: one mapping, or a list of them.
    private static func mergeSources(_ node: YAMLNode) throws(DocumentError) -> [JSONObject] {
        let nodes = node.sequence ?? [node]
        var objects: [JSONObject] = []
        for source in nodes {
            guard case .object(let object) = try value(source) else {
                throw DocumentError("a merge key `<<` takes a mapping or a list of "
                                    + "mappings (usually aliases: `<<: *defaults`)", at: source.start)
            }
            objects.append(object)
        }
        return objects
    }

    private static func refuseScalarTag(_ node: YAMLNode, kind: String) throws(DocumentError) {
        guard let tag = node.tag else { return }
        let scalarTags = [YAMLTag.str, YAMLTag.int, YAMLTag.float, YAMLTag.bool, YAMLTag.null]
        if scalarTags.contains(tag) || (tag == YAMLTag.seq && node.mapping != nil) || (tag == YAMLTag.map && node.sequence != nil) {
            throw DocumentError("\(kind) cannot be tagged \(shortTag(tag))", at: node.start)
        }
    }

    private static func scalar(_ text: String, style: YAMLScalarStyle, node: YAMLNode) throws(DocumentError) -> JSONValue {
        switch node.tag {
        case YAMLTag.str?, YAMLTag.nonSpecific?:
            return .string(text)
        case YAMLTag.int?:
            guard let number = integer(text) else { throw refused(text, as: "an integer", node) }
            return .number(number)
        case YAMLTag.float?:
            guard let number = integer(text) ?? float(text) else {
                if isInfinityOrNaN(text) { throw notJSON(text, node) }
                throw refused(text, as: "a number", node)
            }
            return .number(number)
        case YAMLTag.bool?:
            guard let flag = boolean(text) else { throw refused(text, as: "true or false", node) }
            return .bool(flag)
        case YAMLTag.null?:
            guard isNull(text) else { throw refused(text, as: "null", node) }
            return .null
        case YAMLTag.map?, YAMLTag.seq?:
            throw DocumentError("a scalar cannot be tagged \(shortTag(node.tag ?? ""))", at: node.start)
        default:
            // No tag, or one the core schema does not define: resolved by the text, if written plain.
            guard style == .plain else { return .string(text) }
            if isNull(text) { return .null }
            if let flag = boolean(text) { return .bool(flag) }
            if let number = integer(text) ?? float(text) { return .number(number) }
            if isInfinityOrNaN(text) { throw notJSON(text, node) }
            return .string(text)
        }
    }

    private static func refused(_ text: String, as expected: String, _ node: YAMLNode) -> DocumentError {
        DocumentError("\(shortTag(node.tag ?? "")) \(displayQuoted(text, limit: 60)) "
                      + "is not \(expected)", at: node.start)
    }

    private static func notJSON(_ text: String, _ node: YAMLNode) -> DocumentError {
        DocumentError("\(displayQuoted(text, limit: 60)) is a number JSON cannot hold "
                      + "(quote it for text)", at: node.start)
    }

    private static func shortTag(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : displayEscaped(tag, limit: 60)
    }

    // MARK: The core schema's scalars

    static func isNull(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": true
        default: false
        }
    }

    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    private static func isInfinityOrNaN(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        return [".inf", ".Inf", ".INF"].contains(rest) || [".nan", ".NaN", ".NAN"].contains(text)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+` as JSON number text (any length, exactly).
    static func integer(_ text: String) -> JSONNumber? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x") {
            let radix = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            var digits: [UInt8] = []   // base 10, most significant first
            for byte in bytes.dropFirst(2) {
                guard let digit = hexDigit(byte), digit < radix else { return nil }
                multiplyAdd(&digits, radix, digit)
            }
            return JSONNumber(decimalText(digits, negative: false))
        }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count, bytes[index...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return JSONNumber(decimalText(bytes[index...].map { $0 - 0x30 }, negative: negative))
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` as JSON number text, as written but for what JSON spells
    /// otherwise (`+`, leading zeros, `.5`, `1.`).
    static func float(_ text: String) -> JSONNumber? {
        var rest = Substring(text).utf8[...]
        var sign = ""
        if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            if first == UInt8(ascii: "-") { sign = "-" }
            rest = rest.dropFirst()
        }
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        let whole = rest.prefix(while: isDigit)
        rest = rest.dropFirst(whole.count)
        var fraction: Substring.UTF8View.SubSequence?
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fraction?.count ?? 0)
        }
        guard !whole.isEmpty || !(fraction?.isEmpty ?? true) else { return nil }
        var exponent = ""
        if let first = rest.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            var exponentSign = ""
            if let mark = rest.first, mark == UInt8(ascii: "-") || mark == UInt8(ascii: "+") {
                exponentSign = mark == UInt8(ascii: "-") ? "-" : "+"
                rest = rest.dropFirst()
            }
            let digits = rest.prefix(while: isDigit)
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count)
            exponent = "e" + exponentSign + String(decoding: digits, as: UTF8.self)
        }
        guard rest.isEmpty else { return nil }
        let wholeText = String(decoding: whole.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
        var number = sign + (wholeText.isEmpty ? "0" : wholeText)
        if let fraction { number += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        return JSONNumber(number + exponent)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        default: nil
        }
    }

    /// `digits = digits * factor + addend`, in base 10, most significant digit first.
    private static func multiplyAdd(_ digits: inout [UInt8], _ factor: Int, _ addend: Int) {
        var carry = addend
        for index in digits.indices.reversed() {
            let product = Int(digits[index]) * factor + carry
            digits[index] = UInt8(product % 10)
            carry = product / 10
        }
        while carry > 0 {
            digits.insert(UInt8(carry % 10), at: 0)
            carry /= 10
        }
    }

    private static func decimalText(_ digits: [UInt8], negative: Bool) -> String {
        let significant = digits.drop { $0 == 0 }
        let text = significant.isEmpty ? "0" : String(decoding: significant.map { $0 + 0x30 }, as: UTF8.self)
        return negative ? "-" + text : text
    }
}

func place(_ mark: YAMLMark) -> String { "line \(mark.line), column \(mark.column)" }
