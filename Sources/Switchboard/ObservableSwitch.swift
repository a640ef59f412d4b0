/// Which validations make an `ObservableSwitch` call its action (the seed article's `BoolState`).
public enum BoolState: Sendable, Equatable {
    /// Every validation, passing or failing.
    case anyState
    /// Only validations where every predicate passed.
    case onlyTrue
    /// Only validations where a predicate failed.
    case onlyFalse
}

/// Whether a switch fires on every matching validation or only when its outcome flips.
public enum Trigger: Sendable, Equatable {
    /// Fire on each validation that matches the mode (the seed's meaning).
    case level
    /// Fire only when the outcome differs from the previous validation's (the first validation counts as a
    /// change), and the mode matches.
    case edge
}

/// A switch over predicate signals: `validate()` is their AND, stopping at the first failure, and the
/// action fires according to the mode.
///
/// ```swift
/// let name = ObservableTextField()
/// let greet = ObservableSwitch(.onlyTrue)
/// greet.action = { _ in print("Hello, Phong!") }
/// name.addSignal(toSwitch: greet) { text in text == "NguyenPhong" }
/// name.text.value = "NguyenPhong"     // prints "Hello, Phong!"
/// ```
///
/// The current verdict is observable (`verdict`, `isOn`), so a switch can drive a label or another switch:
/// `submitEnabled <~ form.allValid`.
/// - note: A signal that throws is an undecided failure whose message is the error's description. Lifetime: a
///   switch lives while you or a field it is registered with hold it; it holds its signals, and a signal over a
///   field's text reads that text weakly (a switch never keeps a field alive).
@MainActor
public final class ObservableSwitch {
    /// Which validations fire the action.
    public let mode: BoolState
    /// Level (every matching validation) or edge (only when the outcome flips).
    public let trigger: Trigger
    /// Called with the outcome of each validation that the mode and trigger select. It may replace itself or
    /// drop the switch (or the field) that is calling it.
    public var action: ((Bool) -> Void)? {
        get { storedAction }
        set {
            // The replaced action is kept until after the store, so it is not released inside it: what it
            // captured may validate this switch or set its action from a deinit (a release inside the store was
            // a simultaneous access, a trap).
            let replaced = storedAction
            storedAction = newValue
            keepUntilHere(replaced)
        }
    }
    /// `action`'s storage. Private, so that the compiler sees every access to it and checks their exclusivity
    /// when it compiles them, not at run time on every validation (a public stored property is checked at run
    /// time: ~75 instructions per access).
    private var storedAction: ((Bool) -> Void)?

    /// The verdict of the latest validation (`.valid` before the first one).
    public let verdict = Dynamic(Verdict.valid)
    /// Every validation's verdict, including repeats of the same one.
    public let validated = Signal<Verdict>()

    // The switch's state is private, and changed only by plain stores and `swap`s, never by an access held
    // across a call (such as `signals.append`): so the compiler proves every access exclusive and checks none at
    // run time, where each check costs ~75 instructions on every validation. Benchmark row:
    // `make bench-instructions`, 5-predicate validation.
    private var signals: [SwitchSignal] = []
    /// The signals' AND as one function, made when the switch first validates after a signal was added (see
    /// `compile`): a validation loads one closure (one retain and release) instead of walking the array (a retain
    /// and a release per signal). Benchmark row: `make bench-instructions`, 5-predicate validation.
    private var compiled: ((String?, ObjectIdentifier?) -> Verdict)?
    /// Asynchronous checks, asked after every synchronous signal passed (see `AsyncCheck`).
    private(set) var asyncRunners: [AsyncCheckRunner] = []
    private var lastOutcome: Bool?
    private var upstream: [Subscription] = []

