// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// Makes the `TapeProgram` of a compiled schema: each `SchemaNode` reachable from the root numbered once (the root
/// is 0), each of its checks turned into an instruction whose subschemas are node numbers. Run once when the schema
/// loads, after references are linked and the alternatives' types worked out (`SchemaCompiler.compileAll`).
struct TapeProgramBuilder {
    private var nodes: [TapeNode] = []
    private var ops: [TapeOp] = []
    private var ints: [Int32] = []
    private var keys: [TapeKey] = []
    private var bytes: [UInt8] = []
    private var tables: [TapeNameTable] = []
    private var keyBits: [UInt64] = []
    private var properties: [TapeProperties] = []
    private var alternatives: [TapeAlternatives] = []
    private var checks: [SchemaCheck] = []
    /// Every node numbered so far, by number.
    private var sources: [SchemaNode] = []
    private var regexes: [PCRERegex] = []
    private var prefixes: [UInt64] = []
    private var strings: [String] = []
    private var longTables: [NameTable<Int32>] = []
    private var numbers: [ObjectIdentifier: Int32] = [:]

    /// The program of the schema whose root is `root` (a schema that uses no dynamic scope).
    static func program(_ root: SchemaNode) -> TapeProgram {
        var builder = TapeProgramBuilder()
        _ = builder.number(root)
        var next = 0
        while next < builder.sources.count {   // numbering a node's subschemas queues them here
            builder.emit(next)
            next += 1
        }
        return TapeProgram(nodes: builder.nodes, ops: builder.ops, ints: builder.ints, keys: builder.keys,
                           bytes: builder.bytes, tables: builder.tables, keyBits: builder.keyBits, properties: builder.properties,
                           alternatives: builder.alternatives, checks: builder.checks, sources: builder.sources,
                           regexes: builder.regexes,
                           prefixes: builder.prefixes, strings: builder.strings, longTables: builder.longTables)
    }

    /// The number of `node`, given it when it is seen first (its instructions are emitted in turn).
    private mutating func number(_ node: SchemaNode) -> Int32 {
        let id = ObjectIdentifier(node)
        if let n = numbers[id] { return n }
        let n = Int32(sources.count)
        numbers[id] = n
        sources.append(node)
        nodes.append(TapeNode(form: .ops, isNever: false, first: 0, count: 0))
        return n
    }

    /// Fills in node `n`: in the order `TapeEvaluation.validate` tests them, handed to the tree (it collects
    /// annotations), only `type`, only `$ref`, or its instructions.
    private mutating func emit(_ n: Int) {
        let node = sources[n]
        if node.collectsAnnotations {
            nodes[n] = TapeNode(form: .tree, isNever: false, first: 0, count: 0)
        } else if let types = node.onlyTypes {
            nodes[n] = TapeNode(form: .types, isNever: false, first: Int32(types.rawValue), count: 0)
        } else if let target = node.onlyReference {
            nodes[n] = TapeNode(form: .reference, isNever: false, first: number(target.node!), count: 0)
        } else {
            var made: [TapeOp] = []
            for check in node.checks { made.append(op(check)) }
            let isNever = if node.checks.count == 1, case .never = node.checks[0] { true } else { false }
            nodes[n] = TapeNode(form: .ops, isNever: isNever, first: Int32(ops.count), count: Int32(made.count))
            ops += made
        }
    }

