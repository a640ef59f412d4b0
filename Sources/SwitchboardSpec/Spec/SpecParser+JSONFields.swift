// SPDX-License-Identifier: GPL-3.0-or-later
import Switchboard
import SwitchboardRules
import SwitchboardSchema

// A form mapped from a JSON Schema is a spec built in memory: thousands of fields of a few plain shapes (a name, a
// prompt, a type, rules as texts, a help line, a default). `parseField` reads any field through the generic node
// walk (each key looked up in turn, each scalar wrapped, the keys checked), which was a third of the time a
// schema of 2,000 properties took to ask its first question. A plain field is read here in one pass over its
// members instead, into the same `FieldSpec`; what can report a problem (rules, the default, `when:`, `check:`,
// a choices command) goes through the same functions as in `parseField`, so the messages are the same.

extension SpecParser {
    /// The field a JSON entry describes when it has only the plain shapes below, or nil, having reported nothing,
    /// when `parseField` must read it (any other key or shape, or anything it would report while reading the
    /// field's kind and name).
    /// `impliedName`: the name of a field written without `name:` (a list's value).
    mutating func plainJSONField(_ node: SpecNode, impliedName: String? = nil) -> FieldSpec? {
        guard readsPlainJSONFields, let object = node.jsonObject else { return nil }
        var name = impliedName, prompt: String?, type: String?, required = true, help: String?
        var ruleTexts: [String] = [], choices: [String]?, defaultText: String?
        var when: JSONValue?, check: JSONValue?, choicesCommand: JSONValue?
        var seen = 0   // a bit per key read (a repeated key goes to `parseField`, which reports it)
        for member in object.members {
            // The key compared with each name once (a lookup in a list of names, then a switch over them,
            // compared it twice; hashing it cost more still).
            guard let key = PlainKey(member.key) else { return nil }
            let bit = 1 << key.rawValue
            guard seen & bit == 0 else { return nil }
            seen |= bit
            switch (key, member.value) {
            case (.name, .string(let text)): name = text
            case (.prompt, .string(let text)): prompt = text
            case (.type, .string(let text)): type = text
            case (.required, .bool(let flag)): required = flag
            case (.help, .string(let text)): help = text
            case (.default, .string(let text)): defaultText = text
            case (.when, let value): when = value
            case (.check, let value): check = value
            case (.choices, .object): choicesCommand = member.value
            case (.choices, .array(let items)):
                var texts: [String] = []
                texts.reserveCapacity(items.count)
                for case .string(let text) in items { texts.append(text) }
                guard texts.count == items.count else { return nil }
                choices = texts
            case (.rules, .array(let items)):
                ruleTexts.reserveCapacity(items.count)
                for case .string(let text) in items { ruleTexts.append(text) }
                guard ruleTexts.count == items.count else { return nil }
            default:
                return nil
            }
        }
        guard let name, !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar),
              let kind = plainKind(type, choices: choices, fromCommand: choicesCommand != nil) else { return nil }
        // From here on, in `parseField`'s order: what reports a problem reports it as `parseField` would.
        var rules: [SpecRule] = []
        for text in ruleTexts {
            if text.hasPrefix(Self.patternPrefix) {
                rules.append(deferredPatternRule(text))
            } else if namedRules.isEmpty, let parsed = parsedRules[text] {
                // A rule text many fields share (`length:1..64`, `int`), parsed by an earlier field.
                rules.append(SpecRule(text: text, condition: parsed.condition, location: location(nil),
                                      pathCompletion: parsed.pathCompletion))
            } else if let rule = parseRule(SpecNode(json: .string(text))) {
                rules.append(rule)
            }
        }
        let defaultValue = defaultText.flatMap { parseDefault(SpecNode(json: .string($0)), kind: kind) }
        var spec = FieldSpec(
            name: name, prompt: prompt ?? name, kind: kind, isRequired: required, rules: rules, message: nil,
            defaultValue: defaultValue, sameAs: nil, after: nil, examples: [], location: location(nil),
            check: check.flatMap { parseCheck(SpecNode(json: $0)) },
            when: when.flatMap { parseWhen(SpecNode(json: $0)) },
            choicesCommand: choicesCommand.flatMap { parseChoicesCommand(SpecNode(json: $0)) })
        spec.help = help
        return spec
    }

    private static let patternPrefix = "pattern:"

    /// A schema's `pattern` as a rule compiled at its first match (`Rule.deferredPattern`): the validator compiles
    /// the same pattern, and refuses the schema before the first question if it does not compile, so the form does
    /// not compile it again before asking. A pattern used by many fields is one condition.
    private mutating func deferredPatternRule(_ text: String) -> SpecRule {
        let condition: Condition<String>
        if let parsed = parsedRules[text] {
            condition = parsed.condition
        } else {
            condition = Rule.deferredPattern(String(text.dropFirst(Self.patternPrefix.count)))
            parsedRules[text] = (condition, nil)
        }
        return SpecRule(text: text, condition: condition, location: location(nil), pathCompletion: nil)
    }

    /// The keys a plain field may have.
    private enum PlainKey: Int {
        case name, prompt, type, required, help, `default`, when, check, choices, rules

        /// The key named `text` (the most common first).
        init?(_ text: String) {
            switch text {
            case "name": self = .name
            case "type": self = .type
            case "prompt": self = .prompt
            case "help": self = .help
            case "rules": self = .rules
            case "required": self = .required
            case "default": self = .default
            case "choices": self = .choices
            case "when": self = .when
            case "check": self = .check
            default: return nil
            }
        }
    }

    /// The kind `parseKind` reads from a plain field's `type:` and `choices:`; nil where it would report a
    /// problem (an unknown type, a select without choices, choices on another kind, an empty, repeated or
    /// unprintable choice) or for a multi-select (its bounds are read by `parseKind`).
    private func plainKind(_ type: String?, choices: [String]?, fromCommand: Bool) -> FieldKind? {
        guard let kind = type.map(Self.kind(named:)) ?? .text, !kind.isMultiselect else { return nil }
        let isChoice = if case .choice = kind { true } else { false }
        if fromCommand {
            guard choices == nil, isChoice || type == nil else { return nil }
            return .choice([])
        }
        guard let choices else { return isChoice ? nil : kind }
        guard isChoice || type == nil, !choices.isEmpty else { return nil }
        for choice in choices {
            guard !choice.isEmpty, !choice.unicodeScalars.contains(where: needsDisplayEscape) else { return nil }
        }
        guard uniqued(choices).count == choices.count else { return nil }   // a repeated choice
        return .choice(choices)
    }
}
