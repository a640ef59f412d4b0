// SPDX-License-Identifier: Apache-2.0
/// The JSON types a compiled schema can admit at most, worked out once a schema's references are linked, so that
/// `anyOf` and `oneOf` pass over an alternative whose types the instance is not of without evaluating it
/// (github-workflow's `oneOf`s are mostly of `$ref`s to typed definitions).
///
/// A schema admits at most: the types its `type` names, within those its `$ref` and each `allOf` schema admit,
/// within the union of its `anyOf` (or `oneOf`) alternatives' types; nothing when it is `false`; every type when
/// nothing says (and through `$dynamicRef`/`$recursiveRef`, decided at run time).
enum SchemaTypes {
    /// Sets the types of every alternative of every `anyOf`/`oneOf` among `nodes`.
    static func resolve(_ nodes: [SchemaNode]) {
        var known: [ObjectIdentifier: TypeSet] = [:]
        for node in nodes {
            for check in node.checks {
                switch check {
                case .anyOf(let alternatives), .oneOf(let alternatives):
                    alternatives.setTypes { admitted($0, &known, depth: 0) }
                default: break
                }
            }
        }
    }

    /// The types `node` admits at most (`known`: those worked out already).
    private static func admitted(_ node: SchemaNode, _ known: inout [ObjectIdentifier: TypeSet], depth: Int) -> TypeSet {
        if let types = known[ObjectIdentifier(node)] { return types }
        // In-place reference loops are refused when the schema loads (`SchemaCycles`); the bound is a second guard.
        guard depth < 64 else { return .all }
        var types = TypeSet.all
        for check in node.checks {
            switch check {
            case .never: types = []
            case .type(let named): types = types.intersection(named.widened)
            case .reference(let target):
                if let next = target.node { types = types.intersection(admitted(next, &known, depth: depth + 1)) }
            case .allOf(let nodes):
                for next in nodes { types = types.intersection(admitted(next, &known, depth: depth + 1)) }
            case .anyOf(let alternatives), .oneOf(let alternatives):
                var union: TypeSet = []
                for next in alternatives.nodes { union.formUnion(admitted(next, &known, depth: depth + 1)) }
                types = types.intersection(union)
            default: break
            }
        }
        known[ObjectIdentifier(node)] = types
        return types
    }
}

extension TypeSet {
    /// The set with what its members imply: a number may be an integer, an integer may be written as one (draft 4's
    /// `integer`), so that intersections and unions of sets mean those of the values they admit.
    var widened: TypeSet {
        var set = self
        if set.contains(.number) { set.formUnion([.integer, .integerLiteral]) }
        if set.contains(.integer) { set.insert(.integerLiteral) }
        return set
    }

    /// The types `value` is of: a number also an integer when it is whole, and draft 4's integer when written
    /// without a fraction or exponent part. A set of `widened` types admits `value` exactly when the two meet.
    static func of(_ value: JSONValue) -> TypeSet {
        switch value {
        case .null: .null
        case .bool: .boolean
        case .object: .object
        case .array: .array
        case .string: .string
        case .number(let n):
            n.isIntegerLiteral ? [.number, .integer, .integerLiteral] : n.isInteger ? [.number, .integer] : .number
        }
    }
}
