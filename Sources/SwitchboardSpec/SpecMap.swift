// SPDX-License-Identifier: GPL-3.0-or-later
import Yams

/// A YAML mapping of a spec, its members found by key text in constant time.
///
/// Yams finds `mapping["name"]` by building a node for the key and comparing it with each key in turn, resolving
/// the key's tag (a regular expression match) on the way: about twenty lookups per field made reading a spec of
/// 2,000 fields take most of a second. The keys are read once here; a repeated key finds its last value, as in Yams.
struct SpecMap: Sequence {
    /// The mapping as Yams read it (keys in document order, with their marks).
    let mapping: Node.Mapping
    private let byKey: [String: Node]

    init(_ mapping: Node.Mapping) {
        self.mapping = mapping
        var byKey: [String: Node] = [:]
        byKey.reserveCapacity(mapping.count)
        for (key, value) in mapping {
            if let text = key.scalar?.string { byKey[text] = value }
        }
        self.byKey = byKey
    }

    /// The value of the key written `key` (the last one when it is repeated).
    subscript(key: String) -> Node? { byKey[key] }

    /// The key nodes, in document order.
    var keys: [Node] { Array(mapping.keys) }

    /// The number of members, a repeated key counted each time.
    var count: Int { mapping.count }

    /// The first member written.
    var first: (key: Node, value: Node)? { mapping.first }

    func makeIterator() -> Node.Mapping.Iterator { mapping.makeIterator() }
}
