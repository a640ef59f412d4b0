// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// What the schemas applied to one instance evaluated: for `unevaluatedProperties` and `unevaluatedItems`.
struct Evaluated {
    var properties: Set<String> = []
    var allProperties = false
    /// Items 0..<items were evaluated (`prefixItems`/`items`).
    var items = 0
    var allItems = false
    /// Items `contains` matched.
    var itemIndices: Set<Int> = []

    mutating func merge(_ other: Evaluated) {
        properties.formUnion(other.properties)
        allProperties = allProperties || other.allProperties
        items = max(items, other.items)
        allItems = allItems || other.allItems
        itemIndices.formUnion(other.itemIndices)
    }
}

/// One validation of one instance: the failures found, where the evaluation is in the instance, and the dynamic
/// scope. A struct (not a class): its state changes at every step, and a class's stored properties pay a dynamic
/// exclusivity check on each change.
struct SchemaEvaluation {
    /// How many schemas deep one evaluation may go: deeper is a schema that recurses without end at run time
    /// (through `$dynamicRef`), reported as an undecided failure. Documents are at most `JSONValue.maximumDepth`
    /// deep, and a schema's static reference loops are refused when it loads.
    static let maximumDepth = 1000

    /// How many failures one validation records: past that, the evaluation stops recording and short-cuts as
    /// `isValid` does (a schema that applies one subschema 2^19 times through nested `allOf`s would otherwise record
    /// 524,288 failures, gigabytes of them). The verdict is unaffected: a recorded failure is a failure.
    static let maximumFailures = 1000

    var failures: [SchemaFailure] = []
    /// Whether `maximumFailures` were recorded and recording stopped.
    private(set) var stoppedRecording = false
    /// Whether failures are being recorded (false inside `anyOf`, `not`, `if`...: only the verdict counts there).
    var collecting: Bool
    /// Where the evaluation is in the instance: kept only while failures are recorded (only they show it).
    private var path: [PathPart] = []
    private var scope: [SchemaResource] = []
    /// Whether the schema has `$dynamicRef`/`$recursiveRef`: only then is the dynamic scope kept.
    private let tracksScope: Bool
    private var depth = 0
    /// Whether an `anyOf`/`oneOf` failure is being explained (see `alternativesFail`).
    private var explaining = false

    enum PathPart {
        case key(String)
        case index(Int)
    }

    /// `depth`: how many schemas deep the evaluation starts (an evaluation that `TapeEvaluation` hands a value to).
    init(collecting: Bool, tracksScope: Bool = true, depth: Int = 0) {
        self.collecting = collecting
        self.tracksScope = tracksScope
        self.depth = depth
    }

    var pointer: String {
        var out = ""
        for part in path {
            switch part {
            case .key(let key): out += "/" + JSONPointer.escape(key)
            case .index(let index): out += "/" + String(index)
            }
        }
        return out
    }

    @inline(__always)
    mutating func fail(_ keyword: String, _ message: @autoclosure () -> String, undecided: Bool = false) -> Bool {
        if collecting {
            if failures.count >= SchemaEvaluation.maximumFailures {
                stoppedRecording = true
                collecting = false
                return false
            }
            failures.append(SchemaFailure(pointer: pointer, message: message(), keyword: keyword, isUndecided: undecided))
        }
        return false
    }

    /// Whether `value` passes `node`. `evaluated`, when not nil, collects what the schema evaluated.
    mutating func validate(_ node: SchemaNode, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        // Most schemas, in most evaluations: no dynamic scope to keep, no annotations of their own, far from the
        // depth bound. They take the short way, in a small frame.
        guard !tracksScope, !node.collectsAnnotations, depth < SchemaEvaluation.maximumDepth else {
            return validateFully(node, value, &evaluated)
        }
        depth += 1
        let ok = run(node.checks, value, &evaluated)
        depth -= 1
        return ok
    }

    /// `validate` with the dynamic scope, the node's own annotations and the depth bound.
    @inline(never)
    private mutating func validateFully(_ node: SchemaNode, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        depth += 1
        defer { depth -= 1 }
        if depth > SchemaEvaluation.maximumDepth {
            return fail("$ref", "could not be decided: the schema recurses more than \(SchemaEvaluation.maximumDepth) "
                            + "levels deep at \(node.location) (a reference loop?)", undecided: true)
        }
        let entersScope = tracksScope && node.startsResource && node.resource != nil
        if entersScope { scope.append(node.resource!) }
        defer { if entersScope { scope.removeLast() } }
        if node.collectsAnnotations {
            var local: Evaluated? = Evaluated()
            let ok = run(node.checks, value, &local)
            if ok, evaluated != nil, let local { evaluated!.merge(local) }
            return ok
        }
        return run(node.checks, value, &evaluated)
    }