    /// Creates a switch.
    /// - Parameters:
    ///   - mode: which validations fire the action (`.anyState` by default).
    ///   - trigger: `.level` (each matching validation, the default) or `.edge` (only on a flip).
    ///
    /// ```swift
    /// let ready = ObservableSwitch(.onlyTrue, trigger: .edge)
    /// ```
    public init(_ mode: BoolState = .anyState, trigger: Trigger = .level) {
        self.mode = mode
        self.trigger = trigger
    }

    isolated deinit {
        for subscription in upstream { subscription.cancel() }
    }

    /// Whether the latest validation passed.
    public var isOn: Bool { verdict.value.isValid }

    /// The number of signals the switch holds.
    public var signalCount: Int { signals.count }

    /// Adds a signal with no message of its own (its failure reads "must be valid").
    ///
    /// ```swift
    /// let s = ObservableSwitch(.onlyFalse)
    /// s.addSignal { !settings.isLocked }
    /// ```
    public func addSignal(_ signal: @escaping () -> Bool) {
        let failure = Verdict.invalid("signal \(signals.count + 1)", "must be valid")
        append(SwitchSignal(name: failure.failure!.name, text: nil) { _ in signal() ? .valid : failure })
    }

    /// Adds a named signal whose failure shows `message`; a thrown error is an undecided failure.
    ///
    /// ```swift
    /// s.addSignal("unlocked", message: "is locked") { !settings.isLocked }
    /// ```
    public func addSignal(_ name: String, message: String, _ signal: @escaping () throws -> Bool) {
        let failure = Verdict.invalid(name, message)
        append(SwitchSignal(name: name, text: nil) { _ in
            do { return try signal() ? .valid : failure } catch { return .undecided(name, "\(error)") }
        })
    }

    /// Adds a condition over an input read at validation time.
    ///
    /// ```swift
    /// s.addSignal(.nonEmpty, on: { settings.name })
    /// ```
    public func addSignal<Input>(_ condition: Condition<Input>, on input: @escaping () -> Input) {
        let check = condition.makeCheck()
        append(SwitchSignal(name: condition.name, text: nil) { _ in check(input()) })
    }

    private func append(_ signal: SwitchSignal) {
        var list: [SwitchSignal] = []
        swap(&list, &signals)
        list.append(signal)
        signals = list
        compiled = nil
    }

    /// The signals' AND, in order, stopping at the first failure.
    private func compiledSignals() -> (String?, ObjectIdentifier?) -> Verdict {
        if let compiled { return compiled }
        let made = ObservableSwitch.compile(signals[...])
        compiled = made
        return made
    }

    /// `list`'s AND as a balanced tree of closures: each calls the closures it captured (no retain), and the
    /// tree is as deep as log2 of the number of signals (a chain as deep as the list would overflow the stack
    /// for a switch with a hundred thousand signals).
    private static func compile(_ list: ArraySlice<SwitchSignal>) -> (String?, ObjectIdentifier?) -> Verdict {
        switch list.count {
        case 0:
            return { _, _ in Verdict(failure: nil) }
        case 1:
            let signal = list[list.startIndex]
            return { text, source in signal.verdict(text: text, of: source) }
        default:
            let middle = list.startIndex + list.count / 2
            let first = compile(list[..<middle]), second = compile(list[middle...])
            return { text, source in
                let verdict = first(text, source)
                return verdict.isValid ? second(text, source) : verdict
            }
        }
    }

    /// Adds an asynchronous check (see `ObservableTextField.addAsyncCheck`).
    func append(_ runner: AsyncCheckRunner) {
        var list: [AsyncCheckRunner] = []
        swap(&list, &asyncRunners)
        list.append(runner)
        asyncRunners = list
    }

    /// Adds a check of a field's text, read when the switch validates (weakly: the switch does not keep the
    /// text alive). Used by `ObservableTextField.addSignal(toSwitch:)`.
    func addSignal(name: String, reading text: Dynamic<String>, _ check: @escaping (String) -> Verdict) {
        append(SwitchSignal(name: name, text: text, check))
    }

