/// The seed article's observable text field without a screen: text whose every change re-validates the
/// switches registered with it and publishes `textDidChange`.
///
/// `LineField` (module SwitchboardTerminal) puts one of these on a terminal; tests and forms use it directly.
///
/// ```swift
/// let email = ObservableTextField()
/// email.addRule(Condition("gmail", requirement: "end with \"@gmail.com\"") { $0.hasSuffix("@gmail.com") })
/// email.text.value = "ada@gmail.com"
/// email.verdict.value.isValid   // true
/// ```
///
/// On each change of `text` (an edit, or a value arriving through `<~`), in this order: each registered
/// switch validates once (the field's own rules first), `verdict` updates, then `textDidChange` fires.
/// Validation runs as part of the change itself, so `verdict` describes the current text wherever it is read,
/// also right after setting the text inside another delivery. Setting the same text again changes nothing.
/// - note: Lifetime: the field holds its text, rules and registered switches; the switches' signals read the
///   text they were given without keeping the field alive, so signals that take the text as their argument
///   (`addSignal(toSwitch:) { text in ... }`) never form a cycle.
@MainActor
public final class ObservableTextField {
    /// The current text; set it to edit.
    public let text: Dynamic<String>
    /// Fires once per change of the text, after validation.
    public let textDidChange = Signal<String>()
    /// The field's verdict: the first failure among its rules and registered switches, else valid.
    public let verdict = Dynamic(Verdict.valid)
    /// The switch holding the rules attached with `addRule`.
    public let rules = ObservableSwitch(.anyState)

    /// The switches registered with the field, in registration order (the rules switch first).
    public private(set) var switches: [ObservableSwitch]
    /// Counts the text's changes, so an edit that an action or observer replaced while it was being
    /// validated stops there (the newer edit has validated and published everything already).
    private var edits: UInt64 = 0

    /// Creates a field holding `text`.
    ///
    /// ```swift
    /// let name = ObservableTextField("Ada")
    /// ```
    public init(_ text: String = "") {
        self.text = Dynamic(text)
        switches = [rules]
        self.text.changeHook = { [weak self] newText in self?.textChanged(newText) ?? true }
    }

    /// Adds a signal over the field's text to `toSwitch` and registers the switch with the field once,
    /// however often it is called (the seed's `addSignal(toSwitch:_:)`). The signal is handed the text, so it
    /// need not capture the field.
    ///
    /// ```swift
    /// let done = ObservableSwitch(.onlyTrue)
    /// field.addSignal(toSwitch: done) { text in text == "IOS" }
    /// ```
    public func addSignal(toSwitch target: ObservableSwitch, _ signal: @escaping (String) -> Bool) {
        let failure = Verdict.invalid("signal \(target.signalCount + 1)", "must be valid")
        target.addSignal(name: failure.failure!.name, reading: text) { signal($0) ? .valid : failure }
        register(target)
    }

    /// Adds a signal that reads what it needs itself, and registers the switch once (the seed's form).
    ///
    /// ```swift
    /// field.addSignal(toSwitch: done) { settings.isReady }
    /// ```
    public func addSignal(toSwitch target: ObservableSwitch, _ signal: @escaping () -> Bool) {
        target.addSignal(signal)
        register(target)
    }

    /// Adds a condition over this field's text to `toSwitch`, registering the switch once.
    ///
    /// ```swift
    /// field.addSignal(toSwitch: done, .nonEmpty)
    /// ```
    public func addSignal(toSwitch target: ObservableSwitch, _ condition: Condition<String>) {
        target.addSignal(name: condition.name, reading: text, condition.makeCheck())
        register(target)
    }

    /// Attaches a rule to the field itself; its failure becomes the field's verdict.
    ///
    /// ```swift
    /// field.addRule(.nonEmpty)
    /// ```
    public func addRule(_ rule: Condition<String>) {
        rules.addSignal(name: rule.name, reading: text, rule.makeCheck())
    }

    /// Attaches a check of the field's text that may read other state (a condition cannot: it is `Sendable`).
    /// It is handed the text and returns the verdict; its failure becomes the field's verdict.
    ///
    /// ```swift
    /// field.addRule(named: "unique") { text in taken.contains(text) ? .invalid("unique", "is taken") : .valid }
    /// ```
    public func addRule(named name: String, _ check: @escaping (String) -> Verdict) {
        rules.addSignal(name: name, reading: text, check)
    }

    /// Registers a switch to be validated on every change (once, however often it is called).
    ///
    /// ```swift
    /// field.register(formValid)
    /// ```
    public func register(_ target: ObservableSwitch) {
        if !switches.contains(where: { $0 === target }) { switches.append(target) }
    }

    /// Validates every registered switch now and updates `verdict`, without a text change.
    ///
    /// ```swift
    /// field.revalidate().isValid
    /// ```
    @discardableResult
    public func revalidate() -> Verdict {
        let current = text.value
        let id = ObjectIdentifier(text)
        let edit = edits
        var first = Verdict(failure: nil)
        // A copy: an action may register another switch while this runs.
        for target in switches {
            let verdict = target.validate(text: current, of: id)
            // An action set the text: that edit validated every switch with the newer text; this verdict is stale.
            if edits != edit { return self.verdict.storage }
            if first.isValid && !verdict.isValid { first = verdict }
        }
        if verdict.storage != first { verdict.value = first }
        return first
    }

    /// Validates and announces a change; false when the text was set again meanwhile (see `Dynamic.changeHook`).
    private func textChanged(_ newText: String) -> Bool {
        edits &+= 1
        let edit = edits
        revalidate()
        guard edits == edit else { return false }
        if textDidChange.hasObservers { textDidChange.send(newText) }
        return edits == edit
    }
}

@available(*, unavailable, message: "Switchboard's objects belong to the main actor")
extension ObservableTextField: Sendable {}
