// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

// A schema's choices between shapes, as conditions of the spec's `when:`: `oneOf`/`anyOf` of object variants (the
// variant picked first by its discriminator), `dependentRequired`/`dependentSchemas` and draft 4-7 `dependencies`
// (the dependents asked, required, once the named property is answered).

/// One object variant of `oneOf`/`anyOf`: its discriminator's constant and its schema.
struct SchemaVariant {
    /// The constant as the choice's text.
    let value: String
    /// The constant as written (`2`, `true`, `"card"`).
    let constant: JSONValue
    /// The variant's schema, references followed.
    let schema: JSONValue
}

extension SchemaMapper {
    /// The object variants of `object`'s `oneOf`/`anyOf` and their discriminator: the first property of the first
    /// variant that every variant gives a `const` (or an `enum`) of its own, no value shared with another variant;
    /// nil when there is none. A variant whose `enum` has several values is one entry per value (github-actions'
    /// `runs`: `using` is `node12`...`node24` for JavaScript, `composite`, `docker`).
    func objectVariants(_ object: JSONValue) -> (discriminator: String, variants: [SchemaVariant])? {
        guard case .array(let list)? = object["oneOf"] ?? object["anyOf"], list.count > 1 else { return nil }
        let schemas = list.map(resolved)
        guard case .object(let first)? = schemas[0]["properties"] else { return nil }
        candidates: for member in first.members where member.key.unicodeScalars.allSatisfy(isNameScalar) {
            var variants: [SchemaVariant] = []
            for schema in schemas {
                guard let test = schema["properties"]?[member.key].map(resolved),
                      let constants = test["const"].map({ [$0] }) ?? enumValues(test) else { continue candidates }
                for constant in constants {
                    guard let text = scalarText(constant, boolean: false) else { continue candidates }
                    variants.append(SchemaVariant(value: text, constant: constant, schema: schema))
                }
            }
            guard Set(variants.map(\.value)).count == variants.count else { continue }
            return (member.key, variants)
        }
        return titledVariants(object, schemas)
    }

