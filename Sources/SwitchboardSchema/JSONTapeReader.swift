// SPDX-License-Identifier: Apache-2.0
/// Reads one JSON document onto a tape (`JSONTape`): `JSONParser`'s grammar and limits, entries instead of values.
/// It never explains a refusal: the caller hands a refused document to `JSONParser`, whose message is the one shown.
struct TapeReader {
    struct Refused: Error {}

    private let bytes: [UInt8]
    private var index: Int
    private let end: Int
    private var depth = 0
    /// `stringStops`, read once per document rather than through the global's lazy start at every string.
    private let stops = TapeReader.stringStops
    /// The tape's entries (moved in by `JSONTape.read`).
    var entries: [TapeEntry] = []

    init(_ bytes: [UInt8], in range: Range<Int>) {
        self.bytes = bytes
        end = range.upperBound
        // A byte order mark, skipped as `JSONParser` does.
        let start = range.lowerBound
        index = start + 3 <= end && bytes[start] == 0xEF && bytes[start + 1] == 0xBB && bytes[start + 2] == 0xBF
            ? start + 3 : start
    }

    mutating func document() throws(Refused) {
        skipSpace()
        try value()
        skipSpace()
        if index < end { throw Refused() }
    }

    @inline(__always)
    private mutating func skipSpace() {
        guard index < end, bytes[index] <= 0x20 else { return }
        while index < end {
            let b = bytes[index]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            index += 1
        }
    }

