// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// A form described in a YAML or JSON file: fields, prompts, rules in the textual rule syntax, messages,
/// defaults, choices, bindings between fields and examples. The format is in Sources/SwitchboardSpec/SwitchboardSpec.docc/FormsAndSpecs.md.
///
/// ```swift
/// let spec = try FormSpec(contentsOf: "Examples/signup/signup.yaml")
/// let form = spec.makeForm()                       // a fresh Form each time
/// let result = form.runHeadless()                  // or FormFlow(form).run() in a terminal
/// for result in spec.runExamples() where !result.passed { print(result) }
/// ```
/// Loading checks everything it can and reports every problem with `file:line:column`.
public struct FormSpec {
    /// The file name used in messages.
    public var file: String
    /// The form's title (`title:`), possibly empty.
    public var title: String
    /// The fields in order.
    public var fields: [FieldSpec]
    /// The words the form shows by itself (`words:`), English where the spec does not replace them.
    ///
    /// ```swift
    /// try FormSpec(contentsOf: "Examples/signup/signup.vi.yaml").words.reviewTitle   // "Xem lại:"
    /// ```
    public var words = FormWords()
    /// The groups (`group:` entries), outermost first; their fields are in `fields`, named by path.
    public var groups: [GroupSpec] = []
    /// The lists (`repeat:` entries), in order.
    public var repeats: [RepeatSpec] = []

    /// Whether the spec's answers are nested (it has groups or lists): `--output env` refuses it.
    public var isNested: Bool { !groups.isEmpty || !repeats.isEmpty }

    /// The form's scenarios (`scenarios:`): keys typed into the form and what must follow, run by
    /// `switchboard test` in a virtual terminal.
    public var scenarios: [ScenarioSpec] = []

    /// Parses spec text (YAML, or JSON which is read as YAML); `file` names it in messages.
    /// - Throws: `SpecError` with every problem found.
    public init(yaml text: String, file: String = "<spec>") throws(SpecError) {
        var parser = SpecParser(file: file, text: text)
        self = try parser.parse()
    }

    /// The largest spec file read (a form's spec is a few kilobytes; this stops `/dev/zero` and runaway files).
    public static let maximumFileSize = 8 << 20

    /// Reads and parses a spec file (a regular file, or a pipe such as `<(generate-spec)`).
    /// - Throws: `SpecError` naming the file when it cannot be read (a directory, a file over 8 MB), the line
    ///   and column of the first byte that is not UTF-8, or every problem in it.
    public init(contentsOf path: String) throws(SpecError) {
        func problem(_ message: String, line: Int = 1, column: Int = 1) -> SpecError {
            SpecError(problems: [SpecProblem(SpecLocation(file: path, line: line, column: column), message)])
        }
        let fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw problem("cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            throw problem("is a directory; expected a YAML or JSON spec file")
        }
        errno = 0
        let bytes = readAll(fd, limit: FormSpec.maximumFileSize)
        if errno != 0 && errno != EINTR { throw problem("cannot read the file: \(String(cString: strerror(errno)))") }
        guard bytes.count <= FormSpec.maximumFileSize else {
            throw problem("the file is larger than \(FormSpec.maximumFileSize >> 20) MB; a spec is a few kilobytes")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (line, column, byte) = firstInvalidUTF8Position(bytes)
            throw problem("the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) here); "
                          + "save it as UTF-8", line: line, column: column)
        }
        try self.init(yaml: text, file: path)
    }

    init(file: String, title: String, fields: [FieldSpec]) {
        self.file = file
        self.title = title
        self.fields = fields
    }

    /// The field named `name`, if any.
    public subscript(name: String) -> FieldSpec? {
        fields.first { $0.name == name }
    }

