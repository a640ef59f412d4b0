// SPDX-License-Identifier: Apache-2.0
// The one place that decides how untrusted text (values, prompts, messages, rule and spec text, file names) is
// shown on a terminal or written to standard output and standard error. `displayQuoted` shows a value in double
// quotes; `displayEscaped` shows text in place (a prompt, a message, a line of an error). Both escape the same
// characters, so nothing that reaches a terminal through them can move the cursor, change the title, write the
// clipboard or reorder what is shown.

/// Whether a terminal would obey `scalar` or it would change how the text around it reads: C0 controls (ESC
/// included), DEL, C1 controls (U+0080–U+009F: U+009B is CSI, U+009D is OSC), the line and paragraph separators
/// U+2028 and U+2029, and the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
/// which can show text in another order than it is stored.
@inline(__always)
package func needsDisplayEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
    if v < 0x61C { return false }
    return v == 0x61C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
}

/// Appends `scalar` as shown: tab, newline and carriage return as `\t` `\n` `\r`, every other character of
/// `needsDisplayEscape` as `\u{9b}`, anything else as it is.
@inline(__always)
private func appendShown(_ scalar: Unicode.Scalar, to out: inout String) {
    switch scalar {
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    case "\r": out += "\\r"
    default:
        if needsDisplayEscape(scalar) {
            out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
}

/// `value` as shown inside a message: in double quotes, with `"` and `\` escaped, tab, newline and carriage
/// return as `\t` `\n` `\r`, and every other control character (C0, DEL and the C1 range U+0080–U+009F, which
/// terminals obey as escape sequences), line separator and bidirectional control as `\u{9b}`. With `limit`,
/// values longer than `limit` characters (Unicode scalars) end in `…`.
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
        default: appendShown(scalar, to: &out)
        }
    }
    return out + "\""
}

/// `text` as shown in place (a prompt, a title, a message, a line of an error), without quotes: the characters
/// `displayQuoted` escapes are escaped the same way, quotes and backslashes are left as they are. With
/// `newlines`, line breaks are kept (text of several lines); with `limit`, text longer than `limit` characters
/// (Unicode scalars) ends in `…`.
///
/// ```swift
/// displayEscaped("Name\u{1B}]0;PWNED\u{7}")   // "Name\\u{1b}]0;PWNED\\u{7}"
/// displayEscaped("C:\\dir \"x\"")             // unchanged
/// ```
package func displayEscaped(_ text: String, limit: Int? = nil, newlines: Bool = false) -> String {
    // Most text has nothing to escape and fits: return it as it is, without copying.
    if text.utf8.count <= limit ?? .max {
        if !text.unicodeScalars.contains(where: { needsDisplayEscape($0) && !(newlines && $0 == "\n") }) { return text }
    }
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if let limit, count == limit { out += "…"; break }
        count += 1
        if newlines && scalar == "\n" {
            out += "\n"
        } else {
            appendShown(scalar, to: &out)
        }
    }
    return out
}

/// `text` cut to at most `limit` characters around `column` (1-based, in user-perceived characters), for echoing
/// a long rule or pattern with a caret under a problem: `…` marks each cut end. Returns the shown text (escaped as
/// by `displayEscaped`) and the part of it before the problem, whose display width is where the caret goes.
///
/// ```swift
/// excerpt(String(repeating: "a", count: 100_000) + "(", around: 100_001, limit: 60).text.count   // 62
/// ```
package func excerpt(_ text: String, around column: Int, limit: Int = 72) -> (text: String, beforeProblem: String) {
    let characters = Array(text)
    let index = min(max(column - 1, 0), characters.count)
    var start = 0
    var end = characters.count
    if characters.count > limit {
        // Keep most of the room before the problem: that is what leads to it.
        start = max(0, min(index - limit * 2 / 3, characters.count - limit))
        end = min(characters.count, start + limit)
    }
    let before = (start > 0 ? "…" : "") + displayEscaped(String(characters[start..<max(start, min(index, end))]))
    let after = displayEscaped(String(characters[max(start, min(index, end))..<end])) + (end < characters.count ? "…" : "")
    return (before + after, before)
}

/// `items` joined with `, ` for a message, at most `limit` of them: a longer list ends in `… (N in all)`, and an
/// item longer than 40 characters is cut with `…`, so a spec or rule with thousands of names or options (or one
/// 64 KB option) still gets a one-line message.
///
/// ```swift
/// listed(["a", "b", "c"], limit: 2)   // "a, b, … (3 in all)"
/// ```
package func listed(_ items: [String], limit: Int = 20) -> String {
    func cut(_ item: String) -> String {
        item.utf8.count <= 40 || item.count <= 40 ? item : String(item.prefix(39)) + "…"
    }
    guard items.count > limit else { return items.map(cut).joined(separator: ", ") }
    return items.prefix(limit).map(cut).joined(separator: ", ") + ", … (\(items.count) in all)"
}
