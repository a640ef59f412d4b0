// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// One compiled schema (an object or boolean schema at one location): its keywords as checks, references
/// already resolved, regexes compiled, enums hashed.
final class SchemaNode: Sendable {
    // Immutable (every property a `let`): shared across threads, and read without the dynamic exclusivity checks
    // a class's `var`s cost on every access.
    let checks: [SchemaCheck]
    /// Where the schema is: its base URI and the JSON pointer from the document root, for messages.
    let location: String
    /// The schema resource this schema belongs to.
    let resource: SchemaResource?
    /// Whether this schema starts its resource (has `$id`, or is a document root): its resource enters the
    /// dynamic scope while it is evaluated.
    let startsResource: Bool
    /// Whether the schema has `unevaluatedProperties` or `unevaluatedItems` (then its own checks collect what
    /// they evaluated).
    let collectsAnnotations: Bool
    /// When the node's one check is `type` (a property's `{"type": "string", "description": ...}`): its types, for
    /// `TapeEvaluation` to decide the node in one test, without reading the check out of `checks`.
    let onlyTypes: TypeSet?
    /// When the node's one check is `$ref` (`{"$ref": "#/definitions/step"}`): its target.
    let onlyReference: ReferenceTarget?

    init(location: String, checks: [SchemaCheck], resource: SchemaResource?, startsResource: Bool,
         collectsAnnotations: Bool) {
        self.location = location
        self.checks = checks
        onlyTypes = if checks.count == 1, case .type(let types) = checks[0] { types } else { nil }
        onlyReference = if checks.count == 1, case .reference(let target) = checks[0] { target } else { nil }
        self.resource = resource
        self.startsResource = startsResource
        self.collectsAnnotations = collectsAnnotations
    }

    /// Whether the node has `$dynamicRef` or `$recursiveRef`.
    var usesDynamicScope: Bool {
        checks.contains {
            switch $0 {
            case .dynamicReference, .recursiveReference: true
            default: false
            }
        }
    }
}

/// A schema resource in the dynamic scope: its `$dynamicAnchor`s (2020-12) and whether it has
/// `$recursiveAnchor: true` (2019-09).
///
/// Nodes own their resource; a resource does not own its nodes (`NodeLink`), so that no reference cycle keeps a
/// loaded schema alive: `JSONSchema.nodes` owns every node.
final class SchemaResource: @unchecked Sendable {
    let uri: String
    var dynamicAnchors: [String: NodeLink] = [:]
    var recursiveAnchor = false
    /// Whether the compiler has queued the resource's dynamic anchors.
    var anchorsQueued = false
    /// The resource's root schema.
    var root: NodeLink?

    init(uri: String) { self.uri = uri }
}

/// A link to a node that something else owns (`JSONSchema.nodes`): references and anchors point back up the tree,
/// and strong links there would make cycles that are never freed. `unowned` (checked): a link outliving its schema
/// traps rather than reading freed memory, and evaluation only runs while its `JSONSchema` is alive.
struct NodeLink {
    unowned let node: SchemaNode
    init(_ node: SchemaNode) { self.node = node }
}

/// A reference, filled in when its target has been compiled.
final class ReferenceTarget: @unchecked Sendable {
    let reference: String
    private var link: NodeLink?
    /// `$dynamicRef`: the anchor name to look up in the dynamic scope when the static target has a
    /// `$dynamicAnchor` of the same name.
    let anchor: String?
    init(_ reference: String, anchor: String? = nil) {
        self.reference = reference
        self.anchor = anchor
    }
    /// The compiled target (set once by the compiler, before any validation).
    var node: SchemaNode? {
        get { link?.node }
        set { link = newValue.map(NodeLink.init) }
    }
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
    /// Draft 4's `integer`: a number written without a fraction or exponent part (`1`, not `1.0` or `1e2`).
    static let integerLiteral = TypeSet(rawValue: 128)
    /// Every type (no `type` keyword).
    static let all = TypeSet(rawValue: 0xFF)

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
        case .number(let n):
            contains(.number) || (contains(.integer) && n.isInteger) || (contains(.integerLiteral) && n.isIntegerLiteral)
        }
    }

    /// "a string or null"
    var phrase: String {
        let names: [(TypeSet, String)] = [(.object, "an object"), (.array, "an array"), (.string, "a string"),
                                          (.integer, "an integer"), (.integerLiteral, "an integer"),
                                          (.number, "a number"), (.boolean, "a boolean"),
                                          (.null, "null")]
        let parts = names.filter { contains($0.0) }.map(\.1)
        if parts.count <= 1 { return parts.first ?? "nothing" }
        return parts.dropLast().joined(separator: ", ") + " or " + parts.last!
    }
}