    /// Builds a new `Form` with every field, rule, default and binding of the spec.
    @MainActor public func makeForm() -> Form {
        let form = Form(title)
        form.words = words
        // Titles and lists found by name and place once: a form of thousands of fields in hundreds of groups is
        // not made in quadratic time.
        var titles: [String: String] = [:]
        for spec in groups where titles[spec.name] == nil { titles[spec.name] = spec.title }
        let listsAt = Dictionary(grouping: repeats, by: \.position)
        // The fields of a group come one after another: the group last found is asked for again.
        var lastPath: [String] = [], lastGroup: FormGroup?
        func group(_ path: [String]) -> FormGroup? {
            if path.isEmpty { return nil }
            if path == lastPath { return lastGroup }
            var current: FormGroup?
            for index in path.indices {
                current = form.group(path[index], title: titles[path[...index].joined(separator: ".")], in: current)
            }
            (lastPath, lastGroup) = (path, current)
            return current
        }
        func addRepeats(at position: Int) {
            for list in listsAt[position] ?? [] {
                let key = lastNamePart(list.name)
                let template = list.fields, holdsValues = list.holdsValues, words = words
                let needs = ItemQuestionNeeds(template, holdsValues: holdsValues)
                let added = form.repeating(key, title: list.title, minimum: list.minimum, maximum: list.maximum,
                               in: group(list.groupPath)) { item in
                    let needed = needs.needed(by: item)
                    for index in template.indices {
                        // Read in place: a spec is copied only for the questions made.
                        guard item.wants(template[index].name, eager: needed[index],
                                         conditioned: template[index].when != nil) else { continue }
                        let spec = template[index]
                        let field = item.field(holdsValues ? nil : spec.name, kind: spec.kind,
                                               prompt: holdsValues ? nil : spec.prompt, required: spec.isRequired,
                                               rules: spec.rules.map(\.condition), message: spec.message)
                        spec.configure(field, words: words)
                        // An item's `when:` reads the item's own fields asked before, by their names within the item.
                        if let when = spec.when { field.show(when: when.condition { item.madeField($0) }) }
                    }
                }
                added.itemNeeds = needs
                added.omittedWhenEmpty = !list.isRequired
                if let when = list.when { added.show(when: when.condition(in: form)) }
            }
        }
        // The specs are read in place (`fields[position]`), not copied out one by one: a form of 2,000 fields
        // copied each spec three times.
        form.reserveCapacity(fields.count)
        for position in fields.indices {
            addRepeats(at: position)
            let field = form.add(FormField(lastNamePart(fields[position].name), kind: fields[position].kind,
                                           prompt: fields[position].prompt, required: fields[position].isRequired,
                                           rules: fields[position].rules.map(\.condition),
                                           message: fields[position].message),
                                 in: group(fields[position].groupPath))
            fields[position].configure(field, words: words)
        }
        addRepeats(at: fields.count)
        // A choices command gets every earlier answer (masked ones excepted) in SWITCHBOARD_ANSWER_<NAME>, so a
        // script it runs can read them too; it runs again when one of them has changed.
        for index in fields.indices {
            guard let command = fields[index].choicesCommand, let field = form[fields[index].name] else { continue }
            let earlier = fields[..<index].filter { $0.kind != .masked }.compactMap { form[$0.name] }
            field.choices(from: command.command, reading: earlier)
        }
        for index in fields.indices where fields[index].readsOtherFields {
            // Most fields bind nothing and show always: not looked up.
            let spec = fields[index]
            guard let field = form[spec.name] else { continue }
            if case .derived(let source, let transform, _) = spec.defaultValue, let from = form[source] {
                field.default <~ from.text.map { transform.apply($0) }
            }
            if let binding = spec.sameAs, let other = form[binding.field] {
                field.mustEqual(other, message: binding.message)
            }
            if let binding = spec.after, let other = form[binding.field] {
                field.mustBeAfter(other, message: binding.message)
            }
            if let when = spec.when { field.show(when: when.condition(in: form)) }
        }
        return form
    }
}

extension FieldSpec {
    /// Sets a new field's literal default, path completion and check command from the spec.
    @MainActor func configure(_ field: FormField, words: FormWords) {
        field.help = help
        if case .literal(var value) = defaultValue {
            // A yes/no default in the form's own words (`default: không`) is its yes or no.
            if kind == .yesNo || kind == .confirm, parseYesNo(value) == nil, let yes = words.yesNo(value) {
                value = yes ? "yes" : "no"
            }
            field.default.value = value
        }
        let completions = rules.compactMap(\.pathCompletion)
        field.pathCompletion = completions.contains(.directories) ? .directories : completions.first
        if let check { field.addAsyncCheck(check.asyncCheck) }
    }
}

/// Where the first byte that is not part of valid UTF-8 is: its 1-based line, its column (1-based, counting the
/// Unicode scalars before it on its line, as `SpecLocation` does) and its value.
func firstInvalidUTF8Position(_ bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8) {
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
        let lead = bytes[index]
        var length = 0
        if lead < 0x80 {
            length = 1
        } else {
            for candidate in 2...4 where index + candidate <= bytes.count {
                if String(validating: bytes[index..<index + candidate], as: UTF8.self) != nil {
                    length = candidate
                    break
                }
            }
        }
        if length == 0 { return (line, column, lead) }
        if lead == 0x0A {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += length
    }
    return (line, column, 0)
}

