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
///
/// Its helpers that only read are `mutating` all the same: called from a mutating method, a non-mutating one is
/// handed a copy of the whole struct (over a hundred bytes), a mutating one its address.
struct TapeEvaluation {
    private let tape: JSONTape
    private let program: TapeProgram
    private var depth = 0
    /// The evaluation the checks on single values are handed to (it records nothing, so it never changes).
    private var values = SchemaEvaluation(collecting: false, tracksScope: false)
    /// The value made last for a check, and its entry: a string is often checked by several patterns in turn (the
    /// alternatives of an `anyOf`), and is made once.
    private var madeEntry = -1
    private var made: JSONValue = .null

    init(_ tape: JSONTape, _ program: TapeProgram) {
        self.tape = tape
        self.program = program
    }

    /// Whether the value at entry `i` passes node `n` of the program.
    mutating func validate(_ n: Int, _ i: Int) -> Bool {
        let node = program.nodes[n]
        if node.form == .tree || depth >= SchemaEvaluation.maximumDepth { return onTree(program.sources[n], i) }
        if node.form == .types { return UInt8(truncatingIfNeeded: node.first) & tape.entries[i].types.rawValue != 0 }
        depth += 1
        var ok = true
        if node.form == .reference {
            ok = validate(Int(node.first), i)
        } else {
            var k = Int(node.first)
            let stop = k + Int(node.count)
            while k < stop {
                if !evaluate(program.ops[k], i) {
                    ok = false
                    break
                }
                k += 1
            }
        }
        depth -= 1
        return ok
    }

    /// Whether the value at entry `i` passes `op`: the few tests of the value's type, size and names here, the
    /// rest in functions of their own (inlined, they made every call of `validate` a frame of a kilobyte).
    @inline(__always)
    private mutating func evaluate(_ op: TapeOp, _ i: Int) -> Bool {
        switch op.code {
        case .never:
            return false
        case .type:
            return UInt8(truncatingIfNeeded: op.a) & tape.entries[i].types.rawValue != 0
        case .enumeration:
            return enumeration(op, i)
        case .constant:
            return equals(op, i)
        case .number:
            return tape.entries[i].kind != .number || leaf(op, i)
        case .minLength:
            guard tape.entries[i].kind == .string else { return true }
            if tape.entries[i].flags & TapeEntry.plain != 0 { return tape.entries[i].end - tape.entries[i].start - 2 >= Int(op.a) }
            return leaf(op, i)
        case .maxLength:
            guard tape.entries[i].kind == .string else { return true }
            if tape.entries[i].flags & TapeEntry.plain != 0 { return tape.entries[i].end - tape.entries[i].start - 2 <= Int(op.a) }
            return leaf(op, i)
        case .pattern:
            return tape.entries[i].kind != .string || pattern(op, i)
        case .format:
            return tape.entries[i].kind != .string || leaf(op, i)
        case .minItems:
            return tape.entries[i].kind != .array || tape.entries[i].count >= Int(op.a)
        case .maxItems:
            return tape.entries[i].kind != .array || tape.entries[i].count <= Int(op.a)
        case .uniqueItems:
            guard tape.entries[i].kind == .array, tape.entries[i].count >= 2 else { return true }
            return uniqueItems(op, i)
        case .minProperties:
            return tape.entries[i].kind != .object || tape.entries[i].count >= Int(op.a)   // a tape's objects have no repeated names
        case .maxProperties:
            return tape.entries[i].kind != .object || tape.entries[i].count <= Int(op.a)
        case .required:
            return tape.entries[i].kind != .object || hasAll(Int(op.a), Int(op.b), i)
        case .dependentRequired:
            return tape.entries[i].kind != .object || dependentRequired(op, i)
        case .items:
            return tape.entries[i].kind != .array || items(op, i)
        case .contains:
            return tape.entries[i].kind != .array || contains(op, i)
        case .properties:
            return tape.entries[i].kind != .object || properties(Int(op.a), i)
        case .propertyNames:
            return tape.entries[i].kind != .object || propertyNames(op, i)
        case .dependentSchemas:
            return tape.entries[i].kind != .object || dependentSchemas(op, i)
        case .reference:
            return validate(Int(op.a), i)
        case .allOf:
            var j = Int(op.a)
            let stop = j + Int(op.b)
            while j < stop {
                if !validate(Int(program.ints[j]), i) { return false }
                j += 1
            }
            return true
        case .anyOf:
            return anyOf(Int(op.a), i)
        case .oneOf:
            return oneOf(Int(op.a), i)
        case .not:
            return !validate(Int(op.a), i)
        case .conditional:
            if validate(Int(op.a), i) { return op.b < 0 || validate(Int(op.b), i) }
            return op.c < 0 || validate(Int(op.c), i)
        case .tree:
            // Only in schemas that do not use tapes, or that `validate` hands over whole: here for completeness.
            return onTree(program.checks[Int(op.c)], i)
        }
    }