    private mutating func op(_ check: SchemaCheck) -> TapeOp {
        func op(_ code: TapeOp.Code, _ a: Int32 = -1, _ b: Int32 = -1, _ c: Int32 = -1) -> TapeOp {
            TapeOp(code: code, a: a, b: b, c: c)
        }
        switch check {
        case .never:
            return op(.never)
        case .type(let types):
            return op(.type, Int32(types.rawValue))
        case .enumeration(let allowed):
            return op(.enumeration, table(allowed.strings.pairs.map { ($0.0, 0) }), -1, leaf(check))
        case .constant(let constant):
            let kind: Int32 = switch constant.value {
            case .null: TapeOp.constantNull
            case .bool(let value): value ? TapeOp.constantTrue : TapeOp.constantFalse
            case .string: TapeOp.constantString
            case .number: TapeOp.constantNumber
            case .array: TapeOp.constantArray
            case .object: TapeOp.constantObject
            }
            return op(.constant, kind, constant.asciiString.map { key(ascii: $0) } ?? -1, leaf(check))
        case .minimum, .maximum, .multipleOf:
            return op(.number, -1, -1, leaf(check))
        case .minLength(let minimum):
            return op(.minLength, Int32(clamping: minimum), -1, leaf(check))
        case .maxLength(let maximum):
            return op(.maxLength, Int32(clamping: maximum), -1, leaf(check))
        case .pattern(let regex):
            var prefix: Int32 = -1
            if let sets = regex.prefixCharacters {
                prefix = Int32(prefixes.count)
                prefixes.append(UInt64(sets.count))
                for set in sets { prefixes += [set.low, set.high] }
            }
            return op(.pattern, -1, prefix, leaf(check))
        case .format:
            return op(.format, -1, -1, leaf(check))
        case .minItems(let minimum):
            return op(.minItems, Int32(clamping: minimum))
        case .maxItems(let maximum):
            return op(.maxItems, Int32(clamping: maximum))
        case .uniqueItems:
            return op(.uniqueItems, -1, -1, leaf(check))
        case .minProperties(let minimum):
            return op(.minProperties, Int32(clamping: minimum))
        case .maxProperties(let maximum):
            return op(.maxProperties, Int32(clamping: maximum))
        case .required(let names):
            return op(.required, keyList(names), Int32(names.count))
        case .dependentRequired(let dependent):
            let pairs = dependent.pairs.map { (key($0.0), keyList($0.1), Int32($0.1.count)) }
            let start = Int32(ints.count)
            for (name, list, count) in pairs { ints += [name, list, count] }
            return op(.dependentRequired, start, Int32(pairs.count))
        case .items(let items):
            let prefix = items.prefix.map { number($0) }
            let rest = items.rest.map { number($0) } ?? -1
            return op(.items, list(prefix), Int32(prefix.count), rest)
        case .contains(let contains):
            return op(.contains, number(contains.schema), Int32(clamping: contains.minimum),
                      contains.maximum.map { Int32(clamping: $0) } ?? -1)
        case .properties(let schemas):
            return op(.properties, propertySchemas(schemas))
        case .propertyNames(let node):
            return op(.propertyNames, number(node))
        case .dependentSchemas(let pairs):
            let numbered = pairs.map { (key(PropertyKey($0.0)), number($0.1)) }
            let start = Int32(ints.count)
            for (name, node) in numbered { ints += [name, node] }
            return op(.dependentSchemas, start, Int32(numbered.count))
        case .reference(let target):
            return op(.reference, number(target.node!))
        case .allOf(let nodes):
            let numbered = nodes.map { number($0) }
            return op(.allOf, list(numbered), Int32(numbered.count))
        case .anyOf(let alternatives):
            return op(.anyOf, self.alternatives(alternatives))
        case .oneOf(let alternatives):
            return op(.oneOf, self.alternatives(alternatives))
        case .not(let node):
            return op(.not, number(node))
        case .conditional(let conditional):
            return op(.conditional, number(conditional.condition), conditional.then.map { number($0) } ?? -1,
                      conditional.otherwise.map { number($0) } ?? -1)
        case .dynamicReference, .recursiveReference, .unevaluatedItems, .unevaluatedProperties:
            return op(.tree, -1, -1, leaf(check))
        }
    }

    /// The index of `check` among the checks handed to `SchemaEvaluation`.
    private mutating func leaf(_ check: SchemaCheck) -> Int32 {
        checks.append(check)
        return Int32(checks.count - 1)
    }

    /// Where `numbers` start in `ints`.
    private mutating func list(_ numbers: [Int32]) -> Int32 {
        let start = Int32(ints.count)
        ints += numbers
        return start
    }