/// One field of a spec.
public struct FieldSpec: Sendable {
    /// The answer's key.
    public var name: String
    /// The question shown.
    public var prompt: String
    /// What kind of answer it takes.
    public var kind: FieldKind
    /// Whether an empty answer fails.
    public var isRequired: Bool
    /// The rules, in order.
    public var rules: [SpecRule]
    /// A message replacing the rules' messages (`message:`).
    public var message: String?
    /// The default value, literal or derived from another field.
    public var defaultValue: DefaultSpec?
    /// "same as" another field (`same-as:`).
    public var sameAs: FieldBinding?
    /// "after" another field (`after:`).
    public var after: FieldBinding?
    /// Values that must pass and values that must fail (`examples:`).
    public var examples: [ExampleSpec]
    /// Where the field's entry starts.
    public var location: SpecLocation
    /// A check command run on the value once the rules pass (`check:`).
    public var check: CheckSpec? = nil
    /// When the field is asked (`when:`); nil: always.
    ///
    /// ```swift
    /// spec["company"]?.when?.references.map(\.field)   // ["status"]
    /// ```
    public var when: WhenSpec? = nil
    /// The command listing the choices (`choices: {command: ...}`), if they come from one.
    ///
    /// ```swift
    /// spec["branch"]?.choicesCommand?.command.command   // "git branch --format='%(refname:short)'"
    /// ```
    public var choicesCommand: ChoicesCommandSpec? = nil
    /// `help:`: a line shown above the question each time it is asked (escaped), e.g. a schema's `description`.
    ///
    /// ```swift
    /// spec["port"]?.help   // "The port the service listens on"
    /// ```
    public var help: String? = nil
    /// The groups the field is in (`["server"]` for `server.port`); empty for a field of the form itself.
    public var groupPath: [String] = []
}

/// A field's `check:`: a shell command that checks the value (see `AsyncCheck.command`).
///
/// ```yaml
/// check: {command: "./is-free.sh", timeout: 5, debounce: 250}
/// ```
public struct CheckSpec: Sendable {
    /// The command, run as `sh -c COMMAND` with the value on standard input and in SWITCHBOARD_VALUE.
    public var command: String
    /// How long it may take (10 s by default).
    public var timeout: Duration = .seconds(10)
    /// How long typing must pause before it runs (250 ms by default).
    public var debounce: Duration = .milliseconds(250)
    /// Where the command is written.
    public var location: SpecLocation

    /// The asynchronous check it describes (named "check").
    public var asyncCheck: AsyncCheck {
        .command(command, name: "check", debounce: debounce, timeout: timeout)
    }
}

/// A rule of a field: its text as written, the condition it parsed to, and where it is.
public struct SpecRule: Sendable {
    /// The rule as written (`"length:3..20"`, or a named rule's name).
    public var text: String
    /// The condition, with its custom message if the spec gave one.
    public var condition: Condition<String>
    /// Where the rule is written.
    public var location: SpecLocation
    /// For a path rule (`file`, `dir`, `ext:`...), what Tab completes in the field.
    public var pathCompletion: PathCompletion?
}

extension FieldSpec {
    /// Whether the field's question reads other fields (a `when:`, or a binding).
    @inline(__always) var readsOtherFields: Bool { when != nil || bindsOtherFields }

    /// Whether the field is bound to another field (`same-as`, `after` or a derived default).
    @inline(__always) var bindsOtherFields: Bool { sameAs != nil || after != nil || defaultValue?.isDerived == true }
}

/// A field's default.
public enum DefaultSpec: Equatable, Sendable {
    /// A fixed value.
    case literal(String)
    /// Another field's text, transformed: `default: {from: email, map: local-part}`.
    case derived(from: String, map: DefaultTransform, at: SpecLocation)

    /// Whether the default comes from another field.
    var isDerived: Bool {
        if case .derived = self { return true }
        return false
    }
}

/// How a derived default is computed from its source field's text.
public enum DefaultTransform: String, Equatable, Sendable, CaseIterable {
    /// The text itself.
    case copy
    /// The part before `@`.
    case localPart = "local-part"
    /// The part after `@`.
    case domain
    /// Lower-cased.
    case lowercase
    /// Upper-cased.
    case uppercase
    /// Without leading and trailing spaces.
    case trim

    /// Applies the transform.
    public func apply(_ text: String) -> String {
        switch self {
        case .copy: text
        case .localPart: SwitchboardSpec.localPart(text)
        case .domain: domainPart(text)
        case .lowercase: text.lowercased()
        case .uppercase: text.uppercased()
        case .trim: String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        }
    }
}

/// A binding to another field (`same-as: password`, `after: start`), with an optional message.
public struct FieldBinding: Equatable, Sendable {
    /// The other field's name.
    public var field: String
    /// A message replacing the generated one.
    public var message: String?
    /// Where the binding is written.
    public var location: SpecLocation
}

/// One example value of a field and whether it should pass.
public struct ExampleSpec: Equatable, Sendable {
    /// The value.
    public var value: String
    /// Whether the value should pass the field's rules.
    public var shouldPass: Bool
    /// Where it is written.
    public var location: SpecLocation
}

/// The last part of a dotted name (`port` of `server.port`), found by its bytes.
private func lastNamePart(_ name: String) -> String {
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
    return String(name[name.utf8.index(after: dot)...])
}
