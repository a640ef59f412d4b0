// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

// Reading `scenarios:`: each a mapping with a name, steps, and what must follow.
extension SpecParser {
    static let scenarioKeys = ["name", "columns", "rows", "steps", "answers", "status"]
    static let stepKeys = ["type", "press", "paste", "expect", "expect-not"]

    mutating func parseScenarios(_ node: SpecNode, fieldNames: Set<String>) -> [ScenarioSpec] {
        guard let list = sequence(node, "a list of scenarios") else { return [] }
        var scenarios: [ScenarioSpec] = []
        var seen: [String: Int] = [:]
        for item in list {
            guard let map = mapping(item, "a scenario: {name: ..., steps: [...]}") else { continue }
            checkKeys(map, allowed: Self.scenarioKeys, in: "a scenario")
            var scenario = ScenarioSpec(name: "", steps: [], answers: [], status: nil, location: location(item))
            if let nameNode = map["name"], let name = string(nameNode, "the scenario's name") {
                if let line = seen[name] {
                    fail(nameNode, "duplicate scenario \(displayQuoted(name, limit: 60)) (first at line \(line))")
                }
                seen[name] = location(nameNode).line
                scenario.name = name
            } else if map["name"] == nil {
                fail(item, "a scenario needs a name:, e.g. name: a valid signup")
            }
            for (key, range, fallback) in [("columns", 20...500, 80), ("rows", 5...200, 24)] {
                guard let sizeNode = map[key] else { continue }
                let size = number(sizeNode, key, range) ?? fallback
                if key == "columns" { scenario.columns = size } else { scenario.rows = size }
            }
            if let stepsNode = map["steps"] {
                if let steps = sequence(stepsNode, "a list of steps") {
                    scenario.steps = steps.compactMap { parseStep($0) }
                }
            } else {
                fail(item, "a scenario needs steps:, e.g. steps: [{type: ada}, {press: enter}]")
            }
            if let answersNode = map["answers"] {
                scenario.answers = parseAnswers(answersNode, prefix: "", fieldNames: fieldNames)
                scenario.status = 0
            }
            if let statusNode = map["status"], let status = number(statusNode, "status", 0...255) {
                scenario.status = Int32(status)
            }
            scenarios.append(scenario)
        }
        return scenarios
    }

    /// `answers:` (or a group's answers within it, names under `prefix`): each a field's (or a list's) path and its
    /// value's text. A group's answers are given as a mapping (`server: {host: db1}`) or by path (`server.host: db1`).
    private mutating func parseAnswers(_ node: SpecNode, prefix: String, fieldNames: Set<String>)
        -> [(name: String, value: String, location: SpecLocation)] {
        guard let answers = mapping(node, prefix.isEmpty ? "the answers: {field: value}"
                                    : "the answers of group \(prefix.dropLast()): {field: value}") else { return [] }
        var result: [(name: String, value: String, location: SpecLocation)] = []
        for (key, value) in answers {
            guard let own = string(key, "a field name") else { continue }
            let name = prefix + own
            if fieldNames.contains(name) {
                result.append((name, value.plainText, location(value)))
            } else if fieldNames.contains(where: { $0.hasPrefix(name + ".") }) {
                if value.members != nil {
                    result += parseAnswers(value, prefix: name + ".", fieldNames: fieldNames)
                } else {
                    let first = fieldNames.filter { $0.hasPrefix(name + ".") }.sorted()[0]
                    fail(value, "answers: \(displayQuoted(name, limit: 60)) is a group; give its fields' answers, "
                         + "e.g. \(name): {\(first.dropFirst(name.count + 1)): ...} or \(first): ...")
                }
            } else {
                fail(key, "answers: no field named \(displayQuoted(name, limit: 60)); expected one of "
                     + fieldNames.sorted().joined(separator: ", "))
            }
        }
        return result
    }

    private mutating func parseStep(_ node: SpecNode) -> ScenarioStep? {
        guard let map = mapping(node, "a step such as {type: ada}, {press: enter} or {expect: Username}") else {
            return nil
        }
        checkKeys(map, allowed: Self.stepKeys, in: "a step")
        guard map.count == 1, let (keyNode, value) = map.first, let key = keyNode.scalar?.string else {
            if map.count != 1 { fail(node, "a step has exactly one of " + Self.stepKeys.joined(separator: ", ")) }
            return nil
        }
        let action: ScenarioStep.Action
        switch key {
        case "press":
            let names = value.sequence ?? [value]
            var keys: [String] = []
            for nameNode in names {
                guard let name = string(nameNode, "a key name") else { continue }
                if !ScenarioStep.isKeyName(name.lowercased()) {
                    fail(nameNode, "unknown key \(displayQuoted(name, limit: 60)); expected one of "
                         + ScenarioStep.keyNames.joined(separator: ", ") + ", ctrl-<letter>, alt-<key>, f1 to f12")
                    continue
                }
                keys.append(name.lowercased())
            }
            if keys.isEmpty { return nil }
            action = .press(keys)
        case "type", "paste", "expect", "expect-not":
            guard let text = string(value, "text") else { return nil }
            if key != "type" && key != "paste" && text.isEmpty { fail(value, "expected text to look for, got nothing") }
            if key != "type" && key != "paste" && text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
                // The screen is searched row by row: text across a line break would never be found, so expect
                // would always fail and expect-not always pass.
                fail(value, "\(key): the screen is searched one row at a time; give text without a line break "
                     + "(one step per row)")
            }
            action = switch key {
            case "type": .type(text)
            case "paste": .paste(text)
            case "expect": .expect(text)
            default: .expectNot(text)
            }
        default:
            return nil
        }
        return ScenarioStep(action: action, location: location(node))
    }

    private mutating func number(_ node: SpecNode, _ key: String, _ range: ClosedRange<Int>) -> Int? {
        if let text = node.scalar?.string, let value = Int(text), range.contains(value) { return value }
        fail(node, "\(key): expected a whole number from \(range.lowerBound) to \(range.upperBound), got "
             + describe(node))
        return nil
    }
}