    /// Adds a condition over a field's text (see `addSignal(name:reading:_:)`).
    func addSignal(_ condition: Condition<String>, reading text: Dynamic<String>) {
        if let (test, failure) = condition.plainTest {
            append(SwitchSignal(name: condition.name, text: text, test: test, failure: failure))
        } else {
            append(SwitchSignal(name: condition.name, text: text, condition.makeCheck()))
        }
    }

    /// Runs the signals in order, stopping at the first failure; publishes the verdict and fires the action
    /// as the mode and trigger say.
    ///
    /// ```swift
    /// let verdict = s.validate()
    /// ```
    @discardableResult
    public func validate() -> Verdict {
        validate(text: nil, of: nil)
    }

    /// `validate()` for a field whose text just changed: signals over that field's text get `text` directly.
    func validate(text: String?, of source: ObjectIdentifier?) -> Verdict {
        if storedAction == nil && signals.isEmpty && asyncRunners.isEmpty && verdict.storage.isValid
            && !validated.hasObservers {
            // Nothing to test, and publishing `.valid` would deliver and fire nothing (a field's own rules
            // switch with no rules, on every edit): only remember the outcome.
            lastOutcome = true
            return .valid
        }
        var result = Verdict(failure: nil)
        if !signals.isEmpty { result = compiledSignals()(text, source) }
        if !asyncRunners.isEmpty { result = checkAsync(after: result, text: text, of: source) }
        publish(result)
        return result
    }

    /// The asynchronous checks, in order, once every synchronous signal passed: the first one that is not
    /// valid (pending, or its remembered failure) is the verdict. When a synchronous signal failed, or an
    /// earlier check is not valid, the later checks stop (their runs are cancelled).
    private func checkAsync(after syncResult: Verdict, text: String?, of source: ObjectIdentifier?) -> Verdict {
        var result = syncResult
        for runner in asyncRunners {
            guard result.isValid else {
                runner.stop()
                continue
            }
            let current: String?
            if runner.textID == source, let text { current = text } else { current = runner.field?.text.value }
            guard let current else {
                result = .undecided(runner.check.name, "the field this check reads is gone")
                continue
            }
            result = runner.verdict(for: current)
        }
        return result
    }

    /// Fires the action, then delivers `verdict` and `validated`, the same order whether `validate()` was
    /// called directly or from inside another delivery (a field's edit): the action reads the new verdict.
    /// A pending verdict is delivered but fires no action and is no outcome for the edge trigger.
    private func publish(_ result: Verdict) {
        let outcome = result.isValid
        let pending = result.isPending
        let flipped = lastOutcome != outcome
        if !pending { lastOutcome = outcome }
        let queue = DeliveryQueue.shared
        let startedDelivery = queue.beginBatch()
        verdict.update(result)
        if validated.hasObservers { validated.send(result) }
        if !pending, trigger == .level || flipped {
            switch mode {
            case .anyState: storedAction?(outcome)
            case .onlyTrue where outcome: storedAction?(true)
            case .onlyFalse where !outcome: storedAction?(false)
            default: break
            }
        }
        if startedDelivery { queue.endBatch() }
    }

    /// A switch that is on when every one of `switches` is on, re-validated whenever any of them validates.
    /// Its verdict is the first failing switch's.
    ///
    /// ```swift
    /// let formValid = ObservableSwitch.all([emailOK, passwordOK], mode: .anyState)
    /// formValid.action = { ok in print(ok ? "ready" : "not yet") }
    /// ```
    public static func all(_ switches: [ObservableSwitch], mode: BoolState = .anyState,
                           trigger: Trigger = .level) -> ObservableSwitch {
        combine(switches, mode: mode, trigger: trigger) { verdicts in
            verdicts.first { !$0.isValid } ?? .valid
        }
    }