    /// Inlined into its callers (an object's members, an array's items): one call fewer per value.
    @inline(__always)
    private mutating func value() throws(Refused) {
        guard index < end else { throw Refused() }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): entries.append(try string())
        case UInt8(ascii: "t"):
            try literal(0x74, 0x72, 0x75, 0x65)
            entries.append(scalar(.bool, .boolean, TapeEntry.isTrue, from: start))
        case UInt8(ascii: "f"):
            try literal(0x66, 0x61, 0x6C, 0x73)
            guard index < end, bytes[index] == UInt8(ascii: "e") else { throw Refused() }
            index += 1
            entries.append(scalar(.bool, .boolean, 0, from: start))
        case UInt8(ascii: "n"):
            try literal(0x6E, 0x75, 0x6C, 0x6C)
            entries.append(scalar(.null, .null, 0, from: start))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw Refused()
        }
    }

    /// The entry of a scalar that started at `start` and ends at `index`.
    @inline(__always)
    private func scalar(_ kind: TapeEntry.Kind, _ types: TypeSet, _ flags: UInt8, from start: Int) -> TapeEntry {
        TapeEntry(kind: kind, types: types, flags: flags, start: start, end: index, next: entries.count + 1, count: 0,
                  bits: 0)
    }

    /// Four bytes of `true`, `false` or `null`.
    @inline(__always)
    private mutating func literal(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) throws(Refused) {
        guard index + 4 <= end, bytes[index] == a, bytes[index + 1] == b, bytes[index + 2] == c,
              bytes[index + 3] == d else { throw Refused() }
        index += 4
    }

    private mutating func enter() throws(Refused) {
        depth += 1
        if depth > JSONValue.maximumDepth { throw Refused() }
    }

    private mutating func array() throws(Refused) {
        try enter()
        let at = entries.count, start = index
        entries.append(TapeEntry(kind: .array, types: .array, flags: 0, start: start, end: 0, next: 0, count: 0, bits: 0))
        index += 1
        var count = 0
        skipSpace()
        if index < end, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipSpace()
                try value()
                count += 1
                skipSpace()
                guard index < end else { throw Refused() }
                let b = bytes[index]
                index += 1
                if b == UInt8(ascii: ",") { continue }
                if b == UInt8(ascii: "]") { break }
                throw Refused()
            }
        }
        depth -= 1
        entries[at].end = index
        entries[at].next = entries.count
        entries[at].count = count
    }

    private mutating func object() throws(Refused) {
        try enter()
        let at = entries.count, start = index
        entries.append(TapeEntry(kind: .object, types: .object, flags: 0, start: start, end: 0, next: 0, count: 0, bits: 0))
        index += 1
        var count = 0
        var filter: UInt64 = 0
        skipSpace()
        if index < end, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipSpace()
                guard index < end, bytes[index] == UInt8(ascii: "\"") else { throw Refused() }
                let name = try string()
                // Names escaped or not ASCII: the tree's way (see `JSONTape`).
                guard name.flags & TapeEntry.plain != 0 else { throw Refused() }
                let bit = KeyFilter.bit(ascii: bytes.span.extracting((name.start + 1)..<(name.end - 1)))
                if filter & bit != 0, repeats(name.start, name.end, after: at) { throw Refused() }
                filter |= bit
                // Made from its fields, not copied from `name`: a copy of the entry just written byte by byte on the
                // stack stalled the load that moves it (store forwarding), a tenth of the reader's time.
                entries.append(TapeEntry(kind: .string, types: .string, flags: TapeEntry.plain, start: name.start,
                                         end: name.end, next: entries.count + 1, count: 0, bits: bit))
                skipSpace()
                guard index < end, bytes[index] == UInt8(ascii: ":") else { throw Refused() }
                index += 1
                skipSpace()
                try value()
                count += 1
                skipSpace()
                guard index < end else { throw Refused() }
                let b = bytes[index]
                index += 1
                if b == UInt8(ascii: ",") { continue }
                if b == UInt8(ascii: "}") { break }
                throw Refused()
            }
        }
        depth -= 1
        entries[at].end = index
        entries[at].next = entries.count
        entries[at].count = count
        entries[at].bits = filter
    }

    /// Whether the plain name at `nameStart..<nameEnd` (with its quotes) is one of the names of the object at entry
    /// `object` read so far.
    private func repeats(_ nameStart: Int, _ nameEnd: Int, after object: Int) -> Bool {
        let span = bytes.span
        let start = nameStart + 1, count = nameEnd - 1 - start
        var k = object + 1
        while k < entries.count {
            let other = entries[k]
            if other.end - other.start == nameEnd - nameStart {
                var i = 0
                while i < count, span[other.start + 1 + i] == span[start + i] { i += 1 }
                if i == count { return true }
            }
            k = entries[k + 1].next
        }
        return false
    }

    /// The entry of the string at `index` (its opening quote); `index` moves past it. Inlined into its two
    /// callers: a call cost as much as the scan of a short string, the entry returned through memory.
    @inline(__always)
    private mutating func string() throws(Refused) -> TapeEntry {
        let start = index
        let (stop, plain) = Self.run(bytes.span, stops.span, from: index + 1, to: end)
        guard stop < end, bytes[stop] == UInt8(ascii: "\"") else { return try escapedString(from: start, at: stop) }
        index = stop + 1
        if !plain { try validateUTF8(start + 1, stop) }
        return TapeEntry(kind: .string, types: .string, flags: plain ? TapeEntry.plain : 0, start: start,
                         end: index, next: entries.count + 1, count: 0, bits: 0)
    }

    /// Where the run of string bytes from `start` ends (at a quote, backslash or control byte, or `end`), and
    /// whether it is all ASCII: `JSONParser.plainRun`, with the ASCII run's stops looked up in a table.
    @inline(__always)
    private static func run(_ span: Span<UInt8>, _ stops: Span<UInt8>, from start: Int, to end: Int)
        -> (stop: Int, plain: Bool) {
        let limit = min(end, span.count)
        guard start >= 0, stops.count == 256 else {
            let (stop, high) = JSONParser.plainRun(span, from: start, to: end)
            return (stop, high < 0x80)
        }
        var i = start
        while i < limit, stops[Int(span[i])] == 0 { i += 1 }
        // Not ASCII: the rest of the run (its bytes are checked as UTF-8 by the caller).
        if i < limit, span[i] >= 0x80 { return (JSONParser.plainRun(span, from: i, to: end).stop, false) }
        return (i, true)
    }

    /// The bytes that end a string's ASCII run: a quote, a backslash, a control byte (1), a byte of a character
    /// that is not ASCII (2).
    static let stringStops: [UInt8] = (0..<256).map { b in
        b < 0x20 || b == 0x22 || b == 0x5C ? 1 : b >= 0x80 ? 2 : 0
    }

    /// The rest of a string from `stop` (a backslash, a control byte or the end) on: its escapes checked as
    /// `JSONParser` reads them (a lone surrogate refused), its bytes as UTF-8. Its value is decoded only if a check
    /// needs it (`JSONTape.string`).
    @inline(never)
    private mutating func escapedString(from start: Int, at stop: Int) throws(Refused) -> TapeEntry {
        index = stop
        while index < end {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                try validateUTF8(start + 1, index)
                index += 1
                return TapeEntry(kind: .string, types: .string, flags: 0, start: start, end: index,
                                 next: entries.count + 1, count: 0, bits: 0)
            }
            if b < 0x20 { throw Refused() }
            if b != UInt8(ascii: "\\") {
                index = JSONParser.plainRun(bytes.span, from: index, to: end).stop
                continue
            }
            guard index + 1 < end else { throw Refused() }
            let e = bytes[index + 1]
            index += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                continue
            case UInt8(ascii: "u"):
                let code = try hex4()
                if (0xDC00...0xDFFF).contains(code) { throw Refused() }   // a lone low surrogate
                if (0xD800...0xDBFF).contains(code) {
                    // Only a low surrogate right after makes a character.
                    guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw Refused() }
                    index += 2
                    guard (0xDC00...0xDFFF).contains(try hex4()) else { throw Refused() }
                }
            default:
                throw Refused()
            }
        }
        throw Refused()
    }

    private mutating func hex4() throws(Refused) -> UInt32 {
        guard index + 4 <= end else { throw Refused() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - 55
            default: throw Refused()
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func validateUTF8(_ start: Int, _ stop: Int) throws(Refused) {
        do {
            _ = try UTF8Span(validating: bytes.span.extracting(start..<stop))
        } catch {
            throw Refused()
        }
    }

    /// A number, read as `JSONParser.parseNumber` reads it: the significand (while it has at most 19 digits) and its
    /// exponent, and the types it is of.
    private mutating func number() throws(Refused) {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var significand: UInt64 = 0
        var count = 0   // significant digits (after leading zeros)
        var fractionDigits = 0
        guard index < end, (48...57).contains(bytes[index]) else { throw Refused() }
        if bytes[index] == 48 {
            index += 1
            if index < end, (48...57).contains(bytes[index]) { throw Refused() }
        } else {
            while index < end, (48...57).contains(bytes[index]) {
                if count < 19 { significand = significand * 10 + UInt64(bytes[index] - 48) }
                count += 1
                index += 1
            }
        }
        var sawPointOrExponent = false
        if index < end, bytes[index] == UInt8(ascii: ".") {
            sawPointOrExponent = true
            index += 1
            guard index < end, (48...57).contains(bytes[index]) else { throw Refused() }
            while index < end, (48...57).contains(bytes[index]) {
                let d = bytes[index]
                if !(count == 0 && d == 48) {   // leading zeros are not significant
                    if count < 19 { significand = significand * 10 + UInt64(d - 48) }
                    count += 1
                }
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
            guard index < end, (48...57).contains(bytes[index]) else { throw Refused() }
            while index < end, (48...57).contains(bytes[index]) {
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[index] - 48) }
                index += 1
            }
            if expNegative { exponent = -exponent }
        }
        exponent -= fractionDigits
        var types: TypeSet = .number
        var flags = negative ? TapeEntry.negative : 0
        if count > 19 {
            flags |= TapeEntry.big
            guard let read = JSONTape.readNumber(bytes, start..<index) else { throw Refused() }
            if read.isInteger { types = sawPointOrExponent ? [.number, .integer] : [.number, .integer, .integerLiteral] }
        } else {
            // Whole when zero, or when the exponent is not negative once trailing zeros are taken off.
            var s = significand, e = exponent
            while s != 0, s % 10 == 0 {
                s /= 10
                e += 1
            }
            if s == 0 || e >= 0 { types = sawPointOrExponent ? [.number, .integer] : [.number, .integer, .integerLiteral] }
        }
        entries.append(TapeEntry(kind: .number, types: types, flags: flags, start: start, end: index,
                                 next: entries.count + 1, count: exponent, bits: significand))
    }
}