/// One keyword (or a group that must be decided together, such as `properties` with `additionalProperties`).
///
/// Every payload is at most one word (a class, an array, an integer): checks are copied as they are evaluated, and a
/// large payload (a `Rule`, a `JSONNumber`) made each copy a move of dozens of bytes and several retains.
enum SchemaCheck: @unchecked Sendable {
    case never
    case type(TypeSet)
    case enumeration(EnumerationCheck)
    case constant(ConstantCheck)
    case minimum(NumberCheck)
    case maximum(NumberCheck)
    case multipleOf(NumberCheck)
    case minLength(Int)
    case maxLength(Int)
    case pattern(PCRERegex)
    case format(FormatCheck)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    /// prefix schemas (`prefixItems`, or `items` as an array), then the schema for the rest (`items` /
    /// `additionalItems`).
    case items(ItemsCheck)
    case contains(ContainsCheck)
    case minProperties(Int)
    case maxProperties(Int)
    case required([PropertyKey])
    case properties(PropertySchemas)
    case propertyNames(SchemaNode)
    case dependentRequired(DependentRequiredCheck)
    case dependentSchemas([(String, SchemaNode)])
    case reference(ReferenceTarget)
    /// `$dynamicRef`: the statically resolved target, and (in the target) the anchor name to look up in the
    /// dynamic scope.
    case dynamicReference(ReferenceTarget)
    /// `$recursiveRef`: the statically resolved target (`#` of the current resource).
    case recursiveReference(ReferenceTarget)
    case allOf([SchemaNode])
    case anyOf(Alternatives)
    case oneOf(Alternatives)
    case not(SchemaNode)
    case conditional(ConditionalCheck)
    case unevaluatedItems(SchemaNode)
    case unevaluatedProperties(SchemaNode)
}

/// `enum`: the allowed values. Strings (most enums) are found in a `NameTable`; other values are hashed.
final class EnumerationCheck: Sendable {
    let strings: NameTable<Void>
    private let others: Set<JSONValue>
    let message: String
    init(_ items: [JSONValue], message: String) {
        var strings: [(String, Void)] = []
        var others: Set<JSONValue> = []
        for item in items {
            if case .string(let text) = item { strings.append((text, ())) } else { others.insert(item) }
        }
        self.strings = NameTable(strings)
        self.others = others
        self.message = message
    }
    func contains(_ value: JSONValue) -> Bool {
        if case .string(let text) = value { return strings[text] != nil }
        return !others.isEmpty && others.contains(value)
    }
    /// `contains` of the ASCII string whose bytes are `range` of `bytes`.
    func contains(asciiIn bytes: [UInt8], _ range: Range<Int>) -> Bool { strings.value(asciiIn: bytes, range) != nil }
}

/// `const` (or a one-value `enum`: `keyword` says which, for the failure).
final class ConstantCheck: @unchecked Sendable {
    let value: JSONValue
    let message: String
    let keyword: String
    /// The value's UTF-8 bytes when it is an ASCII string (compared with a tape's plain strings as bytes).
    let asciiString: [UInt8]?
    init(_ value: JSONValue, message: String, keyword: String = "const") {
        self.value = value
        self.message = message
        self.keyword = keyword
        if case .string(let text) = value, text.utf8.allSatisfy({ $0 < 0x80 }) {
            asciiString = Array(text.utf8)
        } else {
            asciiString = nil
        }
    }
}

/// A property name a schema asks for (`required`, `dependentRequired`), with its key filter bit worked out once
/// (`JSONObject.value(for:bit:)`), not at each lookup.
struct PropertyKey: @unchecked Sendable {
    let name: String
    let bit: UInt64?
    init(_ name: String) {
        self.name = name
        bit = KeyFilter.bit(name)
    }
}

/// `dependentRequired`, or the arrays of draft 4-7 `dependencies` (`keyword` says which, for the failure).
final class DependentRequiredCheck: @unchecked Sendable {
    let pairs: [(PropertyKey, [PropertyKey])]
    let keyword: String
    init(_ pairs: [(String, [String])], keyword: String) {
        self.pairs = pairs.map { (PropertyKey($0.0), $0.1.map(PropertyKey.init)) }
        self.keyword = keyword
    }
}

/// A numeric bound or divisor.
final class NumberCheck: @unchecked Sendable {
    let number: JSONNumber
    let exclusive: Bool
    init(_ number: JSONNumber, exclusive: Bool = false) {
        self.number = number
        self.exclusive = exclusive
    }
}

/// `format` asserted by the rule of the same name.
final class FormatCheck: @unchecked Sendable {
    let rule: Rule
    let name: String
    init(_ rule: Rule, name: String) {
        self.rule = rule
        self.name = name
    }
}

