// SPDX-License-Identifier: Apache-2.0
// Byte scanners over UTF-8 for the built-in rules. Each takes the value's bytes, which are valid UTF-8 (the
// caller checked, or they come from a Swift String), and never reads outside the buffer.

/// What a run of bytes is, as UTF-8.
enum UTF8Kind {
    case ascii, valid, invalid
}

/// Classifies `bytes`: all ASCII (the common case, eight bytes at a time), other valid UTF-8, or invalid.
@inline(__always)
func classifyUTF8(_ bytes: UnsafeRawBufferPointer) -> UTF8Kind {
    let count = bytes.count
    guard count > 0, let base = bytes.baseAddress else { return .ascii }
    var i = 0
    while i &+ 8 <= count {
        if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
        i &+= 8
    }
    while i < count, base.load(fromByteOffset: i, as: UInt8.self) < 0x80 { i &+= 1 }
    if i == count { return .ascii }
    return validateUTF8(base, from: i, count: count) ? .valid : .invalid
}

/// Validates UTF-8 as Unicode defines it (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF).
private func validateUTF8(_ base: UnsafeRawPointer, from start: Int, count: Int) -> Bool {
    @inline(__always) func byte(_ i: Int) -> UInt8 { base.load(fromByteOffset: i, as: UInt8.self) }
    @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
    var i = start
    while i < count {
        let b0 = byte(i)
        if b0 < 0x80 { i &+= 1; continue }
        if b0 < 0xC2 { return false }
        if b0 < 0xE0 {
            guard i &+ 1 < count, isContinuation(byte(i &+ 1)) else { return false }
            i &+= 2
        } else if b0 < 0xF0 {
            guard i &+ 2 < count else { return false }
            let b1 = byte(i &+ 1)
            let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard b1 >= low, b1 <= high, isContinuation(byte(i &+ 2)) else { return false }
            i &+= 3
        } else if b0 < 0xF5 {
            guard i &+ 3 < count else { return false }
            let b1 = byte(i &+ 1)
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= low, b1 <= high, isContinuation(byte(i &+ 2)), isContinuation(byte(i &+ 3)) else {
                return false
            }
            i &+= 4
        } else {
            return false
        }
    }
    return true
}

/// Whether every byte is ASCII.
@inline(__always)
func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    for b in bytes where b >= 0x80 { return false }
    return true
}

/// A set of ASCII bytes as a 128-bit mask.
struct ASCIISet: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The set whose members are the bits of `low` (bytes 0-63) and `high` (bytes 64-127).
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    init(_ members: String) {
        for b in members.utf8 { insert(b) }
    }

    /// ASCII letters and digits, and `members`: what CharacterMaskTests checks the scanners' constant masks against.
    init(alphanumericsAnd members: String) {
        for (first, last) in [(UInt8(0x30), UInt8(0x39)), (0x41, 0x5A), (0x61, 0x7A)] {
            var b = first
            while b <= last {
                insert(b)
                b += 1
            }
        }
        for b in members.utf8 { insert(b) }
    }

    mutating func insert(_ b: UInt8) {
        if b < 64 { low |= 1 << UInt64(b) } else if b < 128 { high |= 1 << UInt64(b - 64) }
    }

    @inline(__always)
    func contains(_ b: UInt8) -> Bool {
        if b < 64 { return low & (1 << UInt64(b)) != 0 }
        if b < 128 { return high & (1 << UInt64(b &- 64)) != 0 }
        return false
    }
}

enum Scan {
    // WHATWG HTML, "valid e-mail address":
    // /^[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?
    //   (?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
    // Written as constant masks, so the compiler lays them out in the binary: a set built by a call is a lazily
    // initialised global, and `check` paid a `swift_once` call for it on every line (5% of `check --rule email`).
    // The scanners' other sets are written the same way; CharacterMaskTests checks each mask against the
    // characters it stands for. Benchmark row: `make bench`, section check, built-in email rule.
    static let emailLocal = ASCIISet(low: 0xA3FF_ECFA_0000_0000, high: 0x7FFF_FFFF_C7FF_FFFE)
    static let labelCharacter = ASCIISet(low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)

