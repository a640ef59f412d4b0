import SwitchboardRules

/// The TAP version line every TAP stream starts with. Version 13, not 14: Perl's Test::Harness (`prove`, the
/// consumer most CI systems have; 3.44 on Debian 12) fails a stream that declares 14, and nothing written here
/// needs 14 (no subtests).
package let tapVersionLine = "TAP version 13\n"

/// `text` made safe as the description (or a skip reason) of a TAP line: `#` is written `\x23`, since every
/// consumer reads a `#` as the start of a directive (tappy even reads an escaped `\#` so, and a failure whose value
/// held `# TODO` would count as passed there); line breaks and other control characters are escaped by
/// `displayQuoted`'s rules, so one result stays one line and the terminal obeys none of it. Quotes and
/// backslashes are left alone: the text is a sentence that already quotes its values.
///
/// ```swift
/// tapDescription("a#b\nc")   // "a\\x23b\\nc"
/// ```
package func tapDescription(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsTAPEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if scalar == "#" {
            out += "\\x23"
        } else if needsTAPEscape(scalar) {
            out += displayQuoted(String(scalar)).dropFirst().dropLast()   // the escape alone, without quotes
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func needsTAPEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "#" || scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
}