    /// Where the keys of `names` start in `ints`.
    private mutating func keyList(_ names: [PropertyKey]) -> Int32 {
        let numbered = names.map { key($0) }
        return list(numbered)
    }

    private mutating func key(_ key: PropertyKey) -> Int32 {
        let start = Int32(bytes.count)
        bytes += key.name.utf8
        var string: Int32 = -1
        if key.bit == nil {
            strings.append(key.name)
            string = Int32(strings.count - 1)
        }
        keys.append(TapeKey(bit: key.bit ?? 0, start: start, count: Int32(key.name.utf8.count), string: string))
        return Int32(keys.count - 1)
    }

    /// The key of an ASCII string's bytes (a `const`'s).
    private mutating func key(ascii: [UInt8]) -> Int32 {
        let start = Int32(bytes.count)
        bytes += ascii
        keys.append(TapeKey(bit: 0, start: start, count: Int32(ascii.count), string: -1))
        return Int32(keys.count - 1)
    }

    /// The number of a name table of `pairs` (distinct keys, as `NameTable.pairs` gives them).
    private mutating func table(_ pairs: [(String, Int32)]) -> Int32 {
        let longest = pairs.map(\.0.utf8.count).max() ?? -1
        if longest > TapeNameTable.longestKey {
            longTables.append(NameTable(pairs))
            tables.append(TapeNameTable(longest: Int32(clamping: longest), slots: 0, values: 0, keyBits: 0,
                                        long: Int32(longTables.count - 1)))
            return Int32(tables.count - 1)
        }
        var byLength = [[(String, Int32)]](repeating: [], count: longest + 1)
        for pair in pairs { byLength[pair.0.utf8.count].append(pair) }
        var slots: [Int32] = [], values: [Int32] = []
        let bitsStart = Int32(keyBits.count)
        for bucket in byLength {
            slots += [Int32(values.count), Int32(bytes.count)]
            for (key, value) in bucket {
                bytes += key.utf8
                values.append(value)
                keyBits.append(KeyFilter.bit(key) ?? 0)   // 0: no tape name or plain string is this key
            }
        }
        slots += [Int32(values.count), Int32(bytes.count)]
        let slotsStart = list(slots), valuesStart = list(values)
        tables.append(TapeNameTable(longest: Int32(longest), slots: slotsStart, values: valuesStart,
                                    keyBits: bitsStart, long: -1))
        return Int32(tables.count - 1)
    }

    private mutating func propertySchemas(_ schemas: PropertySchemas) -> Int32 {
        let named = schemas.table.pairs.map { ($0.0, number($0.1)) }
        let names = table(named)
        var patterns: [Int32] = []
        for (regex, node) in schemas.patterns {
            regexes.append(regex)
            patterns += [Int32(regexes.count - 1), number(node)]
        }
        let additional = schemas.additional.map { number($0) } ?? -1
        properties.append(TapeProperties(table: names, patterns: list(patterns),
                                         patternCount: Int32(schemas.patterns.count), additional: additional,
                                         additionalIsFalse: schemas.additionalIsFalse))
        return Int32(properties.count - 1)
    }

    private mutating func alternatives(_ alternatives: Alternatives) -> Int32 {
        let numbered = alternatives.nodes.map { number($0) }
        var required: Int32 = -1
        if let names = alternatives.requiredNames {
            let lists = names.map { (keyList($0), Int32($0.count)) }
            required = Int32(ints.count)
            for (start, count) in lists { ints += [start, count] }
        }
        let single = alternatives.singleNames.map { table($0.pairs.map { ($0.0, 0) }) } ?? -1
        var pairs: [Int32] = []
        for (n, node) in numbered.enumerated() { pairs += [node, Int32(alternatives.types[n].rawValue)] }
        self.alternatives.append(TapeAlternatives(start: list(pairs), count: Int32(numbered.count),
                                                  required: required, single: single))
        return Int32(self.alternatives.count - 1)
    }
}
