// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal
import SwitchboardSchema

// Reading a spec's YAML nodes: where a node is (file:line:column), what it holds, the problems it has.
extension SpecParser {
    func location(_ node: SpecNode?) -> SpecLocation {
        let mark = node?.mark
        return SpecLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    mutating func fail(_ node: SpecNode?, _ message: String) {
        problems.append(SpecProblem(location(node), message))
    }

    func describe(_ node: SpecNode) -> String {
        node.described
    }

    mutating func string(_ node: SpecNode, _ expected: String) -> String? {
        if let scalar = node.scalar {
            if scalar.isNull && scalar.isPlain && scalar.string.isEmpty {
                return ""
            }
            return scalar.string
        }
        fail(node, "expected \(expected), got \(describe(node))")
        return nil
    }

    mutating func bool(_ node: SpecNode) -> Bool? {
        if let scalar = node.scalar {
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        fail(node, "expected true or false, got \(describe(node))")
        return nil
    }

    mutating func sequence(_ node: SpecNode, _ expected: String) -> [SpecNode]? {
        if let list = node.sequence { return list }
        fail(node, "expected \(expected), got \(describe(node))")
        return nil
    }

    mutating func mapping(_ node: SpecNode, _ expected: String) -> SpecMap? {
        if let map = SpecMap(node) { return map }
        fail(node, "expected \(expected), got \(describe(node))")
        return nil
    }

    mutating func checkKeys(_ map: SpecMap, allowed: [String], in context: String) {
        // The usual case, checked without building anything: every key a known text, none repeated.
        if !map.hasRepeatedKey, map.keyTexts.allSatisfy({ key in key.map(allowed.contains) ?? false }) { return }
        var seen = Set<String>()
        for (key, _) in map {
            guard let name = key.scalar?.string else {
                fail(key, "expected a key such as \(allowed[0]), got \(describe(key))")
                continue
            }
            if !seen.insert(name).inserted {
                fail(key, "duplicate key \(displayQuoted(name, limit: 60)) in \(context)")
            } else if !allowed.contains(name) {
                let expected = allowed.joined(separator: ", ")
                fail(key, "unknown key \(displayQuoted(name, limit: 60)) in \(context); expected one of \(expected)")
            }
        }
    }

    /// A problem of the YAML reader at its place in the spec.
    func documentProblem(_ error: DocumentError) -> SpecProblem {
        SpecProblem(SpecLocation(file: file, line: error.mark?.line ?? 1, column: error.mark?.column ?? 1), error.problem)
    }

    /// The most values (scalars, lists and mappings) aliases may add to a spec once expanded: a shared list of
    /// choices or conditions repeated a few times is far below it.
    static let maximumAliasExpansion = 100_000
}
