import SwitchboardRules

/// A rule text that did not parse: the offset (0-based, in characters) of the problem within the text, and why.
struct RuleTextError: Error {
    var offset: Int
    var message: String
}

/// Parses a rule in the textual rule syntax (`email`, `length:3..20`, `regex:^\d{3}$`) with SwitchboardRules.
func parseRuleText(_ text: String) -> Result<Predicate<String>, RuleTextError> {
    // Placeholder until SwitchboardRules lands.
    switch text {
    case "email": return .success(Predicate("email", requirement: "be an email address") { $0.contains("@") })
    default: return .failure(RuleTextError(offset: 0, message: "unknown rule \(quoted(text))"))
    }
}
