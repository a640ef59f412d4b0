// SPDX-License-Identifier: GPL-3.0-or-later
import Switchboard
import SwitchboardSchema

// The live rule of a question mapped from a schema's `type: number` or `type: integer`: the answer read as the
// validator will read it (an exact JSON number, so `1e400` is a number), an integer by the schema's draft (`1.0` is
// one from draft 6 on, draft 4 wants it written without a fraction or exponent), within `minimum`/`maximum` and
// their exclusive forms. The library's `int` and `number:` rules judge text by their own (Int and Double) measures
// and refused answers the schema accepts.

struct SchemaNumberRule {
    enum Kind: String {
        case number
        /// From draft 6 on: a whole value, however written (`1.0`, `1e2`).
        case integer
        /// Draft 4: written without a fraction or exponent part.
        case integerLiteral = "integer-literal"
    }

    var kind: Kind
    var minimum: JSONNumber?
    var minimumIsExclusive = false
    var maximum: JSONNumber?
    var maximumIsExclusive = false

    /// The rule of a `number` or `integer` schema (nil for other types): its bounds as the draft writes them
    /// (draft 4: boolean `exclusiveMinimum` beside `minimum`; later: a number of its own).
    init?(_ schema: JSONValue, type: String, draft4: Bool) {
        switch type {
        case "number": kind = .number
        case "integer": kind = draft4 ? .integerLiteral : .integer
        default: return nil
        }
        func bound(_ key: String, _ exclusive: String, keep: (JSONNumber, JSONNumber) -> Bool)
            -> (JSONNumber, Bool)? {
            var found: (JSONNumber, Bool)?
            if case .number(let n)? = schema[key] { found = (n, schema[exclusive] == .bool(true)) }
            if case .number(let n)? = schema[exclusive], found.map({ keep(n, $0.0) }) ?? true { found = (n, true) }
            return found
        }
        // Both given (draft 6+): the stricter wins; at the same value the exclusive one.
        let low = bound("minimum", "exclusiveMinimum") { exclusive, inclusive in !(exclusive < inclusive) }
        let high = bound("maximum", "exclusiveMaximum") { exclusive, inclusive in !(inclusive < exclusive) }
        minimum = low?.0
        minimumIsExclusive = low?.1 ?? false
        maximum = high?.0
        maximumIsExclusive = high?.1 ?? false
    }

    /// The rule's text in the spec the schema maps to (a key for the spec reader's parsed rules, never parsed).
    var text: String {
        "schema-" + kind.rawValue + (minimumIsExclusive ? "(" : "[") + (minimum?.description ?? "") + ".."
            + (maximum?.description ?? "") + (maximumIsExclusive ? ")" : "]")
    }

    /// "be a whole number from 1 to 65535", "be a number greater than 0".
    var requirement: String {
        var phrase = kind == .number ? "be a number" : "be a whole number"
        switch (minimum, maximum) {
        case (nil, nil): break
        case (let low?, nil): phrase += minimumIsExclusive ? " greater than \(low)" : " of at least \(low)"
        case (nil, let high?): phrase += maximumIsExclusive ? " less than \(high)" : " of at most \(high)"
        case (let low?, let high?):
            if !minimumIsExclusive && !maximumIsExclusive {
                phrase += low == high ? " equal to \(low)" : " from \(low) to \(high)"
            } else {
                phrase += (minimumIsExclusive ? " greater than \(low)" : " of at least \(low)")
                    + (maximumIsExclusive ? " and less than \(high)" : " and at most \(high)")
            }
        }
        if kind == .integerLiteral { phrase += ", written without a decimal point or exponent" }
        return phrase
    }

    /// The condition: an empty answer and one that is no number at all are left to the question's own rules
    /// (required, "must be a number"); any other is read as the submitted document will hold it.
    var condition: Condition<String> {
        let rule = self
        return Condition("schema-" + kind.rawValue, requirement: requirement) { text in
            let trimmed = String(text.trimmingSpacesAndTabs)
            if trimmed.isEmpty { return true }
            // As `FormField.typedValue` types it: the JSON literal as written, else the number it reads as.
            guard let literal = isJSONNumber(trimmed) ? trimmed : parseNumber(trimmed).map(jsonNumber),
                  let number = JSONNumber(literal) else { return true }
            return rule.admits(number)
        }
    }

    func admits(_ number: JSONNumber) -> Bool {
        switch kind {
        case .number: break
        case .integer: if !number.isInteger { return false }
        case .integerLiteral: if !number.isIntegerLiteral { return false }
        }
        if let minimum, minimumIsExclusive ? !(minimum < number) : number < minimum { return false }
        if let maximum, maximumIsExclusive ? !(number < maximum) : maximum < number { return false }
        return true
    }
}
