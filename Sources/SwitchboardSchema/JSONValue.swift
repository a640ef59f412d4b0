// SPDX-License-Identifier: Apache-2.0
/// A JSON document: what `JSONSchema` validates, parsed with `JSONValue.parse` (or built from YAML by a caller).
///
/// Equality is JSON Schema's: numbers by value (`1 == 1.0`), objects regardless of member order, so values can
/// go in a `Set` (a schema's `enum`) and `uniqueItems` is decided by hashing.
///
/// ```swift
/// let doc = try JSONValue.parse(#"{"version": 2, "updates": []}"#)
/// doc["version"]   // .number(2)
/// ```
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept exact as written (`JSONNumber`): `1.0` equals `1`, `0.1` is not a binary approximation.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in the order written.
    case object(JSONObject)

    /// The member `key` of an object (the last one, if the key is repeated); nil for other values.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The JSON type name: `null`, `boolean`, `number`, `string`, `array`, `object` (an integer is a `number`).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Compact JSON text.
    public var description: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.description
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(1); hasher.combine(b)
        case .number(let n): hasher.combine(2); hasher.combine(n)
        case .string(let s): hasher.combine(3); hasher.combine(s)
        case .array(let items): hasher.combine(4); hasher.combine(items)
        case .object(let o): hasher.combine(5); hasher.combine(o)
        }
    }
}

/// A JSON object's members in document order.
///
/// ```swift
/// let object = JSONObject([("name", .string("ada"))])
/// object["name"]   // .string("ada")
/// ```
public struct JSONObject: Sendable, Hashable {
    /// The members in document order. The parser keeps one member per name (a repeated name keeps its first place
    /// and takes its last value, as JSON parsers and python-jsonschema do); members given to `init` are kept as
    /// given, and lookups find the last of a repeated name.
    public var members: [(key: String, value: JSONValue)] {
        didSet { keyFilter = KeyFilter.scansAll }   // changed in place: lookups scan (made anew, it filters again)
    }
    /// Which names can be members (see `KeyFilter`).
    private var keyFilter: UInt64

