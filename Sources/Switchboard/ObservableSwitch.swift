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
/// name.addSignal(toSwitch: greet) { name.text.value == "NguyenPhong" }
/// name.text.value = "NguyenPhong"     // prints "Hello, Phong!"
/// ```
///
/// The current verdict is observable (`verdict`, `isOn`), so a switch can drive a label or another switch:
/// `submitEnabled <~ form.allValid`.
/// - note: A predicate that throws counts as a failure whose message is the error's description.
public final class ObservableSwitch {
    /// Which validations fire the action.
    public let mode: BoolState
    /// Level (every matching validation) or edge (only when the outcome flips).
    public let trigger: Trigger
    /// Called with the outcome of each validation that the mode and trigger select.
    public var action: ((Bool) -> Void)? {
        get { actionBox?.takeUnretainedValue().run }
        set {
            let old = actionBox
            actionBox = newValue.map { Unmanaged.passRetained(ActionBox($0)) }
            guard let old else { return }
            // An action that replaces itself is still running: release it once it returns.
            if firingDepth > 0 { retiredActions.append(old) } else { old.release() }
        }
    }

    /// The action, held unmanaged so that firing it touches no reference counts (a closure read from a
    /// property is retained and released around the call).
    @exclusivity(unchecked) private var actionBox: Unmanaged<ActionBox>?
    @exclusivity(unchecked) private var firingDepth = 0
    @exclusivity(unchecked) private var retiredActions: [Unmanaged<ActionBox>] = []

    /// The verdict of the latest validation (`.valid` before the first one).
    public let verdict = Dynamic(Verdict.valid)
    /// Every validation's verdict, including repeats of the same one.
    public let validated = Signal<Verdict>()

    /// The predicate signals, in order: held unmanaged (retained once when added, released in deinit; a
    /// switch never drops a signal) so that validating touches no reference counts.
    @exclusivity(unchecked) private var signals: ContiguousArray<Unmanaged<SwitchSignal>> = []
    @exclusivity(unchecked) private var lastOutcome: Bool?
    private var upstream: [Subscription] = []

    /// Creates a switch.
    /// - Parameters:
    ///   - mode: which validations fire the action (`.anyState` by default).
    ///   - trigger: `.level` (each matching validation, the default) or `.edge` (only on a flip).
    public init(_ mode: BoolState = .anyState, trigger: Trigger = .level) {
        self.mode = mode
        self.trigger = trigger
    }

    deinit {
        for signal in signals { signal.release() }
        actionBox?.release()
    }

    /// Whether the latest validation passed.
    public var isOn: Bool { verdict.value.isValid }

    /// The number of predicates the switch holds.
    public var signalCount: Int { signals.count }

    /// Adds a predicate signal with no message of its own (its failure reads "must be valid").
    ///
    /// ```swift
    /// let s = ObservableSwitch(.onlyFalse)
    /// s.addSignal { !text.value.contains(" ") }
    /// ```
    public func addSignal(_ signal: @escaping () -> Bool) {
        append(SwitchSignal(test: signal, name: "signal \(signals.count + 1)", message: "must be valid",
                            customMessage: nil))
    }

    /// Adds a named predicate signal whose failure shows `message`; it may throw.
    ///
    /// ```swift
    /// s.addSignal("gmail", message: "must be a Gmail address") { text.value.hasSuffix("@gmail.com") }
    /// ```
    public func addSignal(_ name: String, message: String, _ signal: @escaping () throws -> Bool) {
        append(SwitchSignal(test: signal, name: name, message: message, customMessage: message))
    }

    /// Adds a predicate over an input read at validation time, such as a field's text.
    ///
    /// ```swift
    /// s.addSignal(.nonEmpty, on: { name.text.value })
    /// ```
    public func addSignal<Input>(_ predicate: Condition<Input>, on input: @escaping () -> Input) {
        // A plain test needs no verdict plumbing: read the input and test it (the common, hot case).
        if case .test(let test) = predicate.node {
            append(SwitchSignal(test: { try test(input()) }, name: predicate.name, message: predicate.message,
                                customMessage: predicate.customMessage))
        } else if case .stringTest(let test) = predicate.node {
            let run = test.run
            append(SwitchSignal(test: { try run(Condition<Input>.string(input())) }, name: predicate.name,
                                message: predicate.message, customMessage: predicate.customMessage))
        } else {
            let detail = VerdictSlot()
            append(SwitchSignal(detail: detail) {
                let verdict = predicate.check(input())
                detail.verdict = verdict
                return verdict.isValid
            })
        }
    }

