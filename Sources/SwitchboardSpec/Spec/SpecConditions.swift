// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// A field's `when:` in a spec: when the field is asked. Every form reads earlier fields only.
///
/// ```yaml
/// when: {field: status, rule: "equals:employed"}     # that field's answer passes the rule
/// when: {status: employed}                           # shorthand: the answer is this value
/// when: {status: [employed, freelance]}              # shorthand: the answer is one of these
/// when: newsletter                                   # shorthand: a yes/no field answered yes (else: answered)
/// when: [{status: employed}, {field: age, rule: "int:18.."}]   # all of them
/// when: {any: [{status: student}, {field: age, rule: "int:..25"}]}   # one of them
/// ```
public indirect enum WhenSpec: Sendable {
    /// `{field: NAME, rule: RULE}`: the answer passes the rule.
    case rule(field: String, SpecRule, at: SpecLocation)
    /// `{NAME: VALUE}` or `{NAME: [VALUES]}`: the answer is one of the values (yes/no fields compare as
    /// yes/no, so `{newsletter: true}` holds for an answer `y`).
    case equals(field: String, [String], at: SpecLocation)
    /// `NAME`: a yes/no field answered yes; any other field answered (not blank).
    case yes(field: String, at: SpecLocation)
    /// A list, or `{all: [...]}`: every one holds.
    case all([WhenSpec])
    /// `{any: [...]}`: one of them holds.
    case any([WhenSpec])

    /// Every field the condition reads, with where it is named.
    ///
    /// ```swift
    /// spec["discount"]?.when?.references.map(\.field)   // ["status", "age"]
    /// ```
    public var references: [(field: String, location: SpecLocation)] {
        switch self {
        case .rule(let field, _, let at), .equals(let field, _, let at), .yes(let field, let at): [(field, at)]
        case .all(let list), .any(let list): list.flatMap(\.references)
        }
    }

    /// The condition over `form`'s fields (a field the form does not have reads as never holding).
    @MainActor func condition(in form: Form) -> ShowCondition {
        condition { form[$0] }
    }

    /// The condition over the fields `field(name)` finds (one it does not find reads as never holding): an
    /// item's condition reads the fields of the same item.
    @MainActor func condition(_ field: (String) -> FormField?) -> ShowCondition {
        switch self {
        case .rule(let name, let rule, _):
            guard let found = field(name) else { return .any([]) }
            return .field(found, rule.condition)
        case .equals(let name, let values, _):
            guard let found = field(name) else { return .any([]) }
            return .field(found, isOneOf: values)
        case .yes(let name, _):
            guard let found = field(name) else { return .any([]) }
            return .answeredYes(found)
        case .all(let list):
            return .all(list.map { $0.condition(field) })
        case .any(let list):
            return .any(list.map { $0.condition(field) })
        }
    }
}

extension WhenSpec {
    /// Whether this condition holding means `other` holds too (a sufficient test, not a complete one): the
    /// same condition, a list holding it, or a condition that reads the answer of `shown` (the field `other`
    /// decides), which a field that is not asked never has.
    func implies(_ other: WhenSpec, shown: String) -> Bool {
        if isSame(as: other) { return true }
        switch other {
        case .all(let list) where list.allSatisfy({ implies($0, shown: shown) }): return true
        case .any(let list) where list.contains(where: { implies($0, shown: shown) }): return true
        default: break
        }
        switch self {
        case .all(let list): return list.contains { $0.implies(other, shown: shown) }
        case .any(let list): return !list.isEmpty && list.allSatisfy { $0.implies(other, shown: shown) }
        // A field not asked reads as unanswered: "answered yes" and "is one of these values" never hold for it.
        case .yes(let field, _): return field == shown
        case .equals(let field, let values, _): return field == shown && !values.contains("")
        case .rule: return false
        }
    }

    /// The same condition, written the same way (rules compared by their text).
    func isSame(as other: WhenSpec) -> Bool {
        switch (self, other) {
        case (.rule(let a, let ruleA, _), .rule(let b, let ruleB, _)): a == b && ruleA.text == ruleB.text
        case (.equals(let a, let valuesA, _), .equals(let b, let valuesB, _)): a == b && Set(valuesA) == Set(valuesB)
        case (.yes(let a, _), .yes(let b, _)): a == b
        case (.all(let a), .all(let b)), (.any(let a), .any(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.isSame(as: $1) }
        default: false
        }
    }
}

extension SpecParser {
    static let whenExample = "{field: status, rule: \"equals:employed\"}, {status: employed}, a yes/no field's name, "
        + "a list of these (all must hold) or {any: [...]}"

