// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// One compiled schema (an object or boolean schema at one location): its keywords as checks, references
/// already resolved, regexes compiled, enums hashed.
final class SchemaNode: @unchecked Sendable {
    // Filled once by the compiler (before any validation) and never changed after: safe to share across threads.
    var checks: [SchemaCheck] = []
    /// Where the schema is: its base URI and the JSON pointer from the document root, for messages.
    let location: String
    /// The schema resource this schema belongs to.
    var resource: SchemaResource?
    /// Whether this schema starts its resource (has `$id`, or is a document root): its resource enters the
    /// dynamic scope while it is evaluated.
    var startsResource = false
    /// Whether the schema has `unevaluatedProperties` or `unevaluatedItems` (then its own checks collect what
    /// they evaluated).
    var collectsAnnotations = false

    init(location: String) { self.location = location }
}

/// A schema resource in the dynamic scope: its `$dynamicAnchor`s (2020-12) and whether it has
/// `$recursiveAnchor: true` (2019-09).
final class SchemaResource: @unchecked Sendable {
    let uri: String
    var dynamicAnchors: [String: SchemaNode] = [:]
    var recursiveAnchor = false
    /// Whether the compiler has queued the resource's dynamic anchors.
    var anchorsQueued = false
    /// The resource's root schema.
    var root: SchemaNode?

    init(uri: String) { self.uri = uri }
}

/// A reference, filled in when its target has been compiled.
final class ReferenceTarget: @unchecked Sendable {
    let reference: String
    var node: SchemaNode?
    init(_ reference: String) { self.reference = reference }
}

/// The JSON types as bits, for `type`.
struct TypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let object = TypeSet(rawValue: 4)
    static let array = TypeSet(rawValue: 8)
    static let number = TypeSet(rawValue: 16)
    static let string = TypeSet(rawValue: 32)
    static let integer = TypeSet(rawValue: 64)

    static func named(_ name: String) -> TypeSet? {
        switch name {
        case "null": .null
        case "boolean": .boolean
        case "object": .object
        case "array": .array
        case "number": .number
        case "string": .string
        case "integer": .integer
        default: nil
        }
    }

    func admits(_ value: JSONValue) -> Bool {
        switch value {
        case .null: contains(.null)
        case .bool: contains(.boolean)
        case .object: contains(.object)
        case .array: contains(.array)
        case .string: contains(.string)
        case .number(let n): contains(.number) || (contains(.integer) && n.isInteger)
        }
    }

    /// "a string or null"
    var phrase: String {
        let names: [(TypeSet, String)] = [(.object, "an object"), (.array, "an array"), (.string, "a string"),
                                          (.integer, "an integer"), (.number, "a number"), (.boolean, "a boolean"),
                                          (.null, "null")]
        let parts = names.filter { contains($0.0) }.map(\.1)
        if parts.count <= 1 { return parts.first ?? "nothing" }
        return parts.dropLast().joined(separator: ", ") + " or " + parts.last!
    }
}

/// One keyword (or a group that must be decided together, such as `properties` with `additionalProperties`).
enum SchemaCheck: @unchecked Sendable {
    case never
    case type(TypeSet)
    case enumeration(Set<JSONValue>, message: String)
    case constant(JSONValue, message: String)
    case minimum(JSONNumber, exclusive: Bool)
    case maximum(JSONNumber, exclusive: Bool)
    case multipleOf(JSONNumber)
    case minLength(Int)
    case maxLength(Int)
    case pattern(PCRERegex)
    case format(Rule, name: String)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    /// prefix schemas (`prefixItems`, or `items` as an array), then the schema for the rest (`items` /
    /// `additionalItems`).
    case items(prefix: [SchemaNode], rest: SchemaNode?)
    case contains(SchemaNode, min: Int, max: Int?)
    case minProperties(Int)
    case maxProperties(Int)
    case required([String])
    case properties(PropertySchemas)
    case propertyNames(SchemaNode)
    case dependentRequired([(String, [String])])
    case dependentSchemas([(String, SchemaNode)])
    case reference(ReferenceTarget)
    /// `$dynamicRef`: the statically resolved target, and the anchor name to look up in the dynamic scope when
    /// that target has a `$dynamicAnchor` of the same name.
    case dynamicReference(ReferenceTarget, anchor: String?)
    /// `$recursiveRef`: the statically resolved target (`#` of the current resource).
    case recursiveReference(ReferenceTarget)
    case allOf([SchemaNode])
    case anyOf([SchemaNode])
    case oneOf([SchemaNode])
    case not(SchemaNode)
    case conditional(condition: SchemaNode, then: SchemaNode?, else: SchemaNode?)
    case unevaluatedItems(SchemaNode)
    case unevaluatedProperties(SchemaNode)
}

/// `properties`, `patternProperties` and `additionalProperties` of one schema.
struct PropertySchemas {
    var named: [String: SchemaNode] = [:]
    var patterns: [(PCRERegex, SchemaNode)] = []
    var additional: SchemaNode?
    /// Whether `additionalProperties` is `false` (its failure is worded as an unexpected property).
    var additionalIsFalse = false
}
