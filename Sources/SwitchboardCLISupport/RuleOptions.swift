// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// Parses the texts of `--rule` options; a text that does not parse is a usage error (exit 2) showing the text
/// with a caret under the problem:
///
/// ```
/// switchboard: --rule "lenght:3..20": at column 1: unknown rule "lenght" ...
///   lenght:3..20
///   ^
/// ```
/// Control characters in the text are shown as escapes; a long text is quoted up to 60 characters and echoed
/// as a window of at most 72 characters around the problem, so a 100 KB pattern costs two short lines.
func parseRules(_ texts: [String]) throws(CommandFailure) -> [Rule] {
    var rules: [Rule] = []
    var lines: [String] = []
    for text in texts {
        do {
            rules.append(try Rule.parse(text))
        } catch {
            lines.append("switchboard: --rule \(displayQuoted(text, limit: 60)): at column \(error.column): "
                         + displayEscaped(error.message))
            let shown = excerpt(text, around: error.column)
            lines.append("  " + shown.text)
            lines.append("  " + String(repeating: " ", count: DisplayWidth.columns(of: shown.beforeProblem)) + "^")
        }
    }
    if !lines.isEmpty { throw CommandFailure(lines: lines, status: ExitStatus.usage, plain: true) }
    return rules
}

/// The first failing rule's verdict for `value`, or `.valid`.
func verdict(of rules: [Rule], for value: String) -> Verdict {
    for rule in rules {
        let verdict = rule.check(value)
        if !verdict.isValid { return verdict }
    }
    return .valid
}
