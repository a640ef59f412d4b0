// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// A compiled schema in the flat form `TapeEvaluation` walks: every node and keyword a plain struct of numbers in
/// one array, subschemas named by their index, property names and enum strings as bytes in shared buffers. Reading
/// an instruction copies a few integers and retains nothing (reading a `SchemaCheck` out of a `SchemaNode` copied
/// its payload and retained it, a fifth of the batch path's time).
///
/// It is made once from the `SchemaNode` graph (`TapeProgram.init(root:)`), which stays the definition of every
/// keyword: what the program does not decide natively (numbers' bounds, formats, patterns, enums of other values,
/// schemas collecting annotations...) it hands to `SchemaEvaluation` with the tree's own check (`checks`, `sources`).
final class TapeProgram: Sendable {
    /// The nodes; the root is node 0.
    let nodes: [TapeNode]
    /// Every node's instructions, each node's one after another (`TapeNode.first`, `TapeNode.count`).
    let ops: [TapeOp]
    /// Lists the instructions point into: node indices (`allOf`, `items`' prefix), pairs of a node and its types
    /// (`anyOf`, `oneOf`), key indices (`required`), name tables' slots and values.
    let ints: [Int32]
    /// Property names (`required`, `dependentRequired`, `dependentSchemas`, ASCII `const` strings).
    let keys: [TapeKey]
    /// The UTF-8 bytes of `keys` and of the name tables' keys.
    let bytes: [UInt8]
    /// Name tables: `properties`' names (to nodes) and `enum`s' strings.
    let tables: [TapeNameTable]
    /// The key filter bit (`KeyFilter.bit(ascii:)`) of each name table key (0 for one that is not ASCII), compared
    /// before the key's bytes.
    let keyBits: [UInt64]
    /// `properties`, `patternProperties` and `additionalProperties` of one schema each.
    let properties: [TapeProperties]
    /// `anyOf` and `oneOf` alternatives.
    let alternatives: [TapeAlternatives]
    /// The tree's checks that `SchemaEvaluation` decides on a value made from the tape (`TapeOp.c`).
    let checks: [SchemaCheck]
    /// The tree's node of each node, for the nodes evaluated by `SchemaEvaluation` (`TapeNode.Form.tree`).
    let sources: [SchemaNode]
    /// `patternProperties`' regexes.
    let regexes: [PCRERegex]
    /// The characters patterns start with (`PCRERegex.prefixCharacters`): from `TapeOp.b`, how many positions,
    /// then two numbers (a 128-bit set) for each.
    let prefixes: [UInt64]
    /// Property names that are not ASCII (compared as Swift strings).
    let strings: [String]
    /// Name tables with a key longer than `TapeNameTable.longestKey` bytes.
    let longTables: [NameTable<Int32>]

    init(nodes: [TapeNode], ops: [TapeOp], ints: [Int32], keys: [TapeKey], bytes: [UInt8], tables: [TapeNameTable],
         keyBits: [UInt64], properties: [TapeProperties], alternatives: [TapeAlternatives], checks: [SchemaCheck],
         sources: [SchemaNode], regexes: [PCRERegex], prefixes: [UInt64], strings: [String], longTables: [NameTable<Int32>]) {
        self.nodes = nodes
        self.ops = ops
        self.ints = ints
        self.keys = keys
        self.bytes = bytes
        self.tables = tables
        self.keyBits = keyBits
        self.properties = properties
        self.alternatives = alternatives
        self.checks = checks
        self.sources = sources
        self.regexes = regexes
        self.prefixes = prefixes
        self.strings = strings
        self.longTables = longTables
    }

    /// The value of the key of table `t` whose bytes are `range` of `text` (an ASCII name or string on a tape, of
    /// key filter bit `bit`), -1 when the table has no such key: `NameTable.value(asciiIn:_:)` over the shared
    /// buffers, only the keys of the same length and bit compared byte by byte.
    @inline(__always)
    func lookup(_ t: Int, _ text: [UInt8], _ range: Range<Int>, bit: UInt64) -> Int {
        lookup(tables[t], text, range, bit: bit)
    }

    /// `lookup` in `table` (read once by a caller that looks up many names in it).
    @inline(__always)
    func lookup(_ table: TapeNameTable, _ text: [UInt8], _ range: Range<Int>, bit: UInt64) -> Int {
        let length = range.count
        if length > Int(table.longest) { return -1 }
        if table.long >= 0 { return longTables[Int(table.long)].value(asciiIn: text, range).map(Int.init) ?? -1 }
        let slot = Int(table.slots) + 2 * length
        var j = Int(ints[slot]), at = Int(ints[slot + 1])
        let stop = Int(ints[slot + 2])
        let bits = Int(table.keyBits)
        while j < stop {
            if keyBits[bits + j] == bit, Self.equal(text.span, range.lowerBound, bytes, at, length) {
                return Int(ints[Int(table.values) + j])
            }
            j += 1
            at += length
        }
        return -1
    }