    @inline(__always)
    private mutating func run(_ checks: [SchemaCheck], _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        var ok = true
        for i in checks.indices where !evaluate(checks[i], value, &evaluated) {
            ok = false
            if !collecting { return false }
        }
        return ok
    }

    /// A branch evaluated for its verdict only (no failures recorded), with its own annotations.
    private mutating func quietly(_ node: SchemaNode, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        let was = collecting
        collecting = false
        defer { collecting = was && !stoppedRecording }
        return validate(node, value, &evaluated)
    }

    private mutating func child(_ part: @autoclosure () -> PathPart, _ node: SchemaNode, _ value: JSONValue) -> Bool {
        var none: Evaluated? = nil
        guard collecting else { return validate(node, value, &none) }
        path.append(part())
        defer { path.removeLast() }
        return validate(node, value, &none)
    }

    mutating func evaluate(_ check: SchemaCheck, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        switch check {
        case .never, .type, .enumeration, .constant, .minimum, .maximum, .multipleOf, .minLength, .maxLength, .pattern,
             .format, .minItems, .maxItems, .uniqueItems, .minProperties, .maxProperties, .required, .dependentRequired:
            return evaluateLeaf(check, value)
        case .contains, .propertyNames, .anyOf, .oneOf, .unevaluatedItems, .unevaluatedProperties:
            return evaluateMore(check, value, &evaluated)
        case .items(let check):
            guard case .array(let items) = value else { return true }
            let prefix = check.prefix, rest = check.rest
            if let rest, items.count > prefix.count, rest.checks.count == 1, case .never = rest.checks[0] {
                // `items: false` (or `additionalItems: false`): one failure naming the keyword, as for
                // `additionalProperties: false`, not one "the schema is false" per item.
                let allowed = prefix.count
                return fail(check.restKeyword, "must have at most \(allowed) item\(allowed == 1 ? "" : "s") (\(check.restKeyword) "
                                + "is false), not \(items.count)")
            }
            var ok = true
            for (i, item) in items.enumerated() {
                let schema: SchemaNode
                if i < prefix.count { schema = prefix[i] } else if let rest { schema = rest } else { break }
                if !child(.index(i), schema, item) {
                    ok = false
                    if !collecting { return false }
                }
            }
            if evaluated != nil {
                evaluated!.items = max(evaluated!.items, min(prefix.count, items.count))
                if rest != nil && items.count > prefix.count { evaluated!.allItems = true }
            }
            return ok
        case .properties(let schemas):
            guard case .object(let object) = value else { return true }
            return properties(schemas, object, &evaluated)
        case .dependentSchemas(let pairs):
            guard case .object(let object) = value else { return true }
            var ok = true
            for (key, schema) in pairs where object[key] != nil {
                if !validate(schema, value, &evaluated) {
                    ok = false
                    if !collecting { return false }
                }
            }
            return ok
        case .reference(let target):
            return follow(target.node!, value, &evaluated)
        case .dynamicReference(let target):
            var node = target.node!
            if let anchor = target.anchor {
                for resource in scope {
                    if let found = resource.dynamicAnchors[anchor] {
                        node = found.node
                        break
                    }
                }
            }
            return follow(node, value, &evaluated)
        case .recursiveReference(let target):
            var node = target.node!
            if let resource = node.resource, resource.recursiveAnchor {
                for outer in scope.reversed() {
                    guard outer.recursiveAnchor, let root = outer.root?.node else { break }
                    node = root
                }
            }
            return follow(node, value, &evaluated)
        case .allOf(let nodes):
            var ok = true
            for node in nodes where !validate(node, value, &evaluated) {
                ok = false
                if !collecting { return false }
            }
            return ok
        case .not(let node):
            var none: Evaluated? = nil
            return !quietly(node, value, &none) || fail("not", "must not match the schema under \"not\"")
        case .conditional(let check):
            var branch: Evaluated? = evaluated == nil ? nil : Evaluated()
            if quietly(check.condition, value, &branch) {
                if evaluated != nil, let branch { evaluated!.merge(branch) }
                guard let then = check.then else { return true }
                return validate(then, value, &evaluated)
            }
            guard let otherwise = check.otherwise else { return true }
            return validate(otherwise, value, &evaluated)
        }
    }

