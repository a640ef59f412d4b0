// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal
import Yams

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

    func yamlProblem(_ error: Error) -> SpecProblem {
        let start = SpecLocation(file: file, line: 1, column: 1)
        guard let yaml = error as? YamlError else { return SpecProblem(start, "\(error)") }
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let at = SpecLocation(file: file, line: mark.line, column: mark.column)
            if problem.contains("nesting level") || problem.contains("max_nest_level") {
                // libyaml's own words name its C function; a spec author needs to know what is wrong.
                return SpecProblem(at, "nested too deeply: lists and mappings go more than 1000 levels deep here; "
                                   + "a spec needs a few")
            }
            let detail = context.map { "\($0.text) " } ?? ""
            return SpecProblem(at, "not valid YAML: \(detail)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return SpecProblem(SpecLocation(file: file, line: context.mark.line, column: context.mark.column),
                               "duplicate key(s) \(duplicates.map { displayQuoted($0, limit: 60) }.joined(separator: ", "))")
        case .reader(let problem, let offset, _, _):
            return SpecProblem(start, "not readable\(offset.map { " at byte \($0)" } ?? ""): \(problem)")
        default:
            return SpecProblem(start, "not valid YAML: \(yaml)")
        }
    }
}
