// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

/// One table row: a rule in the textual syntax, a value as raw bytes (so rows can hold invalid UTF-8), and
/// whether the value must pass.
struct Row: Sendable, CustomTestStringConvertible {
    let rule: String
    let value: [UInt8]
    let passes: Bool

    init(_ rule: String, _ value: String, _ passes: Bool) {
        self.rule = rule
        self.value = Array(value.utf8)
        self.passes = passes
    }

    init(_ rule: String, bytes: [UInt8], _ passes: Bool) {
        self.rule = rule
        self.value = bytes
        self.passes = passes
    }

    /// The value as `check` sees it: invalid UTF-8 repaired with U+FFFD.
    var text: String { String(decoding: value, as: UTF8.self) }

    var testDescription: String {
        let shown = value.count > 40 ? "\(value.count) bytes" : String(reflecting: text)
        return "\(rule) \(passes ? "accepts" : "rejects") \(shown)"
    }
}

let megabyte = 1 << 20
let label63 = String(repeating: "a", count: 63)
let label64 = String(repeating: "a", count: 64)

/// Every built-in rule, with the issue's edge cases: CRLF and trailing newline, NUL, invalid UTF-8, a BOM,
/// non-ASCII digits, combining marks, emoji and CJK, WHATWG email limits, 1 MB values.
let ruleRows: [Row] = [
    // required: blank (Unicode White_Space only) fails unless allow-whitespace.
    Row("required", "a", true),
    Row("required", " a ", true),
    Row("required", "", false),
    Row("required", " ", false),
    Row("required", "\t\r\n", false),
    Row("required", "\u{3000}\u{A0}", false),  // ideographic and no-break spaces are white space
    Row("required", "日", true),
    Row("required", "\0", true),  // NUL is not white space: it is content (no-control-characters rejects it)
    Row("required", "\u{FEFF}", true),  // a BOM is not White_Space
    Row("required", bytes: [0xFF], true),  // repaired to U+FFFD, which is content
    Row("required:allow-whitespace", " ", true),
    Row("required:allow-whitespace", "", false),

    // length: grapheme clusters.
    Row("length:3..5", "abc", true),
    Row("length:3..5", "ab", false),
    Row("length:3..5", "abcdef", false),
    Row("length:3..5", "e\u{301}e\u{301}e\u{301}", true),  // 3 characters, 6 scalars
    Row("length:3..5", "e\u{301}e\u{301}", false),  // 2 characters, 4 scalars, 6 bytes
    Row("length:3..5", "👍🏽👍🏽👍🏽", true),
    Row("length:3..5", "🇫🇷🇩🇪🇯🇵", true),  // 3 flags, 6 regional indicators
    Row("length:3..5", "日本語", true),
    Row("length:3..5", "日本", false),  // 2 characters, 6 bytes
    Row("length:3", "한국어", true),
    Row("length:2", "한\u{11A8}국", true),  // a syllable and a trailing jamo make one character
    Row("length:3", "かが\u{3099}", false),  // か + が + a combining voiced mark: 2 characters
    Row("length:2", "かが\u{3099}", true),
    Row("length:3", "Жñʰ", true),
    Row("length:2", "ñ\u{303}", false),  // one character: n-tilde with another tilde
    Row("length:1", "\u{AD}", true),
    Row("length:3..5", "a\r\nb", true),  // CR LF is one character
    Row("length:3..5", "ab\r\n", true),
    Row("length:3..5", "a\nb", true),
    Row("length:4", "a\r\nbc", true),
    Row("length:3", "a\r\nbc", false),
    Row("length:3", "\r\n\r\n\r\n", true),
    Row("length:3..5", "\u{FEFF}ab", true),  // a BOM counts as a character
    Row("length:3..5", "a\0b", true),
    Row("length:1", "👨‍👩‍👧", true),  // a ZWJ family is one character
    Row("length:1", "\r\n", true),
    Row("length:2", bytes: [0xFF, 0xFE], true),  // two invalid bytes -> two U+FFFD
    Row("length:..20", String(repeating: "a", count: megabyte), false),
    Row("length:1048576", String(repeating: "a", count: megabyte), true),
    Row("length:349525", String(repeating: "日", count: megabyte / 3), true),
    Row("length:10..", "123456789", false),
    Row("length:..", "", true),

    // email: WHATWG "valid e-mail address", exactly.
    Row("email", "ada@example.com", true),
    Row("email", "a@b", true),  // one label is enough
    Row("email", "first.last@example.com", true),
    Row("email", ".a..b.@x", true),  // dots anywhere in the local part
    Row("email", "!#$%&'*+/=?^_`{|}~-@x", true),
    Row("email", "A@EXAMPLE.COM", true),
    Row("email", "a@1.2.3.4", true),
    Row("email", "a@a-b.c", true),
    Row("email", "a@a--b.xn--bcher-kva", true),
    Row("email", "a@\(label63)", true),
    Row("email", "a@\(label63).\(label63).com", true),
    Row("email", "a@\(label64)", false),
    Row("email", "a@x.\(label64).com", false),
    Row("email", "a@-b", false),
    Row("email", "a@b-", false),
    Row("email", "a@b.-c", false),
    Row("email", "a@b.c-", false),
    Row("email", "", false),
    Row("email", "@x", false),
    Row("email", "a@", false),
    Row("email", "a@b.", false),
    Row("email", "a@.b", false),
    Row("email", "a@b..c", false),
    Row("email", "a@@b", false),
    Row("email", "a@b@c", false),
    Row("email", "a b@x", false),
    Row("email", "a@b c", false),
    Row("email", "a@x_y", false),
    Row("email", "\"quoted\"@x", false),
    Row("email", "a@[127.0.0.1]", false),
    Row("email", "ada@example.com\n", false),
    Row("email", "ada@example.com\r\n", false),
    Row("email", " ada@example.com", false),
    Row("email", "\u{FEFF}ada@example.com", false),
    Row("email", "ada@éxample.com", false),
    Row("email", "adä@example.com", false),
    Row("email", "a\0b@x", false),
    Row("email", "a@b\0", false),
    Row("email", bytes: Array("a".utf8) + [0xFF] + Array("@x".utf8), false),
    Row("email", String(repeating: "a", count: megabyte) + "@x", true),  // no overall length limit
    Row("email", "a@" + String(repeating: "a.", count: megabyte / 2) + "a", true),
    Row("email", String(repeating: "a", count: megabyte), false),

    // integer: ASCII digits, optional sign.
    Row("int", "0", true),
    Row("int", "42", true),
    Row("int", "-42", true),
    Row("int", "+7", true),
    Row("int", "007", true),
    Row("int", "9223372036854775808", true),  // beyond Int, but still a whole number
    Row("int", String(repeating: "9", count: megabyte), true),
    Row("int", "", false),
    Row("int", "-", false),
    Row("int", "+", false),
    Row("int", "--1", false),
    Row("int", "4 2", false),
    Row("int", " 42", false),
    Row("int", "42 ", false),
    Row("int", "42\n", false),
    Row("int", "42\r\n", false),
    Row("int", "4.2", false),
    Row("int", "1e3", false),
    Row("int", "0x1F", false),
    Row("int", "1,000", false),
    Row("int", "١٢", false),  // Arabic-Indic digits are not digits here
    Row("int", "４２", false),  // fullwidth digits
    Row("int", "4\u{0}2", false),
    Row("int", "\u{FEFF}42", false),
    Row("int", bytes: [0x34, 0xFF], false),
    Row("integer:1..120", "1", true),
    Row("integer:1..120", "120", true),
    Row("integer:1..120", "+120", true),
    Row("integer:1..120", "0120", true),
    Row("integer:1..120", "0", false),
    Row("integer:1..120", "121", false),
    Row("integer:1..120", "-5", false),
    Row("integer:1..120", "99999999999999999999", false),
    Row("integer:1..120", "-99999999999999999999", false),
    Row("int:-10..-1", "-10", true),
    Row("int:-10..-1", "-0", false),
    Row("int:..0", "-99999999999999999999", true),  // huge but within "at most 0"
    Row("int:0..", "99999999999999999999", true),
    Row("int:0..", "-1", false),
    Row("int:-9223372036854775808..", "-9223372036854775808", true),
    Row("int:-9223372036854775807..", "-9223372036854775808", false),
    Row("int:5", "5", true),
    Row("int:5", "6", false),

    // decimal
    Row("decimal", "3", true),
    Row("decimal", "3.14", true),
    Row("decimal", "-0.5", true),
    Row("decimal", ".5", true),
    Row("decimal", "+.5", true),
    Row("decimal", "5.", false),
    Row("decimal", ".", false),
    Row("decimal", "-", false),
    Row("decimal", "", false),
    Row("decimal", "1e3", false),
    Row("decimal", "1,5", false),
    Row("decimal", "1.2.3", false),
    Row("decimal", " 1", false),
    Row("decimal", "1\n", false),
    Row("decimal", "٣.١", false),
    Row("decimal", "NaN", false),
    Row("decimal", "inf", false),
    Row("decimal", "0x1p3", false),
    Row("decimal:0..99.5", "99.5", true),
    Row("decimal:0..99.5", "99.50", true),
    Row("decimal:0..99.5", "-0", true),
    Row("decimal:0..99.5", "0", true),
    Row("decimal:0..99.5", "99.51", false),
    Row("decimal:0..99.5", "-0.1", false),
    Row("decimal:0..99.5", "1" + String(repeating: "0", count: 400), false),  // beyond Double: infinity
    Row("decimal:0..1", ".5", true),
    Row("decimal:0..1", "+.5", true),
    Row("decimal:0..1", "-.5", false),
    Row("decimal:0..1", "1.0000000001", false),
    Row("decimal:-1.5..", "-1.5", true),
    Row("decimal:-1.5..", "-1.6", false),

    // one-of
    Row("one-of:red,green,blue", "red", true),
    Row("one-of:red,green,blue", "blue", true),
    Row("one-of:red,green,blue", "Red", false),
    Row("one-of:red,green,blue", "re", false),
    Row("one-of:red,green,blue", "red ", false),
    Row("one-of:red,green,blue", "red\n", false),
    Row("one-of:red,green,blue", "", false),
    Row("one-of:red,green,blue", "red,green", false),
    Row("one-of-ci:red,green,blue", "RED", true),
    Row("one-of-ci:red,green,blue", "gReEn", true),
    Row("one-of-ci:red,green,blue", "REDD", false),
    Row("one-of:a\\,b,c", "a,b", true),
    Row("one-of:a\\,b,c", "a", false),
    Row("one-of:a\\,b,c", "c", true),
    Row("one-of:é", "é", true),
    Row("one-of:é", "e\u{301}", false),  // exact: no Unicode normalisation
    Row("one-of-ci:été,straße", "ÉTÉ", true),
    Row("one-of-ci:été,straße", "STRASSE", false),  // lowercasing, not full case folding
    Row("one-of-ci:été,straße", "Straße", true),
    Row("one-of-ci:ok,日本", "日本", true),
    Row("one-of-ci:ok,日本", "OK", true),

    // equals / contains / prefix / suffix
    Row("equals:yes", "yes", true),
    Row("equals:yes", "Yes", false),
    Row("equals:yes", "yes\n", false),
    Row("equals:yes", "yes\0", false),
    Row("equals:a\\ ", "a ", true),
    Row("equals:a\\ ", "a", false),
    Row("equals:café", "café", true),
    Row("equals:café", "cafe\u{301}", false),
    Row("contains:@example.com", "ada@example.com", true),
    Row("contains:@example.com", "ada@example.co", false),
    Row("contains:@example.com", "", false),
    Row("contains:@example.com", String(repeating: "@example.co", count: megabyte / 11) + "@example.com", true),
    Row("contains:@example.com", String(repeating: "@example.co", count: megabyte / 11), false),
    Row("contains:日本", "こんにちは日本", true),
    Row("contains:\\n", "a\nb", true),
    Row("not:contains:@example.com", "ada@example.com", false),
    Row("not:contains:@example.com", "ada@acme.com", true),
    Row("prefix:https://", "https://x", true),
    Row("prefix:https://", "http://x", false),
    Row("prefix:https://", "http", false),
    Row("starts-with:日", "日本", true),
    Row("suffix:@acme.com", "ada@acme.com", true),
    Row("suffix:@acme.com", "ada@acme.com\n", false),
    Row("suffix:@acme.com", "acme.com", false),
    Row("ends-with:\\ ", "a ", true),

    // url
    Row("url", "http://example.com", true),
    Row("url", "https://example.com/", true),
    Row("url", "HTTPS://EXAMPLE.COM", true),
    Row("url", "http://localhost:8080/x?y=1#z", true),
    Row("url", "http://[::1]:80/", true),
    Row("url", "https://a.b./", true),
    Row("url", "http://example.com/päth", true),
    Row("url", "http://1.2.3.4", true),
    Row("url", "http://example.com?q", true),
    Row("url", "http://example.com:65535", true),
    Row("url", "http://x/" + String(repeating: "a", count: megabyte), true),
    Row("url", "ftp://example.com", false),
    Row("url", "example.com", false),
    Row("url", "http://", false),
    Row("url", "http:/example.com", false),
    Row("url", "http://a@b.com", false),
    Row("url", "http://exa mple.com", false),
    Row("url", "http://example.com/a b", false),
    Row("url", "http://example.com:65536", false),
    Row("url", "http://example.com:", false),
    Row("url", "http://-a.com", false),
    Row("url", "http://ex_ample.com", false),
    Row("url", "http://[zz]/", false),
    Row("url", "https://example.com\n", false),
    Row("url", "https://example.com/\u{85}", false),
    Row("url", "javascript:alert(1)", false),
    Row("url", "http://bücher.de", false),  // write IDNs in punycode

    // no-control-characters
    Row("no-control-characters", "hello", true),
    Row("no-control-characters", "héllo 日本 👍 e\u{301}", true),
    Row("no-control-characters", "\u{A0}\u{FEFF}", true),
    Row("no-control-characters", "", true),
    Row("no-control-characters", "a\tb", false),
    Row("no-control-characters", "a\nb", false),
    Row("no-control-characters", "ab\r\n", false),
    Row("no-control-characters", "\u{1B}[31mred", false),
    Row("no-control-characters", "a\u{7F}", false),
    Row("no-control-characters", "a\u{85}b", false),
    Row("no-control-characters", "\u{9F}", false),
    Row("no-control-characters", "a\u{2028}b", false),
    Row("no-control-characters", "\u{2029}", false),
    Row("no-control-characters", "a\0b", false),
    Row("no-control-characters", bytes: [0x61, 0xFF], true),  // a U+FFFD is not a control
    Row("no-control-characters", bytes: [0xC2], true),
    Row("no-control-characters", bytes: [0xC2, 0x85], false),  // NEL, valid
    Row("no-control-characters", String(repeating: "a", count: megabyte) + "\n", false),
    Row("no-control-characters", "abcdefg\u{7F}ijklmnop", false),  // DEL inside an 8-byte word
    Row("no-control-characters", "abcdefg\u{1F}ijklmnop", false),
    Row("no-control-characters", "abcdefgh ~!@#$%^&*()_+{}|:<>?", true),
    Row("no-control-characters", "abcdefg\u{2028}ijklmnop", false),  // spans two words
    Row("no-control-characters", "abcdef\u{2029}ijklmnop", false),
    Row("no-control-characters", "abcdefg\u{85}ijklmnop", false),
    Row("no-control-characters", "abcdefg\u{A0}ijklmnop", true),
    Row("no-control", String(repeating: "é", count: megabyte / 2), true),

    // regex: whole value unless anchored; $ is the end of the value.
    Row(#"regex:^\d{3}-\d{4}$"#, "555-1234", true),
    Row(#"regex:^\d{3}-\d{4}$"#, "555-1234\n", false),
    Row(#"regex:^\d{3}-\d{4}$"#, "555-12345", false),
    Row(#"regex:^\d{3}-\d{4}$"#, "٥٥٥-١٢٣٤", false),  // \d is ASCII
    Row(#"regex:\d+"#, "123", true),
    Row(#"regex:\d+"#, "a123", false),
    Row(#"regex:\d+"#, "123\n", false),
    Row(#"regex:^\d+"#, "123abc", true),
    Row(#"regex:\d+$"#, "abc123", true),
    Row(#"regex:\d+$"#, "abc123\n", false),
    Row(#"regex:\d+\z"#, "abc123", true),
    Row(#"regex:(?i)^yes$"#, "YES", true),
    Row(#"regex:(?i)yes|no"#, "No", true),
    Row(#"regex:(?i)yes|no"#, "yesno", false),
    Row(#"regex:a|ab"#, "ab", true),
    Row(#"regex:^a(?=b)"#, "ab", true),
    Row(#"regex:^a(?=b)"#, "ac", false),
    Row(#"regex:."#, "é", true),
    Row(#"regex:."#, "e\u{301}", false),  // two code points
    Row(#"regex:."#, "👍", true),
    Row(#"regex:."#, bytes: [0xFF], true),  // check sees U+FFFD
    Row(#"regex:a\x00b"#, "a\0b", true),
    Row(#"regex:\$"#, "$", true),
    Row(#"regex:\$"#, "a$", false),
    Row(#"regex:a\\$"#, "xa\\", true),
    Row(#"regex:[a-z]+"#, String(repeating: "a", count: megabyte), true),
    Row(#"regex:(?:ab|cd)+"#, String(repeating: "ab", count: megabyte / 2), true),
    Row(#"regex:\p{Han}+"#, "日本", true),
    Row(#"regex:[^"]*"#, "no quotes", true),
    Row(#"regex:[^"]*"#, "a\"b", false),
]

/// Values that stress the byte path: invalid and overlong UTF-8, surrogates, truncations, NUL, BOMs, controls.
let nastyValues: [[UInt8]] = [
    [], [0x00], [0xFF], [0xFE, 0xFF], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x61, 0x40, 0x62],
    [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    [0xF5, 0x80, 0x80, 0x80], [0xC2], [0xE2, 0x80], [0xF0, 0x9F, 0x91], [0x80], [0xBF, 0x61],
    [0x61, 0x40, 0x62, 0xC2], [0x31, 0x32, 0xE2], Array("red".utf8) + [0xFF], Array("http://x/".utf8) + [0xFF],
    [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xC2, 0x41], [0xE2, 0x80, 0x41], [0xE2, 0xC2, 0x85], [0x68, 0xC2, 0x2F], [0x0D, 0x0A], [0x0A], [0x1B, 0x5B, 0x41], [0x7F],
    Array("e\u{301}".utf8), Array("👍🏽".utf8), Array("٣".utf8), Array("ab\r\n".utf8),
    Array("a@b".utf8) + [0x00], Array("555-1234".utf8) + [0x0A],
]

/// One rule per built-in and shape, for the cross product with `nastyValues`.
let agreementRules: [String] = [
    "required", "required:allow-whitespace", "length:1..3", "length:2", "email", "int", "int:1..120", "decimal",
    "decimal:0..1", "one-of:red,green", "one-of-ci:red,Été", "one-of:\u{FFFD}", "equals:\u{FFFD}",
    "contains:\u{FFFD}", "prefix:\u{FFFD}", "suffix:\u{FFFD}", "contains:\\n", "url", "no-control-characters",
    #"regex:."#, #"regex:^\d{3}-\d{4}$"#, #"regex:.*\x{FFFD}.*"#, "not:email", "not:regex:.",
]
