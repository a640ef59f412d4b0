// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import Yams

/// The parts of a field that only list questions have.
extension SpecParser {
    /// A multi-select's `min:` and `max:` (how many of its choices to choose).
    mutating func parseMultiselect(_ map: Node.Mapping, choices: [String]) -> FieldKind {
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
    mutating func parseListDefault(_ node: Node, kind: FieldKind) -> DefaultSpec? {
        guard case .multiselect(let choices, _, _) = kind else { return nil }
        let items: [Node]
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
