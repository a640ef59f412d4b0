// SPDX-License-Identifier: GPL-3.0-or-later
import Yams

/// A YAML mapping of a spec, its members found by key text.
///
/// Yams finds `mapping["name"]` by building a node for the key and comparing it with each key in turn, resolving
/// the key's tag (a regular expression match) on the way: about twenty lookups per field made reading a spec of
/// 2,000 fields take most of a second. The keys' texts are read once here. A field has a handful of keys, found
/// fastest by comparing them in turn; a mapping of many (a form of 2,000 fields' `defaults:`) gets a dictionary.
/// A repeated key finds its last value, as in Yams.
struct SpecMap: Sequence {
    /// The mapping as Yams read it (keys in document order, with their marks).
    let mapping: Node.Mapping
    /// Each member's key text (nil for a key that is not a scalar), in document order.
    let keyTexts: [String?]
    /// Each member's value, in document order.
    private let values: [Node]
    /// The members' positions by key text, for large mappings only (the last of a repeated key).
    private let positions: [String: Int]
    /// Whether some key text is written twice.
    let hasRepeatedKey: Bool

    private static let linearLimit = 16

    init(_ mapping: Node.Mapping) {
        self.mapping = mapping
        var keyTexts: [String?] = [], values: [Node] = []
        keyTexts.reserveCapacity(mapping.count)
        values.reserveCapacity(mapping.count)
        for (key, value) in mapping {
            keyTexts.append(key.scalar?.string)
            values.append(value)
        }
        self.keyTexts = keyTexts
        self.values = values
        var positions: [String: Int] = [:]
        var repeated = false
        if keyTexts.count > Self.linearLimit {
            positions.reserveCapacity(keyTexts.count)
            for (index, key) in keyTexts.enumerated() {
                guard let key else { continue }
                if positions.updateValue(index, forKey: key) != nil { repeated = true }
            }
        } else {
            for index in keyTexts.indices.dropFirst() {
                guard let key = keyTexts[index] else { continue }
                if keyTexts[..<index].contains(key) { repeated = true; break }
            }
        }
        self.positions = positions
        hasRepeatedKey = repeated
    }

    /// The value of the key written `key` (the last one when it is repeated).
    subscript(key: String) -> Node? {
        if keyTexts.count > Self.linearLimit { return positions[key].map { values[$0] } }
        var index = keyTexts.count
        while index > 0 {
            index -= 1
            if keyTexts[index] == key { return values[index] }
        }
        return nil
    }

    /// The key nodes, in document order.
    var keys: [Node] { Array(mapping.keys) }

    /// The number of members, a repeated key counted each time.
    var count: Int { mapping.count }

    /// The first member written.
    var first: (key: Node, value: Node)? { mapping.first }

    func makeIterator() -> Node.Mapping.Iterator { mapping.makeIterator() }
}
