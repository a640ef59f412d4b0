/// `value` as shown inside a message: in double quotes, with `"` and `\` escaped, tab, newline and carriage
/// return as `\t` `\n` `\r`, and every other control character (C0, DEL and the C1 range U+0080–U+009F, which
/// terminals obey as escape sequences) as `\u{9b}`. With `limit`, values longer than `limit` characters end in `…`.
///
/// ```swift
/// displayQuoted("a\u{9B}31mb")   // "\"a\\u{9b}31mb\""
/// ```
package func displayQuoted(_ value: String, limit: Int? = nil) -> String {
    var out = "\""
    var count = 0
    for scalar in value.unicodeScalars {
        if let limit, count == limit { out += "…"; break }
        count += 1
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
