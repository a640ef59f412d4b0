// SPDX-License-Identifier: GPL-3.0-or-later
import Yams

// YAML aliases (`*name`) repeat an anchored part (`&name`) of a spec. Yams shares the repeated part rather than
// copying it, but everything that walks a spec (conditions, rules, choices) expands it: aliases of aliases
// multiply (ten of ten of ten...), and nine levels make 10^9 conditions. Before anything walks the spec, its
// expanded size is counted, in every section, up to a bound.

extension SpecParser {
    /// The most values (scalars, lists and mappings) aliases may add to a spec once expanded: a shared list of
    /// choices or conditions repeated a few times is far below it.
    static let maximumAliasExpansion = 100_000

    /// Refuses a spec whose aliases expand to more than `maximumAliasExpansion` values, at the list or mapping
    /// written in the file where the expansion passes the bound. Visits at most the values written in the file
    /// and the bound, whatever the aliases would expand to.
    mutating func checkAliasExpansion(_ root: Node) -> Bool {
        var walk = AliasExpansion(limit: Self.maximumAliasExpansion)
        walk.visit(root, written: root, repeated: nil)
        guard let (node, repeated) = walk.exceeded else { return true }
        let part = repeated.mark.map { "the part written at line \($0.line), column \($0.column)" } ?? "a part"
        fail(SpecNode(yaml: node), "the aliases here expand to more than \(Self.maximumAliasExpansion) values (an alias repeats "
             + "\(part), which repeats others); an alias may repeat a part of a spec, not multiply it: write the "
             + "part out, or repeat it fewer times")
        return false
    }
}

/// A depth-first walk of a spec's nodes counting the values reached through aliases.
///
/// Yams resolves an alias to the node it names (its anchor is not kept), so a repeat is told by where the node
/// is written: in document order a node is met where it is written first, and a container met again at the
/// same place is an alias's repeat.
private struct AliasExpansion {
    /// Where a list or mapping is written (the two kinds apart: a block mapping starts where its first key does).
    struct Place: Hashable {
        var isMapping: Bool
        var line: Int
        var column: Int
    }

    let limit: Int
    /// Values reached through aliases so far.
    var added = 0
    /// The lists and mappings met where they are written.
    var written = Set<Place>()
    /// Where the bound was passed: the innermost node written in the file, and the repeated part being expanded.
    var exceeded: (node: Node, repeated: Node)?

    init(limit: Int) { self.limit = limit }

    /// `written`: the innermost node on the way here that is written in the file (not reached through an
    /// alias); `repeated`: the outermost repeated part being expanded, if any.
    mutating func visit(_ node: Node, written parent: Node, repeated: Node?) {
        guard exceeded == nil else { return }
        var repeated = repeated
        if repeated == nil, let mark = node.mark, node.mapping != nil || node.sequence != nil {
            let place = Place(isMapping: node.mapping != nil, line: mark.line, column: mark.column)
            if !written.insert(place).inserted { repeated = node }
        }
        if let repeated {
            added += 1
            if added > limit {
                exceeded = (parent, repeated)
                return
            }
        }
        let innermost = repeated == nil ? node : parent
        switch node {
        case .sequence(let list):
            for item in list {
                visit(item, written: innermost, repeated: repeated)
                if exceeded != nil { return }
            }
        case .mapping(let map):
            for (key, value) in map {
                visit(key, written: innermost, repeated: repeated)
                visit(value, written: innermost, repeated: repeated)
                if exceeded != nil { return }
            }
        case .scalar, .alias:
            break
        }
    }
}
