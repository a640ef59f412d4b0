// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// A property's keywords as the spec's choices and rules.

extension SchemaMapper {
    /// `enum`, `const`, or `oneOf`/`anyOf` of `const`s, as choice texts; nil when the schema is not a list.
    func constants(_ schema: JSONValue) -> [String]? {
        var values: [JSONValue] = []
        if case .array(let list)? = schema["enum"] {
            values = list
        } else if let constant = schema["const"] {
            values = [constant]
        } else if case .array(let variants)? = schema["oneOf"] ?? schema["anyOf"] {
            for variant in variants {
                guard let constant = resolved(variant)["const"] else { return nil }
                values.append(constant)
            }
        }
        let texts = values.compactMap { scalarText($0, boolean: false) }
        return texts.isEmpty || texts.count != values.count ? nil : Array(uniqued(texts))
    }

    func scalarText(_ value: JSONValue, boolean: Bool) -> String? {
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .number(let number): return number.description
        case .bool(let flag): return boolean ? (flag ? "yes" : "no") : (flag ? "true" : "false")
        default: return nil
        }
    }

    /// The question's live number rule (`SchemaNumberRule`), kept for the spec reader by its text.
    mutating func numberRules(_ schema: JSONValue, integer: Bool) -> [JSONValue] {
        guard let rule = SchemaNumberRule(schema, type: integer ? "integer" : "number", draft4: isDraft4) else { return [] }
        let text = rule.text
        if numberConditions[text] == nil { numberConditions[text] = rule.condition }
        return [.string(text)]
    }

    /// `length:MIN..MAX`, `pattern:PATTERN` (ECMA-262, found anywhere, as the validator reads it) and the format's
    /// rule (when there is one of that name).
    func stringRules(_ schema: JSONValue) -> [JSONValue] {
        var rules: [JSONValue] = []
        var low: Int?, high: Int?
        if case .number(let n)? = schema["minLength"] { low = n.intValue }
        if case .number(let n)? = schema["maxLength"] { high = n.intValue }
        if low != nil || high != nil { rules.append(.string("length:\(low.map(String.init) ?? "")..\(high.map(String.init) ?? "")")) }
        // JSON Schema's meaning (ECMA-262, found anywhere), as the validator checks it. Not compiled here to be
        // tried: the validator compiles the same pattern, and its error is reported before the form's.
        if case .string(let pattern)? = schema["pattern"] { rules.append(.string("pattern:" + pattern)) }
        if case .string(let format)? = schema["format"], (try? Rule.parse(format)) != nil {
            rules.append(.string(format))
        }
        return rules
    }
}
