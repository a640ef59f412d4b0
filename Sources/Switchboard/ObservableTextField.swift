/// The seed article's observable text field without a screen: text whose every change re-validates the
/// switches registered with it and publishes `textDidChange`.
///
/// `LineField` (module SwitchboardTerminal) puts one of these on a terminal; tests and forms use it directly.
///
/// ```swift
/// let email = ObservableTextField()
/// email.addRule(Predicate("gmail", requirement: "end with \"@gmail.com\"") { $0.hasSuffix("@gmail.com") })
/// email.text.value = "ada@gmail.com"
/// email.verdict.value.isValid   // true
/// ```
///
/// On each change of `text` (an edit, or a value arriving through `<~`), in this order: each registered
/// switch validates once (the field's own rules first), `verdict` updates, then `textDidChange` fires.
/// Setting the same text again changes nothing and validates nothing.
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
    @exclusivity(unchecked) public private(set) var switches: [ObservableSwitch]
    private var textSubscription: Subscription?

    /// Creates a field holding `text`.
    public init(_ text: String = "") {
        self.text = Dynamic(text)
        self.switches = [rules]
        // Ended in deinit, so the observer can hold the field without a (slow) weak reference.
        textSubscription = self.text.bind { [unowned(unsafe) self] newText in self.textChanged(newText) }
    }

    deinit {
        textSubscription?.cancel()
    }

    /// Adds a signal to `toSwitch` and registers the switch with the field once, however often it is called
    /// (the seed's `addSignal(toSwitch:_:)`).
    ///
    /// ```swift
    /// let done = ObservableSwitch(.onlyTrue)
    /// field.addSignal(toSwitch: done) { field.text.value == "IOS" }
    /// ```
    public func addSignal(toSwitch target: ObservableSwitch, _ signal: @escaping () -> Bool) {
        target.addSignal(signal)
        register(target)
    }

    /// Adds a predicate over this field's text to `toSwitch`, registering the switch once.
    ///
    /// ```swift
    /// field.addSignal(toSwitch: done, .nonEmpty)
    /// ```
    public func addSignal(toSwitch target: ObservableSwitch, _ predicate: Predicate<String>) {
        target.addSignal(predicate, on: { [unowned self] in self.text.value })
        register(target)
    }

    /// Attaches a rule to the field itself; its failure becomes the field's verdict.
    public func addRule(_ rule: Predicate<String>) {
        rules.addSignal(rule, on: { [unowned self] in self.text.value })
    }

    /// Registers a switch to be validated on every change (once, however often it is called).
    public func register(_ target: ObservableSwitch) {
        if !switches.contains(where: { $0 === target }) { switches.append(target) }
    }

    /// Validates every registered switch now and updates `verdict`, without a text change.
    @discardableResult
    public func revalidate() -> Verdict {
        var first = Verdict.valid
        for s in switches {
            let v = s.validate()
            if first.isValid && !v.isValid { first = v }
        }
        verdict.value = first
        return first
    }

    private func textChanged(_ newText: String) {
        revalidate()
        textDidChange.send(newText)
    }
}