    /// Object variants without a discriminator, told apart by their titles: the pick is a question of its own
    /// (`variant`, or `variant-2`... when a property has that name), which the document leaves out. A variant
    /// without a title is named by its required properties (else all of them, up to three): `host, port`; one
    /// that still has no name or a taken one is `variant N`. Nil unless every variant has properties.
    private func titledVariants(_ object: JSONValue, _ schemas: [JSONValue]) -> (discriminator: String,
                                                                                  variants: [SchemaVariant])? {
        var taken: Set<String> = []
        if case .object(let base)? = object["properties"] { taken.formUnion(base.keys) }
        for schema in schemas {
            guard case .object(let properties)? = schema["properties"], !properties.members.isEmpty else { return nil }
            taken.formUnion(properties.keys)
        }
        var labels: [String] = []
        for (index, schema) in schemas.enumerated() {
            var label = ""
            if case .string(let title)? = schema["title"], title.contains(where: { !$0.isWhitespace }) { label = title }
            if label.isEmpty {
                var names = requiredNames(schema)
                if names.isEmpty, case .object(let properties)? = schema["properties"] { names = properties.keys }
                label = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "")
            }
            if label.isEmpty || labels.contains(label) { label = "variant \(index + 1)" }
            labels.append(label)
        }
        guard Set(labels).count == labels.count else { return nil }
        var pick = "variant"
        var number = 2
        while taken.contains(pick) {
            pick = "variant-\(number)"
            number += 1
        }
        return (pick, zip(labels, schemas).map { SchemaVariant(value: $0, constant: .string($0), schema: $1) })
    }

    /// Whether `name` is the pick of `schema`'s variants told apart by titles (a question, not a property).
    func isVariantPick(_ name: String, of schema: JSONValue?) -> Bool {
        guard let schema, name.hasPrefix("variant"), schema["properties"]?[name] == nil,
              let (pick, variants) = objectVariants(schema), pick == name else { return false }
        return variants[0].schema["properties"]?[name] == nil
    }

    private func enumValues(_ schema: JSONValue) -> [JSONValue]? {
        if case .array(let list)? = schema["enum"], !list.isEmpty { return list }
        return nil
    }

    /// A text answer to a schema without a `type` of its own, such as github-actions' `continue-on-error`
    /// (`oneOf` a boolean or an expression, default `false`): the default kept as pre-filled is written as the
    /// schema gives it, `true`/`false` as a boolean when an alternative is one (not the string "false"), and a
    /// JSON number as a number when an alternative is a number or an integer.
    func untypedScalar(_ text: String, _ schema: JSONValue) -> JSONValue {
        if let given = schema["default"], scalarText(given, boolean: false) == text { return given }
        if text == "true" || text == "false", case .array(let alternatives)? = schema["oneOf"] ?? schema["anyOf"],
           alternatives.contains(where: { type(resolved($0)) == "boolean" }) {
            return .bool(text == "true")
        }
        // A number where an alternative is one (github workflow's `timeout-minutes`: a number or an expression).
        if case .array(let alternatives)? = schema["oneOf"] ?? schema["anyOf"],
           alternatives.contains(where: { ["number", "integer"].contains(type(resolved($0))) }),
           let number = JSONNumber(text), case .number? = try? JSONValue.parse(text) {
            return .number(number)
        }
        return .string(text)
    }

    /// The names `schema`'s `required` lists.
    func requiredNames(_ schema: JSONValue) -> [String] {
        guard case .array(let names)? = schema["required"] else { return [] }
        return names.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }

    /// `entries` with the variant pick (the discriminator as a list of its constants, in place of the property
    /// when the object has it) and each variant's own properties, asked while a variant that has them is picked.
    /// A property several variants have is asked once, with the first one's schema, required when all require it.
    /// `inItem`: the object is a list's item: a variant's objects and lists are not asked (an item holds single
    /// questions here); a required one is noted as one the form cannot ask.
    mutating func variantFields(_ object: JSONValue, base: JSONObject, entries: [JSONValue], depth: Int,
                                prefix: String, inItem: Bool = false) -> [JSONValue] {
        guard let (discriminator, variants) = objectVariants(object) else { return entries }
        var entries = entries
        let source = base[discriminator].map(resolved) ?? variants[0].schema["properties"]?[discriminator].map(resolved)
        var pick: [(String, JSONValue)] = [("name", .string(discriminator))]
        if let title = source?["x-switchboard"]?["prompt"] ?? source?["title"] {
            pick.append(("prompt", title))
        } else if source == nil {   // variants told apart by titles: the object's own title asks which one
            pick.append(("prompt", object["title"] ?? .string("Variant")))
        }
        pick += [("required", .bool(true)), ("type", .string("select")),
                 ("choices", .array(variants.map { JSONValue.string($0.value) }))]
        if let index = entries.firstIndex(where: { $0["name"] == .string(discriminator) }) {
            entries[index] = self.object(pick)
        } else {
            entries.append(self.object(pick))
        }
        var order: [String] = []
        var found: [String: (schema: JSONValue, values: [String], required: Int, others: [JSONValue])] = [:]
        for variant in variants {
            guard case .object(let properties)? = variant.schema["properties"] else { continue }
            let required = requiredNames(variant.schema)
            for member in properties.members where member.key != discriminator && base[member.key] == nil {
                let schema = resolved(member.value)
                if found[member.key] == nil {
                    order.append(member.key)
                    found[member.key] = (schema, [], 0, [])
                } else if found[member.key]?.schema != schema {
                    found[member.key]?.others.append(schema)
                }
                found[member.key]?.values.append(variant.value)
                if required.contains(member.key) { found[member.key]?.required += 1 }
            }
        }
        let asked = Set(entries.compactMap { if case .string(let name)? = $0["name"] { name } else { nil } })
        for name in order where !asked.contains(name) {
            guard let info = found[name] else { continue }
            let values: JSONValue = info.values.count == 1
                ? .string(info.values[0]) : .array(info.values.map(JSONValue.string))
            let when = JSONValue.object(JSONObject([(key: prefix + discriminator, value: values)]))
            let required = info.required == info.values.count
            let schema = info.others.isEmpty ? info.schema : sharedSchema([info.schema] + info.others)
            var made = conditionedFields(name, schema, required: required, when: when, depth: depth,
                                         prefix: prefix, siblings: JSONObject())
            if inItem, made.contains(where: { $0["group"] != nil || $0["repeat"] != nil }) {
                made = []
                if required {
                    noteUnaskable(name, prefix: prefix, because: "it is an object or a list of a variant inside a "
                                  + "list's item, which a form cannot ask")
                }
            }
            entries += made
        }
        return entries
    }

    /// The question for a property the variants define differently (pre-commit's `repo`: `meta` in one variant, a
    /// URL in another): a list of all their constants when each gives a list, else a question of their common
    /// scalar type (text when they differ), with the first one's title and description; the picked variant's
    /// own keywords are checked on submit. Objects and lists are asked as the first variant defines them.
    func sharedSchema(_ schemas: [JSONValue]) -> JSONValue {
        guard let first = schemas.first, type(first) != "object", type(first) != "array" else { return schemas[0] }
        var members: [(key: String, value: JSONValue)] = []
        for key in ["title", "description", "x-switchboard"] {
            if let value = first[key] { members.append((key: key, value: value)) }
        }
        var constants: [JSONValue] = []
        var allLists = true
        for schema in schemas {
            if case .array(let list)? = schema["enum"] { constants += list }
            else if let constant = schema["const"] { constants.append(constant) }
            else { allLists = false }
        }
        if allLists {
            var unique: [JSONValue] = []
            for value in constants where !unique.contains(value) { unique.append(value) }
            members.append((key: "enum", value: .array(unique)))
        } else if let kind = type(first), schemas.allSatisfy({ type($0) == kind }) {
            members.append((key: "type", value: .string(kind)))
        }
        return .object(JSONObject(members))
    }

    /// `entries` with the dependencies as conditions: a dependent of `dependentRequired` (or of an array in
    /// `dependencies`, or of a dependent schema's `required`) that is optional becomes required and asked once
    /// the named property is answered (after it); the properties only a dependent schema defines are asked, after
    /// the named property, once it is answered. A property that names dependents is never made a dependent itself.
    mutating func dependentFields(_ object: JSONValue, base: JSONObject, entries: [JSONValue], depth: Int,
                                  prefix: String) -> [JSONValue] {
        var requiredBy: [(trigger: String, dependents: [String])] = []
        var schemas: [(trigger: String, schema: JSONValue)] = []
        for keyword in ["dependencies", "dependentRequired", "dependentSchemas"] {
            guard case .object(let map)? = object[keyword] else { continue }
            for member in map.members {
                if keyword != "dependentSchemas", case .array(let names) = member.value {
                    requiredBy.append((member.key, names.compactMap { if case .string(let n) = $0 { n } else { nil } }))
                } else if keyword != "dependentRequired", case .object = resolved(member.value) {
                    let schema = resolved(member.value)
                    schemas.append((member.key, schema))
                    requiredBy.append((member.key, requiredNames(schema)))
                }
            }
        }
        guard !requiredBy.isEmpty else { return entries }
        var entries = entries
        func index(_ name: String) -> Int? { entries.firstIndex { $0["name"] == .string(name) } }
        func isScalar(_ entry: JSONValue) -> Bool { entry["group"] == nil && entry["repeat"] == nil }
        func answered(_ trigger: String) -> JSONValue {
            .object(JSONObject([(key: "field", value: .string(prefix + trigger)), (key: "rule", value: .string("required"))]))
        }
        let triggers = Set(requiredBy.map(\.trigger))
        var made: Set<String> = []
        for (trigger, dependents) in requiredBy {
            guard let t = index(trigger), isScalar(entries[t]) else { continue }
            for dependent in dependents where !triggers.contains(dependent) && !made.contains(dependent) {
                guard var d = index(dependent), isScalar(entries[d]), entries[d]["when"] == nil,
                      entries[d]["required"] == .bool(false), case .object(let entry) = entries[d] else { continue }
                let members = entry.members.filter { $0.key != "required" }
                    + [(key: "required", value: .bool(true)), (key: "when", value: answered(trigger))]
                if d < t {   // a condition reads earlier answers only: moved after the property it depends on
                    entries.remove(at: d)
                    d = index(trigger)! + 1
                    entries.insert(.object(JSONObject(members)), at: d)
                } else {
                    entries[d] = .object(JSONObject(members))
                }
                made.insert(dependent)
            }
        }
        for (trigger, schema) in schemas {
            guard let t = index(trigger), isScalar(entries[t]), case .object(let extra)? = schema["properties"] else {
                continue
            }
            let required = requiredNames(schema)
            var at = t + 1
            for member in extra.members where index(member.key) == nil && index(Self.gate(of: member.key)) == nil {
                let made = conditionedFields(member.key, resolved(member.value), required: required.contains(member.key),
                                             when: answered(trigger), depth: depth, prefix: prefix, siblings: extra)
                entries.insert(contentsOf: made, at: at)
                at += made.count
            }
        }
        return entries
    }

    /// The schema of the property `name` of the object `schema`: in `properties`, else in `then`/`else` (its own or
    /// its `allOf`'s), an object
    /// variant (the discriminator as an `enum` of its constants) or a dependent schema.
    func propertySchema(_ name: String, in schema: JSONValue) -> JSONValue? {
        if let found = schema["properties"]?[name] { return found }
        if let (discriminator, variants) = objectVariants(schema), discriminator == name {
            return .object(JSONObject([(key: "enum", value: .array(variants.map(\.constant)))]))
        }
        var places: [JSONValue] = propertyPieces(of: schema).pieces   // properties defined in `allOf`'s pieces
        var conditionals = [schema]
        if case .array(let parts)? = schema["allOf"] { conditionals += parts.map(resolved) }
        for part in conditionals {
            for keyword in ["then", "else"] { if let place = part[keyword] { places.append(resolved(place)) } }
        }
        if case .array(let list)? = schema["oneOf"] ?? schema["anyOf"] { places += list.map(resolved) }
        for keyword in ["dependentSchemas", "dependencies"] {
            if case .object(let map)? = schema[keyword] { places += map.members.map { resolved($0.value) } }
        }
        for place in places { if let found = place["properties"]?[name] { return found } }
        return nil
    }
}
