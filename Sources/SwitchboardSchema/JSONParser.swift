// SPDX-License-Identifier: Apache-2.0
/// Why JSON text could not be read: what was wrong and where (1-based line and column, in bytes).
///
/// ```swift
/// do { _ = try JSONValue.parse("[1,]") } catch { print(error) }   // line 1, column 4: expected a value, got "]"
/// ```
public struct JSONParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What was wrong.
    public var message: String
    /// Where: the byte offset from the start of the text (0-based).
    public var offset: Int
    /// The 1-based line of that byte.
    public var line: Int
    /// The 1-based column of that byte, in characters.
    public var column: Int

    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects `parse` accepts: deeper documents are refused with an error (a
    /// hostile document cannot exhaust the stack, here or in validation).
    public static let maximumDepth = 256

    /// Parses JSON text (RFC 8259: one value, surrounded by whitespace only; strings must be valid UTF-8; a byte
    /// order mark before it is skipped).
    ///
    /// ```swift
    /// try JSONValue.parse(#"{"a": [1, 2.50, "x"]}"#)["a"]   // .array([1, 2.5, "x"])
    /// ```
    /// - Throws: `JSONParseError` naming the line and column of the first problem.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses JSON from UTF-8 bytes (see `parse(_:)`).
    public static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes, in: bytes.indices)
        return try parser.document()
    }

    /// Parses JSON from a slice of UTF-8 bytes.
    public static func parse(bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
        let copy = Array(bytes)
        var parser = JSONParser(copy, in: copy.indices)
        return try parser.document()
    }

    /// Parses the JSON in `range` of `bytes` (one line of a JSON Lines buffer, without copying it); offsets in
    /// errors count from the range's start. `names`: member names made into strings by the documents before
    /// (`JSONNameCache`), used and added to.
    package static func parse(bytes: [UInt8], in range: Range<Int>, names: inout JSONNameCache)
        throws(JSONParseError) -> JSONValue
    {
        var parser = JSONParser(bytes, in: range)
        swap(&parser.names, &names)   // moved in and back out: the cache's array is never copied
        defer { swap(&parser.names, &names) }
        return try parser.document()
    }
}

/// A byte-level JSON reader: one pass, no intermediate tokens; recursion bounded by `JSONValue.maximumDepth`.
struct JSONParser {
    /// The text is `bytes[start..<end]`: an array, not a slice, so that each read is checked against one bound (a
    /// slice's reads were checked against two, and its end decoded each time).
    private let bytes: [UInt8]
    /// Where the parser stands (`JSONLocator` reads a key's string with the parser, then goes on from here).
    private(set) var index: Int
    private let start: Int
    private let end: Int
    private var depth = 0
    /// Whether the string `parseString` read last was written without escapes and is ASCII.
    private var lastStringWasPlainASCII = false
    /// Member names made before (`JSONNameCache`); none unless the caller gives a cache.
    var names = JSONNameCache.none

    init(_ bytes: [UInt8], in range: Range<Int>) {
        self.bytes = bytes
        start = range.lowerBound
        end = range.upperBound
        // A byte order mark (RFC 8259 lets a reader ignore one): files saved on Windows often start with it.
        index = bytes[range].starts(with: [0xEF, 0xBB, 0xBF]) ? start + 3 : start
    }

    /// A parser of all of `bytes` that starts at `index` (a string's opening quote, for `parseString`).
    init(_ bytes: [UInt8], at index: Int) {
        self.bytes = bytes
        self.index = index
        start = 0
        end = bytes.count
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        skipSpace()
        let value = try parseValue()
        skipSpace()
        if index < end { throw error("expected the end of the document after the value, got \(shown())") }
        return value
    }

