// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

// Keys and strings as `switchboard form --output yaml` and the span editor (`DocumentEditor`) write them: plain
// only when YAML 1.2 readers (Yams, ruamel) and YAML 1.1 readers (PyYAML) both read the same string back, else
// double-quoted with JSON escapes.

/// `text` as a YAML double-quoted scalar: a JSON string literal (which YAML reads as it is), with the characters
/// YAML may not hold as they are (U+FEFF, U+FFFE, U+FFFF) escaped too.
///
/// ```swift
/// yamlString("a: b")   // "a: b" (with its double quotes)
/// ```
package func yamlString(_ text: String) -> String {
    let quoted = jsonStringLiteral(text)
    guard quoted.unicodeScalars.contains(where: isYAMLUnprintable) else { return quoted }
    var out = ""
    for scalar in quoted.unicodeScalars {
        if isYAMLUnprintable(scalar) {
            out += "\\u" + String(scalar.value, radix: 16)
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// `text` as a JSON string literal: UTF-8 kept; quotes, backslashes, and the characters a terminal or a reader may
/// take for something else (C0, DEL, C1, line separators, bidirectional controls) escaped.
package func jsonStringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if needsDisplayEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

/// The characters `jsonStringLiteral` leaves as they are that YAML's printable set lacks (U+FFFE, U+FFFF), and the
/// byte order mark, which a YAML reader may take for the start of a stream.
private func isYAMLUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0xFEFF || scalar.value == 0xFFFE || scalar.value == 0xFFFF
}

/// A name as a YAML key: as it is when it reads back as the same string in YAML 1.2 and 1.1 (`name`,
/// `first name`, `no-unused-vars`, `été`), else double-quoted (`"@typescript-eslint/no-unused-vars"`,
/// `"*.{js,ts}"`, `"a: b"`, `"#x"`, `"on"`, `"null"`, `"1e3"`, `"12:30"`).
///
/// ```swift
/// yamlKey("port")   // port
/// yamlKey("on")     // "on" (PyYAML would read true)
/// ```
package func yamlKey(_ name: String) -> String {
    isPlainYAMLText(name) ? name : yamlString(name)
}

/// Whether `text` written as a plain (unquoted) scalar in a YAML block is read back as this same string by a
/// YAML 1.2 reader (core schema) and a YAML 1.1 reader (PyYAML's resolver). On the safe side: quoting a string
/// that did not need it changes nothing for a reader.
///
/// Not plain: the empty string; a first character that is an indicator (`-?:,[]{}#&*!|>'"%@` and backquote), a
/// digit, a sign, a dot, `~`, `<` (`<<` is YAML 1.1's merge key), `=` (its value key) or a space; a `:` or `#`
/// anywhere (`: ` and ` #` end a plain scalar); a last space; a tab, a control character, a line or paragraph
/// separator, a bidirectional control, any other white space, U+FEFF, U+FFFE, U+FFFF; and the words YAML 1.1 or
/// 1.2 reads as a boolean or null in any case (`y`, `n`, `yes`, `no`, `on`, `off`, `true`, `false`, `null`).
/// Numbers, dates and times all start with a digit, a sign or a dot (`1e3`, `0x1F`, `0o7`, `1_000`, `12:30`,
/// `2001-12-14`, `.inf`, `-.5`).
package func isPlainYAMLText(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, text.unicodeScalars.last != " " else { return false }
    if #"-?:,[]{}#&*!|>'"%@`+.~<= 0123456789"#.unicodeScalars.contains(first) { return false }
    for scalar in text.unicodeScalars {
        switch scalar {
        case ":", "#": return false
        case " ": continue
        default:
            if needsDisplayEscape(scalar) || isYAMLUnprintable(scalar) || scalar.properties.isWhitespace {
                return false
            }
        }
    }
    return !["y", "n", "yes", "no", "on", "off", "true", "false", "null"].contains(text.lowercased())
}

/// `isPlainYAMLText`, or text that a plain scalar in a block holds as it is for YAML 1.2 and 1.1 readers though it
/// holds a `:` or a `#` or starts with `.` (an image `nginx:1.27`, a path `./app`, a URL): neither `: ` nor ` #` in
/// it, no `:` at its end, not a float's form (`.5`, `.inf`, `.nan`). What an edit puts in place of a plain scalar
/// (the editor reads the edited text back as well, and refuses text that reads otherwise).
///
/// ```swift
/// isPlainYAMLBlockText("nginx:1.27")   // true
/// isPlainYAMLBlockText("a: b")         // false
/// ```
package func isPlainYAMLBlockText(_ text: String) -> Bool {
    if isPlainYAMLText(text) { return true }
    let scalars = Array(text.unicodeScalars)
    guard let first = scalars.first, let last = scalars.last, last != " ", last != ":" else { return false }
    if first == "." {
        guard scalars.count > 1, !("0"..."9").contains(scalars[1]),
              ![".inf", ".nan", "-.inf", "+.inf"].contains(text.lowercased()) else { return false }
    } else if #"-?:,[]{}#&*!|>'"%@`+~<= 0123456789"#.unicodeScalars.contains(first) {
        return false
    }
    for (index, scalar) in scalars.enumerated() {
        if scalar == ":" && index + 1 < scalars.count && scalars[index + 1] == " " { return false }
        if scalar == "#" && index > 0 && scalars[index - 1] == " " { return false }
        if scalar != " " && (needsDisplayEscape(scalar) || isYAMLUnprintable(scalar) || scalar.properties.isWhitespace) {
            return false
        }
    }
    return !["y", "n", "yes", "no", "on", "off", "true", "false", "null"].contains(text.lowercased())
}

/// YAML readers end an implicit key (`key: value`) at 1024 characters: a key written longer than this many bytes is
/// written as an explicit one (`? key` and `: value` on the next line).
package let longestImplicitYAMLKey = 1000

/// A JSON number's text as a YAML plain scalar that YAML 1.1 and 1.2 readers both read as a number: as written,
/// except that one with an exponent gets a `.` and a signed exponent (`1e3` is a string to a YAML 1.1 reader such
/// as PyYAML, `1.0e+3` a number to both).
///
/// ```swift
/// yamlNumber("1e3")    // 1.0e+3
/// yamlNumber("2.5")    // 2.5
/// ```
package func yamlNumber(_ text: String) -> String {
    guard let exponent = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
    var mantissa = String(text[..<exponent])
    var power = String(text[text.index(after: exponent)...])
    if !mantissa.contains(".") { mantissa += ".0" }
    if power.first != "-" && power.first != "+" { power = "+" + power }
    return mantissa + "e" + power
}
