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
    public var switches: [ObservableSwitch] { registered.map { $0.takeUnretainedValue() } }

    /// Held unmanaged (retained once when registered, released in deinit; a field never drops a switch) so
    /// that validating on each edit touches no reference counts.
    @exclusivity(unchecked) private var registered: ContiguousArray<Unmanaged<ObservableSwitch>> = []
    private var textSubscription: Subscription?

    /// Creates a field holding `text`.
    public init(_ text: String = "") {
        self.text = Dynamic(text)
        registered.append(Unmanaged.passRetained(rules))
        // Ended in deinit, so the observer can use the field without a reference count (a strong reference
        // would keep it alive, a weak one would slow every retain of it down).
        let field = Unmanaged.passUnretained(self)
        textSubscription = self.text.bind { newText in
            field._withUnsafeGuaranteedRef { $0.textChanged(newText) }
        }
    }

    deinit {
        textSubscription?.cancel()
        for target in registered { target.release() }
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
    public func addSignal(toSwitch target: ObservableSwitch, _ predicate: Condition<String>) {
        target.addSignal(predicate, reading: text)
        register(target)
    }

    /// Attaches a rule to the field itself; its failure becomes the field's verdict.
    public func addRule(_ rule: Condition<String>) {
        rules.addSignal(rule, reading: text)
    }

    /// Registers a switch to be validated on every change (once, however often it is called).
    public func register(_ target: ObservableSwitch) {
        if !registered.contains(where: { $0.toOpaque() == Unmanaged.passUnretained(target).toOpaque() }) {
            registered.append(Unmanaged.passRetained(target))
        }
    }

    /// Validates every registered switch now and updates `verdict`, without a text change.
    @discardableResult
    public func revalidate() -> Verdict {
        var first = Verdict.valid
        var index = 0
        while index < registered.count {
            // Borrowed: the field holds its switches for its whole life.
            let v = registered[index]._withUnsafeGuaranteedRef { $0.validate() }
            if first.isValid && !v.isValid { first = v }
            index += 1
        }
        if verdict.storage != first { verdict.setChanged(first) }
        return first
    }

    private func textChanged(_ newText: String) {
        revalidate()
        if !textDidChange.observers.observers.isEmpty { textDidChange.send(newText) }
    }
}
