// SPDX-License-Identifier: Apache-2.0
@testable import SwitchboardRules
import Testing

/// The first characters an anchored ECMA pattern needs (`PatternPrefix`), checked before PCRE2: what it reads from a
/// pattern, and matches with it equal to matches without it.
@Suite("Pattern prefixes")
struct PatternPrefixTests {
    @Test("read only from patterns anchored at the start, up to the first construct that is not a plain character")
    func reading() {
        func length(_ pattern: String) -> Int? { PatternPrefix(ecmaPattern: pattern)?.sets.count }
        #expect(length("^[Ee][Ss]2016(\\.x)?$") == 6)
        #expect(length("^abc$") == 3)
        #expect(length("^ab?c") == 1)      // b may be absent
        #expect(length("^ab*") == 1)
        #expect(length("^ab+") == 1)
        #expect(length("^ab{2}") == 1)
        #expect(length("^[a-z]x") == nil)  // a range: not read
        #expect(length("^[^a]x") == nil)
        #expect(length("^a|b") == nil)     // alternation at the top: b matches without a
        #expect(length("^(a|b)c") == nil)
        #expect(length("^a(b|c)") == 1)
        #expect(length("^a[|]b") == 1)     // `|` in a class is no alternation; the class itself is not read
        #expect(length("^\\d") == nil)
        #expect(length("abc") == nil)      // not anchored
        #expect(length("^é") == nil)
        #expect(length("^a[]") == nil)     // ECMA's empty class: not read at all
        #expect(length("^a\\|b|c") == nil) // an escaped `|`, then a real one
    }

    /// Patterns of the kinds real schemas use (tsconfig's case-insensitive names), and values around them.
    static let patterns = ["^[Ee][Ss]2016(\\.([Ii][Nn][Tt][Ll]|[Aa][Rr][Rr][Aa][Yy]))?$", "^[Ee][Ss][567]$", "^abc",
                           "^a|b", "^ab?c", "^a[|]b", "^(CRLF|LF)$", "^[0-9]+$", "^v1", "^a\\|b", "^_x", "^Zz"]
    static let values = ["", "a", "b", "abc", "ac", "a|b", "ab", "ES2016", "es2016.intl", "eS2016.Array", "ES2017",
                         "es5", "ES8", "CRLF", "123", "v1.0", "xv1", "_x", "Zz", "zz", "é", "aé", "ES2016é", "\u{0}"]

    @Test("every match is the same with and without the prefix")
    func agreement() throws {
        for pattern in Self.patterns {
            let filtered = try PCRERegex(ecmaPattern: pattern)
            let plain = try PCRERegex(searching: ECMARegex.translate(pattern), allowEmptyClass: true)
            for value in Self.values {
                #expect(filtered.matches(value) == plain.matches(value), "\(pattern) on \(value)")
            }
        }
        #expect(try PCRERegex(ecmaPattern: "^[Ee][Ss][567]$").matches("es6"))
        #expect(try !PCRERegex(ecmaPattern: "^[Ee][Ss][567]$").matches("es8"))
    }
}