    /// `enum`: a plain string looked up in the enum's strings, any other value decided by the tree's check.
    @inline(never)
    private mutating func enumeration(_ op: TapeOp, _ i: Int) -> Bool {
        let entry = tape.entries[i]
        if entry.kind == .string, entry.flags & TapeEntry.plain != 0 {
            let range = tape.plainRange(i)
            let bit = KeyFilter.bit(ascii: tape.bytes.span.extracting(range))
            return program.lookup(Int(op.a), tape.bytes, range, bit: bit) >= 0
        }
        return leaf(op, i)
    }

    @inline(never)
    private mutating func uniqueItems(_ op: TapeOp, _ i: Int) -> Bool {
        uniquePlainStrings(i) ?? leaf(op, i)
    }

    @inline(never)
    private mutating func propertyNames(_ op: TapeOp, _ i: Int) -> Bool {
        let stop = tape.entries[i].next
        // Each name is a string entry of its own.
        var k = i + 1
        while k < stop {
            if !validate(Int(op.a), k) { return false }
            k = tape.entries[k + 1].next
        }
        return true
    }

    /// `PCRERegex.mayMatch` of the plain string `entry` with the prefix at `prefixes[at]`: whether its first
    /// characters are in the prefix's sets (else the string fails the pattern).
    @inline(__always)
    private func mayStart(_ at: Int, _ entry: TapeEntry) -> Bool {
        let first = entry.start + 1
        let count = Int(truncatingIfNeeded: program.prefixes[at])
        guard entry.end - 1 - first >= count else { return false }
        var k = 0
        while k < count {
            let b = tape.bytes[first + k]
            guard b < 0x80 else { return false }
            let set = at + 1 + 2 * k + (b < 64 ? 0 : 1)
            if program.prefixes[set] & (1 &<< UInt64(b & 63)) == 0 { return false }
            k += 1
        }
        return true
    }

    /// `pattern` of the string at `i`: a plain string whose first bytes the pattern cannot start with fails without
    /// being made.
    @inline(never)
    private mutating func pattern(_ op: TapeOp, _ i: Int) -> Bool {
        if tape.entries[i].flags & TapeEntry.plain != 0, op.b >= 0, !mayStart(Int(op.b), tape.entries[i]) {
            return false
        }
        return leaf(op, i)
    }

    private mutating func items(_ op: TapeOp, _ i: Int) -> Bool {
        let prefix = Int(op.a), prefixCount = Int(op.b), rest = Int(op.c)
        let count = tape.entries[i].count, stop = tape.entries[i].next
        if rest >= 0, count > prefixCount, program.nodes[rest].isNever { return false }
        var k = i + 1, n = 0
        while k < stop {
            let schema: Int
            if n < prefixCount { schema = Int(program.ints[prefix + n]) } else if rest >= 0 { schema = rest } else { break }
            if !validate(schema, k) { return false }
            k = tape.entries[k].next
            n += 1
        }
        return true
    }

    private mutating func contains(_ op: TapeOp, _ i: Int) -> Bool {
        let schema = Int(op.a), minimum = Int(op.b), maximum = Int(op.c)   // -1: no maximum
        let stop = tape.entries[i].next
        var matches = 0
        var k = i + 1
        while k < stop {
            if validate(schema, k) {
                matches += 1
                if maximum < 0 && matches >= minimum { break }
            }
            k = tape.entries[k].next
        }
        if matches < minimum { return false }
        if maximum >= 0, matches > maximum { return false }
        return true
    }