    /// `when:` in any of its forms (see `WhenSpec`).
    mutating func parseWhen(_ node: SpecNode) -> WhenSpec? {
        if let scalar = node.scalar {
            // `when:`, `when: ~`, `when: null` (YAML's null) and `when: ""`: no condition was written (a field
            // named "null" is written in quotes).
            if scalar.string.isEmpty || (scalar.isPlain && node.isResolvedNull) {
                fail(node, "when: is empty; expected a condition, e.g. \(Self.whenExample) (or no when: at all)")
                return nil
            }
            guard let name = string(node, "a field name") else { return nil }
            return .yes(field: name, at: location(node))
        }
        if let list = node.sequence {
            if list.isEmpty { fail(node, "expected at least one condition in the list") }
            let parsed = list.compactMap { parseWhen($0) }
            return parsed.count == list.count ? .all(parsed) : nil
        }
        guard let map = mapping(node, "a condition, e.g. \(Self.whenExample)") else { return nil }
        let keys = map.keys.compactMap { $0.scalar?.string }
        if keys.contains("any") || keys.contains("all") {
            let key = keys.contains("any") ? "any" : "all"
            checkKeys(map, allowed: [key], in: "when:")
            guard let listNode = map[key], let list = sequence(listNode, "a list of conditions") else { return nil }
            if list.isEmpty { fail(listNode, "expected at least one condition in \(key):") }
            let parsed = list.compactMap { parseWhen($0) }
            guard parsed.count == list.count else { return nil }
            return key == "any" ? .any(parsed) : .all(parsed)
        }
        if keys.contains("field") || keys.contains("rule") {
            checkKeys(map, allowed: ["field", "rule"], in: "when:")
            guard let fieldNode = map["field"] else {
                fail(node, "missing field:; expected {field: status, rule: \"equals:employed\"}")
                return nil
            }
            guard let name = string(fieldNode, "a field name") else { return nil }
            guard let ruleNode = map["rule"] else { return .yes(field: name, at: location(fieldNode)) }
            guard let rule = parseRule(ruleNode) else { return nil }
            return .rule(field: name, rule, at: location(fieldNode))
        }
        guard map.count == 1, let (key, value) = map.first else {
            fail(node, "expected one field and its value, e.g. {status: employed}; for several conditions write a "
                 + "list (all must hold) or {any: [...]}")
            return nil
        }
        guard let name = string(key, "a field name") else { return nil }
        var values: [String] = []
        if let list = value.sequence {
            for item in list { if let text = string(item, "a value") { values.append(text) } }
            if list.isEmpty { fail(value, "expected at least one value") }
        } else if let text = string(value, "a value or a list of values") {
            values = [text]
        }
        return values.isEmpty ? nil : .equals(field: name, values, at: location(key))
    }

    /// Conditions read earlier fields only, by name; values compared with a yes/no or choice field must be ones
    /// it can hold; no field may depend on itself through conditions and derived defaults.
    mutating func checkConditions(_ fields: [FieldSpec]) {
        var position: [String: Int] = [:]
        position.reserveCapacity(fields.count)
        for index in fields.indices { position[fields[index].name] = index }
        // Whether every condition reads a field asked before its own (then only a derived default can close a
        // cycle of dependencies).
        var readsOnlyEarlier = true
        // By index, not by element: a spec of thousands of fields, most without a condition, copied each one.
        for index in fields.indices {
            guard let when = fields[index].when else { continue }
            let field = fields[index]
            for (name, at) in when.references {
                if (position[name] ?? index) >= index { readsOnlyEarlier = false }
                if name == field.name {
                    problems.append(SpecProblem(at, "when: refers to the field itself; a condition reads the answers "
                                                + "of fields asked before this one"))
                } else if let other = position[name] {
                    if other > index {
                        problems.append(SpecProblem(at, "when: \(displayQuoted(name, limit: 60)) comes later (line "
                            + "\(fields[other].location.line)); a condition reads the answers of fields asked before "
                            + "this one: move \(displayQuoted(name, limit: 60)) above \(displayQuoted(field.name, limit: 60))"))
                    }
                } else {
                    let earlier = fields[..<index].map(\.name)
                    problems.append(SpecProblem(at, "when: no field named \(displayQuoted(name, limit: 60)); expected "
                        + (earlier.isEmpty ? "a field defined above this one" : "one of \(listed(earlier))")))
                }
            }
            checkValues(when, fields: fields, position: position)
        }
        if !readsOnlyEarlier || fields.contains(where: { $0.defaultValue?.isDerived == true }) {
            checkDependencyCycles(fields)
        }
        if fields.contains(where: { $0.sameAs != nil }) { checkSameAsConditions(fields, position: position) }
    }

