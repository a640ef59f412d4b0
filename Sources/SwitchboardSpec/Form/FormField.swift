// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// What kind of answer a form field takes. The kind adds its own check before the field's rules (a number
/// must parse, a choice must be one of the list) and tells the terminal flow how to ask.
public enum FieldKind: Equatable, Sendable, CustomStringConvertible {
    /// One line of text.
    case text
    /// One line of text shown as `*`; never written to a draft.
    case masked
    /// Several lines, ended by an empty line or Ctrl-D; the whole text is re-validated on every edit.
    case multiline
    /// One of a fixed list of values: spec `type: select` (or `choice`); asked with the list under the input.
    case choice([String])
    /// Several of a fixed list of values, at least `minimum` and at most `maximum` (spec `type: multiselect`).
    /// The text holds the chosen values one per line, in list order; the answer is a list (`["a", "c"]`).
    case multiselect([String], minimum: Int? = nil, maximum: Int? = nil)
    /// Yes or no answered with one key (spec `type: confirm`); its answer is a yes/no answer.
    case confirm
    /// yes or no (`y`, `n`, `true`, `false` are accepted too).
    case yesNo
    /// A number (`42`, `-3.5`, `1e3`); add a rule such as `int:1..120` to narrow it.
    case number

    /// The kind's name as used in spec files: `text`, `masked`, `multiline`, `choice`, `yesno`, `number`.
    public var name: String {
        switch self {
        case .text: "text"
        case .masked: "masked"
        case .multiline: "multiline"
        case .choice: "choice"
        case .multiselect: "multiselect"
        case .confirm: "confirm"
        case .yesNo: "yesno"
        case .number: "number"
        }
    }

    public var description: String { name }

    /// Whether the answer is a list (`multiselect`).
    public var isMultiselect: Bool {
        if case .multiselect = self { return true }
        return false
    }
}

/// One question of a `Form`: a headless `ObservableTextField` plus a name, a prompt, a kind, a default and
/// the rules and cross-field checks that decide its verdict.
///
/// ```swift
/// let form = Form("Sign up")
/// let email = form.text("email", prompt: "Email", rules: [emailRule])
/// let username = form.text("username", prompt: "Username")
/// username.default <~ email.text.map(localPart)   // "ada" once email is "ada@example.com"
/// email.answer("ada@example.com")
/// username.text.value                              // "ada"
/// ```
///
/// The field's text follows its `default` until the user answers with something else; an answer equal to the
/// default keeps following it (so editing the email later also updates a username that was accepted as
/// suggested).
/// - note: A field is owned by its form; cross-field checks hold the other fields weakly.
@MainActor
public final class FormField {
    /// The key of the answer (`"email"`): the property name a decoded model uses. A field in a group or a list
    /// item is named by its path (`server.port`, `items.0.name`; see `path`).
    public internal(set) var name: String
    /// Where the answer goes in a nested answer: `[.key("server"), .key("port")]` for `server.port`; one key
    /// for a field of the form itself.
    ///
    /// ```swift
    /// form["items.0.name"]?.path   // [.key("items"), .index(0), .key("name")]
    /// ```
    public internal(set) var path: [AnswerPathComponent]
    /// The group the field is asked under (its title is shown before the group's first field), if any.
    public internal(set) var group: FormGroup?
    /// The list the field is an item (or part of an item) of, if any.
    public internal(set) weak var repeating: FormRepeat?
    /// What kind of answer the field takes.
    public let kind: FieldKind
    /// The question shown to the user; the name when none is given.
    public var prompt: String
    /// A line shown above the question each time it is asked (escaped by the prompter); nil: none.
    ///
    /// ```swift
    /// port.help = "The port the service listens on"
    /// ```
    public var help: String?
    /// Whether an empty answer fails (`must not be empty`). An optional field accepts an empty answer and
    /// skips its other rules when empty.
    public let isRequired: Bool
    /// What Tab completes in the field's line when its rule is a path rule: file names, or directory names only
    /// (`dir`); nil completes no names. A spec field sets it from its rules.
    ///
    /// ```swift
    /// field.pathCompletion = Rule.directory.pathCompletion   // .directories
    /// ```
    public var pathCompletion: PathCompletion?
    /// The headless field holding the text; a terminal field edits this text.
    public let input: ObservableTextField
    /// The default value; bind a derived default with `username.default <~ email.text.map(localPart)`.
    public let `default` = Dynamic("")
    /// Whether the user has answered (or the answer came from input or a draft).
    public let isAnswered = Dynamic(false)
    /// A message replacing every failure message of the field's own rules (not the kind's check).
    public let message: String?

