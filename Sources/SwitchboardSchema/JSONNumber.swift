// SPDX-License-Identifier: Apache-2.0
/// A JSON number kept exactly as a decimal: `1.0` and `1` are the same integer, `1e400` stays 1e400, and
/// `0.1 + 0.2`-style rounding never enters `minimum`, `maximum` or `multipleOf`. A number read from text also
/// keeps how it was written (`text`), so that a document is written back with its numbers as they came in.
///
/// ```swift
/// let n = try JSONValue.parse("12.50")   // .number(12.5)
/// JSONNumber("1.0")!.isInteger            // true
/// JSONNumber("1e400")! > JSONNumber("9")! // true
/// JSONNumber("20.0")!.text                // "20.0" (description: "20")
/// ```
public struct JSONNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    // value = (negative ? -1 : 1) * significand * 10^exponent. The significand has no trailing zeros; zero is
    // significand 0, exponent 0, not negative. A significand of more than 19 digits is kept as its digits.
    // In this order: the Bool last, so that the struct is 25 bytes and not 33 (seven bytes of padding after a
    // leading Bool), and `JSONValue`, which holds it, is copied and stored in 25 bytes instead of 34. The rare
    // long digits and written text share one reference (`Spelling`), so that keeping the text costs no byte.
    let significand: UInt64
    let exponent: Int
    /// The long significand's digits and the text as written, for a number that has either; nil for most.
    private let spelling: Spelling?
    let negative: Bool

    /// What few numbers need: the significand's digits when it has more than 19, and the text the number was
    /// read from when `description` would write it otherwise (`20.0`, `-0`, `1E3`, `1234567890123456789012`).
    private final class Spelling: Sendable {
        let bigDigits: [UInt8]?
        let text: String?
        init(bigDigits: [UInt8]?, text: String?) {
            self.bigDigits = bigDigits
            self.text = text
        }
    }

    /// The significand's decimal digits (ASCII) when it has more than 19; nil otherwise.
    var bigDigits: [UInt8]? { spelling?.bigDigits }

    private init(raw negative: Bool, _ significand: UInt64, _ exponent: Int, _ bigDigits: [UInt8]?) {
        self.negative = negative
        self.significand = significand
        self.exponent = exponent
        self.spelling = bigDigits.map { Spelling(bigDigits: $0, text: nil) }
    }

    /// `number` with `text` as the way it was written, kept only when `description` writes it otherwise.
    init(_ number: JSONNumber, writtenAs text: String) {
        negative = number.negative
        significand = number.significand
        exponent = number.exponent
        spelling = text == number.description ? number.spelling : Spelling(bigDigits: number.bigDigits, text: text)
    }

    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        a.significand == b.significand && a.exponent == b.exponent && a.negative == b.negative
            && a.bigDigits == b.bigDigits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(significand)
        hasher.combine(exponent)
        hasher.combine(negative)
        hasher.combine(bigDigits)
    }

    /// The number as written in the JSON or YAML text it was read from (`20.0`, `-0`, `1E+3`,
    /// `1234567890123456789012`), or `description` for a number made in code. Equal numbers may be written
    /// differently: `==` compares values.
    ///
    /// ```swift
    /// JSONNumber("1.50")!.text          // "1.50"
    /// JSONNumber("1.50")!.description   // "1.5"
    /// ```
    public var text: String { spelling?.text ?? description }

    init(negative: Bool, significand: UInt64, exponent: Int) {
        if significand == 0 {
            self.init(raw: false, 0, 0, nil)
            return
        }
        var s = significand, e = exponent
        while s % 10 == 0 { s /= 10; e += 1 }
        self.init(raw: negative, s, e, nil)
    }

    /// From decimal digits (ASCII, no leading zeros) with trailing zeros still allowed.
    init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits[...]
        var e = exponent
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast(); e += 1 }
        while let first = digits.first, first == UInt8(ascii: "0") { digits.removeFirst() }
        if digits.count <= 19 {
            var s: UInt64 = 0
            for d in digits { s = s * 10 + UInt64(d - 48) }
            self.init(negative: negative, significand: s, exponent: e)
            return
        }
        self.init(raw: negative, 0, e, Array(digits))
    }

    /// An integer.
    public init(_ value: Int) {
        self.init(negative: value < 0, significand: value.magnitude.toUInt64, exponent: 0)
    }

    /// Parses JSON number text (`-12.5e3`); nil if it is not one.
    public init?(_ text: String) {
        guard case .number(let n)? = try? JSONValue.parse(text) else { return nil }
        self = n
    }

    /// Whether the value is zero.
    public var isZero: Bool { significand == 0 && bigDigits == nil }

    /// Whether the value is a whole number (`3`, `3.0`, `3e2`; JSON Schema counts `1.0` as an integer).
    public var isInteger: Bool { isZero || exponent >= 0 }

    /// Whether the number was written as an integer: no fraction and no exponent part (`3`, `-0`, not `3.0` or
    /// `3e2`). Draft 4's `integer` means this; later drafts mean `isInteger`.
    ///
    /// ```swift
    /// JSONNumber("3")!.isIntegerLiteral     // true
    /// JSONNumber("3.0")!.isIntegerLiteral   // false (but isInteger)
    /// ```
    public var isIntegerLiteral: Bool {
        // `text` is the text as read (or `description`, which writes a whole number of up to 21 digits without a
        // point or exponent: `JSONNumber(Int)` counts as written so).
        isInteger && !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    }

    /// The significand's digits, ASCII.
    var digits: [UInt8] {
        if let bigDigits { return bigDigits }
        if significand == 0 { return [48] }
        return Array(String(significand).utf8)
    }

    /// The value as an `Int` when it is a whole number that fits.
    public var intValue: Int? {
        guard isInteger, bigDigits == nil else { return nil }
        var value = Int(exactly: significand)
        var e = exponent
        while e > 0, let v = value {
            let (m, overflow) = v.multipliedReportingOverflow(by: 10)
            value = overflow ? nil : m
            e -= 1
        }
        guard let value else { return nil }
        return negative ? -value : value
    }

    /// The nearest `Double` (infinite beyond its range).
    public var doubleValue: Double {
        Double(description) ?? (negative ? -.infinity : .infinity)
    }

    /// The number in plain decimal when short (`12.5`, `-3`, `100`), else in exponent form (`1e400`).
    public var description: String {
        if isZero { return "0" }
        let d = String(decoding: digits, as: UTF8.self)
        let sign = negative ? "-" : ""
        if exponent >= 0 && exponent + d.count <= 21 {
            return sign + d + String(repeating: "0", count: exponent)
        }
        if exponent < 0 && -exponent < d.count {
            let cut = d.index(d.endIndex, offsetBy: exponent)
            return sign + d[..<cut] + "." + d[cut...]
        }
        if exponent < 0 && -exponent - d.count < 6 {
            return sign + "0." + String(repeating: "0", count: -exponent - d.count) + d
        }
        if d.count == 1 { return sign + d + "e" + String(exponent) }
        return sign + d.prefix(1) + "." + d.dropFirst() + "e" + String(exponent + d.count - 1)
    }

    public static func < (a: JSONNumber, b: JSONNumber) -> Bool { compare(a, b) < 0 }

    /// -1, 0 or 1.
    static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if a.isZero || b.isZero {
            if a.isZero && b.isZero { return 0 }
            if a.isZero { return b.negative ? 1 : -1 }
            return a.negative ? -1 : 1
        }
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let magnitude = compareMagnitude(a, b)
        return a.negative ? -magnitude : magnitude
    }

    private static func digitCount(_ v: UInt64) -> Int {
        var count = 1, v = v
        while v >= 10 { v /= 10; count += 1 }
        return count
    }

    private static func compareMagnitude(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if a.bigDigits == nil && b.bigDigits == nil {
            let ca = digitCount(a.significand), cb = digitCount(b.significand)
            let oa = ca + a.exponent, ob = cb + b.exponent
            if oa != ob { return oa < ob ? -1 : 1 }
            var sa = a.significand, sb = b.significand
            for _ in 0..<(max(ca, cb) - ca) { sa *= 10 }
            for _ in 0..<(max(ca, cb) - cb) { sb *= 10 }
            return sa == sb ? 0 : (sa < sb ? -1 : 1)
        }
        let da = a.digits, db = b.digits
        let oa = da.count + a.exponent, ob = db.count + b.exponent
        if oa != ob { return oa < ob ? -1 : 1 }
        for i in 0..<min(da.count, db.count) where da[i] != db[i] { return da[i] < db[i] ? -1 : 1 }
        return da.count == db.count ? 0 : (da.count < db.count ? -1 : 1)
    }

    /// Whether `self` is a whole multiple of `divisor` (positive), decided exactly for every size of either
    /// (`12345678901234567891` is not a multiple of 2; `1e400` is a multiple of `0.0001`).
    public func isMultiple(of divisor: JSONNumber) -> Bool {
        if isZero { return true }
        guard !divisor.isZero else { return false }
        // self = a * 10^e1, divisor = b * 10^e2: a whole multiple iff a * 10^(e1 - e2) is divisible by b.
        // With no trailing zeros in a, a negative shift leaves a fraction.
        let shift = exponent - divisor.exponent
        if shift < 0 { return false }
        if divisor.bigDigits == nil {
            let b = divisor.significand
            let r = bigDigits.map { DecimalDigits.remainder($0, dividedBy: b) } ?? significand % b
            return DecimalDigits.multiply(r, byPowerOfTenModulo: b, shift) == 0
        }
        return DecimalDigits.isMultiple(digits, shiftedBy: shift, of: divisor.digits)
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}
