// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

extension FormField {
    /// A multi-select's checks, on its text (the chosen values, one per line) like any other rule: every line
    /// is one of the values, none twice, and the count is within `minimum`...`maximum` (an optional one may also be
    /// left empty).
    func addMultiselectRules(_ values: [String], minimum: Int?, maximum: Int?) {
        let allowed = Set(values)
        let list = listed(values)
        input.addRule(Condition<String>("choices", requirement: "hold only values from \(list)") { text in
            let chosen = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.isEmpty { return .valid }
            var seen: Set<Substring> = []
            for value in chosen {
                if !allowed.contains(String(value)) {
                    return .invalid("choices", "\(displayQuoted(String(value), limit: 40)) is not one of \(list)")
                }
                if !seen.insert(value).inserted {
                    return .invalid("choices", "\(displayQuoted(String(value), limit: 40)) is chosen twice")
                }
            }
            return .valid
        })
        if let minimum, minimum > 0 {
            // An optional multi-select may be left empty (nothing chosen: the answer is left out); once something is
            // chosen, at least `minimum` (a schema's optional array with `minItems`).
            let optional = !isRequired
            input.addRule(Condition<String>("min", requirement: "have at least \(minimum) chosen") { text in
                if optional && text.isEmpty { return .valid }
                let count = text.isEmpty ? 0 : text.split(separator: "\n").count
                return count >= minimum ? .valid : .invalid("min", "choose at least \(minimum) (\(count) chosen)")
            })
        }
        if let maximum {
            input.addRule(Condition<String>("max", requirement: "have at most \(maximum) chosen") { text in
                let count = text.isEmpty ? 0 : text.split(separator: "\n").count
                return count <= maximum ? .valid : .invalid("max", "choose at most \(maximum) (\(count) chosen)")
            })
        }
    }
}