    /// Whether the field is asked: true unless a condition set with `show(when:)` does not hold. A hidden
    /// field is left out of the review, the validation, the answers and the draft (see FieldConditions.swift).
    ///
    /// ```swift
    /// Binder { shown in print(shown ? "company asked" : "company hidden") } <~ company.isShown
    /// ```
    public let isShown = Dynamic(true)
    /// The switch deciding `isShown`, if the field has a condition.
    var visibility: ObservableSwitch?
    /// The fields the condition reads (held weakly), if the field has one.
    var conditionReads: [WeakField] = []
    /// The condition last given to `show(when:)`.
    var shownWhen: ShowCondition?
    /// Hidden by a form over a document because the document's value (an object, a list) is more than the
    /// question can hold: the value stays as written.
    var keptAsWritten = false
    /// An item's field: the condition its item gave it (an answer of the same item, such as an optional object's
    /// yes), kept beside the list's own condition (both must hold).
    var itemCondition: ShowCondition?
    /// The form the field belongs to (for its words).
    weak var form: Form?
    /// An item's field: its place among the item's questions (the questions of an item made later are put in
    /// their places).
    var itemOrder = 0
    /// The values a choice accepts now (a choices command replaces them), shared with the kind's rule.
    let choiceList: ChoiceList
    /// Where the choices come from when a command lists them (see FieldChoices.swift).
    var choicesSource: ChoicesSource?

    /// The messages the author wrote for this field's rules: never replaced by the form's words.
    var authoredMessages: Set<String> = []

    /// The message `failure` shows: the form's words for a built-in rule (`Form.words.ruleMessages`), unless
    /// the author gave this rule a message of its own.
    ///
    /// ```swift
    /// form.words.ruleMessages["required"] = "không được để trống"
    /// field.message(for: field.verdict.value.failure!)   // "không được để trống"
    /// ```
    public func message(for failure: Verdict.Failure) -> String {
        guard !failure.isPending, !authoredMessages.contains(failure.message),
              let replacement = form?.words.ruleMessages[failure.name] else { return failure.message }
        return FormWords.fill(replacement, ["choices": listed(choices)])
    }

    /// `verdict` with its failure's message in the form's words.
    func translated(_ verdict: Verdict) -> Verdict {
        guard var failure = verdict.failure else { return verdict }
        let message = message(for: failure)
        if message == failure.message { return verdict }
        failure.message = message
        return Verdict(failure: failure)
    }

    /// Whether the text follows `default` (true until an answer differs from the default).
    public private(set) var followsDefault = true

    /// Creates a field. Most code uses the `Form` methods (`form.text(...)`, `form.number(...)`) instead.
    /// - Parameters:
    ///   - name: the answer's key.
    ///   - kind: what kind of answer the field takes.
    ///   - prompt: the question; defaults to the name.
    ///   - required: whether an empty answer fails.
    ///   - rules: predicates the text must pass, in order (the first failure is the verdict).
    ///   - message: a message replacing the rules' failure messages.
    public init(_ name: String, kind: FieldKind = .text, prompt: String? = nil, required: Bool = true,
                rules: [Condition<String>] = [], message: String? = nil) {
        self.name = name
        self.path = [.key(name)]
        self.kind = kind
        self.prompt = prompt ?? name
        self.isRequired = required
        self.message = message
        self.input = ObservableTextField()
        switch kind {
        case .choice(let values), .multiselect(let values, _, _): choiceList = ChoiceList(values)
        default: choiceList = ChoiceList([])
        }
        addKindRules()
        for rule in rules { append(rule) }
        input.revalidate()   // once, with every rule (a validation per rule made a wide form slow to start)
        self.default.observe(owner: self) { field, value in
            if field.followsDefault { field.input.text.value = value }
        }
    }

