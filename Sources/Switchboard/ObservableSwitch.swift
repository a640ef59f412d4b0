// SPDX-License-Identifier: Apache-2.0
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
            programChanged()
        }
    }
    /// `action`'s storage. Private, so that the compiler sees every access to it and checks their exclusivity
    /// when it compiles them, not at run time on every validation (a public stored property is checked at run
    /// time: ~75 instructions per access).
    private var storedAction: ((Bool) -> Void)?

    /// The verdict of the latest validation (`.valid` before the first one).
    public let verdict: Dynamic<Verdict>
    /// Every validation's verdict, including repeats of the same one.
    ///
    /// ```swift
    /// rules.validated.observe { print($0) }
    /// ```
    public var validated: Signal<Verdict> {
        if let signal = validatedSignal { return signal }
        let signal = Signal<Verdict>()
        validatedSignal = signal
        return signal
    }
    /// `validated`, made when first asked for: most switches (the rules of each of a form's thousands of fields)
    /// are never observed this way, and a signal is two objects to make.
    private var validatedSignal: Signal<Verdict>?

    // The switch's state is private, and changed only by plain stores and `swap`s, never by an access held
    // across a call (such as `signals.append`): so the compiler proves every access exclusive and checks none at
    // run time, where each check costs ~75 instructions on every validation. Benchmark row:
    // `make bench-instructions`, 5-predicate validation.
    private var signals: [SwitchSignal] = []
    /// What a validation runs, made when the switch first validates after its signals, checks or action changed
    /// (see `SwitchProgram`).
    private var program: SwitchProgram?
    /// Counts the changes of `program`, so a field holding this switch's program knows when it is out of date.
    private(set) var version = 0
    /// The boxes of the fields that keep this switch's program (see `FieldProgramSlot`): emptied when it changes.
    private var programSlots: [FieldProgramSlot] = []
    /// The latest outcome, from which `verdict` is computed while nobody observes it (see `ValueCell.source`).
    let outcome: SwitchOutcome
    /// Asynchronous checks, asked after every synchronous signal passed (see `AsyncCheck`).
    private(set) var asyncRunners: [AsyncCheckRunner] = []
    private var lastOutcome: Bool?
    /// The trampoline, held here so a validation reads a constant instead of calling the lazy global's accessor.
    private let queue = DeliveryQueue.shared
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
        let outcome = SwitchOutcome()
        self.outcome = outcome
        verdict = Dynamic(.valid) { outcome.latestVerdict }
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
        if list.isEmpty { list.reserveCapacity(4) }   // a field's few rules: one buffer, not one per doubling
        list.append(signal)
        signals = list
        outcome.addSignal(failure: signal.failure)
        programChanged()
    }

    /// Drops the program (it is made again at the next validation), and the fields' programs that keep it; the
    /// ones dropped are released after the stores.
    private func programChanged() {
        var dropped: SwitchProgram?
        swap(&dropped, &program)
        version &+= 1
        let slots = programSlots
        for slot in slots { slot.drop() }
        keepUntilHere(dropped)
    }

    /// A field keeps this switch's program in `slot` (see `FieldProgramSlot`); the boxes of fields that are gone
    /// are let go here.
    func keepsProgram(in slot: FieldProgramSlot) {
        var list: [FieldProgramSlot] = []
        swap(&list, &programSlots)
        list.removeAll { $0.isDetached }
        list.append(slot)
        programSlots = list
    }

    /// The program for the switch as it is now.
    func currentProgram() -> SwitchProgram {
        if let program { return program }
        let made = SwitchProgram(signals: signals[...], outcome: outcome, action: storedAction,
                                 hasAsyncChecks: !asyncRunners.isEmpty, version: version)
        program = made
        return made
    }

    /// Adds an asynchronous check (see `ObservableTextField.addAsyncCheck`).
    func append(_ runner: AsyncCheckRunner) {
        var list: [AsyncCheckRunner] = []
        swap(&list, &asyncRunners)
        list.append(runner)
        asyncRunners = list
        programChanged()
    }

    /// Adds a check of a field's text, read when the switch validates (weakly: the switch does not keep the
    /// text alive). Used by `ObservableTextField.addSignal(toSwitch:)`.
    func addSignal(name: String, reading text: Dynamic<String>, _ check: @escaping (String) -> Verdict) {
        append(SwitchSignal(name: name, text: text, check))
    }

    /// Adds a condition over a field's text (see `addSignal(name:reading:_:)`).
    func addSignal(_ condition: Condition<String>, reading text: Dynamic<String>) {
        addSignal(PreparedCondition(condition), reading: text)
    }

    /// `addSignal(_:reading:)` with the plain test's failure already made.
    /// `source`: what reads `text`, shared by the signals of a field's rules (one each made 2,000 fields slow).
    func addSignal(_ condition: PreparedCondition<String>, reading text: Dynamic<String>, source: TextSource? = nil) {
        let id = ObjectIdentifier(text)
        let source = source ?? TextSource(text)
        if let (test, failure) = condition.plainTest {
            append(SwitchSignal(name: condition.condition.name, id: id, source: source, test: test, failure: failure))
        } else {
            append(SwitchSignal(name: condition.condition.name, id: id, source: source, condition.condition.makeCheck()))
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
        outcome.verdict(validate(text: nil, of: nil))
    }

    /// `validate()` for a field whose text just changed: signals over that field's text get `text` directly.
    func validate(text: String?, of source: ObjectIdentifier?) -> Failed {
        validate(text: text, of: source, running: currentProgram())
    }

    /// `validate(text:of:)` with the switch's program as a field keeps it (see `FieldValidation`): the caller
    /// checked that `program` is current.
    func validate(text: String?, of source: ObjectIdentifier?, running program: SwitchProgram) -> Failed {
        if !program.hasSignals && !program.hasAsyncChecks && program.action == nil
            && outcome.latest == SwitchOutcome.valid && validatedSignal?.hasObservers != true && !verdict.isObserved {
            // Nothing to test, and publishing `.valid` would deliver and fire nothing (a field's own rules
            // switch with no rules, on every edit): only remember the outcome. The verdict is marked stale, so
            // a verdict set by hand reads `.valid` again.
            lastOutcome = true
            verdict.cell.markStale()
            return SwitchOutcome.valid
        }
        var failed = program.run(text, source)
        if program.hasAsyncChecks {
            let verdict = checkAsync(after: outcome.verdict(failed), text: text, of: source)
            failed = verdict.isValid ? SwitchOutcome.valid : outcome.record(verdict)
        }
        guard failed == SwitchOutcome.recorded else {
            publish(failed, program: program)
            return failed
        }
        // The action or an observer may validate this switch again (its verdict is then that newer one's): the
        // caller (`validate()`, a field's edit) still gets the verdict this validation recorded.
        let own = outcome.verdict(failed)
        publish(failed, program: program)
        _ = outcome.record(own)
        return failed
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

    /// Records the outcome, delivers `verdict` and `validated`, then fires the action, the same order whether
    /// `validate()` was called directly or from inside another delivery (a field's edit): the action reads the
    /// new verdict. A pending verdict is delivered but fires no action and is no outcome for the edge trigger.
    /// While nobody observes `verdict`, it is only marked stale (see `ValueCell.source`).
    private func publish(_ failed: Failed, program: SwitchProgram) {
        let passed = failed == SwitchOutcome.valid
        let pending = outcome.isPending(failed)
        let flipped = lastOutcome != passed
        if !pending { lastOutcome = passed }
        outcome.setLatest(failed)
        let startedDelivery = queue.beginBatch()
        verdict.sourceChanged(outcome.verdict(failed))
        if let validatedSignal, validatedSignal.hasObservers { validatedSignal.send(outcome.verdict(failed)) }
        if !pending, trigger == .level || flipped {
            // The program's action, unless something this validation ran replaced it.
            if version == program.version { fire(program.action, passed) } else { fire(storedAction, passed) }
        }
        if startedDelivery { queue.endBatch() }
    }

    private func fire(_ action: ((Bool) -> Void)?, _ passed: Bool) {
        switch mode {
        case .anyState: action?(passed)
        case .onlyTrue where passed: action?(true)
        case .onlyFalse where !passed: action?(false)
        default: break
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