    /// Whether `count` bytes of `text` from `start` are those of `keys` from `at`: the two ranges taken out once,
    /// so that the loop's own test is the bounds check.
    @inline(__always)
    static func equal(_ text: Span<UInt8>, _ start: Int, _ keys: [UInt8], _ at: Int, _ count: Int) -> Bool {
        guard start >= 0, at >= 0, count >= 0, count <= text.count - start, count <= keys.count - at else { return false }
        let a = text.extracting(start..<(start + count)), b = keys.span.extracting(at..<(at + count))
        var k = 0
        while k < a.count, k < b.count {
            if a[k] != b[k] { return false }
            k += 1
        }
        return true
    }
}

/// One node: decided by its types alone, followed through its one `$ref`, made of instructions, or handed to
/// `SchemaEvaluation` (it collects annotations).
struct TapeNode {
    enum Form: UInt8 {
        /// `ops[first..<first + count]`, in order.
        case ops
        /// Only `type`: `first` holds the types' raw value.
        case types
        /// Only `$ref`: `first` is the target node.
        case reference
        /// Evaluated by `SchemaEvaluation` (`TapeProgram.sources`).
        case tree
    }

    var form: Form
    /// Whether the node is only `false` (an array's items past the prefix fail at once).
    var isNever: Bool
    var first: Int32
    var count: Int32
}

/// One keyword: a code and up to three numbers, whose meaning each case of `Code` gives (`a`, `b`, `c`; -1 for
/// none). `c` is the tree's check (`TapeProgram.checks`) where `SchemaEvaluation` may have to decide it.
struct TapeOp {
    enum Code: UInt8 {
        case never
        /// `a`: the types' raw value.
        case type
        /// `a`: the table of the enum's strings.
        case enumeration
        /// `a`: the value's kind (`TapeOp.constantKind`); `b`: its key when it is an ASCII string.
        case constant
        /// `minimum`, `maximum`, `multipleOf`: decided on numbers by the tree's check.
        case number
        /// `a`: the length.
        case minLength, maxLength
        /// `b`: the pattern's prefix in `TapeProgram.prefixes`, or -1 (the regex is in the tree's check).
        case pattern
        case format
        /// `a`: the count.
        case minItems, maxItems
        case uniqueItems
        /// `a`: the count.
        case minProperties, maxProperties
        /// `ints[a..<a + b]`: the keys.
        case required
        /// `ints[a..<a + 3 * b]`: a key, then its keys (start and count in `ints`).
        case dependentRequired
        /// `ints[a..<a + b]`: the prefix's nodes; `c`: the rest's node.
        case items
        /// `a`: the node; `b`, `c`: at least, at most.
        case contains
        /// `a`: the entry of `TapeProgram.properties`.
        case properties
        /// `a`: the node.
        case propertyNames
        /// `ints[a..<a + 2 * b]`: a key and its node.
        case dependentSchemas
        /// `a`: the node.
        case reference
        /// `ints[a..<a + b]`: the nodes.
        case allOf
        /// `a`: the entry of `TapeProgram.alternatives`.
        case anyOf, oneOf
        /// `a`: the node.
        case not
        /// `a`, `b`, `c`: the nodes of `if`, `then`, `else`.
        case conditional
        /// Decided by `SchemaEvaluation` from here (only in schemas the tape leaves to it).
        case tree
    }

    var code: Code
    var a: Int32
    var b: Int32
    var c: Int32

    /// `constant`'s kinds of value.
    static let constantNull: Int32 = 0, constantFalse: Int32 = 1, constantTrue: Int32 = 2, constantString: Int32 = 3,
               constantNumber: Int32 = 4, constantArray: Int32 = 5, constantObject: Int32 = 6
}

/// A property name: its bytes in `TapeProgram.bytes` and its key filter bit (`KeyFilter`), or, when it is not
/// ASCII, its string (`TapeProgram.strings`).
struct TapeKey {
    var bit: UInt64
    var start: Int32
    var count: Int32
    /// -1 for an ASCII name.
    var string: Int32
}

/// A `NameTable` in `TapeProgram`'s buffers: the keys of length n are numbers `ints[slots + 2n]..<ints[slots + 2n
/// + 2]`, their bytes one after another from `bytes[ints[slots + 2n + 1]]`, their values `ints[values + number]`,
/// their key filter bits `keyBits[keyBits + number]`.
struct TapeNameTable {
    /// Tables with a longer key are a `NameTable` (`long`).
    static let longestKey = 255
    var longest: Int32
    var slots: Int32
    var values: Int32
    var keyBits: Int32
    /// The index in `TapeProgram.longTables`, or -1.
    var long: Int32
}

/// `properties` (`table`: names to nodes), `patternProperties` (`ints[patterns..<patterns + 2 * patternCount]`: a
/// regex and its node) and `additionalProperties` (a node or -1; `additionalIsFalse`: it is `false`).
struct TapeProperties {
    var table: Int32
    var patterns: Int32
    var patternCount: Int32
    var additional: Int32
    var additionalIsFalse: Bool
}

/// `anyOf`/`oneOf`: `ints[start..<start + 2 * count]`, each alternative's node and the types it admits at most;
/// when every alternative is only `required`, `required` is the start in `ints` of each one's keys (start and
/// count), and `single` the table of their names when each has one ASCII name (else -1).
struct TapeAlternatives {
    var start: Int32
    var count: Int32
    var required: Int32
    var single: Int32
}
