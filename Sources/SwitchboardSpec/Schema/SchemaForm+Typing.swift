// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// The form's answers as the document the schema describes: numbers where it says number or integer, a choice of
// numbers as a number, a map's entries as an object, the confirm questions and variant picks left out.

extension SchemaMapper {
    /// An answer as the JSON value the schema describes. `properties`: the property schemas of `schema` (resolved)
    /// looked up so far, shared by the objects of one schema (a map's entries, a list's items: a compose file's 333
    /// services look each name up once).
    mutating func value(_ answer: TypedAnswer, _ schema: JSONValue?, properties: PropertySchemas? = nil) -> JSONValue {
        let schema = properties?.schema ?? schema.map(resolved)
        switch answer {
        case .object(let members):
            let pairs = zip(members.names, members.values).filter { name, _ in
                !isGate(name, of: schema) && !isVariantPick(name, of: schema)
            }
            // The object's own properties found by name once (a document of 2,000 answers is not typed in
            // quadratic time); a name they do not hold is looked for where else the schema defines properties.
            let properties = properties ?? PropertySchemas(schema)
            let typed = pairs.map { name, value in
                (key: name, value: self.value(value, properties.schema(of: name, mapper: self)))
            }
            // Required read-only properties are not asked: they hold their const or default.
            return .object(JSONObject(typed + readOnlyFills(schema, properties: properties.declared,
                                                            given: members.names)))
        case .array(let items):
            // A list answering an object is a map's entries.
            if let schema, let values = mapValueSchema(schema, freeForm: true) { return mapValue(items, values: values) }
            let itemSchema = schema?["items"].map(resolved)
            let shared = PropertySchemas(itemSchema)
            return .array(items.map { value($0, itemSchema, properties: shared) })
        case .list(let values):
            let items = schema?["items"].map(resolved)
            return .array(values.map { typedScalar($0, items) })
        case .text(let text):
            return typedScalar(text, schema)
        case .number(let literal):
            return JSONNumber(literal).map(JSONValue.number) ?? .string(literal)
        case .bool(let flag):
            return .bool(flag)
        case .null:
            return .null
        }
    }

    /// A text answer as the value the schema's enum, const or type holds (`3` for an enum of numbers).
    func typedScalar(_ text: String, _ schema: JSONValue?) -> JSONValue {
        guard let schema else { return .string(text) }
        if case .array(let list)? = schema["enum"], let match = list.first(where: { scalarText($0, boolean: false) == text }) {
            return match
        }
        if let constant = schema["const"], scalarText(constant, boolean: false) == text { return constant }
        if case .array(let variants)? = schema["oneOf"] ?? schema["anyOf"] {
            for variant in variants {
                if let constant = resolved(variant)["const"], scalarText(constant, boolean: false) == text { return constant }
            }
        }
        switch type(schema) {
        case "integer", "number": return JSONNumber(text).map(JSONValue.number) ?? .string(text)
        case "boolean": return parseYesNo(text).map(JSONValue.bool) ?? .string(text)
        case nil: return untypedScalar(text, schema)
        default: return .string(text)
        }
    }
}