    /// Adds a predicate over a field's text. Validation reads the text once for all the predicates over it
    /// (and again only if a predicate changes it) and hands it to each.
    func addSignal(_ predicate: Condition<String>, reading text: Dynamic<String>) {
        if case .stringTest(let test) = predicate.node {
            append(SwitchSignal(text: text, test: test.run, name: predicate.name, message: predicate.message,
                                customMessage: predicate.customMessage))
        } else if case .test(let test) = predicate.node {
            append(SwitchSignal(text: text, test: test, name: predicate.name, message: predicate.message,
                                customMessage: predicate.customMessage))
        } else {
            let detail = VerdictSlot()
            append(SwitchSignal(text: text, detail: detail) { input in
                let verdict = predicate.check(input)
                detail.verdict = verdict
                return verdict.isValid
            })
        }
    }

    private func append(_ signal: SwitchSignal) {
        signals.append(Unmanaged.passRetained(signal))
    }

    /// Runs the predicates in order, stopping at the first failure; publishes the verdict and fires the
    /// action as the mode and trigger say.
    @discardableResult
    public func validate() -> Verdict {
        if actionBox == nil && signals.isEmpty && verdict.storage.isValid
            && validated.observers.observers.isEmpty
        {
            // Nothing to test, and publishing `.valid` would deliver and fire nothing (a field's own rules
            // switch with no rules, on every edit): only remember the outcome.
            lastOutcome = true
            return .valid
        }
        let result = evaluate()
        publish(result)
        return result
    }

    /// The AND of the signals, stopping at the first failure, whose verdict is built only then.
    private func evaluate() -> Verdict {
        // The text last read for signals over a field's text, with the value's identity and version.
        var text = ""
        var textSource: ObjectIdentifier?
        var textVersion: UInt = 0
        var index = 0
        while index < signals.count {
            // Borrowed: the switch holds its signals for its whole life.
            let failure: Verdict? = signals[index]._withUnsafeGuaranteedRef { signal in
                do {
                    let passed: Bool
                    if let source = signal.text {
                        source._withUnsafeGuaranteedRef { source in
                            if textSource == ObjectIdentifier(source) && textVersion == source.version { return }
                            text = source.storage
                            textSource = ObjectIdentifier(source)
                            textVersion = source.version
                        }
                        passed = try signal.textTest(text)
                    } else {
                        passed = try signal.test()
                    }
                    return passed ? nil : signal.failure
                } catch {
                    return .invalid(signal.name, signal.customMessage ?? "\(error)")
                }
            }
            if let failure { return failure }
            index += 1
        }
        return .valid
    }

    /// Fires the action, then delivers `verdict` and `validated`, the same order whether `validate()` was
    /// called directly or from inside another delivery (a field's edit): the action reads the new verdict.
    private func publish(_ result: Verdict) {
        let outcome = result.isValid
        let flipped = lastOutcome != outcome
        lastOutcome = outcome
        DeliveryQueue.batch {
            if verdict.storage != result { verdict.setChanged(result) }
            if !validated.observers.observers.isEmpty { validated.send(result) }
            guard trigger == .level || flipped else { return }
            switch mode {
            case .anyState: fire(outcome)
            case .onlyTrue where outcome: fire(true)
            case .onlyFalse where !outcome: fire(false)
            default: break
            }
        }
    }

