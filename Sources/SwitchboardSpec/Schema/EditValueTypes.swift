// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

/// How `form --edit --set /pointer=TEXT` types TEXT: by the types the schema allows at the pointer (`type`,
/// `const`, `enum`, through `properties`, `patternProperties` names written literally, `additionalProperties`,
/// `items`, `prefixItems`, `$ref` within the schema's own document, `allOf`/`anyOf`/`oneOf`/`then`/`else`): a whole
/// number where `integer` or `number` is allowed and TEXT is a JSON number, `true`/`false` where `boolean` is,
/// `null` where `null` is, and text otherwise.
package enum EditValueTypes {
    /// TEXT as the value the schema expects at `tokens`.
    package static func typed(_ text: String, schema: JSONValue?, at tokens: [String]) -> JSONValue {
        let types = schema.map { allowed(in: $0, at: tokens) } ?? []
        if types.contains("integer") || types.contains("number"), let number = JSONNumber(text),
           case .number? = try? JSONValue.parse(text) {
            return .number(number)
        }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        if types.contains("null"), text == "null" { return .null }
        return .string(text)
    }

    /// The names of the `properties` the subschemas at a mapping's pointer list, in their order (the first
    /// subschema's first): where `form --edit` puts a new member among its siblings.
    package static func propertyOrder(in root: JSONValue, at pointer: String) -> [String]? {
        guard let tokens = JSONPointer.tokens(pointer) else { return nil }
        var names: [String] = []
        for schema in subschemas(in: root, at: tokens) {
            guard case .object(let properties)? = schema["properties"] else { continue }
            for name in properties.keys where !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? nil : names
    }

    /// The JSON types (`string`, `integer`...) the subschemas at `tokens` name.
    package static func allowed(in root: JSONValue, at tokens: [String]) -> Set<String> {
        var types = Set<String>()
        for schema in subschemas(in: root, at: tokens) {
            switch schema["type"] {
            case .string(let name)?: types.insert(name)
            case .array(let names)?: for case .string(let name) in names { types.insert(name) }
            default: break
            }
            var constants: [JSONValue] = []
            if let constant = schema["const"] { constants.append(constant) }
            if case .array(let values)? = schema["enum"] { constants += values }
            for constant in constants {
                types.insert(constant.typeName == "number" ? "number" : constant.typeName)
            }
        }
        return types
    }

    /// The subschemas that apply at `tokens`, as far as the schema's own document says.
    private static func subschemas(in root: JSONValue, at tokens: [String]) -> [JSONValue] {
        var schemas = expand([root], root: root)
        for token in tokens {
            var next: [JSONValue] = []
            for schema in schemas {
                if case .object(let properties)? = schema["properties"], let property = properties[token] {
                    next.append(property)
                    continue
                }
                if let index = Int(token) {
                    if case .array(let prefix)? = schema["prefixItems"] ?? schema["items"],
                       prefix.indices.contains(index) {
                        next.append(prefix[index])
                    } else if case .object? = schema["items"] {
                        next.append(schema["items"]!)
                    }
                } else if token == "-", case .object? = schema["items"] {
                    next.append(schema["items"]!)
                }
                if case .object(let patterns)? = schema["patternProperties"], let match = patterns[token] {
                    next.append(match)
                } else if case .object? = schema["additionalProperties"] {
                    next.append(schema["additionalProperties"]!)
                }
            }
            schemas = expand(next, root: root)
            if schemas.isEmpty { return [] }
        }
        return schemas
    }

    /// The schemas with what `$ref` (within the document) and the combinators bring in, at most 64 of them.
    private static func expand(_ schemas: [JSONValue], root: JSONValue) -> [JSONValue] {
        var out: [JSONValue] = []
        var queue = schemas
        while !queue.isEmpty, out.count < 64 {
            let schema = queue.removeFirst()
            guard case .object = schema else { continue }
            out.append(schema)
            if case .string(let reference)? = schema["$ref"], reference.hasPrefix("#"),
               let target = resolve(String(reference.dropFirst()), in: root) {
                queue.append(target)
            }
            for keyword in ["allOf", "anyOf", "oneOf"] {
                if case .array(let members)? = schema[keyword] { queue += members }
            }
            for keyword in ["then", "else"] { if let member = schema[keyword] { queue.append(member) } }
        }
        return out
    }

    /// The value at a JSON pointer fragment (`/definitions/port`, percent-decoded) of the schema's document.
    private static func resolve(_ fragment: String, in root: JSONValue) -> JSONValue? {
        guard let tokens = JSONPointer.tokens(URIReference.percentDecoded(fragment)) else { return nil }
        return JSONPointer.walk(root, tokens)
    }
}
