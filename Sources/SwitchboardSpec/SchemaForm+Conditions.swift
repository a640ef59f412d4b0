// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// A schema's `if`/`then`/`else` as conditions, live through the review: the properties only `then` (or `else`)
// defines are asked while the `if` holds (or does not). An `if` that tests sibling properties by `const`/`enum`
// (all of them must hold) and/or names them in `required` (each answered) is a spec `when:`; any other `if` the
// validator compiles on its own (no `$ref`) is decided by the validator on the object's answers so far
// (`SchemaIfCondition`, applied by `SchemaForm.makeForm`). The helpers here also put a variant's or a dependent
// schema's properties (objects and lists included) under a condition.

/// An `if` decided by the validator: the fields and lists only `then` (or `else`) defines are shown while the
/// compiled `if` accepts (or refuses) the answers of the object at `object`, re-evaluated when a field it reads
/// (the object's fields asked before them) changes.
struct SchemaIfCondition {
    let schema: JSONSchema
    let holds: Bool
    let object: [String]
    let reads: [String]
    var fields: [String] = []
    var lists: [String] = []
}

extension SchemaMapper {
    /// `entries` with the properties only `then` (or `else`) defines, each asked while the `if` holds (or does
    /// not); `then.required` (`else.required`) makes them required. A property both define is asked once, under
    /// `then`'s condition. The object's own `if` first, then each of its `allOf`'s (the usual way to write several).
    /// `inItem`: the object is a list's item (`prefix` its path within the item): only an `if` that is a spec
    /// `when:` over the item's own fields is mapped, and only to single questions (an item holds no lists, and its
    /// conditions read its own fields); the validator checks the rest on submit.
    /// `required`: the names the object itself requires: one of them that only `then` (or `else`) defines is asked
    /// whatever the `if` decides (the document needs it either way), and required.
    mutating func conditionalFields(_ object: JSONValue, base: JSONObject, entries: [JSONValue], depth: Int,
                                    prefix: String, inItem: Bool = false, required: Set<String> = []) -> [JSONValue] {
        var entries = ifFields(object, base: base, entries: entries, depth: depth, prefix: prefix, inItem: inItem,
                               always: required)
        if case .array(let parts)? = object["allOf"] {
            for part in parts {
                entries = ifFields(resolved(part), base: base, entries: entries, depth: depth, prefix: prefix,
                                   inItem: inItem, always: required)
            }
        }
        return entries
    }

    /// `conditionalFields` for the one `if` of `object`.
    private mutating func ifFields(_ object: JSONValue, base: JSONObject, entries: [JSONValue], depth: Int,
                                   prefix: String, inItem: Bool, always: Set<String>) -> [JSONValue] {
        guard object["if"] != nil else { return entries }
        var entries = entries
        let scalars = Set(entries.compactMap { entry -> String? in
            guard entry["group"] == nil, entry["repeat"] == nil, case .string(let name)? = entry["name"] else { return nil }
            return name
        })
        // The object's fields asked before `then`'s and `else`'s (a list's items are not among them).
        let reads = entries.flatMap { names(of: $0, prefix: prefix).fields }
        for (branch, holds) in [("then", true), ("else", false)] {
            guard let branchSchema = object[branch].map(resolved) else { continue }
            let condition = condition(object["if"], holds: holds, prefix: prefix, asked: scalars)
            if let condition, let otherwise = self.condition(object["if"], holds: !holds, prefix: prefix, asked: scalars) {
                entries = requiringGated(requiredNames(branchSchema), by: object["if"], entries: entries,
                                         when: condition, otherwise: otherwise, prefix: prefix)
            }
            guard case .object(let extra)? = branchSchema["properties"] else { continue }
            var decided: SchemaIfCondition?
            var undecidable = false   // an `if` neither a spec condition nor the validator can decide here
            if condition == nil {
                if !inItem, !reads.isEmpty, let compiled = compiledIf(object["if"]) {
                    decided = SchemaIfCondition(schema: compiled, holds: holds,
                                                object: prefix.split(separator: ".").map(String.init), reads: reads)
                } else {
                    undecidable = true
                }
            }
            let required = Set(requiredNames(branchSchema))
            for member in extra.members where base[member.key] == nil {
                let asked = entries.contains { $0["name"] == .string(member.key) || $0["name"] == .string(Self.gate(of: member.key)) }
                let isAlways = always.contains(member.key)
                if asked || (undecidable && !isAlways) { continue }
                var made = conditionedFields(member.key, resolved(member.value),
                                             required: isAlways || required.contains(member.key),
                                             when: isAlways ? nil : condition, depth: depth, prefix: prefix,
                                             siblings: extra)
                if inItem { made = made.filter { $0["group"] == nil && $0["repeat"] == nil } }
                for entry in made where decided != nil && !isAlways {
                    let (fields, lists) = names(of: entry, prefix: prefix)
                    decided?.fields += fields
                    decided?.lists += lists
                }
                entries += made
            }
            if let decided { validatorConditions.append(decided) }
        }
        return entries
    }

