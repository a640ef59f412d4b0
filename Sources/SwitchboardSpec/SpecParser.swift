// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal
import SwitchboardSchema

/// Walks a spec's YAML node tree (`YAMLReader` keeps each node's line and column), collecting every problem.
struct SpecParser {
    let file: String
    let text: String
    var problems: [SpecProblem] = []
    /// Named rules from the top-level `rules:` mapping.
    var namedRules: [String: (condition: Condition<String>, location: SpecLocation, pathCompletion: PathCompletion?)] = [:]
    /// Named rules that did not parse (already reported; fields using them are not reported again).
    var brokenRules: Set<String> = []
    /// Each rule text parsed so far: a rule written for many fields (`length:1..64`, `email`) is parsed once.
    var parsedRules: [String: (condition: Condition<String>, pathCompletion: PathCompletion?)] = [:]
    /// The spec's `words:` (read before the fields: a yes/no default may be the form's own word for yes).
    var words = FormWords()
    /// Whether a plain field of a form mapped from a schema is read in one pass (`plainJSONField`).
    var readsPlainJSONFields = true

    static let topKeys = ["title", "rules", "fields", "words", "scenarios"]
    static let fieldKeys = ["name", "prompt", "type", "masked", "multiline", "required", "rules", "message",
                            "default", "choices", "same-as", "after", "examples", "check", "min", "max", "when",
                            "help"]
    /// The keys that set a field's kind by a flag (`masked: true`).
    static let kindFlags: [(String, FieldKind)] = [("masked", .masked), ("multiline", .multiline)]
    static let kinds = ["text", "masked", "multiline", "choice", "select", "multiselect", "yesno", "confirm", "number"]

    init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    mutating func parse() throws(SpecError) -> FormSpec {
        let root: YAMLNode?
        // The project's one YAML reader (a byte order mark skipped, aliases bounded, keys unique); aliases may add at
        // most `maximumAliasExpansion` values: everything that walks a spec (conditions, rules, choices) expands them.
        do {
            root = try YAMLReader.document(text, aliasLimit: Self.maximumAliasExpansion)
        } catch {
            throw SpecError(problems: [documentProblem(error)])
        }
        return try parse(root: root.map(SpecNode.init(yaml:)))
    }

    /// Parses a spec's node tree: read from YAML text by `parse()`, or built by a program (a schema form), which
    /// holds no aliases and no text to read.
    mutating func parse(root: SpecNode?) throws(SpecError) -> FormSpec {
        guard let root, let top = SpecMap(root) else {
            fail(root, "expected a mapping with fields: (and optionally title: and rules:)")
            throw SpecError(problems: problems)
        }
        checkKeys(top, allowed: Self.topKeys, in: "the spec")
        var title = ""
        if let node = top["title"], let value = string(node, "the title") { title = value }
        if let node = top["rules"] { parseNamedRules(node) }
        if let node = top["words"] { words = parseWords(node) }
        var parsed = ParsedFields()
        if let node = top["fields"] {
            if let list = sequence(node, "a list of fields") {
                if list.isEmpty { fail(node, "a form needs at least one field; expected a list of fields") }
                parsed.fields.reserveCapacity(list.count)   // a field spec is large: each regrowth moved them all
                parsed.lines.reserveCapacity(list.count)
                parseEntries(list, in: [], into: &parsed)
            }
        } else {
            fail(root, "missing fields:; expected a list of fields")
        }
        var fields = parsed.fields
        checkBindings(fields)
        checkConditions(fields)
        checkChoicesCommands(&fields)
        let scenarios = top["scenarios"].map { parseScenarios($0, fieldNames: Set(fields.map(\.name) + parsed.repeats.map(\.name))) } ?? []
        if !problems.isEmpty {
            throw SpecError(problems: problems.sorted {
                ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
            })
        }
        var spec = FormSpec(file: file, title: title, fields: fields)
        spec.words = words
        spec.groups = parsed.groups
        spec.repeats = parsed.repeats
        spec.scenarios = scenarios
        return spec
    }

    // MARK: Fields