    /// A WHATWG "valid e-mail address", exactly: a non-empty local part of the allowed ASCII characters, `@`,
    /// then one or more dot-separated labels of 1-63 letters, digits and hyphens, not starting or ending with a
    /// hyphen. No overall length limit, no quoted local parts, no IP literals, no trailing dot.
    static func email(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n, emailLocal.contains(bytes[i]) { i &+= 1 }
        guard i > 0, i < n, bytes[i] == UInt8(ascii: "@") else { return false }
        i &+= 1
        return domain(bytes, from: &i, allowTrailingDot: false) && i == n
    }

    /// Dot-separated LDH labels (1-63 characters, no hyphen at either end) from `i`; stops at the first byte
    /// that is neither a label character nor a dot, leaving `i` there.
    @inline(__always)
    static func domain(_ bytes: UnsafeRawBufferPointer, from i: inout Int, allowTrailingDot: Bool) -> Bool {
        let n = bytes.count
        while true {
            let start = i
            while i < n, labelCharacter.contains(bytes[i]) { i &+= 1 }
            let length = i &- start
            if length == 0 || length > 63 { return false }
            if bytes[start] == UInt8(ascii: "-") || bytes[i &- 1] == UInt8(ascii: "-") { return false }
            guard i < n, bytes[i] == UInt8(ascii: ".") else { return true }
            i &+= 1
            if allowTrailingDot, i == n || !labelCharacter.contains(bytes[i]) { return true }
        }
    }