    /// `entries` where each optional object of `names` (asked after a yes to `add-NAME`) is asked without that
    /// question while `when` holds (the branch requiring it applies), and after a yes to it otherwise: its
    /// question is asked only while `otherwise` holds, its fields while it is answered yes or `when` holds. Left
    /// as it is when the `if` reads a property asked after the object (a condition reads earlier answers only).
    private func requiringGated(_ names: [String], by test: JSONValue?, entries: [JSONValue], when: JSONValue,
                                otherwise: JSONValue, prefix: String) -> [JSONValue] {
        guard !names.isEmpty, let test = test.map(resolved) else { return entries }
        var reads = requiredNames(test)
        if case .object(let properties)? = test["properties"] { reads += properties.keys }
        var entries = entries
        for name in names {
            let gate = Self.gate(of: name)
            guard let at = entries.firstIndex(where: { $0["name"] == .string(gate) }), at + 1 < entries.count,
                  entries[at + 1]["name"] == .string(name), entries[at + 1]["group"] != nil,
                  reads.allSatisfy({ read in entries[..<at].contains { $0["name"] == .string(read) } }),
                  let question = conditioned(entries[at], on: otherwise) else { continue }
            let either = JSONValue.object(JSONObject([(key: "any", value: .array([.string(prefix + gate), when]))]))
            entries[at] = question
            entries[at + 1] = replacing(.string(prefix + gate), with: either, inConditionsOf: entries[at + 1])
        }
        return entries
    }

    /// `entry` (a field or a group) with the condition `old` replaced by `new` wherever its `when:`s name it.
    private func replacing(_ old: JSONValue, with new: JSONValue, inConditionsOf entry: JSONValue) -> JSONValue {
        guard case .object(let members) = entry else { return entry }
        func swapped(_ when: JSONValue) -> JSONValue {
            if when == old { return new }
            if case .array(let parts) = when { return .array(parts.map(swapped)) }
            return when
        }
        return .object(JSONObject(members.members.map { member in
            switch member.key {
            case "when": (key: "when", value: swapped(member.value))
            case "group":
                if case .array(let inner) = member.value {
                    (key: "group", value: JSONValue.array(inner.map { replacing(old, with: new, inConditionsOf: $0) }))
                } else { member }
            default: member
            }
        }))
    }

    /// The `if` compiled on its own (in the root's draft); nil when it refers elsewhere (`$ref`) or cannot compile.
    private func compiledIf(_ schema: JSONValue?) -> JSONSchema? {
        guard let schema, !schema.description.contains("\"$ref\""), !schema.description.contains("\"$dynamicRef\"") else {
            return nil
        }
        var options = JSONSchema.Options()
        if case .string(let uri)? = root["$schema"], let draft = SchemaDraft(metaschema: uri) { options.defaultDraft = draft }
        return try? JSONSchema(schema, options: options)
    }

    /// The full names of the fields and lists an entry makes (a group's, by their path).
    private func names(of entry: JSONValue, prefix: String) -> (fields: [String], lists: [String]) {
        guard case .string(let name)? = entry["name"] else { return ([], []) }
        if case .array(let inner)? = entry["group"] {
            var result: (fields: [String], lists: [String]) = ([], [])
            for item in inner {
                let (fields, lists) = names(of: item, prefix: prefix + name + ".")
                result.fields += fields
                result.lists += lists
            }
            return result
        }
        return entry["repeat"] != nil ? ([], [prefix + name]) : ([prefix + name], [])
    }