    /// `properties`, `patternProperties` and `additionalProperties` (`program.properties[p]`) over the members of
    /// the object at `i`.
    private mutating func properties(_ p: Int, _ i: Int) -> Bool {
        let schemas = program.properties[p]
        let table = program.tables[Int(schemas.table)]
        let stop = tape.entries[i].next
        var k = i + 1
        while k < stop {
            let value = k + 1
            let name = tape.plainRange(k)
            var matched = false
            let named = program.lookup(table, tape.bytes, name, bit: tape.entries[k].bits)
            if named >= 0 {
                matched = true
                if !validate(named, value) { return false }
            }
            if schemas.patternCount > 0 {
                switch patternProperties(schemas, name, value) {
                case nil: return false
                case true?: matched = true
                case false?: break
                }
            }
            if !matched, schemas.additional >= 0 {
                if schemas.additionalIsFalse || !validate(Int(schemas.additional), value) { return false }
            }
            k = tape.entries[value].next
        }
        return true
    }

    /// The patterns of `schemas` that the name in `name` matches, each with its schema on the value at `value`:
    /// whether one matched, nil when a schema fails or a pattern cannot be matched (a failure, as in
    /// `SchemaEvaluation`).
    private mutating func patternProperties(_ schemas: TapeProperties, _ name: Range<Int>, _ value: Int) -> Bool? {
        let key = String(decoding: tape.bytes[name], as: UTF8.self)
        var matched = false
        var j = Int(schemas.patterns)
        let stop = j + 2 * Int(schemas.patternCount)
        while j < stop {
            guard let found = try? program.regexes[Int(program.ints[j])].evaluate(key) else { return nil }
            if found {
                matched = true
                if !validate(Int(program.ints[j + 1]), value) { return nil }
            }
            j += 2
        }
        return matched
    }

    private mutating func dependentRequired(_ op: TapeOp, _ i: Int) -> Bool {
        var j = Int(op.a)
        let stop = j + 3 * Int(op.b)
        while j < stop {
            if has(i, Int(program.ints[j])), !hasAll(Int(program.ints[j + 1]), Int(program.ints[j + 2]), i) {
                return false
            }
            j += 3
        }
        return true
    }

    private mutating func dependentSchemas(_ op: TapeOp, _ i: Int) -> Bool {
        var j = Int(op.a)
        let stop = j + 2 * Int(op.b)
        while j < stop {
            if has(i, Int(program.ints[j])), !validate(Int(program.ints[j + 1]), i) { return false }
            j += 2
        }
        return true
    }

    private mutating func anyOf(_ a: Int, _ i: Int) -> Bool {
        let alternatives = program.alternatives[a]
        let entry = tape.entries[i]
        if alternatives.required >= 0 {
            guard entry.kind == .object else { return true }
            if alternatives.single >= 0 {
                // The object's few names looked up among the alternatives' (all ASCII on both sides).
                let table = program.tables[Int(alternatives.single)]
                var k = i + 1
                while k < entry.next {
                    if program.lookup(table, tape.bytes, tape.plainRange(k),
                                      bit: tape.entries[k].bits) >= 0 {
                        return true
                    }
                    k = tape.entries[k + 1].next
                }
                return false
            }
            for n in 0..<Int(alternatives.count) where hasAllOf(alternatives, n, i) { return true }
            return false
        }
        var j = Int(alternatives.start)
        let stop = j + 2 * Int(alternatives.count)
        while j < stop {
            if UInt8(truncatingIfNeeded: program.ints[j + 1]) & entry.types.rawValue != 0,
               validate(Int(program.ints[j]), i) {
                return true
            }
            j += 2
        }
        return false
    }

    private mutating func oneOf(_ a: Int, _ i: Int) -> Bool {
        let alternatives = program.alternatives[a]
        let entry = tape.entries[i]
        var passing = 0
        for n in 0..<Int(alternatives.count) {
            let j = Int(alternatives.start) + 2 * n
            guard UInt8(truncatingIfNeeded: program.ints[j + 1]) & entry.types.rawValue != 0 else { continue }
            let passes = alternatives.required >= 0 ? entry.kind != .object || hasAllOf(alternatives, n, i)
                                                    : validate(Int(program.ints[j]), i)
            if passes {
                passing += 1
                if passing > 1 { return false }
            }
        }
        return passing == 1
    }

    /// Whether the object at `i` has every name alternative `n` of `alternatives` requires (they are all `required`).
    private mutating func hasAllOf(_ alternatives: TapeAlternatives, _ n: Int, _ i: Int) -> Bool {
        let j = Int(alternatives.required) + 2 * n
        return hasAll(Int(program.ints[j]), Int(program.ints[j + 1]), i)
    }

