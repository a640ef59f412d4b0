// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

// An object schema built from shared pieces (`allOf: [{"$ref": "#/definitions/job"}, {"properties": ...}]`: travis,
// taskfile, compose's service, renovate's managers) has properties in each piece: all of them are asked, the
// object's own first, then each piece's in order. A name two pieces define is asked as the first defines it; the
// whole document is checked against every piece on submit, so the other's keywords still hold.

extension SchemaMapper {
    /// The pieces of `object`'s `allOf` that hold properties, resolved, with the references followed to them: a
    /// piece's own `allOf` is looked into as well (up to four levels), and a piece that refers back to an object
    /// being mapped (`expanding`) is left out.
    func propertyPieces(of object: JSONValue) -> (pieces: [JSONValue], references: [String]) {
        var pieces: [JSONValue] = [], references: [String] = []
        func collect(_ object: JSONValue, level: Int) {
            guard level < 4, case .array(let parts)? = object["allOf"] else { return }
            for part in parts {
                let (piece, chain) = resolving(part)
                if chain.contains(where: { expanding.contains($0) || references.contains($0) }) { continue }
                references += chain
                if piece["properties"] != nil { pieces.append(piece) }
                collect(piece, level: level + 1)
            }
        }
        collect(object, level: 0)
        return (pieces, references)
    }

    /// `own` (an object's own properties) followed by the properties of `pieces` whose names it does not have, and
    /// the names the object and its pieces require.
    func mergedProperties(_ own: JSONObject, _ pieces: [JSONValue], object: JSONValue)
        -> (properties: JSONObject, required: Set<String>) {
        var required: Set<String> = []
        for holder in [object] + pieces {
            if case .array(let names)? = holder["required"] {
                for case .string(let name) in names { required.insert(name) }
            }
        }
        guard !pieces.isEmpty else { return (own, required) }
        var members = own.members
        var names = Set(members.map(\.key))
        for piece in pieces {
            guard case .object(let properties)? = piece["properties"] else { continue }
            for member in properties.members where names.insert(member.key).inserted { members.append(member) }
        }
        return (JSONObject(members), required)
    }

    /// Whether `schema`'s `allOf` has pieces with properties (an object even without properties of its own).
    func hasPropertyPieces(_ schema: JSONValue) -> Bool {
        schema["allOf"] != nil && !propertyPieces(of: schema).pieces.isEmpty
    }
}

/// The schemas of an object schema's properties, each looked up once (in `properties`, else through `allOf` pieces,
/// conditions and variants: `SchemaMapper.propertySchema`).
final class PropertySchemas {
    /// The object's schema, resolved; nil: none (no property has a schema).
    let schema: JSONValue?
    /// Its own `properties`, by name (a repeated name: the last).
    let declared: [String: JSONValue]
    private var found: [String: JSONValue?] = [:]

    init(_ schema: JSONValue?) {
        self.schema = schema
        if case .object(let properties)? = schema?["properties"] { declared = keyedMembers(properties) } else {
            declared = [:]
        }
    }

    /// The schema of the property `name`, if the object's schema has one.
    func schema(of name: String, mapper: SchemaMapper) -> JSONValue? {
        if let own = declared[name] { return own }
        if let known = found[name] { return known }
        let looked = schema.flatMap { mapper.propertySchema(name, in: $0) }
        found[name] = looked
        return looked
    }
}