    /// An `if` as a spec `when:` (negated for `else`), or nil when it tests anything but sibling properties'
    /// `const`/`enum` and `required` (or names one that is not asked as a single question).
    /// Holds: every tested property has one of its values and every required one is answered. Negated: one of
    /// them has another value or one required property is unanswered.
    func condition(_ schema: JSONValue?, holds: Bool, prefix: String, asked: Set<String>) -> JSONValue? {
        guard let schema = schema.map(resolved), case .object(let keywords) = schema else { return nil }
        for key in keywords.keys where !["properties", "required", "title", "description", "$comment"].contains(key) {
            if key == "type", schema["type"] == .string("object") { continue }
            return nil
        }
        var tests: [(name: String, values: [String]?)] = []
        if case .object(let properties)? = schema["properties"] {
            for member in properties.members {
                let test = resolved(member.value)
                let list: [JSONValue]
                if let constant = test["const"] {
                    list = [constant]
                } else if case .array(let values)? = test["enum"] {
                    list = values
                } else {
                    return nil
                }
                let values = list.compactMap { scalarText($0, boolean: true) }
                guard !values.isEmpty, values.count == list.count else { return nil }
                tests.append((member.key, values))
            }
        }
        for name in requiredNames(schema) where !tests.contains(where: { $0.name == name }) { tests.append((name, nil)) }
        guard !tests.isEmpty, tests.allSatisfy({ asked.contains($0.name) }) else { return nil }
        let parts: [JSONValue] = tests.map { name, values in
            let field = prefix + name
            guard let values else {
                return rule(field, holds ? "required" : "not:required")
            }
            if holds {
                let value: JSONValue = values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))
                return .object(JSONObject([(key: field, value: value)]))
            }
            return rule(field, "not:" + (values.count == 1 ? Rule.equals(values[0]).source : Rule.oneOf(values).source))
        }
        if parts.count == 1 { return parts[0] }
        return holds ? .array(parts) : .object(JSONObject([(key: "any", value: .array(parts))]))
    }

    private func rule(_ field: String, _ rule: String) -> JSONValue {
        .object(JSONObject([(key: "field", value: .string(field)), (key: "rule", value: .string(rule))]))
    }

    /// The property `name` asked only while `when` holds: a field, a list, or an object's fields (an optional
    /// object's after a yes to its own question); nothing for a property not asked.
    mutating func conditionedFields(_ name: String, _ schema: JSONValue, required: Bool, when: JSONValue?, depth: Int,
                                    prefix: String, siblings: JSONObject) -> [JSONValue] {
        let before = unaskable.count
        guard let entry = field(name, schema, required: required, depth: depth, prefix: prefix) else {
            settleUnasked(name, schema, required: required, since: before, prefix: prefix, depth: depth)
            return []
        }
        var made = [entry]
        if !required, entry["group"] != nil,
           let gated = gatedGroup(name, schema, entry, prefix: prefix, siblings: Set(siblings.members.map(\.key))) {
            made = gated
        }
        guard let when else { return made }
        var result: [JSONValue] = []
        for entry in made {
            guard let conditioned = conditioned(entry, on: when) else { return [] }
            result.append(conditioned)
        }
        return result
    }

    /// `entry` asked only while `when` holds, beside any condition of its own (both must hold): a field or a
    /// list gets it, a group's fields and lists each do.
    func conditioned(_ entry: JSONValue, on when: JSONValue) -> JSONValue? {
        guard case .object(let members) = entry else { return nil }
        if case .array(let inner)? = entry["group"] {
            var fields: [JSONValue] = []
            for item in inner {
                guard let conditioned = conditioned(item, on: when) else { return nil }
                fields.append(conditioned)
            }
            return .object(JSONObject(members.members.map {
                $0.key == "group" ? (key: "group", value: JSONValue.array(fields)) : $0
            }))
        }
        let combined: JSONValue = entry["when"].map { .array([when, $0]) } ?? when
        return .object(JSONObject(members.members.filter { $0.key != "when" } + [(key: "when", value: combined)]))
    }
}

extension SchemaForm {
    /// Shows the fields and lists of each `if` the validator decides only while it decides for them (beside any
    /// condition of their own: an optional object's yes). An `if` the validator cannot decide (a limit hit) is
    /// undecided: the field is not asked and the form says why.
    @MainActor func applyIfConditions(to form: Form) {
        let document = self.document
        for condition in ifConditions {
            let reads = condition.reads.compactMap { form[$0] }
            guard !reads.isEmpty else { continue }
            let test = ShowCondition.test(reading: reads) { [weak form] () throws(UndecidedCondition) -> Bool in
                guard let form else { return false }
                var value = SchemaForm.typed(form.typedAnswers, document)
                for key in condition.object { value = value[key] ?? .object(JSONObject()) }
                let failures = condition.schema.validate(value)
                if let undecided = failures.first(where: \.isUndecided) { throw UndecidedCondition(reason: undecided.message) }
                return failures.isEmpty == condition.holds
            }
            for name in condition.fields {
                guard let field = form[name] else { continue }
                let own = spec[name]?.when?.condition(in: form)
                field.show(when: own.map { .all([$0, test]) } ?? test)
            }
            for name in condition.lists {
                guard let list = form.repeatNamed(name) else { continue }
                let own = spec.repeats.first { $0.name == name }?.when?.condition(in: form)
                list.show(when: own.map { .all([$0, test]) } ?? test)
            }
        }
    }
}
