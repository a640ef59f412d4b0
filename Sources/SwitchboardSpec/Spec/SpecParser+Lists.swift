// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// The parts of a field that only list questions have.
extension SpecParser {
    /// A multi-select's `min:` and `max:` (how many of its choices to choose).
    mutating func parseMultiselect(_ map: SpecMap, choices: [String]) -> FieldKind {
        var bounds: [Int?] = []
        for key in ["min", "max"] {
            guard let node = map[key] else { bounds.append(nil); continue }
            guard let count = node.scalar.flatMap({ Int($0.string) }), count >= 0, count <= choices.count else {
                fail(node, "expected \(key): a whole number from 0 to \(choices.count) (the number of choices), "
                     + "got \(describe(node))")
                bounds.append(nil)
                continue
            }
            bounds.append(count)
        }
        if let minimum = bounds[0], let maximum = bounds[1], minimum > maximum {
            fail(map["min"]!, "min: \(minimum) is more than max: \(maximum)")
        }
        return .multiselect(choices, minimum: bounds[0], maximum: bounds[1])
    }

    /// A multi-select's default: a list of its choices (`default: [api, web]`), or one choice.
    mutating func parseListDefault(_ node: SpecNode, kind: FieldKind) -> DefaultSpec? {
        guard case .multiselect(let choices, _, _) = kind else { return nil }
        let items: [SpecNode]
        if node.scalar != nil {
            items = [node]
        } else {
            guard let list = sequence(node, "a list of choices, e.g. default: [api, web]") else { return nil }
            items = list
        }
        var values: [String] = []
        for item in items {
            guard let value = string(item, "a choice") else { continue }
            if !choices.isEmpty && !choices.contains(value) {
                fail(item, "the default \(displayQuoted(value, limit: 60)) is not one of the choices")
                continue
            }
            values.append(value)
        }
        return .literal(values.joined(separator: "\n"))
    }
}

extension SpecParser {
    /// A literal default the field could never accept is refused: a select's that is not one of its choices, a
    /// yes/no or confirm field's that is neither yes nor no (in English or in the form's `words:`). An empty
    /// default is no default.
    mutating func checkDefault(_ value: String, of kind: FieldKind, at node: SpecNode) {
        guard !value.isEmpty else { return }
        switch kind {
        case .choice(let choices):
            if !choices.isEmpty && !choices.contains(value) {
                fail(node, "the default \(displayQuoted(value, limit: 60)) is not one of the choices "
                     + "(\(listed(choices)))")
            }
        case .yesNo, .confirm:
            if parseYesNo(value) == nil && words.yesNo(value) == nil {
                fail(node, "the default \(displayQuoted(value, limit: 60)) is not yes or no; expected yes, no, y, "
                     + "n, true or false" + (words.yes == "yes" ? "" : " (or \(words.yes) or \(words.no))"))
            }
        default:
            break
        }
    }
}