/// `prefixItems`/`items`/`additionalItems`.
final class ItemsCheck: @unchecked Sendable {
    let prefix: [SchemaNode]
    let rest: SchemaNode?
    /// The keyword `rest` came from (`items` or `additionalItems`), for the failure when it is `false`.
    let restKeyword: String
    init(prefix: [SchemaNode], rest: SchemaNode?, restKeyword: String = "items") {
        self.prefix = prefix
        self.rest = rest
        self.restKeyword = restKeyword
    }
}

/// `contains` with `minContains`/`maxContains`.
final class ContainsCheck: @unchecked Sendable {
    let schema: SchemaNode
    let minimum: Int
    let maximum: Int?
    init(_ schema: SchemaNode, min: Int, max: Int?) {
        self.schema = schema
        minimum = min
        maximum = max
    }
}

/// `if`/`then`/`else`.
final class ConditionalCheck: @unchecked Sendable {
    let condition: SchemaNode
    let then: SchemaNode?
    let otherwise: SchemaNode?
    init(condition: SchemaNode, then: SchemaNode?, else otherwise: SchemaNode?) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
    }
}

/// `properties`, `patternProperties` and `additionalProperties` of one schema.
final class PropertySchemas: Sendable {
    /// The named properties (looked up by `NameTable`, without hashing the key).
    let table: NameTable<SchemaNode>
    /// The named properties' schemas, for walking the compiled graph (`SchemaCycles`).
    let namedSchemas: [SchemaNode]
    let patterns: [(PCRERegex, SchemaNode)]
    let additional: SchemaNode?
    /// Whether `additionalProperties` is `false` (its failure is worded as an unexpected property).
    let additionalIsFalse: Bool

    /// What the compiler fills in.
    struct Builder {
        var named: [(String, SchemaNode)] = []
        var patterns: [(PCRERegex, SchemaNode)] = []
        var additional: SchemaNode?
        var additionalIsFalse = false
        var isEmpty: Bool { named.isEmpty && patterns.isEmpty && additional == nil }
    }

    init(_ builder: Builder) {
        table = NameTable(builder.named)
        namedSchemas = builder.named.map(\.1)
        patterns = builder.patterns
        additional = builder.additional
        additionalIsFalse = builder.additionalIsFalse
    }

    /// The schema of the property `key`, if `properties` names it.
    @inline(__always)
    func schema(for key: String) -> SchemaNode? { table[key] }

    /// `schema(for:)` of the ASCII name whose bytes are `range` of `bytes`.
    @inline(__always)
    func schema(asciiIn bytes: [UInt8], _ range: Range<Int>) -> SchemaNode? { table.value(asciiIn: bytes, range) }
}

/// The schemas of `anyOf` or `oneOf`, with what the compiler could tell of them to decide the verdict cheaply.
final class Alternatives: @unchecked Sendable {
    let nodes: [SchemaNode]
    /// The types each alternative admits at most (`SchemaTypes`: its `type`, through `$ref` and `allOf`; every
    /// type when unknown): an instance of another type fails it without being evaluated. Set by the compiler once
    /// references are linked, before any validation.
    private(set) var types: [TypeSet]
    /// When every alternative is only `required` (renovate's `not: {anyOf: [{required: [a]}, {required: [b]},
    /// ...]}` of 107): each one's names. An alternative passes when the instance is not an object or has them all.
    let requiredNames: [[PropertyKey]]?
    /// When every alternative is `required` of one ASCII name: the names, for `anyOf` to look up the instance's
    /// few member names in, instead of looking each name up in the instance (107 lookups for renovate's).
    let singleNames: NameTable<Void>?

    init(_ nodes: [SchemaNode]) {
        self.nodes = nodes
        types = nodes.map { _ in TypeSet.all }
        var required: [[PropertyKey]] = []
        for node in nodes {
            guard node.checks.count == 1, case .required(let names) = node.checks[0], !node.collectsAnnotations else {
                break
            }
            required.append(names)
        }
        requiredNames = required.count == nodes.count ? required : nil
        var single: [(String, Void)] = []
        for names in requiredNames ?? [] {
            guard names.count == 1, names[0].bit != nil else { break }
            single.append((names[0].name, ()))
        }
        singleNames = single.count == nodes.count ? NameTable(single) : nil
    }

    /// Sets `types` (by the compiler, once references are linked).
    func setTypes(_ admitted: (SchemaNode) -> TypeSet) {
        types = nodes.map(admitted)
    }

    /// Whether alternative `i` can pass an instance of the types `instance` (`TypeSet.of`) as far as its types tell.
    @inline(__always)
    func admits(_ i: Int, _ instance: TypeSet) -> Bool {
        types[i].rawValue & instance.rawValue != 0
    }

    /// Whether `object` has every one of `names` (an alternative of `requiredNames` passes).
    @inline(__always)
    static func hasAll(_ names: [PropertyKey], _ object: JSONObject) -> Bool {
        for name in names where object.value(for: name.name, bit: name.bit) == nil { return false }
        return true
    }
}