    /// `[+-]?[0-9]+`, ASCII digits only, within `min...max` when given. Values beyond `Int` are out of any range
    /// on their side.
    static func integer(_ bytes: UnsafeRawBufferPointer, min: Int?, max: Int?) -> Bool {
        let n = bytes.count
        var i = 0
        var negative = false
        if n > 0, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") {
            negative = bytes[0] == UInt8(ascii: "-")
            i = 1
        }
        guard i < n else { return false }
        var magnitude: UInt64 = 0
        var overflow = false
        while i < n {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            if !overflow {
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
                if o1 || o2 { overflow = true } else { magnitude = sum }
            }
            i &+= 1
        }
        if min == nil && max == nil { return true }
        let value: Int
        if negative {
            if overflow || magnitude > UInt64(Int.max) + 1 { return min == nil }
            value = magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        } else {
            if overflow || magnitude > UInt64(Int.max) { return max == nil }
            value = Int(magnitude)
        }
        if let min, value < min { return false }
        if let max, value > max { return false }
        return true
    }

    /// `[+-]?([0-9]+(\.[0-9]+)?|\.[0-9]+)`, ASCII digits only; within `min...max` (compared as `Double`) when given.
    static func decimal(_ bytes: UnsafeRawBufferPointer, min: Double?, max: Double?) -> Bool {
        let n = bytes.count
        var i = 0
        if n > 0, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") { i = 1 }
        var integerDigits = 0
        while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1; integerDigits &+= 1 }
        if i < n {
            guard bytes[i] == UInt8(ascii: ".") else { return false }
            i &+= 1
            var fractionDigits = 0
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1; fractionDigits &+= 1 }
            guard fractionDigits > 0, i == n else { return false }
        } else if integerDigits == 0 {
            return false
        }
        if min == nil && max == nil { return true }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)) else { return false }
        if let min, !(value >= min) { return false }
        if let max, !(value <= max) { return false }
        return true
    }

    /// User-perceived characters (grapheme clusters), as `String.count` counts them.
    ///
    /// Fast path: ASCII, and scalars that are always a cluster of their own unless followed by a combining mark
    /// or a joiner (Latin-1 to IPA and spacing modifiers, Greek, Cyrillic, kana, CJK ideographs, Hangul syllables),
    /// are one character each, with each CR LF pair one character. Any other scalar (combining marks, emoji,
    /// jamo, other scripts) or any invalid byte sends the whole value through `String`.
    static func characterCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        let n = bytes.count
        var count = 0
        var i = 0
        var previousCR = false
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                if !(b0 == 0x0A && previousCR) { count &+= 1 }
                previousCR = b0 == 0x0D
                i &+= 1
                continue
            }
            previousCR = false
            var scalar: UInt32
            if b0 & 0xE0 == 0xC0, i &+ 1 < n, bytes[i &+ 1] & 0xC0 == 0x80 {
                scalar = UInt32(b0 & 0x1F) << 6 | UInt32(bytes[i &+ 1] & 0x3F)
                i &+= 2
            } else if b0 & 0xF0 == 0xE0, i &+ 2 < n, bytes[i &+ 1] & 0xC0 == 0x80, bytes[i &+ 2] & 0xC0 == 0x80 {
                scalar = UInt32(b0 & 0x0F) << 12 | UInt32(bytes[i &+ 1] & 0x3F) << 6 | UInt32(bytes[i &+ 2] & 0x3F)
                i &+= 3
            } else {
                return String(decoding: bytes, as: UTF8.self).count
            }
            guard isStandaloneScalar(scalar) else { return String(decoding: bytes, as: UTF8.self).count }
            count &+= 1
        }
        return count
    }

    /// Scalars that form a grapheme cluster by themselves when only ASCII and other such scalars surround them:
    /// none is a combining mark, joiner, prepended mark, regional indicator or jamo. (Overlong and surrogate
    /// encodings decode outside these ranges.)
    @inline(__always)
    static func isStandaloneScalar(_ scalar: UInt32) -> Bool {
        (0x00A0...0x02FF).contains(scalar)  // Latin-1 supplement, Latin extended A/B, IPA, spacing modifiers
            || (0x0370...0x0482).contains(scalar)  // Greek, Cyrillic (before the Cyrillic combining marks)
            || (0x3040...0x3098).contains(scalar) || (0x309B...0x30FF).contains(scalar)  // kana, not U+3099/309A
            || (0x4E00...0x9FFF).contains(scalar)  // CJK unified ideographs
            || (0xAC00...0xD7A3).contains(scalar)  // Hangul syllables
    }

    static func length(_ bytes: UnsafeRawBufferPointer, min: Int?, max: Int?) -> Bool {
        // A character is at least one byte: a value shorter in bytes than `min` is too short.
        if let min, bytes.count < min { return false }
        let count = characterCount(bytes)
        if let min, count < min { return false }
        if let max, count > max { return false }
        return true
    }

    /// Whether the value has something other than white space (Unicode White_Space) in it.
    static func hasContent(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for b in bytes {
            if b >= 0x80 {
                return String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { !$0.properties.isWhitespace }
            }
            if !(b == 0x20 || (b >= 0x09 && b <= 0x0D)) { return true }
        }
        return false
    }

    /// Rejects C0 controls (tab, CR and LF included), DEL, C1 controls (U+0080-U+009F, NEL among them) and the
    /// Unicode line and paragraph separators (U+2028, U+2029).
    static func noControlCharacters(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i < n {
            // Eight printable ASCII bytes at a time: no byte below 0x20, none equal to 0x7F, none with the high bit.
            if i &+ 8 <= n {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let below20 = (w &- ones &* 0x20) & ~w & highs
                let del = w ^ (ones &* 0x7F)
                let isDEL = (del &- ones) & ~del & highs
                if below20 | isDEL | (w & highs) == 0 {
                    i &+= 8
                    continue
                }
            }
            let end = min(i &+ 8, n)
            while i < end {
                let b = bytes[i]
                if b < 0x20 || b == 0x7F { return false }
                if b == 0xC2, i &+ 1 < n, bytes[i &+ 1] &- 0x80 < 0x20 { return false }
                if b == 0xE2, i &+ 2 < n, bytes[i &+ 1] == 0x80, bytes[i &+ 2] == 0xA8 || bytes[i &+ 2] == 0xA9 {
                    return false
                }
                i &+= 1
            }
        }
        return true
    }

    /// `http://` or `https://` (scheme in any case), a host (a DNS name of LDH labels with an optional trailing
    /// dot, or a bracketed IPv6 address), an optional port 0-65535, then nothing or a path, query or fragment
    /// starting with `/`, `?` or `#` without spaces or control characters. No user name or password.
    static func url(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        @inline(__always) func lower(_ b: UInt8) -> UInt8 { b | 0x20 }
        guard n >= 8, lower(bytes[0]) == UInt8(ascii: "h"), lower(bytes[1]) == UInt8(ascii: "t"),
            lower(bytes[2]) == UInt8(ascii: "t"), lower(bytes[3]) == UInt8(ascii: "p")
        else { return false }
        var i = 4
        if lower(bytes[4]) == UInt8(ascii: "s") { i = 5 }
        guard i &+ 3 < n, bytes[i] == UInt8(ascii: ":"), bytes[i &+ 1] == UInt8(ascii: "/"),
            bytes[i &+ 2] == UInt8(ascii: "/")
        else { return false }
        i &+= 3
        if bytes[i] == UInt8(ascii: "[") {
            i &+= 1
            let start = i
            var colons = 0
            while i < n, bytes[i] != UInt8(ascii: "]") {
                let b = bytes[i]
                if b == UInt8(ascii: ":") { colons &+= 1 } else if !(isHexDigit(b) || b == UInt8(ascii: ".")) {
                    return false
                }
                i &+= 1
            }
            guard i < n, i &- start >= 2, colons >= 2 else { return false }
            i &+= 1
        } else {
            let start = i
            guard domain(bytes, from: &i, allowTrailingDot: true), i &- start <= 254 else { return false }
        }
        if i < n, bytes[i] == UInt8(ascii: ":") {
            i &+= 1
            var port = 0
            var digits = 0
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 {
                port = port &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0"))
                digits &+= 1
                i &+= 1
                if digits > 5 { return false }
            }
            guard digits > 0, port <= 65535 else { return false }
        }
        if i == n { return true }
        let b = bytes[i]
        guard b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") else { return false }
        while i < n {
            let b = bytes[i]
            if b <= 0x20 || b == 0x7F { return false }
            if b == 0xC2, i &+ 1 < n, bytes[i &+ 1] < 0xA1 { return false }  // C1 controls, no-break space
            i &+= 1
        }
        return true
    }

    @inline(__always)
    static func isHexDigit(_ b: UInt8) -> Bool {
        b &- UInt8(ascii: "0") < 10 || (b | 0x20) &- UInt8(ascii: "a") < 6
    }

    // MARK: Literals

    @inline(__always)
    static func equal(_ bytes: UnsafeRawBufferPointer, _ literal: [UInt8]) -> Bool {
        guard bytes.count == literal.count else { return false }
        guard let base = bytes.baseAddress, !literal.isEmpty else { return true }
        return literal.withUnsafeBytes { memcmp($0.baseAddress!, base, literal.count) == 0 }
    }

    @inline(__always)
    static func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ literal: [UInt8]) -> Bool {
        guard bytes.count >= literal.count else { return false }
        guard let base = bytes.baseAddress, !literal.isEmpty else { return true }
        return literal.withUnsafeBytes { memcmp($0.baseAddress!, base, literal.count) == 0 }
    }

    @inline(__always)
    static func hasSuffix(_ bytes: UnsafeRawBufferPointer, _ literal: [UInt8]) -> Bool {
        guard bytes.count >= literal.count else { return false }
        guard let base = bytes.baseAddress, !literal.isEmpty else { return true }
        return literal.withUnsafeBytes { memcmp($0.baseAddress!, base + (bytes.count - literal.count), literal.count) == 0 }
    }

    @inline(__always)
    static func contains(_ bytes: UnsafeRawBufferPointer, _ literal: [UInt8]) -> Bool {
        if literal.isEmpty { return true }
        guard bytes.count >= literal.count, let base = bytes.baseAddress else { return false }
        return literal.withUnsafeBytes { needle in
            let needleBase = needle.baseAddress!
            let first = Int32(literal[0])
            let lastStart = bytes.count - literal.count
            var i = 0
            while i <= lastStart {
                guard let hit = memchr(base + i, first, lastStart - i + 1) else { return false }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + at, needleBase, literal.count) == 0 { return true }
                i = at + 1
            }
            return false
        }
    }

    /// ASCII case-insensitive equality of two ASCII byte strings.
    @inline(__always)
    static func equalIgnoringASCIICase(_ bytes: UnsafeRawBufferPointer, _ lowered: [UInt8]) -> Bool {
        guard bytes.count == lowered.count else { return false }
        for i in 0..<lowered.count {
            var b = bytes[i]
            if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            if b != lowered[i] { return false }
        }
        return true
    }
}