    /// `existing`: the line of each field parsed so far, by name (a dictionary: a spec of many fields is not
    /// checked in quadratic time).
    /// `impliedName`: the name of a field that may go without `name:` (a list's value).
    /// `map`: the node's mapping when the caller has already read it (not read again for every field).
    mutating func parseField(_ node: SpecNode, map known: SpecMap? = nil, existing: [String: Int],
                             impliedName: String? = nil) -> FieldSpec? {
        guard let map = known ?? mapping(node, "a field (a mapping with name:, prompt:, rules: ...)") else { return nil }
        checkKeys(map, allowed: Self.fieldKeys, in: "a field")
        guard let nameNode = map["name"] ?? (impliedName == nil ? nil : node) else {
            fail(node, "missing name:; every field needs a name (or group: or repeat:)")
            return nil
        }
        guard let name = map["name"] == nil ? impliedName : string(nameNode, "a field name") else { return nil }
        if name.isEmpty || !name.unicodeScalars.allSatisfy(isNameScalar) {
            fail(nameNode, "field name \(displayQuoted(name, limit: 60)) should use letters, digits, - and _ only")
        }
        if let firstLine = existing[name] {
            fail(nameNode, "duplicate field \(displayQuoted(name, limit: 60)) (first defined at line \(firstLine))")
            return nil
        }
        let prompt = map["prompt"].flatMap { string($0, "a prompt") } ?? name
        let kind = parseKind(map)
        let required = map["required"].flatMap { bool($0) } ?? true
        let message = map["message"].flatMap { string($0, "a message") }
        var rules: [SpecRule] = []
        if let node = map["rules"], let list = sequence(node, "a list of rules") {
            for item in list { if let rule = parseRule(item) { rules.append(rule) } }
        }
        let defaultValue = map["default"].flatMap { node in
            kind.isMultiselect ? parseListDefault(node, kind: kind) : parseDefault(node, kind: kind)
        }
        var spec = FieldSpec(
            name: name, prompt: prompt, kind: kind, isRequired: required, rules: rules, message: message,
            defaultValue: defaultValue,
            sameAs: map["same-as"].flatMap { parseBinding($0, "same-as") },
            after: map["after"].flatMap { parseBinding($0, "after") },
            examples: map["examples"].map { parseExamples($0) } ?? [],
            location: location(nameNode),
            check: map["check"].flatMap { parseCheck($0) },
            when: map["when"].flatMap { parseWhen($0) },
            choicesCommand: map["choices"].flatMap { $0.isMapping ? parseChoicesCommand($0) : nil })
        spec.help = map["help"].flatMap { string($0, "a help text") }
        return spec
    }

