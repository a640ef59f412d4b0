// SPDX-License-Identifier: Apache-2.0
/// What the first characters of a value must be for an ECMA-262 pattern anchored at the start (`^`) to match it,
/// read from the pattern's text: one set of ASCII characters per position, for as long as the pattern goes on with
/// single letters, digits or classes of them (`^[Ee][Ss]2016(...)` gives E or e, S or s, 2, 0, 1, 6). A value whose
/// first characters are not in those sets is refused without entering PCRE2 (tsconfig's `lib` tries a dozen such
/// patterns on each name, each of them a call into PCRE2 that fails at its first bytes).
///
/// Only a necessary condition, so only what is certain is read: the pattern must start with `^` and have no `|`
/// outside parentheses and classes (`^a|b` matches `b`), and the sets stop at the first anything else (a group,
/// an escape, `.`, `$`, a class with a range or negation, a character that is not ASCII), or before a character
/// followed by `?`, `*`, `+` or `{` (it may be absent or repeated).
struct PatternPrefix: Sendable {
    /// Per position, the allowed ASCII characters as a 128-bit set (low and high halves).
    let sets: [(low: UInt64, high: UInt64)]

    /// The prefix of `pattern` (ECMA-262 syntax); nil when it says nothing.
    init?(ecmaPattern pattern: String) {
        let p = Array(pattern.utf8)
        guard p.first == UInt8(ascii: "^"), !Self.alternatesAtTop(p) else { return nil }
        var sets: [(low: UInt64, high: UInt64)] = []
        var i = 1
        while i < p.count {
            var set: (low: UInt64, high: UInt64) = (0, 0)
            var next = i
            if Self.isPlain(p[i]) {
                Self.insert(p[i], into: &set)
                next = i + 1
            } else if p[i] == UInt8(ascii: "[") {
                var k = i + 1
                while k < p.count, Self.isPlain(p[k]) {
                    Self.insert(p[k], into: &set)
                    k += 1
                }
                guard k < p.count, p[k] == UInt8(ascii: "]"), k > i + 1 else { break }
                next = k + 1
            } else {
                break
            }
            if next < p.count, "?*+{".utf8.contains(p[next]) { break }
            sets.append(set)
            i = next
        }
        guard !sets.isEmpty else { return nil }
        self.sets = sets
    }

    /// Whether `value` can match: its first characters are in the sets.
    @inline(__always)
    func admits(_ value: String) -> Bool { admits(utf8: value.utf8.span) }

    /// Whether the value whose UTF-8 bytes are `bytes` can match.
    @inline(__always)
    func admits(utf8 bytes: Span<UInt8>) -> Bool {
        guard bytes.count >= sets.count else { return false }
        for k in sets.indices {
            let b = bytes[k]
            guard b < 0x80 else { return false }
            let half = b < 64 ? sets[k].low : sets[k].high
            if half & (1 << UInt64(b & 63)) == 0 { return false }
        }
        return true
    }

    /// Letters, digits and `_`: the same character everywhere in a pattern, inside a class or not.
    private static func isPlain(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "_")
    }

    private static func insert(_ b: UInt8, into set: inout (low: UInt64, high: UInt64)) {
        if b < 64 { set.low |= 1 << UInt64(b) } else { set.high |= 1 << UInt64(b - 64) }
    }

    /// Whether `|` appears outside parentheses and classes (or the pattern is too odd to tell: an unclosed class).
    private static func alternatesAtTop(_ p: [UInt8]) -> Bool {
        var depth = 0
        var i = 0
        while i < p.count {
            switch p[i] {
            case UInt8(ascii: "\\"):
                i += 1
            case UInt8(ascii: "["):
                // A class runs to the first `]` not escaped (ECMA: `[]` is an empty class, `[^]` any character).
                i += 1
                if i < p.count, p[i] == UInt8(ascii: "^") { i += 1 }
                if i < p.count, p[i] == UInt8(ascii: "]") { return true }   // `[]`, `[^]`: not read here
                while i < p.count, p[i] != UInt8(ascii: "]") {
                    if p[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
                if i >= p.count { return true }
            case UInt8(ascii: "("):
                depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
            case UInt8(ascii: "|"):
                if depth <= 0 { return true }
            default:
                break
            }
            i += 1
        }
        return false
    }
}