    /// An object of `members`, in that order.
    ///
    /// ```swift
    /// let object = JSONObject([(key: "name", value: .string("ada"))])
    /// ```
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
        keyFilter = KeyFilter.of(members)
    }

    /// An object of `members` whose filter the caller made (`KeyFilter.scansAll`: none).
    package init(_ members: [(key: String, value: JSONValue)], keyFilter: UInt64) {
        self.members = members
        self.keyFilter = keyFilter
    }

    /// The number of members.
    public var count: Int { members.count }

    /// The value of the last member called `key`.
    public subscript(key: String) -> JSONValue? {
        // Most lookups are of names an object does not have (a validator asks each schema for some forty
        // keywords, of which it has five): the filter answers them without comparing names.
        if keyFilter != KeyFilter.scansAll, let bit = KeyFilter.bit(key), keyFilter & bit == 0 { return nil }
        var i = members.count - 1
        while i >= 0 {
            if members[i].key == key { return members[i].value }
            i -= 1
        }
        return nil
    }

    /// The keys, without repeats, in first-seen order.
    public var keys: [String] {
        if keyFilter != KeyFilter.scansAll || members.count < 2 { return members.map(\.key) }   // no repeats
        var seen = Set<String>()
        return members.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    /// Whether every key is ASCII and none repeats (the object has a key filter).
    var hasASCIIKeys: Bool { keyFilter != KeyFilter.scansAll }

    /// How many distinct keys the object has (`keys.count`, without making the array).
    var keyCount: Int {
        if keyFilter != KeyFilter.scansAll || members.count < 2 { return members.count }
        return keys.count
    }

    /// Whether the member at `index` is the first of its name (a repeated name is reported once, at its first place).
    /// Objects with a key filter have no repeated names: the parser keeps one member per name, and `init` makes a
    /// filter only for members without repeats.
    func isFirstOfItsName(_ index: Int) -> Bool {
        if keyFilter != KeyFilter.scansAll { return true }
        let key = members[index].key
        for i in 0..<index where members[i].key == key { return false }
        return true
    }

    /// The value of the last member called `key`, whose filter bit (`KeyFilter.bit`) is `bit` (nil: not ASCII):
    /// lookups of names known when a schema is compiled (`required`) skip computing the bit each time.
    func value(for key: String, bit: UInt64?) -> JSONValue? {
        if keyFilter != KeyFilter.scansAll, let bit, keyFilter & bit == 0 { return nil }
        var i = members.count - 1
        while i >= 0 {
            if members[i].key == key { return members[i].value }
            i -= 1
        }
        return nil
    }

    /// Equal when they hold the same names with equal values (the last member of a repeated name, as the subscript
    /// reads it), in any order. Objects of the same names in the same order are compared member by member; large
    /// ones otherwise by a table of names (a map of 40,000 entries compared with its edited copy took minutes when
    /// each name was looked for along the other's members).
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        if a.members.count == b.members.count, a.keyFilter != KeyFilter.scansAll, b.keyFilter != KeyFilter.scansAll,
           a.members.indices.allSatisfy({ a.members[$0].key == b.members[$0].key }) {
            return a.members.indices.allSatisfy { a.members[$0].value == b.members[$0].value }
        }
        if a.members.count <= 8 && b.members.count <= 8 {
            let ka = a.keys, kb = b.keys
            guard ka.count == kb.count else { return false }
            for key in ka {
                guard let x = a[key], let y = b[key], x == y else { return false }
            }
            return true
        }
        let x = a.lastValues, y = b.lastValues
        guard x.count == y.count else { return false }
        for (key, value) in x {
            guard let other = y[key], other == value else { return false }
        }
        return true
    }

    /// Each name's value (the last member of a repeated name, as the subscript reads it), by name.
    var lastValues: [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        values.reserveCapacity(members.count)
        for member in members { values[member.key] = member.value }
        return values
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: the sum of each member's own hash. (The key filter is derived from the members.)
        var sum = 0
        func add(_ key: String, _ value: JSONValue?) {
            var h = Hasher()
            h.combine(key)
            h.combine(value)
            sum = sum &+ h.finalize()
        }
        if keyFilter != KeyFilter.scansAll || members.count < 2 {
            for member in members { add(member.key, member.value) }   // no repeated names
        } else {
            for (key, value) in lastValues { add(key, value) }
        }
        hasher.combine(sum)
    }
}

/// A 64-bit filter of an object's member names: for each member whose name is ASCII, a bit chosen by the name's
/// length and first and last bytes. An ASCII name whose bit is clear is no member's name: ASCII names are equal as
/// Swift strings only when their bytes are (ASCII text is in normal form already). A name that is not ASCII, or an
/// object with such a member (or changed in place, or made with a repeated name), is looked up by comparing names.
package enum KeyFilter {
    /// Every bit set: every lookup compares names.
    package static var scansAll: UInt64 { .max }

    /// The filter of `members`.
    /// The filter of `members`; `scansAll` also when a name repeats (an object with a filter has no repeats).
    static func of(_ members: [(key: String, value: JSONValue)]) -> UInt64 {
        var filter: UInt64 = 0
        var seen: Set<String>? = members.count > 32 ? Set(minimumCapacity: members.count) : nil
        for (i, member) in members.enumerated() {
            guard let bit = bit(member.key) else { return scansAll }
            if seen != nil {
                if !seen!.insert(member.key).inserted { return scansAll }
            } else if filter & bit != 0 {
                for j in 0..<i where members[j].key == member.key { return scansAll }
            }
            filter |= bit
        }
        return filter
    }

    /// The filter bit of the name whose bytes, all ASCII, are `bytes`.
    @inline(__always)
    static func bit(ascii bytes: Span<UInt8>) -> UInt64 {
        let count = bytes.count
        guard count > 0 else { return 1 }   // ""
        let mixed = UInt64(truncatingIfNeeded: count) &* 31 &+ UInt64(bytes[0]) &* 7 &+ UInt64(bytes[count - 1])
        return 1 << (mixed & 63)
    }

    /// The filter bit of an ASCII name; nil for any other.
    static func bit(_ name: String) -> UInt64? {
        let bytes = name.utf8.span
        var i = 0
        while i < bytes.count {
            if bytes[i] >= 0x80 { return nil }
            i += 1
        }
        return bit(ascii: bytes)
    }
}