    /// The applicators with the most local state: out of `evaluate`, so that the frames of deep recursion stay
    /// small.
    @inline(never)
    private mutating func evaluateMore(_ check: SchemaCheck, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        switch check {
        case .contains(let check):
            let schema = check.schema, minimum = check.minimum, maximum = check.maximum
            guard case .array(let items) = value else { return true }
            var matches = 0
            var indices: [Int] = []
            for (i, item) in items.enumerated() {
                var none: Evaluated? = nil
                if quietly(schema, item, &none) {
                    matches += 1
                    indices.append(i)
                    if evaluated == nil && maximum == nil && matches >= minimum { break }
                }
            }
            if evaluated != nil { evaluated!.itemIndices.formUnion(indices) }
            if matches < minimum {
                return fail("contains", minimum == 1 ? "must contain an item matching the contains schema"
                                : "must contain at least \(minimum) items matching the contains schema (it has \(matches))")
            }
            if let maximum, matches > maximum {
                return fail("maxContains", "must contain at most \(maximum) item\(maximum == 1 ? "" : "s") matching the "
                                + "contains schema (it has \(matches))")
            }
            return true
        case .propertyNames(let schema):
            guard case .object(let object) = value else { return true }
            var ok = true
            for index in object.members.indices where object.isFirstOfItsName(index) {
                let key = object.members[index].key
                let before = failures.count
                var none: Evaluated? = nil
                if !validate(schema, .string(key), &none) {
                    ok = false
                    if !collecting { return false }
                    for i in before..<failures.count {
                        failures[i].message = "has the property name \(displayQuoted(key, limit: 60)), which "
                            + failures[i].message
                        failures[i].keyword = "propertyNames"
                    }
                }
            }
            return ok
        case .anyOf(let alternatives):
            let nodes = alternatives.nodes
            if let required = alternatives.requiredNames {
                // Alternatives of `required` only: looked up here, none evaluated (they annotate nothing). Each
                // passes what is not an object.
                guard case .object(let object) = value else { return true }
                if let names = alternatives.singleNames, object.hasASCIIKeys {
                    // ASCII names against ASCII keys: equal as Swift strings only when their bytes are.
                    for member in object.members where names[member.key] != nil { return true }
                } else {
                    for names in required where Alternatives.hasAll(names, object) { return true }
                }
                return alternativesFail("anyOf", nodes, value, "must match at least one of the \(nodes.count) "
                                            + "alternatives (anyOf)")
            }
            var ok = false
            let instance = TypeSet.of(value)
            for i in nodes.indices where alternatives.admits(i, instance) {
                var branch: Evaluated? = evaluated == nil ? nil : Evaluated()
                if quietly(nodes[i], value, &branch) {
                    ok = true
                    guard evaluated != nil, let branch else { break }
                    evaluated!.merge(branch)
                }
            }
            return ok || alternativesFail("anyOf", nodes, value, "must match at least one of the \(nodes.count) "
                                            + "alternatives (anyOf)")
        case .oneOf(let alternatives):
            let nodes = alternatives.nodes
            // The passing alternatives are counted; their indices are kept only for a failure's message. An
            // alternative whose `type` the instance is not of fails without being evaluated.
            var passing = 0
            var listed: [Int] = []
            var kept: Evaluated?
            let instance = TypeSet.of(value)
            for i in nodes.indices where alternatives.admits(i, instance) {
                var branch: Evaluated? = evaluated == nil ? nil : Evaluated()
                let passes = if let required = alternatives.requiredNames {
                    if case .object(let object) = value { Alternatives.hasAll(required[i], object) } else { true }
                } else {
                    quietly(nodes[i], value, &branch)
                }
                if passes {
                    passing += 1
                    if collecting { listed.append(i) }
                    kept = branch
                    if passing > 1 && !collecting { return false }
                }
            }
            if passing == 1 {
                if evaluated != nil, let kept { evaluated!.merge(kept) }
                return true
            }
            if passing == 0 {
                return alternativesFail("oneOf", nodes, value, "must match exactly one of the \(nodes.count) alternatives "
                                            + "(oneOf), but matches none")
            }
            return fail("oneOf", "must match exactly one of the \(nodes.count) alternatives (oneOf), but matches "
                            + listed.prefix(5).map { "#\($0 + 1)" }.joined(separator: ", ")
                            + (listed.count > 5 ? " and \(listed.count - 5) more" : ""))
        case .unevaluatedItems(let schema):
            guard case .array(let items) = value else { return true }
            let seen = evaluated ?? Evaluated()
            if seen.allItems { return true }
            var ok = true
            for i in seen.items..<max(seen.items, items.count) where !seen.itemIndices.contains(i) {
                if !child(.index(i), schema, items[i]) {
                    ok = false
                    if !collecting { return false }
                }
            }
            if evaluated != nil { evaluated!.allItems = true }
            return ok
        case .unevaluatedProperties(let schema):
            guard case .object(let object) = value else { return true }
            let seen = evaluated ?? Evaluated()
            if seen.allProperties { return true }
            var ok = true
            for member in object.members where !seen.properties.contains(member.key) {
                if schema.checks.count == 1, case .never = schema.checks[0] {
                    path.append(.key(member.key))
                    _ = fail("unevaluatedProperties", "is not allowed: the schema does not define this property")
                    path.removeLast()
                    ok = false
                    if !collecting { return false }
                    continue
                }
                if !child(.key(member.key), schema, member.value) {
                    ok = false
                    if !collecting { return false }
                }
            }
            if evaluated != nil { evaluated!.allProperties = true }
            return ok
        default:
            return true
        }
    }

