// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// The validator's verdict on a submitted document, said as the form's failures: each names the question to ask
// again.

extension SchemaForm {
    /// The validator's failures as the form's: a pointer (`/server/port`) names its field (`server.port`), or the
    /// first field under it (a missing property of a group), or the list it is in.
    /// `schema` and `answers` (the schema's document and the submitted one) let a `oneOf`/`anyOf` that no
    /// alternative matched for want of a required property name the question that would answer it.
    @MainActor static func failures(_ failures: [SchemaFailure], in form: Form, schema: JSONValue = .null,
                                    answers: JSONValue = .null) -> [FieldFailure] {
        failures.map { failure in
            let documentTokens = (JSONPointer.tokens(failure.pointer) ?? []).filter { !$0.isEmpty }
            // A map's entry is an item of its list: `jobs.build` is `jobs.0`.
            let path = formPath(documentTokens, schema: schema, in: form).joined(separator: ".")
            if failure.keyword == "oneOf" || failure.keyword == "anyOf",
               let (field, names) = alternativeField(at: documentTokens, schema: schema, answers: answers, in: form) {
                let quoted = names.map { displayQuoted($0, limit: 60) }.joined(separator: ", ")
                return FieldFailure(field: field, rule: failure.keyword,
                                    message: failure.message + "; it needs one of \(quoted)", value: "")
            }
            // A missing property names the property's field: `must have the property "contact"` at the root is
            // the field `contact`, not yet answered.
            let quote = "must have the property \""
            if failure.keyword == "required", failure.message.hasPrefix(quote), failure.message.hasSuffix("\"") {
                let property = String(failure.message.dropFirst(quote.count).dropLast())
                let target = path.isEmpty ? property : path + "." + property
                if let field = field(at: target, in: form) {
                    // An optional object answered no that an `if` (or a variant) requires after all: its yes.
                    let gate = (path.isEmpty ? "" : path + ".") + SchemaMapper.gate(of: property)
                    if !field.isShown.value, form[target] == nil, let confirm = form[gate], confirm.isShown.value {
                        return FieldFailure(field: gate, rule: "required",
                                            message: "must be yes: \(property) is required", value: "")
                    }
                    return FieldFailure(field: field.name, rule: "required", message: "is required", value: "")
                }
            }
            let name = form[path]?.name ?? form.fields.first { $0.isShown.value && $0.name.hasPrefix(path + ".") }?.name
                ?? (path.isEmpty ? "(document)" : path)
            return FieldFailure(field: name, rule: failure.keyword, message: failure.message, value: "")
        }
    }

    /// The field named `path`, or the first field under it (a group's, or a list item's).
    @MainActor private static func field(at path: String, in form: Form) -> FormField? {
        form[path] ?? form.fields.first { $0.name.hasPrefix(path + ".") }
    }

    /// For an object at `tokens` whose `oneOf`/`anyOf` (its own, or one of its `allOf`'s) lists alternatives that
    /// each require properties, none of them all answered (dependabot's update needs `directories` or
    /// `directory`): the first question under the object that answers a missing one, and every property the
    /// alternatives require. Nil when no such list, or no such question, is found (the failure then goes to the
    /// object's first question).
    @MainActor static func alternativeField(at tokens: [String], schema: JSONValue, answers: JSONValue,
                                            in form: Form) -> (field: String, names: [String])? {
        let mapper = SchemaMapper(root: schema)
        var current = mapper.resolved(schema)
        var instance = answers
        for token in tokens {
            if let index = Int(token), case .array(let items) = instance, let itemSchema = current["items"] {
                current = mapper.resolved(itemSchema)
                instance = items.indices.contains(index) ? items[index] : .null
            } else if let property = mapper.propertySchema(token, in: current) {
                current = mapper.resolved(property)
                instance = instance[token] ?? .null
            } else if let values = mapper.mapValueSchema(current) {   // a map's entry
                current = values
                instance = instance[token] ?? .null
            } else {
                return nil
            }
        }
        guard case .object(let given) = instance else { return nil }
        var parts = [current]
        if case .array(let all)? = current["allOf"] { parts += all.map { mapper.resolved($0) } }
        let prefix = formPath(tokens, schema: schema, in: form).joined(separator: ".")
        for part in parts {
            guard case .array(let list)? = part["oneOf"] ?? part["anyOf"] else { continue }
            let alternatives = list.map { mapper.requiredNames(mapper.resolved($0)) }
            guard !alternatives.isEmpty, alternatives.allSatisfy({ !$0.isEmpty }),
                  alternatives.allSatisfy({ $0.contains { given[$0] == nil } }) else { continue }
            var names: [String] = []
            for name in alternatives.joined() where !names.contains(name) { names.append(name) }
            for name in names where given[name] == nil {
                let target = prefix.isEmpty ? name : prefix + "." + name
                if let field = field(at: target, in: form), field.isShown.value {
                    return (field.name, names)
                }
            }
        }
        return nil
    }
}
