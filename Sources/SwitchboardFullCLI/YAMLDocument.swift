// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema
import Yams

/// YAML (`.yaml`/`.yml` documents and schemas for `check --schema`) as the JSON value it stands for: mappings
/// become objects (keys as text), sequences arrays, scalars null, booleans, numbers or strings by YAML's core
/// schema. The validator itself reads JSON only; YAML is converted here so that it needs no YAML library.
enum YAMLDocument {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ text: String) throws(Problem) -> JSONValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw Problem(description: "is not valid YAML: \(error)")
        }
        guard let node else { return .null }
        return try value(node, depth: 0)
    }

    private static func value(_ node: Node, depth: Int) throws(Problem) -> JSONValue {
        guard depth < JSONValue.maximumDepth else {
            throw Problem(description: "mappings and sequences nested deeper than \(JSONValue.maximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            switch scalar.tag.rawValue {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue: return .bool(Bool.construct(from: scalar) ?? false)
            case Tag.Name.int.rawValue, Tag.Name.float.rawValue:
                if let exact = JSONNumber(scalar.string) { return .number(exact) }
                if let int = Int.construct(from: scalar) { return .number(JSONNumber(int)) }
                if let double = Double.construct(from: scalar), double.isFinite,
                   let number = JSONNumber(String(double)) { return .number(number) }
                throw Problem(description: "line \(scalar.mark?.line ?? 0): \(scalar.string) is not a number JSON can hold")
            default:
                // A plain scalar whose tag was left unresolved: YAML's core schema by its text.
                guard scalar.style == .plain else { return .string(scalar.string) }
                switch scalar.string {
                case "null", "Null", "NULL", "~", "": return .null
                case "true", "True", "TRUE": return .bool(true)
                case "false", "False", "FALSE": return .bool(false)
                default: return JSONNumber(scalar.string).map { .number($0) } ?? .string(scalar.string)
                }
            }
        case .mapping(let mapping):
            var members: [(key: String, value: JSONValue)] = []
            for (key, item) in mapping {
                guard let name = key.scalar?.string else {
                    throw Problem(description: "line \(key.mark?.line ?? 0): a mapping key must be text")
                }
                members.append((name, try value(item, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for item in sequence { items.append(try value(item, depth: depth + 1)) }
            return .array(items)
        case .alias:
            throw Problem(description: "YAML aliases are not supported in documents checked against a schema")
        }
    }
}
