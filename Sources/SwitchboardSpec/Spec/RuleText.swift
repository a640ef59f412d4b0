// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// A rule text that did not parse: the offset (0-based, in characters) of the problem within the text, and why.
struct RuleTextError: Error {
    var offset: Int
    var message: String
}

/// Parses a rule in the textual rule syntax (`email`, `length:3..20`, `regex:^\d{3}$`) with SwitchboardRules.
func parseRuleText(_ text: String) -> Result<Rule, RuleTextError> {
    do {
        return .success(try Rule.parse(text))
    } catch {
        return .failure(RuleTextError(offset: error.offset, message: error.message))
    }
}