    /// A reference followed: the target's resource joins the dynamic scope while it is evaluated.
    private mutating func follow(_ node: SchemaNode, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        if tracksScope, !node.startsResource, let resource = node.resource {
            scope.append(resource)
            defer { scope.removeLast() }
            return validate(node, value, &evaluated)
        }
        return validate(node, value, &evaluated)
    }

    private mutating func properties(_ schemas: PropertySchemas, _ object: JSONObject, _ evaluated: inout Evaluated?) -> Bool {
        var ok = true
        // By index: the members are read in place, not each copied (and released) as a loop variable.
        let members = object.members
        for m in members.indices {
            var matched = false
            if let schema = schemas.schema(for: members[m].key) {
                matched = true
                if !child(.key(members[m].key), schema, members[m].value) {
                    ok = false
                    if !collecting { return false }
                }
            }
            for (regex, schema) in schemas.patterns {
                let found: Bool
                do {
                    found = try regex.evaluate(members[m].key)
                } catch {
                    path.append(.key(members[m].key))
                    _ = fail("patternProperties", "could not be matched against the pattern "
                                + "\(displayQuoted(regex.pattern, limit: 80)): \(error.description)", undecided: true)
                    path.removeLast()
                    ok = false
                    if !collecting { return false }
                    continue
                }
                guard found else { continue }
                matched = true
                if !child(.key(members[m].key), schema, members[m].value) {
                    ok = false
                    if !collecting { return false }
                }
            }
            if matched {
                if evaluated != nil { evaluated!.properties.insert(members[m].key) }
                continue
            }
            guard let additional = schemas.additional else { continue }
            if schemas.additionalIsFalse {
                ok = false
                if !collecting { return false }
                path.append(.key(members[m].key))
                _ = fail("additionalProperties", "is not allowed: the schema does not define this property")
                path.removeLast()
                continue
            }
            if !child(.key(members[m].key), additional, members[m].value) {
                ok = false
                if !collecting { return false }
            }
            if evaluated != nil { evaluated!.properties.insert(members[m].key) }
        }
        return ok
    }

    /// The failure of `anyOf` or `oneOf` matching nothing: the failures of the alternative that came closest (the
    /// one whose first failure is deepest in the instance, then the one with the fewest failures) when they lie
    /// deeper than here, else one failure saying no alternative matched.
    private mutating func alternativesFail(_ keyword: String, _ nodes: [SchemaNode], _ value: JSONValue, _ message: String) -> Bool {
        guard collecting else { return false }
        // Only the outermost anyOf/oneOf explains itself by its closest alternative: each explanation evaluates the
        // alternatives again, and nested ones explaining themselves too would cost exponential time in the nesting.
        guard !explaining else { return fail(keyword, message) }
        explaining = true
        defer { explaining = false }
        let here = pointer
        var best: [SchemaFailure]?
        for node in nodes {
            let saved = failures
            failures = []
            var none: Evaluated? = nil
            _ = validate(node, value, &none)
            let found = failures
            failures = saved
            guard !found.isEmpty else { continue }
            let depth = found.map { $0.pointer.count }.max() ?? 0
            if let current = best {
                let currentDepth = current.map { $0.pointer.count }.max() ?? 0
                if depth > currentDepth || (depth == currentDepth && found.count < current.count) { best = found }
            } else {
                best = found
            }
        }
        if let best, best.contains(where: { $0.pointer.count > here.count }) {
            failures += best
            return false
        }
        return fail(keyword, message)
    }
}