    private func fire(_ outcome: Bool) {
        guard let actionBox else { return }
        firingDepth += 1
        actionBox._withUnsafeGuaranteedRef { $0.run(outcome) }
        firingDepth -= 1
        if firingDepth == 0 && !retiredActions.isEmpty {
            let retired = retiredActions
            retiredActions.removeAll()
            for action in retired { action.release() }
        }
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
    public static func any(_ switches: [ObservableSwitch], mode: BoolState = .anyState,
                           trigger: Trigger = .level) -> ObservableSwitch {
        combine(switches, mode: mode, trigger: trigger) { verdicts in
            if verdicts.isEmpty || verdicts.contains(where: \.isValid) { return .valid }
            let failures = verdicts.compactMap(\.failure)
            return .invalid(failures.map(\.name).joined(separator: " || "),
                            failures.map(\.message).joined(separator: ", or "))
        }
    }

    private static func combine(_ switches: [ObservableSwitch], mode: BoolState, trigger: Trigger,
                                _ reduce: @escaping ([Verdict]) -> Verdict) -> ObservableSwitch {
        let combined = ObservableSwitch(mode, trigger: trigger)
        let detail = VerdictSlot()
        combined.append(SwitchSignal(detail: detail) {
            let verdict = reduce(switches.map { $0.verdict.value })
            detail.verdict = verdict
            return verdict.isValid
        })
        for child in switches {
            combined.upstream.append(child.validated.observe(owner: combined) { combined, _ in
                combined.validate()
            })
        }
        return combined
    }
}

/// One predicate signal of a switch: its test, and what its failure says.
///
/// The failure verdict is made once, when the signal is added, so a validation copies no strings unless a
/// signal fails. A composite predicate (`&&`, `||`, `!`, `pullback`) names its failing part, so its test
/// records its last verdict in `detail` and the switch reports that one. The closures are stored
/// non-optional (an optional closure is stored generically and costs a thunk allocation per call).
final class SwitchSignal {
    /// The test of a signal that reads its own input (unused when `text` is set).
    let test: () throws -> Bool
    /// For a predicate over a field's text: the text (held by `textOwner`), and the test it is handed to.
    let text: Unmanaged<Dynamic<String>>?
    let textTest: (String) throws -> Bool
    let name: String
    /// Used when a thrown error has no message of its own: the custom message, else the error's text.
    let customMessage: String?
    let detail: VerdictSlot?
    private let fixedFailure: Verdict
    private let textOwner: Dynamic<String>?

    private init(test: @escaping () throws -> Bool, text: Dynamic<String>?, textTest: @escaping (String) throws -> Bool,
                 name: String, failure: Verdict, customMessage: String?, detail: VerdictSlot?) {
        self.test = test
        self.text = text.map { Unmanaged.passUnretained($0) }
        self.textOwner = text
        self.textTest = textTest
        self.name = name
        self.customMessage = customMessage
        self.detail = detail
        self.fixedFailure = failure
    }

    convenience init(test: @escaping () throws -> Bool, name: String, message: String, customMessage: String?) {
        self.init(test: test, text: nil, textTest: { _ in false }, name: name, failure: .invalid(name, message),
                  customMessage: customMessage, detail: nil)
    }

    convenience init(text: Dynamic<String>, test: @escaping (String) throws -> Bool, name: String,
                     message: String, customMessage: String?) {
        self.init(test: { false }, text: text, textTest: test, name: name, failure: .invalid(name, message),
                  customMessage: customMessage, detail: nil)
    }

    convenience init(detail: VerdictSlot, _ test: @escaping () -> Bool) {
        self.init(test: test, text: nil, textTest: { _ in false }, name: "", failure: .valid, customMessage: nil,
                  detail: detail)
    }

    convenience init(text: Dynamic<String>, detail: VerdictSlot, _ test: @escaping (String) -> Bool) {
        self.init(test: { false }, text: text, textTest: test, name: "", failure: .valid, customMessage: nil,
                  detail: detail)
    }

    /// The verdict when the test returned false.
    var failure: Verdict { detail?.verdict ?? fixedFailure }
}

/// A switch's action, boxed so that it can be called through a borrowed reference.
final class ActionBox {
    let run: (Bool) -> Void
    init(_ run: @escaping (Bool) -> Void) { self.run = run }
}

/// The verdict of a composite predicate's latest check.
final class VerdictSlot {
    var verdict = Verdict.valid
}
