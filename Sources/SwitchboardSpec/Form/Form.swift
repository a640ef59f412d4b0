// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardTerminal
import SwitchboardRules

/// An ordered set of fields whose verdicts may depend on each other: the headless model behind the terminal
/// flow (`FormFlow`), the input reader (`Form.fill(from:format:)`) and spec files (`FormSpec`).
///
/// ```swift
/// let form = Form("Sign up")
/// let email = form.text("email", prompt: "Email", rules: [Rule.email.condition])
/// let username = form.text("username", prompt: "Username")
/// username.default <~ email.text.map(localPart)
/// let password = form.masked("password", prompt: "Password")
/// form.masked("confirm", prompt: "Confirm password").mustEqual(password)
/// let age = form.number("age", prompt: "Age")
/// form.choice("country", from: ["France", "Vietnam"], prompt: "Country")
/// form.multiline("bio", prompt: "Short bio", required: false)
///
/// email.answer("ada@example.com")
/// form.failures.map(\.description)   // ["password: must not be empty", ...]
/// form.answers.json()                // {"email": "ada@example.com", "username": "ada", ...}
/// ```
/// `isValid` updates whenever any field's verdict changes.
@MainActor
public final class Form {
    /// A title shown above the questions (may be empty).
    public var title: String
    /// The fields, in the order they are asked.
    public internal(set) var fields: [FormField] = []
    /// The fields and repeated groups in the order they are asked (`fields` is this with every repeat's items
    /// in its place; see FormGroups.swift).
    var steps: [FormStep] = []
    /// The repeated groups (lists of values or of objects asked item by item), in order.
    public internal(set) var repeats: [FormRepeat] = []
    /// The groups (nested objects), by name (`server`, `server.tls`).
    var groupsByName: [String: FormGroup] = [:]
    /// Whether an optional field answered with nothing is left out of `typedAnswers` (a schema's optional
    /// property is absent, not `""`); false: it is written as `""` or null.
    public var leavesOutEmptyOptionalAnswers = false
    /// A check of the whole answer run when the review is submitted with every field valid (a schema's
    /// validation): its failures are shown, the first failing field is asked again, and the form is not submitted
    /// until it passes.
    ///
    /// ```swift
    /// form.submitCheck = { form["end"]!.value < form["start"]!.value
    ///     ? [FieldFailure(field: "end", rule: "order", message: "must be after the start", value: "")] : [] }
    /// ```
    public var submitCheck: (@MainActor () -> [FieldFailure])?
    /// Whether every shown field's verdict is valid; updated on every change of any field's verdict or
    /// visibility.
    public let isValid = Dynamic(true)
    /// Every word the form shows by itself (the review's title and hints, yes/no, "checking…", the built-in
    /// rules' messages): English by default.
    ///
    /// ```swift
    /// form.words.reviewTitle = "Xem lại:"
    /// form.words.ruleMessages["required"] = "không được để trống"
    /// ```
    public var words = FormWords()
    /// Each field's position in `fields`, by name, and the names of the fields whose verdict is invalid: a
    /// lookup or a verdict change costs the same in a form of 50,000 fields as in one of five.
    var positions: [String: Int] = [:]
    var invalidFields: Set<String> = []
    var hiddenFields: Set<String> = []
    /// The invalid fields that are shown: what `isValid` reads.
    var invalidShownFields: Set<String> = []
    /// Whether the items answers make (`makeItems(for:)`) defer their empty questions until one is named: a form
    /// over a document (`SchemaDocumentForm`) sets it. See FormRepeat+Deferred.swift.
    var defersEmptyItemQuestions = false
    /// How many questions of items are not made yet.
    var deferredQuestionCount = 0
    /// Called around the making of deferred questions (the closure given makes them): a form over a document
    /// takes the defaults they bring as the document's own.
    var makingDeferredQuestions: (@MainActor (_ make: () -> Void) -> Void)?
    /// The items of lists (`services.3`, or a list's own name for all of its items) that are not held without
    /// questions when answers make items; nil: no item is held (see FormRepeat+Held.swift). A form over a document
    /// sets it to the items holding values the schema refuses.
    var unsettledItems: Set<String>?
    /// How many items are held without questions.
    var heldItemCount = 0

