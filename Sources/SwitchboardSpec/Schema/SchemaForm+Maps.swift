// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// An object whose entries' names are not listed (`additionalProperties` or `patternProperties` only: github
// workflow's `jobs`, an `env` of variables) is asked as a list of entries: each item asks the entry's name
// (`key`, checked by `propertyNames` and the pattern of `patternProperties`) and then its value (`value`, or the
// value object's own properties). The document holds the object: `{"build": {...}}`, not a list. The review's
// `+jobs` adds an entry and `-jobs.1` removes one; a failure at `/jobs/build/runs-on` asks `jobs.0.runs-on`.

extension SchemaMapper {
    /// The schema of a map's values, when `schema` is an object whose entries are not listed: no `properties`
    /// (nor pieces nor variants), and an `additionalProperties` schema or a single `patternProperties` one.
    /// `freeForm`: an object that says nothing of its entries (`{"type": "object"}`, `additionalProperties: true`)
    /// is a map of any values too (asked as text; a required one, which would otherwise be unaskable).
    func mapValueSchema(_ schema: JSONValue, freeForm: Bool = false) -> JSONValue? {
        guard type(schema) == "object", schema["properties"] == nil, !hasPropertyPieces(schema),
              objectVariants(schema) == nil else { return nil }
        if case .object(let patterns)? = schema["patternProperties"] {
            guard patterns.count == 1, schema["additionalProperties"] == nil
                    || schema["additionalProperties"] == .bool(false) else { return nil }
            return resolved(patterns.members[0].value)
        }
        switch schema["additionalProperties"] {
        case .object?: return resolved(schema["additionalProperties"]!)
        case nil, .bool(true)?: return freeForm ? .object(JSONObject()) : nil
        default: return nil
        }
    }

    /// The name of a map item's question for the entry's name: `key`, or `name`, `entry-name` when the value
    /// object (or one of its variants) has a property of that name.
    func mapKeyName(_ values: JSONValue) -> String {
        ["key", "name", "entry-name"].first { propertySchema($0, in: values) == nil } ?? "entry-name"
    }

    /// A map as a spec list: each item asks the entry's name, then its value; nil when the value has nothing a
    /// form can ask (a list, an object without properties, a map).
    mutating func mapField(_ entry: [(String, JSONValue)], _ schema: JSONValue, required: Bool,
                           depth: Int, name: String, prefix: String) -> JSONValue? {
        guard let values = mapValueSchema(schema, freeForm: required) else { return nil }
        let keyName = mapKeyName(values)
        var key: [(String, JSONValue)] = [("name", .string(keyName)), ("prompt", .string("Name")),
                                          ("required", .bool(true))]
        var rules: [JSONValue] = []
        if case .object(let patterns)? = schema["patternProperties"], let pattern = patterns.keys.first {
            rules.append(.string("pattern:" + pattern))
        }
        if let names = schema["propertyNames"].map(resolved) {
            if let choices = constants(names) {   // the names an `enum` lists: picked from a list
                key += [("type", .string("select")), ("choices", .array(choices.map(JSONValue.string)))]
            } else {
                rules += stringRules(names)
            }
        }
        if !rules.isEmpty { key.append(("rules", .array(rules))) }
        var inner: [JSONValue] = []
        if type(values) == "object" {
            let context = listContext
            listContext += prefix + name + ".N."
            inner = fields(of: values, depth: depth + 1, inItem: true)
            listContext = context
        } else if type(values) != "array", case .object(let value)? = field("value", values, required: true,
                                                                              depth: depth + 1) {
            var members = value.members
            if value["prompt"] == nil { members.insert((key: "prompt", value: .string("Value")), at: 1) }
            inner = [.object(JSONObject(members))]
        }
        guard !inner.isEmpty, inner.allSatisfy({ $0["repeat"] == nil }) else { return nil }
        var list = entry
        if case .number(let n)? = schema["minProperties"], let v = n.intValue { list.append(("min", .number(JSONNumber(v)))) }
        if case .number(let n)? = schema["maxProperties"], let v = n.intValue { list.append(("max", .number(JSONNumber(v)))) }
        list.append(("required", .bool(required)))
        list.append(("repeat", .array([object(key)] + inner)))
        return object(list)
    }

    /// A map's items as the object the schema describes: `{NAME: VALUE}` in item order.
    mutating func mapValue(_ items: [TypedAnswer], values: JSONValue) -> JSONValue {
        let keyName = mapKeyName(values)
        let isObject = type(values) == "object"
        let shared = PropertySchemas(resolved(values))   // the entries' property schemas, each looked up once
        var members: [(key: String, value: JSONValue)] = []
        for item in items {
            guard case .object(let answers) = item, case .text(let key)? = answers[keyName] else { continue }
            let rest = TypedAnswers(zip(answers.names, answers.values).filter { $0.0 != keyName })
            if isObject {
                members.append((key: key, value: value(.object(rest), values, properties: shared)))
            } else if let answer = rest["value"] {
                members.append((key: key, value: value(answer, values)))
            }
        }
        return .object(JSONObject(members))
    }
}

extension SchemaForm {
    /// A failure's path in the document (`jobs.build.runs-on`) as the form names it: a map's entry by its item
    /// (`jobs.0.runs-on`, the item whose name is `build`).
    @MainActor static func formPath(_ tokens: [String], schema: JSONValue, in form: Form) -> [String] {
        let mapper = SchemaMapper(root: schema)
        var current: JSONValue? = mapper.resolved(schema)
        var path: [String] = []
        for token in tokens {
            guard let schema = current else {
                path.append(token)
                continue
            }
            if let values = mapper.mapValueSchema(schema, freeForm: true), let list = form.repeatNamed(path.joined(separator: ".")) {
                let keyName = mapper.mapKeyName(values)
                let index = list.items.indices.first { list.answer(at: $0, named: keyName)?.text == token }
                path.append(index.map(String.init) ?? token)
                current = values
            } else if Int(token) != nil, let items = schema["items"] {
                path.append(token)
                current = mapper.resolved(items)
            } else {
                path.append(token)
                current = mapper.propertySchema(token, in: schema).map { mapper.resolved($0) }
            }
        }
        return path
    }
}

extension SchemaForm {
    /// A failure for each map entry whose name an earlier entry of the same map already has (the document can
    /// hold it once): it names the later entry's name question.
    @MainActor static func repeatedEntryNames(in form: Form, schema: JSONValue) -> [FieldFailure] {
        let mapper = SchemaMapper(root: schema)
        var failures: [FieldFailure] = []
        for list in form.repeats where list.isShown.value && !list.items.isEmpty {
            var current: JSONValue? = mapper.resolved(schema)
            for component in list.path {
                guard case .key(let key) = component, let holder = current else { current = nil; break }
                current = mapper.propertySchema(key, in: holder).map { mapper.resolved($0) }
            }
            guard let current, let values = mapper.mapValueSchema(current, freeForm: true) else { continue }
            let keyName = mapper.mapKeyName(values)
            var seen: Set<String> = []
            for index in list.items.indices {
                // A held item's name is its entry's, shown.
                guard let (name, field) = list.answer(at: index, named: keyName), field?.isShown.value ?? true
                else { continue }
                if !seen.insert(name).inserted {
                    failures.append(FieldFailure(field: "\(list.name).\(index).\(keyName)", rule: "unique",
                        message: "the name \(displayQuoted(name, limit: 60)) is given to an earlier entry of "
                            + "\(list.name); each entry needs a name of its own", value: name))
                }
            }
        }
        return failures
    }
}