    /// A switch that is on when at least one of `switches` is on. When none is, its verdict names them all.
    ///
    /// ```swift
    /// let reachable = ObservableSwitch.any([byEmail, byPhone])
    /// ```
    public static func any(_ switches: [ObservableSwitch], mode: BoolState = .anyState,
                           trigger: Trigger = .level) -> ObservableSwitch {
        combine(switches, mode: mode, trigger: trigger) { verdicts in
            if verdicts.isEmpty || verdicts.contains(where: \.isValid) { return .valid }
            if let undecided = verdicts.first(where: \.isUndecided) { return undecided }
            let failures = verdicts.compactMap(\.failure)
            return .invalid(failures.map(\.name).joined(separator: " || "),
                            failures.map(\.message).joined(separator: ", or "))
        }
    }

    private static func combine(_ switches: [ObservableSwitch], mode: BoolState, trigger: Trigger,
                                _ reduce: @escaping ([Verdict]) -> Verdict) -> ObservableSwitch {
        let combined = ObservableSwitch(mode, trigger: trigger)
        combined.append(SwitchSignal(name: "all", text: nil) { _ in
            reduce(switches.map { $0.verdict.value })
        })
        for child in switches {
            combined.upstream.append(child.validated.observe(owner: combined) { combined, _ in
                combined.validate()
            })
        }
        return combined
    }
}

@available(*, unavailable, message: "Switchboard's objects belong to the main actor")
extension ObservableSwitch: Sendable {}

/// One signal of a switch: its check, and the field text it reads, if any.
/// A condition's plain test is kept as it is, with its failure verdict made once: calling it directly, rather
/// than through a closure that wraps it, saves a retain and a release of the wrapper on every validation. The
/// weak reference to the text sits in a box of its own, read only when another field's edit validates the switch.
@MainActor
final class SwitchSignal {
    let name: String
    /// The identity of the text the check reads (nil for a signal that reads its own input).
    let textID: ObjectIdentifier?
    let source: TextSource?
    /// Whether the signal is a plain test (`test` and `failure`) or a whole check (`check`). Both closures are
    /// stored, not optional: calling an optional closure copies it out first, a retain and a release each time.
    private let isPlainTest: Bool
    private let test: @Sendable (String) throws -> Bool
    private let failure: Verdict
    private let check: (String) -> Verdict

    init(name: String, text: Dynamic<String>?, _ check: @escaping (String) -> Verdict) {
        self.name = name
        self.textID = text.map(ObjectIdentifier.init)
        self.source = text.map(TextSource.init)
        self.isPlainTest = false
        self.test = { _ in true }
        self.failure = .valid
        self.check = check
    }

    init(name: String, text: Dynamic<String>?, test: @escaping @Sendable (String) throws -> Bool, failure: Verdict) {
        self.name = name
        self.textID = text.map(ObjectIdentifier.init)
        self.source = text.map(TextSource.init)
        self.isPlainTest = true
        self.test = test
        self.failure = failure
        self.check = { _ in .valid }
    }

    /// The signal's verdict when the switch validates: for a signal over a field's text, that text (handed over
    /// when it is the field whose edit validates the switch, else read now).
    func verdict(text: String?, of changed: ObjectIdentifier?) -> Verdict {
        guard let textID else { return verdict(for: "") }
        if textID == changed, let text { return verdict(for: text) }
        guard let current = source?.text?.value else {
            return .undecided(name, "the field this check reads is gone")
        }
        return verdict(for: current)
    }

    /// The signal's verdict on `input`; a test that throws is an undecided failure.
    func verdict(for input: String) -> Verdict {
        guard isPlainTest else { return check(input) }
        do {
            return try test(input) ? Verdict(failure: nil) : failure
        } catch {
            return .undecided(name, "\(error)")
        }
    }
}

/// The text a signal reads, held weakly (a switch never keeps a field alive).
@MainActor
final class TextSource {
    weak var text: Dynamic<String>?
    init(_ text: Dynamic<String>) { self.text = text }
}