    /// Creates an empty form.
    public init(_ title: String = "") {
        self.title = title
    }

    /// The field named `name`, if any.
    public subscript(name: String) -> FormField? {
        if let position = positions[name] { return fields[position] }
        // A question of a document's item not made yet is made when named (see FormRepeat+Deferred.swift and
        // FormRepeat+Held.swift).
        if makeHeldQuestions(named: name), let position = positions[name] { return fields[position] }
        guard makeDeferredQuestions(named: name) else { return nil }
        return positions[name].map { fields[$0] }
    }

    /// Appends a field. Names must be unique (a duplicate is a programming error and traps; spec files
    /// report duplicates with their location instead).
    @discardableResult
    public func add(_ field: FormField) -> FormField {
        let taken = positions.updateValue(fields.count, forKey: field.name)
        precondition(taken == nil, "duplicate form field \"\(field.name)\"")
        fields.append(field)
        steps.append(.field(field))
        register(field)
        return field
    }

    /// Room for `count` more fields (a form made from a spec knows how many it adds).
    func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(fields.count + count)
        steps.reserveCapacity(steps.count + count)
        positions.reserveCapacity(positions.count + count)
    }

    /// Binds the form to a field's verdict and visibility (the field is already in `fields`).
    func register(_ field: FormField) {
        field.form = self
        // The field held weakly: a binding that outlives the form (a value bound to `isShown`) keeps `isShown`
        // alive, and must not keep the field. A field removed from the form (a list item) is no longer heard.
        field.verdict.observe(owner: self) { [weak field] form, verdict in
            guard let field, form[field.name] === field else { return }
            form.verdictChanged(field.name, verdict)
        }
        field.isShown.observe(owner: self) { [weak field] form, shown in
            guard let field, form[field.name] === field else { return }
            form.visibilityChanged(field.name, shown)
        }
        // The current values, as a binding delivers them at once, without looking the field up by its name: it
        // was put in `fields` under that name just now (a form of 2,000 fields looked each up twice); `isValid`
        // updated once for both.
        noteVerdict(field.name, field.verdict.value)
        noteVisibility(field.name, field.isShown.value)
        if !field.isShown.value { field.input.cancelChecks() }   // a hidden field's check command never runs on
        updateValidity()
    }

    /// Appends a one-line text field.
    @discardableResult
    public func text(_ name: String, prompt: String? = nil, required: Bool = true,
                     rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        add(FormField(name, kind: .text, prompt: prompt, required: required, rules: rules, message: message))
    }

    /// Appends a masked field (shown as `*`, never written to a draft).
    @discardableResult
    public func masked(_ name: String, prompt: String? = nil, required: Bool = true,
                       rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        add(FormField(name, kind: .masked, prompt: prompt, required: required, rules: rules, message: message))
    }

    /// Appends a multi-line field (lines until an empty line or Ctrl-D).
    @discardableResult
    public func multiline(_ name: String, prompt: String? = nil, required: Bool = true,
                          rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        add(FormField(name, kind: .multiline, prompt: prompt, required: required, rules: rules,
                      message: message))
    }

    /// Appends a choice from `values`.
    @discardableResult
    public func choice(_ name: String, from values: [String], prompt: String? = nil, required: Bool = true,
                       rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        add(FormField(name, kind: .choice(values), prompt: prompt, required: required, rules: rules,
                      message: message))
    }

    /// Appends a choice from `values`, asked with the list under the input (the same as `choice`).
    ///
    /// ```swift
    /// form.select("colour", from: ["red", "green", "blue"])
    /// ```
    @discardableResult
    public func select(_ name: String, from values: [String], prompt: String? = nil, required: Bool = true,
                       rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        choice(name, from: values, prompt: prompt, required: required, rules: rules, message: message)
    }

    /// Appends a multi-select: several of `values`, at least `minimum` and at most `maximum`. Its answer is a
    /// list (`FormField.values`; an array in JSON and YAML output).
    ///
    /// ```swift
    /// let tags = form.multiselect("tags", from: ["api", "cli", "web"], minimum: 1, maximum: 2)
    /// tags.answer(["web", "api"])
    /// tags.values   // ["api", "web"]
    /// ```
    @discardableResult
    public func multiselect(_ name: String, from values: [String], minimum: Int? = nil, maximum: Int? = nil,
                            prompt: String? = nil, required: Bool = true, message: String? = nil) -> FormField {
        add(FormField(name, kind: .multiselect(values, minimum: minimum, maximum: maximum), prompt: prompt,
                      required: required, message: message))
    }

    /// Appends a yes/no question answered with one key (y or n) in the terminal.
    ///
    /// ```swift
    /// form.confirm("deploy", prompt: "Deploy now?")
    /// ```
    @discardableResult
    public func confirm(_ name: String, prompt: String? = nil, required: Bool = true) -> FormField {
        add(FormField(name, kind: .confirm, prompt: prompt, required: required))
    }

    /// Appends a yes/no question.
    @discardableResult
    public func yesNo(_ name: String, prompt: String? = nil, required: Bool = true,
                      rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        add(FormField(name, kind: .yesNo, prompt: prompt, required: required, rules: rules, message: message))
    }

    /// Appends a number field.
    @discardableResult
    public func number(_ name: String, prompt: String? = nil, required: Bool = true,
                       rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        add(FormField(name, kind: .number, prompt: prompt, required: required, rules: rules, message: message))
    }

    /// The fields asked now (those whose condition holds), in order.
    ///
    /// ```swift
    /// form.shownFields.map(\.name)   // ["status", "school", "newsletter"]
    /// ```
    public var shownFields: [FormField] {
        fields.filter { $0.isShown.value }
    }

    /// Every shown field's answer (`FormField.value`: yes/no answers as `yes` or `no`), in field order (masked
    /// fields included: this is what a program receives). A hidden field's answer is left out.
    public var answers: Answers {
        Answers(shownFields.map { ($0.name, $0.value) })
    }

    /// The answers a draft may keep: answered, shown, non-masked fields whose condition reads no masked field
    /// (directly or through the conditions of the fields it reads): that such a field is asked tells something
    /// of the secret.
    public var draftAnswers: Answers {
        var revealing = Set(fields.filter(\.isMasked).map(\.name))
        // Until nothing changes: a condition may read a later field (Swift forms may).
        var changed = true
        while changed {
            changed = false
            for field in fields where !revealing.contains(field.name)
                && field.conditionReads.contains(where: { $0.field.map { revealing.contains($0.name) } ?? false }) {
                revealing.insert(field.name)
                changed = true
            }
        }
        return Answers(shownFields.filter { $0.isAnswered.value && !revealing.contains($0.name) }
            .map { ($0.name, $0.value) })
    }

    /// Re-validates every field and returns every failure, in field order (not only the first).
    ///
    /// ```swift
    /// for failure in form.validate() { print(failure) }   // "age: must be a number, got \"abc\""
    /// ```
    @discardableResult
    public func validate() -> [FieldFailure] {
        // A hidden field is not validated: its checks (a check command, a choices command) never run.
        for field in fields where field.isShown.value {
            field.updateChoices()
            field.input.revalidate()
        }
        // A `check:` still pending is waited for (within its timeout): failures are decided ones. The checks of
        // every shown field run side by side (at most 8 fields' at once); the failures are reported in field order.
        let pending = fields.filter { $0.isShown.value && $0.verdict.value.isPending }.map(\.input)
        do { try ObservableTextField.waitForChecks(of: pending) } catch {
            for field in pending { field.cancelChecks() }
        }
        return failures
    }

    /// The current failures of the shown fields, and of the fields whose condition could not be decided (never
    /// silently taken as "not asked"), in field order (messages in the form's `words`).
    public var failures: [FieldFailure] {
        fieldFailures + repeatFailures
    }

    private var fieldFailures: [FieldFailure] {
        fields.compactMap { field in
            if let reason = field.undecidedCondition {
                return FieldFailure(field: field.name, rule: "when", message: "whether to ask it could not be "
                                    + "decided: \(reason)", value: "", isMasked: field.isMasked)
            }
            guard field.isShown.value else { return nil }
            return field.verdict.value.failure.map {
                FieldFailure(field: field.name, rule: $0.name, message: field.message(for: $0),
                             value: field.text.value, isMasked: field.isMasked)
            }
        }
    }

    /// Answers every field named in `answers` (in the form's order, so derived defaults and conditions settle
    /// as they would when typed); returns the keys that name no field. An answer for a field that is hidden
    /// when its turn comes is not taken (see `fill(_:ignored:)`).
    @discardableResult
    public func fill(_ answers: Answers) -> [String] {
        var ignored: [String] = []
        return fill(answers, ignored: &ignored)
    }

    /// `fill(_:)`, also collecting the names of the fields whose answer was not taken because the field is
    /// hidden (its condition does not hold), in field order.
    ///
    /// ```swift
    /// var ignored: [String] = []
    /// form.fill(Answers([("status", "student"), ("company", "ACME")]), ignored: &ignored)
    /// ignored   // ["company"]
    /// ```
    @discardableResult
    public func fill(_ answers: Answers, ignored: inout [String]) -> [String] {
        fill(answers, ignored: &ignored, makingItems: true)
    }

    /// `fill(_:ignored:)`; `makingItems`: false when the items the answers name were made already (a document's
    /// answers filled again for the questions an earlier pass showed).
    @discardableResult
    func fill(_ answers: Answers, ignored: inout [String], makingItems: Bool) -> [String] {
        if makingItems { makeItems(for: answers) }
        for field in fields {
            guard let value = answers[field.name] else { continue }
            if field.isShown.value { field.answer(value) } else { ignored.append(field.name) }
        }
        return answers.keys.filter { self[$0] == nil }
    }

    private func verdictChanged(_ name: String, _ verdict: Verdict) {
        noteVerdict(name, verdict)
        updateValidity()
    }

    /// Puts a field's verdict in the sets `isValid` is read from (not updating it).
    private func noteVerdict(_ name: String, _ verdict: Verdict) {
        if verdict.isValid {
            // Only an invalid field can be among the invalid shown ones (a valid new field: one lookup, not two).
            if invalidFields.remove(name) != nil { invalidShownFields.remove(name) }
        } else {
            invalidFields.insert(name)
            if !hiddenFields.contains(name) { invalidShownFields.insert(name) }
        }
    }

    /// `isValid`: every shown field valid, and every list within its number of items.
    func updateValidity() {
        isValid.value = invalidShownFields.isEmpty && repeats.allSatisfy { $0.countFailure == nil }
    }

    private func visibilityChanged(_ name: String, _ shown: Bool) {
        noteVisibility(name, shown)
        if !shown { self[name]?.input.cancelChecks() }   // a hidden field's check command never runs on
        updateValidity()
    }

    /// Puts a field's visibility in the sets `isValid` is read from (not updating it).
    private func noteVisibility(_ name: String, _ shown: Bool) {
        if shown {
            hiddenFields.remove(name)
            if invalidFields.contains(name) { invalidShownFields.insert(name) }
        } else {
            hiddenFields.insert(name)
            invalidShownFields.remove(name)
        }
    }
}

/// One field's failure: which field, which rule, the message, and the value (never shown for masked fields).
public struct FieldFailure: Equatable, Sendable, CustomStringConvertible {
    /// The field's name.
    public var field: String
    /// The failing rule's name (`"email"`, `"same-as"`, `"required"`).
    public var rule: String
    /// The message for the user (`"must be a number"`).
    public var message: String
    /// The value that failed.
    public var value: String
    /// Whether the value is secret (the description leaves it out).
    public var isMasked: Bool

    /// A failure of `field`'s `rule` on `value`.
    public init(field: String, rule: String, message: String, value: String, isMasked: Bool = false) {
        self.field = field
        self.rule = rule
        self.message = message
        self.value = value
        self.isMasked = isMasked
    }

    /// `age: must be a number, got "abc"` (no value for masked or empty fields).
    public var description: String {
        if isMasked || value.isEmpty { return "\(field): \(message)" }
        // A message that quotes the value already (`"x,z" is not one of x, y, z`) does not say it twice.
        let got = displayQuoted(value, limit: 60)
        if message.contains(got) || message.contains(displayQuoted(value, limit: 40)) { return "\(field): \(message)" }
        return "\(field): \(message), got \(got)"
    }
}
