// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// The TAP version line every TAP stream starts with. Version 13, not 14: Perl's Test::Harness (`prove`, the
/// consumer most CI systems have; 3.44 on Debian 12) fails a stream that declares 14, and nothing written here
/// needs 14 (no subtests).
package let tapVersionLine = "TAP version 13\n"

/// `text` made safe as the description (or a skip reason) of a TAP line: control characters escaped as
/// `displayEscaped` escapes them (one result stays one line, and the terminal obeys none of it), and `#` written
/// `\x23`, since every consumer reads a `#` as the start of a directive (tappy reads even an escaped `\#` so, and
/// a failing value ending in `# TODO` would count as passed there).
///
/// ```swift
/// tapDescription("a#b\nc")   // "a\\x23b\\nc"
/// ```
package func tapDescription(_ text: String) -> String {
    let escaped = displayEscaped(text)
    return escaped.utf8.contains(0x23) ? escaped.replacing("#", with: "\\x23") : escaped
}
