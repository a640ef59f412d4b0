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
}
