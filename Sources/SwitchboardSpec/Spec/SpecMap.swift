// SPDX-License-Identifier: GPL-3.0-or-later

/// A mapping of a spec, its members found by key text.
///
/// The keys' texts are read once here (Yams' `mapping["name"]` resolved each key's tag with a regular expression on
/// every lookup: about twenty lookups per field made reading a spec of 2,000 fields take most of a second). A field
/// has a handful of keys, found fastest by comparing them in turn; a mapping of many (a spec's 2,000 `defaults:`)
/// gets a dictionary. A repeated key finds its last value (the YAML reader refuses one written twice; a merge key's
/// pairs never repeat a written key).
struct SpecMap: Sequence {
    /// Each member's key node, in the order written.
    let keys: [SpecNode]
    /// Each member's key text (nil for a key that is not a scalar), in the order written.
    let keyTexts: [String?]
    /// Each member's value, in the order written.
    private let values: [SpecNode]
    /// The members' positions by key text, for large mappings only (the last of a repeated key).
    private let positions: [String: Int]
    /// Whether some key text is written twice.
    let hasRepeatedKey: Bool

    private static let linearLimit = 16

    /// The mapping `node` holds; nil if it holds something else.
    init?(_ node: SpecNode) {
        guard let (keys, values) = node.members else { return nil }
        self.keys = keys
        self.values = values
        let keyTexts = keys.map { $0.scalar?.string }
        self.keyTexts = keyTexts
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
    subscript(key: String) -> SpecNode? {
        if keyTexts.count > Self.linearLimit { return positions[key].map { values[$0] } }
        var index = keyTexts.count
        while index > 0 {
            index -= 1
            if keyTexts[index] == key { return values[index] }
        }
        return nil
    }

    /// The number of members, a repeated key counted each time.
    var count: Int { keys.count }

    /// The first member written.
    var first: (key: SpecNode, value: SpecNode)? { keys.first.map { ($0, values[0]) } }

    func makeIterator() -> some IteratorProtocol<(key: SpecNode, value: SpecNode)> {
        zip(keys, values).lazy.map { (key: $0, value: $1) }.makeIterator()
    }
}
