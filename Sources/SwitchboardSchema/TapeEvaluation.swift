// SPDX-License-Identifier: Apache-2.0
/// Whether the document on a `JSONTape` passes a schema: `JSONSchema.isValid` without the tree. The applicators
/// (`properties`, `items`, `$ref`, `allOf`, `anyOf`, `oneOf`, `if`...) and the checks that only look at a value's
/// type, size, names or plain string bytes walk the tape; every other check is handed the value as a `JSONValue`
/// and decided by `SchemaEvaluation` itself (so a keyword's meaning is written once): strings and numbers are made
/// from their bytes, containers read again by `JSONParser`. A schema with `unevaluatedProperties` or
/// `unevaluatedItems` is evaluated by `SchemaEvaluation` from where it starts (the annotations it collects are that
/// evaluation's); a schema with a dynamic scope (`$dynamicRef`, `$recursiveRef`) does not use tapes at all.
///
/// The verdicts are `SchemaEvaluation`'s when it records no failure: the first failing check decides, and the same
/// depth bound holds.
struct TapeEvaluation {
    private let tape: JSONTape
    private var depth = 0
    /// The evaluation the checks on single values are handed to (it records nothing, so it never changes).
    private var values = SchemaEvaluation(collecting: false, tracksScope: false)
    /// The value made last for a check, and its entry: a string is often checked by several patterns in turn (the
    /// alternatives of an `anyOf`), and is made once.
    private var madeEntry = -1
    private var made: JSONValue = .null

    init(_ tape: JSONTape) { self.tape = tape }

    /// Whether the value at entry `i` passes `node`.
    mutating func validate(_ node: SchemaNode, _ i: Int) -> Bool {
        if node.collectsAnnotations || depth >= SchemaEvaluation.maximumDepth { return onTree(node, i) }
        if let types = node.onlyTypes { return types.rawValue & tape.entries[i].types.rawValue != 0 }
        depth += 1
        if let target = node.onlyReference {
            let ok = validate(target.node!, i)
            depth -= 1
            return ok
        }
        let checks = node.checks
        var ok = true
        for k in checks.indices where !evaluate(checks[k], i) {
            ok = false
            break
        }
        depth -= 1
        return ok
    }

    @inline(__always)
    private mutating func evaluate(_ check: SchemaCheck, _ i: Int) -> Bool {
        let entry = tape.entries[i]
        switch check {
        case .never:
            return false
        case .type(let types):
            return types.rawValue & entry.types.rawValue != 0
        case .enumeration(let allowed):
            if entry.kind == .string, entry.flags & TapeEntry.plain != 0 {
                return allowed.contains(asciiIn: tape.bytes, tape.plainRange(i))
            }
            return onValue(check, i)
        case .constant(let constant):
            return equals(constant, i)
        case .minimum, .maximum, .multipleOf:
            return entry.kind != .number || onValue(check, i)
        case .minLength(let minimum):
            guard entry.kind == .string else { return true }
            if entry.flags & TapeEntry.plain != 0 { return entry.end - entry.start - 2 >= minimum }
            return onValue(check, i)
        case .maxLength(let maximum):
            guard entry.kind == .string else { return true }
            if entry.flags & TapeEntry.plain != 0 { return entry.end - entry.start - 2 <= maximum }
            return onValue(check, i)
        case .pattern(let regex):
            guard entry.kind == .string else { return true }
            // A plain string whose first bytes the pattern cannot start with fails without being made.
            if entry.flags & TapeEntry.plain != 0, !regex.mayMatch(utf8: tape.bytes.span.extracting(tape.plainRange(i))) {
                return false
            }
            return onValue(check, i)
        case .format:
            return entry.kind != .string || onValue(check, i)
        case .minItems(let minimum):
            return entry.kind != .array || entry.count >= minimum
        case .maxItems(let maximum):
            return entry.kind != .array || entry.count <= maximum
        case .uniqueItems:
            guard entry.kind == .array, entry.count >= 2 else { return true }
            return uniquePlainStrings(i) ?? onValue(check, i)
        case .minProperties(let minimum):
            return entry.kind != .object || entry.count >= minimum   // a tape's objects have no repeated names
        case .maxProperties(let maximum):
            return entry.kind != .object || entry.count <= maximum
        case .required(let names):
            return entry.kind != .object || hasAll(names, i)
        case .dependentRequired(let dependent):
            guard entry.kind == .object else { return true }
            for (key, names) in dependent.pairs where tape.member(i, key) != nil {
                if !hasAll(names, i) { return false }
            }
            return true
        case .items(let items):
            guard entry.kind == .array else { return true }
            return self.items(items, i)
        case .contains(let contains):
            guard entry.kind == .array else { return true }
            var matches = 0
            var k = i + 1
            while k < entry.next {
                if validate(contains.schema, k) {
                    matches += 1
                    if contains.maximum == nil && matches >= contains.minimum { break }
                }
                k = tape.entries[k].next
            }
            if matches < contains.minimum { return false }
            if let maximum = contains.maximum, matches > maximum { return false }
            return true
        case .properties(let schemas):
            guard entry.kind == .object else { return true }
            return properties(schemas, i)
        case .propertyNames(let schema):
            guard entry.kind == .object else { return true }
            // Each name is a string entry of its own.
            var k = i + 1
            while k < entry.next {
                if !validate(schema, k) { return false }
                k = tape.entries[k + 1].next
            }
            return true
        case .dependentSchemas(let pairs):
            guard entry.kind == .object else { return true }
            for (key, schema) in pairs where tape.member(i, PropertyKey(key)) != nil {
                if !validate(schema, i) { return false }
            }
            return true
        case .reference(let target):
            return validate(target.node!, i)
        case .allOf(let nodes):
            for node in nodes where !validate(node, i) { return false }
            return true
        case .anyOf(let alternatives):
            return anyOf(alternatives, i)
        case .oneOf(let alternatives):
            return oneOf(alternatives, i)
        case .not(let node):
            return !validate(node, i)
        case .conditional(let conditional):
            if validate(conditional.condition, i) {
                guard let then = conditional.then else { return true }
                return validate(then, i)
            }
            guard let otherwise = conditional.otherwise else { return true }
            return validate(otherwise, i)
        case .dynamicReference, .recursiveReference, .unevaluatedItems, .unevaluatedProperties:
            // Only in schemas that do not use tapes, or that `validate` hands over whole: here for completeness.
            return onTree(check, i)
        }
    }

