// SPDX-License-Identifier: Apache-2.0
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
    public let verdict: Dynamic<Verdict>
    /// The switch holding the rules attached with `addRule`.
    public let rules = ObservableSwitch(.anyState)

    /// The switches registered with the field, in registration order (the rules switch first).
    public var switches: [ObservableSwitch] { validation.registered }
    /// What an edit runs; the text's change hook holds it strongly (see `FieldValidation`).
    private let validation: FieldValidation

    /// Creates a field holding `text`.
    ///
    /// ```swift
    /// let name = ObservableTextField("Ada")
    /// ```
    public init(_ text: String = "") {
        let outcome = FieldOutcome(rules: rules.outcome)
        verdict = Dynamic(.valid) { outcome.verdict }
        let validation = FieldValidation(verdict: verdict, outcome: outcome, textDidChange: textDidChange,
                                         rules: rules)
        self.validation = validation
        self.text = Dynamic(text, handler: validation)
        validation.textID = ObjectIdentifier(self.text)
    }

    isolated deinit {
        // The text may outlive the field (someone holds `field.text`): its edits no longer validate anything.
        validation.detach()
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
        target.addSignal(condition, reading: text)
        register(target)
    }

    /// Attaches a rule to the field itself; its failure becomes the field's verdict.
    ///
    /// ```swift
    /// field.addRule(.nonEmpty)
    /// ```
    public func addRule(_ rule: Condition<String>) {
        rules.addSignal(PreparedCondition(rule), reading: text, source: textSource)
    }

    /// `addRule(_:)` with a condition prepared once for many fields.
    package func addRule(_ rule: PreparedCondition<String>) {
        rules.addSignal(rule, reading: text, source: textSource)
    }

    /// What the rules' signals read the text through (one for all of them).
    private lazy var textSource = TextSource(text)

    /// Attaches a check of the field's text that may read other state (a condition cannot: it is `Sendable`).
    /// It is handed the text and returns the verdict; its failure becomes the field's verdict.
    ///
    /// ```swift
    /// field.addRule(named: "unique") { text in taken.contains(text) ? .invalid("unique", "is taken") : .valid }
    /// ```
    public func addRule(named name: String, _ check: @escaping (String) -> Verdict) {
        rules.addSignal(name: name, reading: text, check)
    }

    /// Where this field's asynchronous checks take their time from and hand their results back to: a
    /// `TaskCheckLoop` by default; a terminal field installs its own while it reads; tests use a
    /// `VirtualCheckLoop`.
    ///
    /// ```swift
    /// let loop = VirtualCheckLoop()
    /// field.checkLoop = loop
    /// ```
    public var checkLoop: any CheckLoop {
        get {
            if let loop = storedCheckLoop { return loop }
            let loop = TaskCheckLoop()
            storedCheckLoop = loop
            return loop
        }
        set { storedCheckLoop = newValue }
    }
    /// `checkLoop`, made when first asked for (only a field with an asynchronous check asks).
    private var storedCheckLoop: (any CheckLoop)?

    /// Attaches an asynchronous check to the field itself. It runs only when the field's synchronous rules
    /// pass, after the debounce; until it answers the field's verdict is `pending`; its failure becomes the
    /// field's verdict (see `AsyncCheck`).
    ///
    /// ```swift
    /// field.addAsyncCheck(AsyncCheck("username", message: "is taken") { name in try await !taken(name) })
    /// ```
    public func addAsyncCheck(_ check: AsyncCheck) {
        rules.append(AsyncCheckRunner(check: check, field: self, owner: rules))
    }

    /// Adds an asynchronous check of the field's text to `toSwitch` (asked after the switch's synchronous
    /// signals pass) and registers the switch once. While it is pending the switch's verdict is pending and its
    /// action does not fire.
    ///
    /// ```swift
    /// let available = ObservableSwitch(.onlyTrue)
    /// field.addAsyncSignal(toSwitch: available, AsyncCheck("free", message: "is taken") { try await !taken($0) })
    /// ```
    public func addAsyncSignal(toSwitch target: ObservableSwitch, _ check: AsyncCheck) {
        target.append(AsyncCheckRunner(check: check, field: self, owner: target))
        register(target)
    }

    private var asyncRunners: [AsyncCheckRunner] {
        validation.registered.flatMap { $0.asyncRunners.filter { $0.field === self } }
    }

    /// Whether an asynchronous check of the current text is waiting for typing to pause or running.
    public var hasPendingChecks: Bool { asyncRunners.contains(where: \.isPending) }

    /// When (on `checkLoop`'s clock) the earliest check still running started; nil when none runs (idle, or
    /// still in its debounce). A terminal shows "checking…" once this is ~300 ms old.
    public var checkRunningSince: Duration? { asyncRunners.compactMap(\.startedAt).min() }

    /// Starts every scheduled check now, without waiting for the rest of its debounce (a line read without a
    /// terminal is checked at once).
    ///
    /// ```swift
    /// field.startPendingChecksNow()
    /// ```
    public func startPendingChecksNow() {
        for runner in asyncRunners { runner.startNow() }
    }

    /// Cancels every check in flight and every debounce (Ctrl-C, or the field is done); their results are
    /// dropped. The verdict stays pending until the next validation schedules them again.
    ///
    /// ```swift
    /// field.cancelChecks()
    /// ```
    public func cancelChecks() {
        for runner in asyncRunners { runner.stop() }
    }

    /// The number of check runs started so far (debounced edits start none).
    public var checkRunsStarted: Int { asyncRunners.reduce(0) { $0 + $1.runsStarted } }

    /// A check of `owner` answered for the current text: `owner` validates again (the other switches already
    /// describe the current text, so they are not asked twice), the field's verdict follows, then a submit that
    /// waited for the answer gets it.
    func checkSettled(in owner: ObservableSwitch) {
        let owned = owner.outcome.verdict(owner.validate(text: text.value, of: ObjectIdentifier(text)))
        var first = Verdict(failure: nil)
        for target in validation.registered {
            let current = target === owner ? owned : target.verdict.value
            if !current.isValid {
                first = current
                break
            }
        }
        validation.publish(first)
        let settled = first
        if let checkDidSettleSignal, checkDidSettleSignal.hasObservers { checkDidSettleSignal.send(settled) }
        if !settled.isPending, let waiting = validation.pendingSubmit, waiting.text == text.value {
            validation.replacePendingSubmit(with: nil)
            waiting.decided(settled)
        }
    }

    /// Whether a submit is waiting for a pending check of the current text.
    public var hasPendingSubmit: Bool { validation.pendingSubmit != nil }

    /// Enter: calls `decided` with the verdict of the current text, now if it is decided, else once the
    /// pending checks of this same text answer. Any change of the text cancels the waiting submit (`decided` is
    /// then never called), as does `cancelSubmit()` or a new submit.
    ///
    /// ```swift
    /// field.submit { verdict in if verdict.isValid { accept(field.text.value) } else { show(verdict) } }
    /// ```
    public func submit(_ decided: @escaping (Verdict) -> Void) {
        validation.replacePendingSubmit(with: nil)
        let current = verdict.value.isPending ? revalidate() : verdict.value
        if current.isPending {
            validation.replacePendingSubmit(with: (text.value, decided))
        } else {
            decided(current)
        }
    }

    /// Drops a waiting submit.
    public func cancelSubmit() { validation.replacePendingSubmit(with: nil) }

    /// Fires when an asynchronous check's answer for the current text has reached `verdict` (after the
    /// re-validation it causes), with the field's new verdict.
    ///
    /// ```swift
    /// field.checkDidSettle.observe { verdict in redraw(verdict) }
    /// ```
    public var checkDidSettle: Signal<Verdict> {
        if let signal = checkDidSettleSignal { return signal }
        let signal = Signal<Verdict>()
        checkDidSettleSignal = signal
        return signal
    }
    /// `checkDidSettle`, made when first asked for (a form's thousands of fields mostly have no check).
    private var checkDidSettleSignal: Signal<Verdict>?

    /// Registers a switch to be validated on every change (once, however often it is called).
    ///
    /// ```swift
    /// field.register(formValid)
    /// ```
    public func register(_ target: ObservableSwitch) {
        validation.register(target)
    }

    /// Validates every registered switch now and updates `verdict`, without a text change.
    ///
    /// ```swift
    /// field.revalidate().isValid
    /// ```
    @discardableResult
    public func revalidate() -> Verdict {
        validation.revalidateVerdict(text.value)
    }
}

@available(*, unavailable, message: "Switchboard's objects belong to the main actor")
extension ObservableTextField: Sendable {}
