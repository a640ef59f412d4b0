// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

// The keywords that judge the instance itself (type, enum, bounds, lengths, pattern, format, counts, required):
// one switch, apart from the applicators in SchemaEvaluation.swift.

extension SchemaEvaluation {
    /// The keywords that apply no subschema: out of `evaluate`, so that the frames of deep recursion stay small.
    @inline(never)
    mutating func evaluateLeaf(_ check: SchemaCheck, _ value: JSONValue) -> Bool {
        switch check {
        case .never:
            return fail("false", "is not allowed here (the schema is false)")
        case .type(let types):
            if types.admits(value) { return true }
            if types.contains(.integerLiteral), case .number(let n) = value, n.isInteger {
                // Draft 4: `1.0` is a whole number, but not an integer as draft 4 counts one.
                return fail("type", "must be \(types.phrase) written without a fraction or exponent part (draft 4), "
                                + "not \(n.text)")
            }
            return fail("type", "must be \(types.phrase), not \(Self.describe(value))")
        case .enumeration(let check):
            return check.contains(value) || fail("enum", check.message)
        case .constant(let check):
            return value == check.value || fail(check.keyword, check.message)
        case .minimum(let check):
            guard case .number(let n) = value else { return true }
            let bound = check.number, exclusive = check.exclusive
            let c = JSONNumber.compare(n, bound)
            if exclusive { return c > 0 || fail("exclusiveMinimum", "must be greater than \(bound)") }
            return c >= 0 || fail("minimum", "must be at least \(bound)")
        case .maximum(let check):
            guard case .number(let n) = value else { return true }
            let bound = check.number, exclusive = check.exclusive
            let c = JSONNumber.compare(n, bound)
            if exclusive { return c < 0 || fail("exclusiveMaximum", "must be less than \(bound)") }
            return c <= 0 || fail("maximum", "must be at most \(bound)")
        case .multipleOf(let check):
            guard case .number(let n) = value else { return true }
            let divisor = check.number
            return n.isMultiple(of: divisor) || fail("multipleOf", "must be a multiple of \(divisor)")
        case .minLength(let minimum):
            guard case .string(let s) = value else { return true }
            if s.utf8.count >= minimum * 4 { return true }
            return s.unicodeScalars.count >= minimum
                || fail("minLength", "must be at least \(minimum) character\(minimum == 1 ? "" : "s") long")
        case .maxLength(let maximum):
            guard case .string(let s) = value else { return true }
            if s.utf8.count <= maximum { return true }
            return s.unicodeScalars.count <= maximum
                || fail("maxLength", "must be at most \(maximum) character\(maximum == 1 ? "" : "s") long")
        case .pattern(let regex):
            guard case .string(let s) = value else { return true }
            do {
                return try regex.evaluate(s) || fail("pattern", "must match the pattern \(displayQuoted(regex.pattern, limit: 80))")
            } catch {
                return fail("pattern", "could not be checked against the pattern \(displayQuoted(regex.pattern, limit: 80)): "
                                + error.description, undecided: true)
            }
        case .format(let check):
            guard case .string(let s) = value else { return true }
            let rule = check.rule, name = check.name
            if rule.accepts(s) { return true }
            let verdict = rule.check(s)
            guard let failure = verdict.failure else { return fail("format", "must be a valid \(name)") }
            return fail("format", failure.message, undecided: failure.isUndecided)
        case .minItems(let minimum):
            guard case .array(let items) = value else { return true }
            return items.count >= minimum || fail("minItems", "must have at least \(minimum) item\(minimum == 1 ? "" : "s")")
        case .maxItems(let maximum):
            guard case .array(let items) = value else { return true }
            return items.count <= maximum || fail("maxItems", "must have at most \(maximum) item\(maximum == 1 ? "" : "s")")
        case .uniqueItems:
            guard case .array(let items) = value else { return true }
            if items.count <= 16 {   // pairwise: no table to allocate for the short arrays most documents have
                for i in items.indices.dropFirst() {
                    for j in 0..<i where items[j] == items[i] {
                        return fail("uniqueItems", "must not repeat items (items \(j) and \(i) are equal)")
                    }
                }
                return true
            }
            var seen: [JSONValue: Int] = [:]
            for (i, item) in items.enumerated() {
                if let first = seen.updateValue(i, forKey: item) {
                    return fail("uniqueItems", "must not repeat items (items \(first) and \(i) are equal)")
                }
            }
            return true
        case .minProperties(let minimum):
            guard case .object(let object) = value else { return true }
            return object.keyCount >= minimum
                || fail("minProperties", "must have at least \(minimum) propert\(minimum == 1 ? "y" : "ies")")
        case .maxProperties(let maximum):
            guard case .object(let object) = value else { return true }
            return object.keyCount <= maximum
                || fail("maxProperties", "must have at most \(maximum) propert\(maximum == 1 ? "y" : "ies")")
        case .required(let names):
            guard case .object(let object) = value else { return true }
            var ok = true
            for name in names where object.value(for: name.name, bit: name.bit) == nil {
                ok = false
                if !collecting { return false }
                _ = fail("required", "must have the property \(displayQuoted(name.name, limit: 60))")
            }
            return ok
        case .dependentRequired(let check):
            guard case .object(let object) = value else { return true }
            var ok = true
            for (key, names) in check.pairs where object.value(for: key.name, bit: key.bit) != nil {
                for name in names where object.value(for: name.name, bit: name.bit) == nil {
                    ok = false
                    if !collecting { return false }
                    _ = fail(check.keyword, "must have the property \(displayQuoted(name.name, limit: 60)) when it "
                                + "has " + displayQuoted(key.name, limit: 60))
                }
            }
            return ok
        default:
            return true
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): n.isInteger ? "an integer" : "a number"
        case .string: "a string"
        case .null: "null"
        case .bool: "a boolean"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