    /// `check: CMD` or `check: {command: CMD, timeout: SECONDS, debounce: MS}`.
    mutating func parseCheck(_ node: SpecNode) -> CheckSpec? {
        let expected = "a check command, or {command: \"...\", timeout: seconds, debounce: milliseconds}"
        if node.scalar != nil {
            guard let command = string(node, expected) else { return nil }
            return checkSpec(command: command, at: node)
        }
        guard let map = mapping(node, expected) else { return nil }
        checkKeys(map, allowed: ["command", "timeout", "debounce"], in: "check:")
        guard let commandNode = map["command"], let command = string(commandNode, "a shell command") else {
            fail(node, "missing command:; expected {command: \"./is-free.sh\", timeout: 5, debounce: 250}")
            return nil
        }
        guard var spec = checkSpec(command: command, at: commandNode) else { return nil }
        if let timeoutNode = map["timeout"] {
            guard let seconds = timeoutNode.scalar.flatMap({ Double($0.string) }), seconds > 0, seconds <= 86_400 else {
                fail(timeoutNode, "expected a timeout in seconds above 0 (at most 86400), e.g. timeout: 5, "
                     + "got \(describe(timeoutNode))")
                return nil
            }
            spec.timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        if let debounceNode = map["debounce"] {
            guard let milliseconds = debounceNode.scalar.flatMap({ Int($0.string) }), (0...60_000).contains(milliseconds) else {
                fail(debounceNode, "expected a debounce in milliseconds from 0 to 60000, e.g. debounce: 250, "
                     + "got \(describe(debounceNode))")
                return nil
            }
            spec.debounce = .milliseconds(milliseconds)
        }
        return spec
    }

    private mutating func checkSpec(command: String, at node: SpecNode) -> CheckSpec? {
        if command.allSatisfy({ $0 == " " || $0 == "\t" }) {
            fail(node, "expected a shell command, e.g. check: ./is-free.sh, got an empty one")
            return nil
        }
        return CheckSpec(command: command, location: location(node))
    }

    /// The kind a `type:` names (a select and a multi-select without their choices yet); nil for an unknown name.
    static func kind(named name: String) -> FieldKind? {
        switch name {
        case "text": .text
        case "masked": .masked
        case "multiline": .multiline
        case "yesno": .yesNo
        case "number": .number
        case "choice", "select": .choice([])
        case "multiselect": .multiselect([])
        case "confirm": .confirm
        default: nil
        }
    }

    private mutating func parseKind(_ map: SpecMap) -> FieldKind {
        var kind: FieldKind = .text
        var kindNode: SpecNode?
        if let node = map["type"], let name = string(node, "a field type") {
            kindNode = node
            if let named = Self.kind(named: name) {
                kind = named
            } else {
                fail(node, "unknown field type \(displayQuoted(name, limit: 60)); expected one of \(Self.kinds.joined(separator: ", "))")
            }
        }
        for (flag, flagKind) in Self.kindFlags {
            guard let node = map[flag], bool(node) == true else { continue }
            if let kindNode, kind != flagKind {
                fail(node, "\(flag): true conflicts with type: \(kind) (line \(location(kindNode).line))")
            } else {
                kind = flagKind
                kindNode = node
            }
        }
        if let node = map["choices"], node.isMapping {
            // Choices from a command (parsed by parseChoicesCommand).
            if kindNode != nil, case .choice = kind {} else if kindNode != nil {
                fail(node, "choices: {command: ...} only applies to type: select (choice), not \(kind)")
            }
            return .choice([])
        }
        if let node = map["choices"] {
            var values: [String] = []
            if let list = sequence(node, "a list of choices") {
                var position: [String: Int] = [:]   // each choice's 1-based place in the list
                for (index, item) in list.enumerated() {
                    guard let value = string(item, "a choice") else { continue }
                    if value.isEmpty {
                        // An empty row could be picked, and then vanish from the answer (as `choose` says).
                        fail(item, "choice \(index + 1) is empty; a choice must be text that can be picked")
                        continue
                    }
                    if let first = position[value] {
                        fail(item, "choice \(displayQuoted(value, limit: 60)) is given twice (first as choice "
                             + "\(first)); each choice must be different")
                        continue
                    }
                    position[value] = index + 1
                    if let scalar = value.unicodeScalars.first(where: needsDisplayEscape) {
                        // It could never be typed (control characters are refused) and Tab would list it raw.
                        fail(item, "choice \(displayQuoted(value, limit: 60)) holds a control character "
                             + "(\(codePoint(scalar))); a choice must be plain text")
                    }
                    values.append(value)
                }
                if list.isEmpty { fail(node, "expected at least one choice") }
            }
            if case .multiselect = kind { return parseMultiselect(map, choices: values) }
            if kindNode != nil, case .choice = kind {} else if kindNode != nil {
                fail(node, "choices: only applies to type: select (choice) or multiselect, not \(kind)")
            }
            return .choice(values)
        }
        if case .choice = kind, let kindNode {
            fail(kindNode, "type: select needs choices: (a list of values)")
        }
        if case .multiselect = kind, let kindNode {
            fail(kindNode, "type: multiselect needs choices: (a list of values)")
        }
        for key in ["min", "max"] where map[key] != nil {
            fail(map[key]!, "\(key): only applies to type: multiselect, not \(kind)")
        }
        return kind
    }

    // MARK: Rules

    private mutating func parseNamedRules(_ node: SpecNode) {
        guard let map = mapping(node, "a mapping of rule names to rules") else { return }
        for (key, value) in map {
            guard let name = string(key, "a rule name") else { continue }
            if namedRules[name] != nil {
                fail(key, "duplicate rule name \(displayQuoted(name, limit: 60))")
                continue
            }
            if let rule = parseRule(value) {
                namedRules[name] = (rule.condition.named(name), rule.location, rule.pathCompletion)
            } else {
                brokenRules.insert(name)
            }
        }
    }

    /// A rule: `"length:3..20"`, a named rule, or `{rule: "...", message: "..."}`.
    mutating func parseRule(_ node: SpecNode) -> SpecRule? {
        var textNode = node
        var message: String?
        if let map = SpecMap(node) {
            checkKeys(map, allowed: ["rule", "message"], in: "a rule")
            guard let inner = map["rule"] else {
                fail(node, "missing rule:; expected {rule: \"length:3..20\", message: \"...\"}")
                return nil
            }
            textNode = inner
            message = map["message"].flatMap { string($0, "a message") }
        }
        guard let text = string(textNode, "a rule such as \"email\" or \"length:3..20\"") else { return nil }
        var condition: Condition<String>
        var pathCompletion: PathCompletion?
        if brokenRules.contains(text) { return nil }
        if let named = namedRules[text] {
            condition = named.condition
            pathCompletion = named.pathCompletion
        } else if let parsed = parsedRules[text] {
            condition = parsed.condition
            pathCompletion = parsed.pathCompletion
        } else {
            switch parseRuleText(text) {
            case .success(let parsed):
                condition = parsed.condition
                pathCompletion = parsed.pathCompletion
                parsedRules[text] = (condition, pathCompletion)
            case .failure(let error):
                var at = location(textNode)
                if let scalar = textNode.scalar, scalar.isQuoted {
                    at.column += 1
                }
                at.column += error.offset
                problems.append(SpecProblem(at, error.message))
                return nil
            }
        }
        if let message { condition = condition.message(message) }
        return SpecRule(text: text, condition: condition, location: location(textNode), pathCompletion: pathCompletion)
    }

    // MARK: Defaults, bindings, examples

    mutating func parseDefault(_ node: SpecNode, kind: FieldKind) -> DefaultSpec? {
        let multiline = kind == .multiline
        if node.scalar != nil {
            guard let value = string(node, "a default value") else { return nil }
            if let scalar = value.unicodeScalars.first(where: { needsDisplayEscape($0) && !(multiline && ($0 == "\n" || $0 == "\t")) }) {
                // The field refuses control characters: such a default could never be accepted.
                fail(node, "the default holds a control character (\(codePoint(scalar))); a default must be plain text"
                     + (multiline ? "" : " on one line"))
            }
            checkDefault(value, of: kind, at: node)
            return .literal(value)
        }
        guard let map = mapping(node, "a default value, or {from: field, map: local-part}") else { return nil }
        checkKeys(map, allowed: ["from", "map"], in: "a derived default")
        guard let fromNode = map["from"] else {
            fail(node, "missing from:; expected {from: field, map: local-part}")
            return nil
        }
        guard let from = string(fromNode, "a field name") else { return nil }
        var transform = DefaultTransform.copy
        if let mapNode = map["map"], let name = string(mapNode, "a transform") {
            if let known = DefaultTransform(rawValue: name) {
                transform = known
            } else {
                let names = DefaultTransform.allCases.map(\.rawValue).joined(separator: ", ")
                fail(mapNode, "unknown map \(displayQuoted(name, limit: 60)); expected one of \(names)")
            }
        }
        return .derived(from: from, map: transform, at: location(fromNode))
    }

    private mutating func parseBinding(_ node: SpecNode, _ key: String) -> FieldBinding? {
        if node.scalar != nil {
            return string(node, "a field name").map { FieldBinding(field: $0, message: nil, location: location(node)) }
        }
        guard let map = mapping(node, "a field name, or {field: name, message: \"...\"}") else { return nil }
        checkKeys(map, allowed: ["field", "message"], in: "\(key):")
        guard let fieldNode = map["field"], let field = string(fieldNode, "a field name") else {
            fail(node, "missing field:; expected {field: name, message: \"...\"}")
            return nil
        }
        return FieldBinding(field: field, message: map["message"].flatMap { string($0, "a message") },
                            location: location(fieldNode))
    }

    private mutating func parseExamples(_ node: SpecNode) -> [ExampleSpec] {
        guard let map = mapping(node, "{valid: [...], invalid: [...]}") else { return [] }
        checkKeys(map, allowed: ["valid", "invalid"], in: "examples")
        var examples: [ExampleSpec] = []
        for (key, shouldPass) in [("valid", true), ("invalid", false)] {
            guard let listNode = map[key], let list = sequence(listNode, "a list of example values") else { continue }
            for item in list {
                if let value = string(item, "an example value") {
                    examples.append(ExampleSpec(value: value, shouldPass: shouldPass, location: location(item)))
                }
            }
        }
        return examples.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    /// Bindings must name existing fields, not the field itself, and derived defaults must not form a cycle.
    private mutating func checkBindings(_ fields: [FieldSpec]) {
        // Most forms bind nothing (a schema's never do): nothing to check, and nothing to build for it.
        guard fields.contains(where: { $0.bindsOtherFields }) else { return }
        let names = fields.map(\.name)
        let known = Set(names)
        let list = listed(names)
        var derivedFrom: [String: String] = [:]
        for field in fields {
            var targets: [(String, SpecLocation, String)] = []
            if case .derived(let from, _, let at) = field.defaultValue {
                targets.append((from, at, "default from"))
                derivedFrom[field.name] = from
            }
            if let b = field.sameAs { targets.append((b.field, b.location, "same-as")) }
            if let b = field.after { targets.append((b.field, b.location, "after")) }
            for (target, at, what) in targets {
                if target == field.name {
                    problems.append(SpecProblem(at, "\(what) refers to the field itself; expected another field"))
                } else if !known.contains(target) {
                    problems.append(SpecProblem(at, "\(what): no field named \(displayQuoted(target, limit: 60)); "
                                                + "expected one of \(list)"))
                }
            }
        }
        // A masked answer must not reach a field that shows it in clear (the terminal, the review, the draft).
        let masked = Set(fields.filter { $0.kind == .masked }.map(\.name))
        for field in fields where !masked.contains(field.name) {
            if case .derived(let from, let transform, let at) = field.defaultValue, masked.contains(from) {
                problems.append(SpecProblem(at, "default from: \(displayQuoted(from, limit: 60)) is masked, but "
                    + "\(displayQuoted(field.name, limit: 60)) is not: its default (map: \(transform.rawValue)) would "
                    + "show the secret in clear and write it to drafts; add masked: true to this field or derive "
                    + "from another one"))
            }
        }
        for field in fields {
            guard let binding = field.sameAs, known.contains(binding.field),
                  masked.contains(binding.field) != masked.contains(field.name) else { continue }
            let (secret, clear) = masked.contains(field.name) ? (field.name, binding.field) : (binding.field, field.name)
            problems.append(SpecProblem(binding.location, "same-as: \(displayQuoted(secret, limit: 60)) is masked, "
                + "but \(displayQuoted(clear, limit: 60)) is not: its answer must equal the secret and would be "
                + "shown in clear; make both masked or neither"))
        }
        // Each field derives from at most one other, so a cycle is found by following the chain from each field.
        var reported = Set<String>()
        for field in fields {
            guard case .derived(let from, _, let at) = field.defaultValue, from != field.name,
                  !reported.contains(field.name) else { continue }
            var chain = [field.name]
            var current = from
            while current != field.name, !chain.contains(current), let next = derivedFrom[current] {
                chain.append(current)
                current = next
            }
            guard current == field.name else { continue }   // no cycle, or one that does not pass through here
            reported.formUnion(chain)
            problems.append(SpecProblem(at, "derived defaults form a cycle: "
                                        + (chain + [field.name]).joined(separator: " -> ")))
        }
        // `after:` is a strict order: fields that wait for each other (a after b after a) can never all be
        // answered, and the form could never be submitted. Each field waits for at most one other.
        var after: [String: String] = [:]
        for field in fields { if let binding = field.after { after[field.name] = binding.field } }
        var reportedAfter = Set<String>()
        for field in fields {
            guard let binding = field.after, binding.field != field.name, !reportedAfter.contains(field.name) else {
                continue
            }
            var chain = [field.name]
            var current = binding.field
            while current != field.name, !chain.contains(current), let next = after[current] {
                chain.append(current)
                current = next
            }
            guard current == field.name else { continue }
            reportedAfter.formUnion(chain)
            problems.append(SpecProblem(binding.location, "after: fields wait for each other in a cycle ("
                + (chain + [field.name]).joined(separator: " after ")
                + "), so the form could never be submitted; remove one of these after: bindings"))
        }
    }
}

/// `U+001B` for a message.
func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

func isNameScalar(_ s: Unicode.Scalar) -> Bool {
    // ASCII without Unicode's tables (a form of 2,000 fields checks every name).
    if s.isASCII {
        let v = s.value | 0x20
        return (v >= 0x61 && v <= 0x7A) || ("0"..."9").contains(s) || s == "-" || s == "_"
    }
    return s.properties.isAlphabetic
}