    private mutating func items(_ items: ItemsCheck, _ i: Int) -> Bool {
        let prefix = items.prefix, rest = items.rest
        let count = tape.entries[i].count, stop = tape.entries[i].next
        if let rest, count > prefix.count, rest.checks.count == 1, case .never = rest.checks[0] { return false }
        var k = i + 1, n = 0
        while k < stop {
            let schema: SchemaNode
            if n < prefix.count { schema = prefix[n] } else if let rest { schema = rest } else { break }
            if !validate(schema, k) { return false }
            k = tape.entries[k].next
            n += 1
        }
        return true
    }

    /// `properties`, `patternProperties` and `additionalProperties` over the members of the object at `i`.
    private mutating func properties(_ schemas: PropertySchemas, _ i: Int) -> Bool {
        let stop = tape.entries[i].next
        var k = i + 1
        while k < stop {
            let value = k + 1
            let name = tape.plainRange(k)
            var matched = false
            if let schema = schemas.schema(asciiIn: tape.bytes, name) {
                matched = true
                if !validate(schema, value) { return false }
            }
            if !schemas.patterns.isEmpty {
                let key = String(decoding: tape.bytes[name], as: UTF8.self)
                for (regex, schema) in schemas.patterns {
                    // A pattern that cannot be matched fails, as in `SchemaEvaluation`.
                    guard let found = try? regex.evaluate(key) else { return false }
                    if found {
                        matched = true
                        if !validate(schema, value) { return false }
                    }
                }
            }
            if !matched, let additional = schemas.additional {
                if schemas.additionalIsFalse || !validate(additional, value) { return false }
            }
            k = tape.entries[value].next
        }
        return true
    }

    private mutating func anyOf(_ alternatives: Alternatives, _ i: Int) -> Bool {
        let entry = tape.entries[i]
        if let required = alternatives.requiredNames {
            guard entry.kind == .object else { return true }
            if let names = alternatives.singleNames {
                // The object's few names looked up among the alternatives' (all ASCII on both sides).
                var k = i + 1
                while k < entry.next {
                    if names.value(asciiIn: tape.bytes, tape.plainRange(k)) != nil { return true }
                    k = tape.entries[k + 1].next
                }
                return false
            }
            for names in required where hasAll(names, i) { return true }
            return false
        }
        let nodes = alternatives.nodes
        for n in nodes.indices where alternatives.admits(n, entry.types) && validate(nodes[n], i) { return true }
        return false
    }