    /// `uniqueItems` of the array at `i` when its items are all plain strings (equal exactly when their bytes are);
    /// nil for any other.
    private mutating func uniquePlainStrings(_ i: Int) -> Bool? {
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

    /// Whether the object at `i` has each of the `count` keys listed from `ints[start]`.
    private mutating func hasAll(_ start: Int, _ count: Int, _ i: Int) -> Bool {
        var j = start
        while j < start + count {
            if !has(i, Int(program.ints[j])) { return false }
            j += 1
        }
        return true
    }

    /// Whether the object at entry `object` has a member named by key `k` (`JSONTape.member`).
    @inline(__always)
    private mutating func has(_ object: Int, _ k: Int) -> Bool {
        let key = program.keys[k]
        let stop = tape.entries[object].next
        var m = object + 1
        if key.string >= 0 {
            let name = program.strings[Int(key.string)]
            while m < stop {
                if tape.string(m) == name { return true }
                m = tape.entries[m + 1].next
            }
            return false
        }
        if tape.entries[object].bits & key.bit == 0 { return false }
        while m < stop {
            if plainString(m, is: key) { return true }
            m = tape.entries[m + 1].next
        }
        return false
    }

    /// Whether the plain string (or name) of entry `i` is the bytes of key `key`.
    @inline(__always)
    private func plainString(_ i: Int, is key: TapeKey) -> Bool {
        let entry = tape.entries[i]
        let start = entry.start + 1, count = entry.end - 1 - start
        guard count == Int(key.count) else { return false }
        return TapeProgram.equal(tape.bytes.span, start, program.bytes, Int(key.start), count)
    }

    /// `const` (`TapeOp.constant`): a value of another kind differs, a plain string is compared as bytes with an
    /// ASCII one; the rest is compared as values.
    private mutating func equals(_ op: TapeOp, _ i: Int) -> Bool {
        let entry = tape.entries[i]
        switch op.a {
        case TapeOp.constantNull: return entry.kind == .null
        case TapeOp.constantFalse: return entry.kind == .bool && entry.flags & TapeEntry.isTrue == 0
        case TapeOp.constantTrue: return entry.kind == .bool && entry.flags & TapeEntry.isTrue != 0
        case TapeOp.constantString:
            guard entry.kind == .string else { return false }
            if entry.flags & TapeEntry.plain != 0, op.b >= 0 { return plainString(i, is: program.keys[Int(op.b)]) }
        case TapeOp.constantNumber: guard entry.kind == .number else { return false }
        case TapeOp.constantArray: guard entry.kind == .array else { return false }
        default: guard entry.kind == .object else { return false }
        }
        return leaf(op, i)
    }

    /// The tree's check of `op`, decided by `SchemaEvaluation` on the value made from the tape.
    @inline(never)
    private mutating func leaf(_ op: TapeOp, _ i: Int) -> Bool {
        if i != madeEntry {
            guard let value = tape.value(i) else { return false }
            made = value
            madeEntry = i
        }
        return values.evaluateLeaf(program.checks[Int(op.c)], made)
    }

    /// A check decided by `SchemaEvaluation` from here, at this depth.
    @inline(never)
    private mutating func onTree(_ check: SchemaCheck, _ i: Int) -> Bool {
        guard let value = tape.value(i) else { return false }
        var evaluation = SchemaEvaluation(collecting: false, tracksScope: false, depth: depth)
        var none: Evaluated? = nil
        return evaluation.evaluate(check, value, &none)
    }

    /// A schema evaluated by `SchemaEvaluation` from here, at this depth.
    @inline(never)
    private mutating func onTree(_ node: SchemaNode, _ i: Int) -> Bool {
        guard let value = tape.value(i) else { return false }
        var evaluation = SchemaEvaluation(collecting: false, tracksScope: false, depth: depth)
        var none: Evaluated? = nil
        return evaluation.validate(node, value, &none)
    }
}

extension JSONSchema {
    /// Whether `isValid(tape:)` decides this schema's verdicts: false when a schema uses the dynamic scope
    /// (`$dynamicRef`, `$recursiveRef`), which only `JSONValue`s are validated with.
    package var validatesTapes: Bool { tapeProgram != nil }

    /// Whether the document on `tape` passes: `isValid` of the value `JSONValue.parse` makes of the same text.
    package func isValid(tape: JSONTape) -> Bool {
        guard let tapeProgram else { return tape.value(0).map(isValid) ?? false }
        var evaluation = TapeEvaluation(tape, tapeProgram)
        return evaluation.validate(0, 0)
    }
}