    /// A field that must equal another (`same-as:`) is asked only when that one is: else, while the other is
    /// not asked, it could never match, and the form could never be submitted. Its `when:` must be the other's,
    /// a stricter one (a list holding it), or one that reads the other field's answer.
    private mutating func checkSameAsConditions(_ fields: [FieldSpec], position: [String: Int]) {
        for field in fields {
            guard let binding = field.sameAs, let index = position[binding.field],
                  let targetWhen = fields[index].when else { continue }
            if let when = field.when, when.implies(targetWhen, shown: binding.field) { continue }
            let target = displayQuoted(binding.field, limit: 60), name = displayQuoted(field.name, limit: 60)
            let whenLine = targetWhen.references.first?.location.line ?? fields[index].location.line
            let asked = field.when == nil ? "\(name) is always asked"
                : "the when: of \(name) can hold while that of \(target) does not"
            problems.append(SpecProblem(binding.location, "same-as: \(target) is asked only when its condition "
                + "holds (when: at line \(whenLine)), but \(asked): while \(target) is not asked, \(name) could never "
                + "match it and the form could never be submitted; give \(name) the same when: as \(target)"))
        }
    }

    /// `{newsletter: maybe}` on a yes/no field, `{status: retired}` on a choice without that choice: never true.
    private mutating func checkValues(_ when: WhenSpec, fields: [FieldSpec], position: [String: Int]) {
        switch when {
        case .all(let list), .any(let list):
            for item in list { checkValues(item, fields: fields, position: position) }
        case .rule, .yes:
            break
        case .equals(let name, let values, let at):
            guard let index = position[name] else { return }
            let target = fields[index]
            switch target.kind {
            case .yesNo, .confirm:
                for value in values where parseYesNo(value) == nil {
                    problems.append(SpecProblem(at, "when: \(displayQuoted(name, limit: 60)) is a yes/no field; "
                        + "expected yes or no, got \(displayQuoted(value, limit: 60))"))
                }
            case .choice(let choices) where !choices.isEmpty, .multiselect(let choices, _, _) where !choices.isEmpty:
                for value in values where !choices.contains(value) {
                    problems.append(SpecProblem(at, "when: \(displayQuoted(value, limit: 60)) is not one of the "
                        + "choices of \(displayQuoted(name, limit: 60)) (\(listed(choices))), so the condition could "
                        + "never hold"))
                }
            default:
                break
            }
        }
    }

    /// A field whose condition reads a field whose default derives from it (directly or through others) would
    /// decide its own visibility: the dependencies (conditions and derived defaults) must not form a cycle.
    private mutating func checkDependencyCycles(_ fields: [FieldSpec]) {
        var reads: [String: [(field: String, isCondition: Bool)]] = [:]
        for field in fields {
            var edges: [(field: String, isCondition: Bool)] = []
            for (name, _) in field.when?.references ?? [] where name != field.name { edges.append((name, true)) }
            if case .derived(let from, _, _) = field.defaultValue, from != field.name { edges.append((from, false)) }
            reads[field.name] = edges
        }
        // Only cycles that pass through a condition are reported here (derived defaults alone are reported by
        // checkBindings).
        var reported = Set<String>()
        for field in fields where field.when != nil && !reported.contains(field.name) {
            // Depth-first from the field, looking for a way back to it.
            var stack: [(String, [String])] = [(field.name, [field.name])]
            var seen = Set<String>()
            var found: [String]?
            while let (current, path) = stack.popLast(), found == nil {
                for (next, _) in reads[current] ?? [] {
                    if next == field.name { found = path + [next]; break }
                    if seen.insert(next).inserted { stack.append((next, path + [next])) }
                }
            }
            guard let cycle = found, cycle.count > 1 else { continue }
            let usesCondition = zip(cycle, cycle.dropFirst()).contains { from, to in
                (reads[from] ?? []).contains { $0.field == to && $0.isCondition }
            }
            guard usesCondition else { continue }
            reported.formUnion(cycle)
            let at = field.when?.references.first?.location ?? field.location
            problems.append(SpecProblem(at, "conditions in a cycle: " + cycle.joined(separator: " -> ")
                + " (a condition reads a field whose default comes from this one); remove the condition or the "
                + "default from:"))
        }
    }
}