    /// The current text (an edit, an answer, or the default while the field follows it).
    public var text: Dynamic<String> { input.text }
    /// The field's verdict: its own rules first, then its cross-field checks.
    public var verdict: Dynamic<Verdict> { input.verdict }
    /// Whether the text is shown as `*` and kept out of drafts.
    public var isMasked: Bool { kind == .masked }
    /// Whether the answer spans several lines.
    public var isMultiline: Bool { kind == .multiline }
    /// The values a `.choice` or `.multiselect` field accepts (empty for other kinds): the kind's list, or what
    /// a choices command listed last.
    public var choices: [String] {
        switch kind {
        case .choice, .multiselect: choiceList.values
        default: []
        }
    }
    /// Whether the answer is yes or no (`yesno` and `confirm` fields).
    var isYesNo: Bool { kind == .yesNo || kind == .confirm }
    /// Whether the answer is a list of choices.
    public var isMultiselect: Bool { kind.isMultiselect }
    /// The answer as a list: a multi-select's chosen values (the text's lines) in the order of its choices;
    /// otherwise the text as one value (none when empty).
    ///
    /// ```swift
    /// tags.answer(["api", "web"])
    /// tags.values   // ["api", "web"]
    /// ```
    public var values: [String] {
        let text = input.text.value
        if text.isEmpty { return [] }
        guard isMultiselect else { return [value] }
        return inChoiceOrder(text.split(separator: "\n").map(String.init))
    }
    /// `values` in the order of the choices (each value's position looked up once); values that are not
    /// choices last, in the order given.
    private func inChoiceOrder(_ values: [String]) -> [String] {
        let order = choices
        return values.map { (position: order.firstIndex(of: $0) ?? .max, value: $0) }
            .sorted { $0.position < $1.position }.map(\.value)
    }

    /// The answer as a program receives it: a yes/no answer as `yes` or `no` (whichever of `y`, `True`,
    /// `on`, `0`... was typed), a number without surrounding spaces, anything else as typed.
    ///
    /// ```swift
    /// subscribe.answer("Y")
    /// subscribe.value   // "yes"
    /// ```
    public var value: String {
        if isMultiselect { return values.joined(separator: "\n") }   // one per line, in the order of the choices
        return Self.value(of: input.text.value, kind: kind)
    }

    /// `value` for `text` in a field of `kind` (one that is not a multi-select).
    static func value(of text: String, kind: FieldKind) -> String {
        switch kind {
        case .yesNo, .confirm: parseYesNo(text).map { $0 ? "yes" : "no" } ?? text
        case .number: parseNumber(text) == nil ? text : String(text.trimmingSpacesAndTabs)
        default: text
        }
    }

    /// Sets the text as the user's answer and marks the field answered. The field keeps following its
    /// default only if the answer equals it.
    ///
    /// ```swift
    /// age.answer("42")
    /// age.verdict.value.isValid   // true
    /// ```
    @discardableResult
    public func answer(_ value: String) -> Verdict {
        let value = acceptingWords(value)
        updateChoices()   // validated below, with the new answer
        followsDefault = value == self.default.value
        input.text.value = value
        isAnswered.value = true
        return input.revalidate()
    }

    /// A yes/no answer written in the form's own words (`có`, `không`) as `yes` or `no`; any other text as it is.
    func acceptingWords(_ text: String) -> String {
        guard isYesNo, let words = form?.words, let answer = words.yesNo(text) else { return text }
        return answer ? "yes" : "no"
    }

    /// Sets a multi-select's answer: the values are kept in the list's order, one per line of the text.
    @discardableResult
    public func answer(_ values: [String]) -> Verdict {
        answer(inChoiceOrder(values).joined(separator: "\n"))
    }

    /// Clears the answer: the field follows its default again and is no longer answered.
    public func reset() {
        followsDefault = true
        isAnswered.value = false
        input.text.value = self.default.value
    }

    /// The asynchronous checks added with `addAsyncCheck`, in order.
    public private(set) var asyncChecks: [AsyncCheck] = []

    /// Adds an asynchronous check (a lookup, a check command), run once the rules pass. On an optional field
    /// it is skipped while the text is empty. A terminal form asks it while the answer is typed; the review
    /// waits for it.
    ///
    /// ```swift
    /// username.addAsyncCheck(.command("./is-free.sh"))
    /// ```
    public func addAsyncCheck(_ check: AsyncCheck) {
        var effective = check
        if !isRequired {
            let inner = check
            effective = AsyncCheck(check.name, debounce: check.debounce, timeout: check.timeout,
                                   timeoutMessage: check.timeoutMessage, cacheLimit: check.cacheLimit) { text in
                text.isEmpty ? .valid : try await inner.run(text)
            }
        }
        asyncChecks.append(effective)
        input.addAsyncCheck(effective)
    }

    /// Adds a rule after the existing ones. On an optional field the rule is skipped while the text is empty.
    ///
    /// ```swift
    /// bio.addRule(Condition("short", requirement: "be at most 280 characters") { $0.count <= 280 })
    /// ```
    public func addRule(_ rule: Condition<String>) {
        append(rule)
        input.revalidate()
    }

