// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// A field's `choices: {command: ..., timeout: ...}`: a command listing the choices, one per output line.
///
/// ```yaml
/// - name: branch
///   type: choice
///   choices: {command: "git -C \"$SWITCHBOARD_ANSWER_REPO\" branch --format='%(refname:short)'", timeout: 5}
/// ```
public struct ChoicesCommandSpec: Sendable {
    /// The command and its timeout.
    public var command: ChoicesCommand
    /// The fields whose `SWITCHBOARD_ANSWER_<NAME>` the command text names (each must be asked before this
    /// field). Every earlier answer but masked ones is in the command's environment, named or not.
    public var reads: [String]
    /// Where the command is written.
    public var location: SpecLocation
}

extension SpecParser {
    /// `choices: {command: CMD, timeout: SECONDS}`.
    mutating func parseChoicesCommand(_ node: SpecNode) -> ChoicesCommandSpec? {
        guard let map = mapping(node, "a list of choices, or {command: \"...\", timeout: seconds}") else { return nil }
        checkKeys(map, allowed: ["command", "timeout"], in: "choices:")
        guard let commandNode = map["command"], let command = string(commandNode, "a shell command") else {
            fail(node, "missing command:; expected {command: \"git branch --format='%(refname:short)'\"}")
            return nil
        }
        if command.allSatisfy({ $0 == " " || $0 == "\t" }) {
            fail(commandNode, "expected a shell command listing the choices, got an empty one")
            return nil
        }
        var timeout = Duration.seconds(10)
        if let timeoutNode = map["timeout"] {
            guard let seconds = timeoutNode.scalar.flatMap({ Double($0.string) }), seconds > 0, seconds <= 86_400 else {
                fail(timeoutNode, "expected a timeout in seconds above 0 (at most 86400), e.g. timeout: 5, "
                     + "got \(describe(timeoutNode))")
                return nil
            }
            timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        return ChoicesCommandSpec(command: ChoicesCommand(command, timeout: timeout),
                                  reads: answerVariables(in: command), location: location(commandNode))
    }

    /// The `NAME` of every `SWITCHBOARD_ANSWER_NAME` in `command`, each once.
    private func answerVariables(in command: String) -> [String] {
        let prefix = Array("SWITCHBOARD_ANSWER_".utf8)
        let bytes = Array(command.utf8)
        var names: [String] = []
        var index = 0
        while index + prefix.count <= bytes.count {
            guard bytes[index..<index + prefix.count].elementsEqual(prefix) else {
                index += 1
                continue
            }
            var end = index + prefix.count
            while end < bytes.count, bytes[end] == UInt8(ascii: "_") || (bytes[end] >= 0x41 && bytes[end] <= 0x5A)
                    || (bytes[end] >= 0x30 && bytes[end] <= 0x39) { end += 1 }
            let name = String(decoding: bytes[(index + prefix.count)..<end], as: UTF8.self)
            if !name.isEmpty && !names.contains(name) { names.append(name) }
            index = end
        }
        return names
    }

    /// A choices command may read the answers of fields asked before its own (by variable name), no other.
    mutating func checkChoicesCommands(_ fields: inout [FieldSpec]) {
        guard fields.contains(where: { $0.choicesCommand != nil }) else { return }
        let variables = fields.map { FormSpec.environmentName(for: $0.name) }   // each field's, made once
        for index in fields.indices {
            guard var spec = fields[index].choicesCommand else { continue }
            var reads: [String] = []
            for variable in spec.reads {
                if let earlier = variables[..<index].lastIndex(of: variable) {
                    reads.append(fields[earlier].name)
                    continue
                }
                let named = "SWITCHBOARD_ANSWER_\(variable)"
                if variables[index...].contains(variable) {
                    problems.append(SpecProblem(spec.location, "choices: \(named) is the answer of a field asked "
                        + "after this one (or this one); a choices command reads the answers of fields asked before it"))
                } else {
                    let choices = variables[..<index].map { "SWITCHBOARD_ANSWER_" + $0 }
                    problems.append(SpecProblem(spec.location, "choices: \(named) names no field; expected "
                        + (choices.isEmpty ? "a field defined above this one" : "one of \(listed(choices))")))
                }
            }
            spec.reads = reads
            fields[index].choicesCommand = spec
        }
    }
}

/// `texts` without repeats, in order: a schema's choices, and the check that a spec's choices repeat none.
func uniqued(_ texts: [String]) -> [String] {
    // A handful of values (most lists of choices) is checked by comparing, without hashing each.
    if texts.count <= 16 {
        var result: [String] = []
        result.reserveCapacity(texts.count)
        for text in texts where !result.contains(text) { result.append(text) }
        return result
    }
    var seen: Set<String> = []
    return texts.filter { seen.insert($0).inserted }
}
