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
    @exclusivity(unchecked) public var action: ((Bool) -> Void)?

    /// The verdict of the latest validation (`.valid` before the first one).
    public let verdict = Dynamic(Verdict.valid)
    /// Every validation's verdict, including repeats of the same one.
    public let validated = Signal<Verdict>()

    @exclusivity(unchecked) private var predicates: [Predicate<Void>] = []
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

    /// Whether the latest validation passed.
    public var isOn: Bool { verdict.value.isValid }

    /// The number of predicates the switch holds.
    public var signalCount: Int { predicates.count }

    /// Adds a predicate signal with no message of its own (its failure reads "must be valid").
    ///
    /// ```swift
    /// let s = ObservableSwitch(.onlyFalse)
    /// s.addSignal { !text.value.contains(" ") }
    /// ```
    public func addSignal(_ signal: @escaping () -> Bool) {
        predicates.append(Predicate("signal \(predicates.count + 1)", requirement: "be valid") { signal() })
    }

    /// Adds a named predicate signal whose failure shows `message`; it may throw.
    ///
    /// ```swift
    /// s.addSignal("gmail", message: "must be a Gmail address") { text.value.hasSuffix("@gmail.com") }
    /// ```
    public func addSignal(_ name: String, message: String, _ signal: @escaping () throws -> Bool) {
        predicates.append(Predicate(name, message: message) { try signal() })
    }

    /// Adds a predicate over an input read at validation time, such as a field's text.
    ///
    /// ```swift
    /// s.addSignal(.nonEmpty, on: { name.text.value })
    /// ```
    public func addSignal<Input>(_ predicate: Predicate<Input>, on input: @escaping () -> Input) {
        if case .test(let test) = predicate.node {
            // A plain test needs no verdict plumbing: read the input and test it (the common, hot case).
            predicates.append(Predicate<Void>(name: predicate.name, requirement: predicate.requirement,
                                              customMessage: predicate.customMessage,
                                              node: .test { _ in try test(input()) }))
        } else {
            predicates.append(predicate.pullback { _ in input() })
        }
    }

    /// Runs the predicates in order, stopping at the first failure; publishes the verdict and fires the
    /// action as the mode and trigger say.
    @discardableResult
    public func validate() -> Verdict {
        var result = Verdict.valid
        for predicate in predicates {
            let verdict = predicate.check(())
            if !verdict.isValid {
                result = verdict
                break
            }
        }
        publish(result)
        return result
    }

    /// Fires the action, then delivers `verdict` and `validated`, the same order whether `validate()` was
    /// called directly or from inside another delivery (a field's edit): the action reads the new verdict.
    private func publish(_ result: Verdict) {
        let outcome = result.isValid
        let flipped = lastOutcome != outcome
        lastOutcome = outcome
        DeliveryQueue.batch {
            verdict.value = result
            validated.send(result)
            guard trigger == .level || flipped else { return }
            switch mode {
            case .anyState: action?(outcome)
            case .onlyTrue where outcome: action?(true)
            case .onlyFalse where !outcome: action?(false)
            default: break
            }
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
        combined.predicates.append(Predicate("combined", requirement: "be valid", node: .checked { _ in
            reduce(switches.map { $0.verdict.value })
        }))
        for child in switches {
            combined.upstream.append(child.validated.observe(owner: combined) { combined, _ in
                combined.validate()
            })
        }
        return combined
    }
}

extension Predicate {
    init(_ name: String, requirement: String, node: Node) {
        self.init(name: name, requirement: requirement, customMessage: nil, node: node)
    }
}