    /// Adds a rule after the existing ones without validating again.
    private func append(_ rule: Condition<String>) {
        if let custom = message ?? rule.customMessage { authoredMessages.insert(custom) }
        var effective = rule
        if let message { effective = effective.message(message) }
        if isRequired {
            input.addRule(effective)
        } else {
            let inner = effective
            input.addRule(Condition(inner.name, requirement: inner.requirement, verdict: { text in
                text.isEmpty ? .valid : inner.check(text)
            }))
        }
    }

    // The rules of a kind, made once for every field, failure messages included (a form of 2,000 fields made each
    // anew per field).
    private static let nonEmpty = Condition<String>.nonEmpty.prepared
    private static let printable = Condition<String>("printable", requirement: "not contain control characters") {
        !containsControlCharacters($0, allowingNewlines: false)
    }.prepared
    private static let printableLines = Condition<String>("printable", requirement: "not contain control characters") {
        !containsControlCharacters($0, allowingNewlines: true)
    }.prepared
    private static let number = Condition<String>("number", requirement: "be a number") { parseNumber($0) != nil }
        .prepared
    private static let optionalNumber = Condition<String>("number", requirement: "be a number") {
        $0.isEmpty || parseNumber($0) != nil
    }.prepared
    private static let yesNo = Condition<String>("yes-no", requirement: "be yes or no") { parseYesNo($0) != nil }
        .prepared
    private static let optionalYesNo = Condition<String>("yes-no", requirement: "be yes or no") {
        $0.isEmpty || parseYesNo($0) != nil
    }.prepared

    private func addKindRules() {
        if isRequired { input.addRule(Self.nonEmpty) }
        let allowsNewlines = kind == .multiline || isMultiselect
        input.addRule(allowsNewlines ? Self.printableLines : Self.printable)
        let skipEmpty = !isRequired
        switch kind {
        case .text, .masked, .multiline:
            break
        case .number:
            input.addRule(skipEmpty ? Self.optionalNumber : Self.number)
        case .multiselect(let values, let minimum, let maximum):
            addMultiselectRules(values, minimum: minimum, maximum: maximum)
        case .yesNo, .confirm:
            input.addRule(skipEmpty ? Self.optionalYesNo : Self.yesNo)
        case .choice:
            let choices = choiceList
            input.addRule(Condition("choice", requirement: "be one of the choices") { text in
                if skipEmpty && text.isEmpty { return .valid }
                let (values, failure) = choices.state
                if let failure { return .invalid("choices", failure) }
                return values.contains(text) ? .valid : .invalid("choice", "must be one of \(listed(values))")
            })
        }
    }
}

/// A failure message carried out of a wrapped predicate (a thrown error's text becomes the failure message).
struct RuleMessage: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}

/// Whether `text` holds a C0/C1 control character or DEL (a newline and a tab are allowed in multi-line text).
func containsControlCharacters(_ text: String, allowingNewlines: Bool) -> Bool {
    for scalar in text.unicodeScalars {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) {
            if allowingNewlines && (v == 0x0A || v == 0x09) { continue }
            return true
        }
    }
    return false
}

/// Parses a decimal number (`42`, `-3.5`, `1e3`, surrounding spaces allowed); `nil` for anything else,
/// including `inf` and `nan`.
func parseNumber(_ text: String) -> Double? {
    let trimmed = text.trimmingSpacesAndTabs
    guard let first = trimmed.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39) else { return nil }
    guard let value = Double(trimmed) else { return nil }
    // A JSON number beyond a Double's range (`1e400`) is a number all the same: JSON and JSON Schema hold it
    // exactly, and the answer keeps its text.
    guard value.isFinite || isJSONNumber(String(trimmed)) else { return nil }
    return value
}

/// `true` for yes/y/true/on/1, `false` for no/n/false/off/0 (any case, surrounding spaces allowed).
func parseYesNo(_ text: String) -> Bool? {
    switch text.trimmingSpacesAndTabs.lowercased() {
    case "yes", "y", "true", "on", "1": true
    case "no", "n", "false", "off", "0": false
    default: nil
    }
}

/// The part of an email address before the `@` (the whole text when there is none): the usual derived default
/// for a username.
///
/// ```swift
/// username.default <~ email.text.map(localPart)
/// localPart("ada@example.com")   // "ada"
/// ```
public func localPart(_ address: String) -> String {
    guard let at = address.firstIndex(of: "@") else { return address }
    return String(address[..<at])
}

/// The part of an email address after the `@` (empty when there is none).
public func domainPart(_ address: String) -> String {
    guard let at = address.firstIndex(of: "@") else { return "" }
    return String(address[address.index(after: at)...])
}