    @inline(__always)
    private mutating func skipSpace() {
        // Most values follow their comma or colon directly (JSON Lines are written compactly).
        guard index < end, bytes[index] <= 0x20 else { return }
        while index < end {
            let b = bytes[index]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            index += 1
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < end else { throw error("expected a value, got the end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, got \(shown())")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let start = index
        let count = word.utf8CodeUnitCount
        var ok = index + count <= end
        if ok {
            for i in 0..<count where bytes[index + i] != word.utf8Start[i] {
                ok = false
                break
            }
        }
        guard ok else {
            index = start
            throw error("expected a value, got \(shown())")
        }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONValue.maximumDepth {
            throw error("arrays and objects nested deeper than \(JSONValue.maximumDepth) levels")
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < end, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try parseValue())
            skipSpace()
            guard index < end else { throw error("expected , or ] in an array, got the end of the text") }
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "]") { break }
            index -= 1
            throw error("expected , or ] in an array, got \(shown())")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if index < end, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject(members, keyFilter: 0))
        }
        members.reserveCapacity(8)   // one allocation for most objects, not four as the array grows
        // The object's key filter (see `KeyFilter`), made from the names' bytes as they are read.
        var keyFilter: UInt64 = 0
        // A repeated name keeps its first place and takes its last value, as JSON parsers and python-jsonschema
        // do. A name whose filter bit was clear cannot repeat one before it; the others are looked for, in a
        // dictionary of places once the object is large.
        var places: [String: Int]? = nil   // made when needed (an empty literal was a call per object)
        while true {
            skipSpace()
            guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, got \(shown())")
            }
            let keyStart = index
            let key: String
            let (stop, high) = Self.plainRun(bytes.span, from: index + 1, to: end)
            if stop < end, bytes[stop] == UInt8(ascii: "\""), high < 0x80 {
                // A plain ASCII name (most are): from the cache when the documents before had it.
                key = names.name(bytes[(index + 1)..<stop])
                index = stop + 1
                lastStringWasPlainASCII = true
            } else {
                key = try parseString()
            }
            let bit = lastStringWasPlainASCII ? KeyFilter.bit(ascii: bytes[(keyStart + 1)..<(index - 1)].span)
                                              : (KeyFilter.bit(key) ?? KeyFilter.scansAll)
            let mayRepeat = keyFilter & bit != 0
            keyFilter |= bit
            skipSpace()
            guard index < end, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected : after a member name, got \(shown())")
            }
            index += 1
            skipSpace()
            let value = try parseValue()
            if mayRepeat, let place = place(of: key, in: members, places: &places) {
                members[place].value = consume value
            } else {
                if places != nil { places![key] = members.count }
                members.append((consume key, consume value))
            }
            skipSpace()
            guard index < end else { throw error("expected , or } in an object, got the end of the text") }
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "}") { break }
            index -= 1
            throw error("expected , or } in an object, got \(shown())")
        }
        depth -= 1
        return .object(JSONObject(members, keyFilter: keyFilter))
    }

    /// Where `key` already stands in `members`: a scan while they are few, then a dictionary kept from then on.
    private func place(of key: String, in members: [(key: String, value: JSONValue)],
                       places: inout [String: Int]?) -> Int? {
        if places == nil {
            if members.count < 16 { return members.firstIndex { $0.key == key } }
            var made = [String: Int](minimumCapacity: members.count * 2)
            for (i, member) in members.enumerated() { made[member.key] = i }
            places = made
        }
        return places?[key]
    }

    mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        lastStringWasPlainASCII = false
        // Fast path: no escapes. The run up to the first quote, backslash or control byte, read through a span (one
        // bounds check per byte, against its count); its bytes or'ed together say whether it is ASCII.
        let (stop, high) = Self.plainRun(bytes.span, from: index + 1, to: end)
        index = stop
        let ascii = high < 0x80
        if index < end {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let run = bytes[(start + 1)..<index]
                index += 1
                lastStringWasPlainASCII = ascii
                if ascii { return String(decoding: run, as: UTF8.self) }
                guard let text = String(validating: run, as: UTF8.self) else {
                    index = start
                    throw error("a string is not valid UTF-8")
                }
                return text
            }
        }
        return try parseStringOnwards(from: start)
    }

    /// The rest of a string from `index` (a backslash, a control byte, or the end of the text) after its plain
    /// run from `start`, its opening quote: out of `parseString`, whose frame stays small for the strings most
    /// documents have.
    @inline(never)
    private mutating func parseStringOnwards(from start: Int) throws(JSONParseError) -> String {
        if index < end, bytes[index] < 0x20 {
            throw error("a control character (byte \(bytes[index])) in a string must be escaped")
        }
        // Escapes.
        var out: [UInt8] = Array(bytes[(start + 1)..<index])
        out.reserveCapacity(out.count + 16)
        while index < end {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: out, as: UTF8.self) else {
                    index = start
                    throw error("a string is not valid UTF-8")
                }
                return text
            }
            if b < 0x20 { throw error("a control character (byte \(b)) in a string must be escaped") }
            if b != UInt8(ascii: "\\") {
                // The run up to the next quote, backslash or control byte, in one append.
                let stop = Self.plainRun(bytes.span, from: index, to: end).stop
                out.append(contentsOf: bytes[index..<stop])
                index = stop
                continue
            }
            index += 1
            guard index < end else { break }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let escape = index - 2
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), index + 1 < end, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                // A lone surrogate stands for no character: no String (or UTF-8 file) can hold it, and turning it
                // into U+FFFD would change the document silently (RFC 8259 leaves it to the reader).
                guard let scalar = Unicode.Scalar(code) else {
                    let written = String(decoding: bytes[escape..<(escape + 6)], as: UTF8.self)
                    index = escape
                    throw error("\(written) in a string is a lone surrogate (half of a UTF-16 pair without the other "
                        + "half), which stands for no character; write the character itself, or both halves "
                        + "(\\ud83d\\ude00 for U+1F600)")
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                index -= 2
                throw error("unknown escape \(shown(2)) in a string")
            }
        }
        index = start
        throw error("a string has no closing double quote")
    }

    /// Where the run of string bytes from `start` ends (at a quote, backslash or control byte, or `end`), and its
    /// bytes or'ed together (below 0x80: ASCII).
    @inline(__always)
    static func plainRun(_ span: Span<UInt8>, from start: Int, to end: Int) -> (stop: Int, high: UInt8) {
        var i = start
        var high: UInt8 = 0
        let limit = min(end, span.count)
        while i < limit {
            let b = span[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            high |= b
            i += 1
        }
        return (i, high)
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= end else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - 55
            default: throw error("expected four hex digits after \\u, got \(shown())")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var significand: UInt64 = 0
        var count = 0          // significant digits taken (after leading zeros)
        var big: [UInt8]?      // all significant digits once there are more than 19
        var fractionDigits = 0
        @inline(__always) func take(_ d: UInt8) {
            if count == 0 && d == 48 { return }   // a leading zero
            if big != nil {
                big!.append(d)
            } else if count < 19 {
                significand = significand * 10 + UInt64(d - 48)
            } else {
                big = Array(String(significand).utf8) + [d]
            }
            count += 1
        }
        guard index < end, (48...57).contains(bytes[index]) else {
            throw error("expected a digit in a number, got \(shown())")
        }
        if bytes[index] == 48 {
            index += 1
            if index < end, (48...57).contains(bytes[index]) {
                throw error("a number must not start with 0 followed by digits")
            }
        } else {
            while index < end, (48...57).contains(bytes[index]) {
                take(bytes[index])
                index += 1
            }
        }
        var sawPointOrExponent = false
        if index < end, bytes[index] == UInt8(ascii: ".") {
            sawPointOrExponent = true
            index += 1
            guard index < end, (48...57).contains(bytes[index]) else {
                throw error("expected a digit after the decimal point, got \(shown())")
            }
            while index < end, (48...57).contains(bytes[index]) {
                take(bytes[index])
                fractionDigits += 1
                index += 1
            }
        }
        var exponent = 0
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            sawPointOrExponent = true
            index += 1
            var expNegative = false
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                expNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < end, (48...57).contains(bytes[index]) else {
                throw error("expected a digit in the exponent, got \(shown())")
            }
            while index < end, (48...57).contains(bytes[index]) {
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[index] - 48) }
                index += 1
            }
            if expNegative { exponent = -exponent }
        }
        let number = big.map { JSONNumber(negative: negative, digits: $0, exponent: exponent - fractionDigits) }
            ?? JSONNumber(negative: negative, significand: significand, exponent: exponent - fractionDigits)
        // Most numbers are whole and short, and `description` writes them as they came: nothing to keep. Others
        // keep their text when `description` would write it otherwise (`20.0`, `-0`, `1e3`, 22 digits).
        if !sawPointOrExponent && !(negative && number.isZero) && index - start <= 21 { return number }
        return JSONNumber(number, writtenAs: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// The next bytes, quoted, for a message.
    private func shown(_ length: Int = 1) -> String {
        guard index < end else { return "the end of the text" }
        var stop = min(index + length, end)
        while stop < end, bytes[stop] & 0xC0 == 0x80 { stop += 1 }   // whole UTF-8 sequence
        let text = String(decoding: bytes[index..<stop], as: UTF8.self)
        var escaped = ""
        JSONValue.writeString(text, to: &escaped)
        return escaped
    }

    private func error(_ message: String) -> JSONParseError {
        var line = 1, lineStart = start
        let stop = min(index, end)
        for i in start..<stop where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        // Characters, as every other column: a UTF-8 continuation byte does not start one.
        var column = 1
        for i in lineStart..<stop where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return JSONParseError(message: message, offset: stop - start, line: line, column: column)
    }
}
