// SPDX-License-Identifier: Apache-2.0
/// One value of a `JSONTape`: its kind and types, where its text lies, and where the value after it (and after
/// everything inside it) starts. A plain struct of numbers: a tape of them is one buffer, reused document after
/// document, with nothing to retain or free.
struct TapeEntry {
    enum Kind: UInt8 {
        case null, bool, number, string, array, object
    }

    var kind: Kind
    /// The types the value is of (`TypeSet.of`): `type` and the alternatives' types are one test.
    var types: TypeSet
    /// Strings: `plain` (no escape, ASCII: the bytes between the quotes are the value). Booleans: `isTrue`.
    /// Numbers: `negative`, `big` (more than 19 significant digits: read again from the text when needed).
    var flags: UInt8
    /// The value's first byte (a string's opening quote) in the tape's bytes.
    var start: Int
    /// The byte after the value (after a string's closing quote, an object's `}`).
    var end: Int
    /// The entry after this value and everything in it: a container's children are the entries up to it (an
    /// object's are its names, each followed by its value).
    var next: Int
    /// Containers: how many members or items. Numbers: the exponent of `bits` (before trailing zeros are taken off).
    var count: Int
    /// Objects: the key filter of their names (`KeyFilter`). Member names: their own bit of it. Numbers: the
    /// significand (up to 19 digits).
    var bits: UInt64

    static let plain: UInt8 = 1
    static let isTrue: UInt8 = 1
    static let negative: UInt8 = 1
    static let big: UInt8 = 2
}

/// A JSON document as a flat list of entries pointing into the bytes it was read from, for deciding a verdict
/// without building a `JSONValue` tree: one buffer for a whole batch of JSON Lines, no allocation per document once
/// it has grown, strings compared as bytes.
///
/// It reads what `JSONValue.parse` reads, with the same values, or refuses the document (then the caller parses it
/// the tree's way, which says why it is not JSON, or reads what the tape leaves to it): an object with a member
/// name that is escaped, not ASCII or repeated is refused too, so that every object on a tape has distinct ASCII
/// names and a key filter, and names compare as bytes exactly when they do as Swift strings.
package struct JSONTape {
    /// The entries of the document read last; the root is entry 0.
    private(set) var entries: [TapeEntry] = []
    /// The bytes the entries point into.
    private(set) var bytes: [UInt8] = []

    /// An empty tape, for the documents of a batch.
    package init() {}

    /// The longest document a tape reads (1 MB): longer ones are left to the tree, so that the buffer, which keeps
    /// its size for the batch's next documents, stays small (an entry is 48 bytes; `[1,1,...]` is one per 2 bytes).
    package static let maximumLength = 1 << 20

    /// Reads the JSON in `range` of `bytes` (one line of a JSON Lines batch) onto the tape, replacing the document
    /// before. False: not JSON, longer than `maximumLength`, or a document the tape leaves to `JSONValue.parse` (see
    /// the type's description).
    package mutating func read(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        guard range.count <= Self.maximumLength else { return false }
        self.bytes = bytes
        var reader = TapeReader(bytes, in: range)
        entries.removeAll(keepingCapacity: true)
        swap(&reader.entries, &entries)   // moved in and back out: the buffer is never copied
        defer { swap(&reader.entries, &entries) }
        do {
            try reader.document()
            return true
        } catch {
            return false
        }
    }

    /// The value of entry `i` as a tree (for the checks the tape leaves to `SchemaEvaluation`): containers read
    /// again from their text by `JSONParser`, so that the value is the one `JSONValue.parse` makes.
    func value(_ i: Int) -> JSONValue? {
        let entry = entries[i]
        switch entry.kind {
        case .null: return .null
        case .bool: return .bool(entry.flags & TapeEntry.isTrue != 0)
        case .number: return number(i).map(JSONValue.number)
        case .string: return string(i).map(JSONValue.string)
        case .array, .object:
            var parser = JSONParser(bytes, in: entry.start..<entry.end)
            return try? parser.document()
        }
    }

    /// The string of entry `i` (a string, or an object's member name).
    func string(_ i: Int) -> String? {
        let entry = entries[i]
        if entry.flags & TapeEntry.plain != 0 {
            return String(decoding: bytes[(entry.start + 1)..<(entry.end - 1)], as: UTF8.self)
        }
        var parser = JSONParser(bytes, in: entry.start..<entry.end)
        return try? parser.parseString()
    }

    /// The number of entry `i`.
    func number(_ i: Int) -> JSONNumber? {
        let entry = entries[i]
        if entry.flags & TapeEntry.big != 0 { return Self.readNumber(bytes, entry.start..<entry.end) }
        return JSONNumber(negative: entry.flags & TapeEntry.negative != 0, significand: entry.bits, exponent: entry.count)
    }

    /// The number written in `range` of `bytes`, as `JSONValue.parse` reads it.
    static func readNumber(_ bytes: [UInt8], _ range: Range<Int>) -> JSONNumber? {
        var parser = JSONParser(bytes, in: range)
        guard case .number(let number)? = try? parser.document() else { return nil }
        return number
    }

    /// Whether the plain string (or name) of entry `i` is `ascii`'s bytes.
    @inline(__always)
    func plainString(_ i: Int, equals ascii: Span<UInt8>) -> Bool {
        let entry = entries[i]
        let start = entry.start + 1, count = entry.end - 1 - start
        guard count == ascii.count else { return false }
        let span = bytes.span
        var k = 0
        while k < count {
            if span[start + k] != ascii[k] { return false }
            k += 1
        }
        return true
    }

    /// Whether the plain strings (or names) of entries `a` and `b` are equal.
    func plainStrings(_ a: Int, _ b: Int) -> Bool {
        let x = entries[a], y = entries[b]
        let count = x.end - x.start
        guard count == y.end - y.start else { return false }
        let span = bytes.span
        var k = 1
        while k < count - 1, span[x.start + k] == span[y.start + k] { k += 1 }
        return k >= count - 1
    }

    /// A hash (FNV-1a) of the bytes of the plain string (or name) of entry `i`.
    func plainHash(_ i: Int) -> UInt64 {
        let span = bytes.span
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for k in plainRange(i) { hash = (hash ^ UInt64(span[k])) &* 0x100_0000_01B3 }
        return hash
    }

    /// The byte range of the plain string (or name) of entry `i`, without its quotes.
    @inline(__always)
    func plainRange(_ i: Int) -> Range<Int> { (entries[i].start + 1)..<(entries[i].end - 1) }

    /// The entry of the value of the member `key` of the object at entry `object` (nil: no such member). Names are
    /// compared as `JSONObject.value(for:bit:)` compares them: an ASCII name by its bytes against names that are all
    /// ASCII (equal as strings only when their bytes are), any other as Swift strings.
    func member(_ object: Int, _ key: PropertyKey) -> Int? {
        let stop = entries[object].next
        var k = object + 1
        guard let bit = key.bit else {
            while k < stop {
                if string(k) == key.name { return k + 1 }
                k = entries[k + 1].next
            }
            return nil
        }
        if entries[object].bits & bit == 0 { return nil }
        let name = key.name.utf8.span
        while k < stop {
            if plainString(k, equals: name) { return k + 1 }
            k = entries[k + 1].next
        }
        return nil
    }
}
