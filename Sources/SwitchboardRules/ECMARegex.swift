// SPDX-License-Identifier: Apache-2.0
/// JSON Schema's `pattern` is an ECMA-262 regular expression; PCRE2 reads nearly the same syntax. What differs
/// is translated here before PCRE2 compiles it:
///
/// - `\s` and `\S` are Unicode in ECMA-262 (no-break space, U+2028, U+FEFF...): `\s` becomes the ECMA set;
///   `\S` outside a class becomes its complement (inside a class `\S` keeps PCRE2's ASCII meaning).
/// - `.` matches anything but the ECMA line terminators `\n`, `\r`, U+2028 and U+2029.
/// - `\uXXXX` (surrogate pairs joined) and `\u{X...}` become PCRE2's `\x{...}`.
/// - A `[` inside a class is a plain `[` (ECMA has no POSIX classes): `[[:digit:]]` is the class of `[`, `:`, `d`,
///   `i`, `g`, `t` followed by `]`, and `[[.a.]]` is not a collating element.
/// - A back-reference to a group that did not take part matches the empty string (PCRE2_MATCH_UNSET_BACKREF).
/// - `\d`, `\w` and `\b` are ASCII in both; `$` is the end of the value only (PCRE2_DOLLAR_ENDONLY); `[]`
///   matches nothing and `[^]` any character (PCRE2_ALLOW_EMPTY_CLASS); the pattern is searched for anywhere in the
///   value (not anchored), as ECMA's `RegExp.test` does.
/// - Not translated (PCRE2's meaning applies): variable-length lookbehind (refused by PCRE2 as a load error),
///   `\p{...}` names that only ECMA knows, and the identity escapes of letters (`\a` is a bell in PCRE2).
enum ECMARegex {
    private static let space = #"\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#

    static func translate(_ pattern: String) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var out = ""
        var i = 0
        var inClass = false
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= scalars.count else { return nil }
            var value: UInt32 = 0
            for k in at..<at + 4 {
                guard scalars[k].isASCII, let d = UInt32(String(scalars[k]), radix: 16) else { return nil }
                value = value << 4 | d
            }
            return value
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\", i + 1 < scalars.count {
                let e = scalars[i + 1]
                switch e {
                case "s":
                    out += inClass ? space : "[" + space + "]"
                    i += 2
                case "S" where !inClass:
                    out += "[^" + space + "]"
                    i += 2
                case "u":
                    if i + 2 < scalars.count, scalars[i + 2] == "{", let close = scalars[(i + 3)...].firstIndex(of: "}") {
                        out += #"\x{"# + String(String.UnicodeScalarView(scalars[(i + 3)..<close])) + "}"
                        i = close + 1
                    } else if var code = hex4(i + 2) {
                        i += 6
                        if (0xD800...0xDBFF).contains(code), i + 1 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "u",
                           let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        }
                        out += #"\x{"# + String(code, radix: 16) + "}"
                    } else {
                        out += "u"
                        i += 2
                    }
                case "/":
                    out += "/"
                    i += 2
                default:
                    out.unicodeScalars.append(c)
                    out.unicodeScalars.append(e)
                    i += 2
                }
                continue
            }
            if inClass {
                if c == "]" { inClass = false }   // ECMA: `]` always ends a class (`[]` is an empty one)
                // ECMA: `[` in a class is itself; PCRE2 would read `[:digit:]`, `[.a.]`, `[=a=]` as POSIX forms.
                out += c == "[" ? #"\["# : String(c)
            } else if c == "[" {
                inClass = true
                out += "["
            } else if c == "." {
                out += #"[^\n\r\x{2028}\x{2029}]"#
            } else {
                out.unicodeScalars.append(c)
            }
            i += 1
        }
        return out
    }
}