    private mutating func oneOf(_ alternatives: Alternatives, _ i: Int) -> Bool {
        let entry = tape.entries[i]
        let nodes = alternatives.nodes
        var passing = 0
        for n in nodes.indices where alternatives.admits(n, entry.types) {
            let passes = if let required = alternatives.requiredNames {
                entry.kind != .object || hasAll(required[n], i)
            } else {
                validate(nodes[n], i)
            }
            if passes {
                passing += 1
                if passing > 1 { return false }
            }
        }
        return passing == 1
    }

    /// `uniqueItems` of the array at `i` when its items are all plain strings (equal exactly when their bytes are);
    /// nil for any other.
    private func uniquePlainStrings(_ i: Int) -> Bool? {
        let first = i + 1, stop = tape.entries[i].next
        for k in first..<stop where tape.entries[k].kind != .string || tape.entries[k].flags & TapeEntry.plain == 0 {
            return nil
        }
        if stop - first <= 32 {
            for a in first..<stop {
                for b in (a + 1)..<stop where tape.plainStrings(a, b) { return false }
            }
            return true
        }
        // Longer arrays: sorted by a hash of each item's bytes, items of equal hashes compared.
        var hashed: [(hash: UInt64, entry: Int)] = []
        hashed.reserveCapacity(stop - first)
        for k in first..<stop { hashed.append((tape.plainHash(k), k)) }
        hashed.sort { $0.hash < $1.hash }
        var run = 0
        for n in 1..<hashed.count {
            if hashed[n].hash != hashed[run].hash {
                run = n
                continue
            }
            for m in run..<n where tape.plainStrings(hashed[m].entry, hashed[n].entry) { return false }
        }
        return true
    }

    private func hasAll(_ names: [PropertyKey], _ i: Int) -> Bool {
        for name in names where tape.member(i, name) == nil { return false }
        return true
    }

    /// `const`: a value of another kind differs, a plain string is compared as bytes with an ASCII one; the rest
    /// is compared as values.
    private mutating func equals(_ constant: ConstantCheck, _ i: Int) -> Bool {
        let entry = tape.entries[i]
        switch constant.value {
        case .null: return entry.kind == .null
        case .bool(let value): return entry.kind == .bool && (entry.flags & TapeEntry.isTrue != 0) == value
        case .string:
            guard entry.kind == .string else { return false }
            if entry.flags & TapeEntry.plain != 0, let ascii = constant.asciiString {
                return tape.plainString(i, equals: ascii.span)
            }
        case .number: guard entry.kind == .number else { return false }
        case .array: guard entry.kind == .array else { return false }
        case .object: guard entry.kind == .object else { return false }
        }
        return onValue(.constant(constant), i)
    }

    /// A check of one value (no subschema), decided by `SchemaEvaluation` on the value made from the tape.
    private mutating func onValue(_ check: SchemaCheck, _ i: Int) -> Bool {
        if i != madeEntry {
            guard let value = tape.value(i) else { return false }
            made = value
            madeEntry = i
        }
        return values.evaluateLeaf(check, made)
    }

    /// A check decided by `SchemaEvaluation` from here, at this depth.
    private func onTree(_ check: SchemaCheck, _ i: Int) -> Bool {
        guard let value = tape.value(i) else { return false }
        var evaluation = SchemaEvaluation(collecting: false, tracksScope: false, depth: depth)
        var none: Evaluated? = nil
        return evaluation.evaluate(check, value, &none)
    }

    /// A schema evaluated by `SchemaEvaluation` from here, at this depth.
    private func onTree(_ node: SchemaNode, _ i: Int) -> Bool {
        guard let value = tape.value(i) else { return false }
        var evaluation = SchemaEvaluation(collecting: false, tracksScope: false, depth: depth)
        var none: Evaluated? = nil
        return evaluation.validate(node, value, &none)
    }
}

extension JSONSchema {
    /// Whether `isValid(tape:)` decides this schema's verdicts: false when a schema uses the dynamic scope
    /// (`$dynamicRef`, `$recursiveRef`), which only `JSONValue`s are validated with.
    package var validatesTapes: Bool { !usesDynamicScope }

    /// Whether the document on `tape` passes: `isValid` of the value `JSONValue.parse` makes of the same text.
    package func isValid(tape: JSONTape) -> Bool {
        guard validatesTapes else { return tape.value(0).map(isValid) ?? false }
        var evaluation = TapeEvaluation(tape)
        return evaluation.validate(root, 0)
    }
}
