// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// A required property the form cannot ask would trap the user: the whole document is checked on submit, the
// validator says the property is missing, and no question can give it. An object holding one is not asked either
// (its own property is then one the form cannot ask: an optional one is left out, a required one is noted in its
// turn); a schema whose root holds one is refused when it is read, naming each property and why it cannot be
// asked. A required `readOnly` property with a `const` or `default` is not asked: the document is given that value.

extension SchemaMapper {
    /// After the property `name` gave no question: a required one is noted (`reason`, else why `field` gave
    /// none), unless what it holds was noted already; an optional one is left out, and the notes about what it
    /// holds (made since `since`) are dropped.
    mutating func settleUnasked(_ name: String, _ schema: JSONValue, required: Bool, since: Int, prefix: String,
                                depth: Int, because reason: String? = nil) {
        guard required else {
            unaskable.removeSubrange(since...)
            return
        }
        guard unaskable.count == since else { return }
        if let reason { noteUnaskable(name, prefix: prefix, because: reason) }
        else { noteUnaskable(name, schema, prefix: prefix, depth: depth) }
    }

    /// Notes that the required property `name` (at `prefix` in the object being mapped) cannot be asked, unless
    /// it is read-only with a value to fill it with.
    mutating func noteUnaskable(_ name: String, _ schema: JSONValue, prefix: String, depth: Int) {
        if readOnlyValue(schema) != nil { return }
        noteUnaskable(name, prefix: prefix, because: unaskableReason(name, schema, depth: depth))
    }

    /// Notes that the required property `name` cannot be asked, for `reason`.
    mutating func noteUnaskable(_ name: String, prefix: String, because reason: String) {
        let path = listContext + prefix + name
        let message = "the required property \(displayQuoted(path, limit: 80)) cannot be asked: \(reason); "
            + "the form could never be submitted, so the schema is refused (make the property optional, or give it "
            + "properties a form can ask)"
        unaskable.append(message)
    }

    /// Why `field` gives no question for the property `name`.
    private func unaskableReason(_ name: String, _ schema: JSONValue, depth: Int) -> String {
        if name.isEmpty || !name.unicodeScalars.allSatisfy(isNameScalar) {
            return "its name holds a character a question's name cannot (letters, digits, - and _; "
                + "a dot separates the parts of a path)"
        }
        if schema["readOnly"] == .bool(true) { return "it is readOnly, with no const or default to fill it with" }
        if depth >= 15 { return "it is nested deeper than 16 objects" }
        switch type(schema) {
        case "object":
            if schema["additionalProperties"] != nil || schema["patternProperties"] != nil {
                return "it is an object whose entries' names are not listed (additionalProperties or "
                    + "patternProperties) and whose values have nothing a form can ask"
            }
            return "it is an object with no properties to ask"
        case "array":
            return "it is a list whose items have nothing a form can ask"
        default:
            return "it has nothing a form can ask"
        }
    }

    /// The value a required read-only property is given: its `const`, else its `default`.
    func readOnlyValue(_ schema: JSONValue) -> JSONValue? {
        guard schema["readOnly"] == .bool(true) else { return nil }
        return schema["const"] ?? schema["default"]
    }

    /// Notes each name `required` lists that no entry asks (a required property defined nowhere a form looks).
    mutating func noteUnasked(_ required: Set<String>, entries: [JSONValue], properties: JSONObject, prefix: String) {
        guard !required.isEmpty else { return }
        var asked: Set<String> = []
        for entry in entries { if case .string(let name)? = entry["name"] { asked.insert(name) } }
        for name in required.sorted() where properties[name] == nil && !asked.contains(name) {
            noteUnaskable(name, prefix: prefix, because: "no question asks it (it is not among the properties)")
        }
    }

    /// The object `schema`'s required read-only properties that the answers `given` do not hold, with their
    /// values (`const`, else `default`).
    /// `properties`: the object's own properties by name.
    func readOnlyFills(_ schema: JSONValue?, properties: [String: JSONValue],
                       given: [String]) -> [(key: String, value: JSONValue)] {
        guard let schema, !properties.isEmpty else { return [] }
        let required = requiredNames(schema)
        guard !required.isEmpty else { return [] }
        var fills: [(key: String, value: JSONValue)] = []
        var answered: Set<String>?   // made when a read-only property is first met
        for name in required {
            guard let property = properties[name], let value = readOnlyValue(resolved(property)) else { continue }
            let names = answered ?? Set(given)
            answered = names
            if !names.contains(name) && !fills.contains(where: { $0.key == name }) {
                fills.append((key: name, value: value))
            }
        }
        return fills
    }
}
