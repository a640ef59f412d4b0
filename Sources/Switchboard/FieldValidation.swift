/// What one edit of a field runs: each registered switch validates, the verdict updates, `textDidChange` fires.
///
/// The field's text holds this strongly, as a constant (its change handler), and it holds nothing that holds the
/// field: so an edit reaches it without a weak reference to the field (a weak reference gives its object a side
/// table, which makes every retain and release of the field slower, and loading it costs a call on every edit)
/// and without a retain. Its state is private and changed only by plain stores and `swap`s, so the compiler
/// proves its accesses exclusive and checks none at run time. Benchmark row: `make bench-instructions`,
/// 5-predicate validation.
@MainActor
final class FieldValidation: ValueChangeHandler<String> {
    /// The identity of the field's text (set once, right after the text is made with this as its handler).
    var textID = ObjectIdentifier(FieldValidation.self)
    /// Whether the field is gone: its text's edits no longer validate anything.
    private var isDetached = false
    private let verdict: Dynamic<Verdict>
    /// The latest verdict, from which `verdict` is computed while nobody observes it (see `ValueCell.source`).
    private let outcome: FieldOutcome
    private let textDidChange: Signal<String>
    /// The field's own rules, always validated first; `others` are the switches registered after them.
    private let rules: ObservableSwitch
    private var others: [ObservableSwitch] = []
    /// Every registered switch, the rules first.
    private(set) var registered: [ObservableSwitch]
    /// What an edit runs, made again when a switch is registered (see `FieldProgram`).
    private var program: FieldProgram?
    /// Counts registrations, so an edit sees a switch that an action registered while it ran.
    private var registrations = 0
    /// Counts the text's changes, so an edit that an action or observer replaced while it was being
    /// validated stops there (the newer edit has validated and published everything already).
    private var edits: UInt64 = 0
    /// A submit waiting for the pending checks of `text` (see `ObservableTextField.submit`); changed only by
    /// `replacePendingSubmit`.
    private(set) var pendingSubmit: (text: String, decided: (Verdict) -> Void)?
    /// Whether `pendingSubmit` is set (read on every edit without copying the submit out).
    private var hasPendingSubmit = false

    /// Replaces the waiting submit. The replaced one is kept until after the store, so it is not released inside
    /// it: what its closure captured may edit the text from a deinit, and that edit replaces the submit again (a
    /// release inside the store was a simultaneous access, a trap).
    func replacePendingSubmit(with submit: (text: String, decided: (Verdict) -> Void)?) {
        let replaced = pendingSubmit
        hasPendingSubmit = submit != nil
        pendingSubmit = submit
        keepUntilHere(replaced)
    }

    init(verdict: Dynamic<Verdict>, outcome: FieldOutcome, textDidChange: Signal<String>, rules: ObservableSwitch) {
        self.verdict = verdict
        self.outcome = outcome
        self.textDidChange = textDidChange
        self.rules = rules
        registered = [rules]
    }

    func detach() { isDetached = true }

    func register(_ target: ObservableSwitch) {
        guard target !== rules, !others.contains(where: { $0 === target }) else { return }
        var list: [ObservableSwitch] = []
        swap(&list, &others)
        list.append(target)
        others = list
        var all: [ObservableSwitch] = []
        swap(&all, &registered)
        all.append(target)
        registered = all
        outcome.add(target.outcome)
        registrations &+= 1
        var dropped: FieldProgram?
        swap(&dropped, &program)
        keepUntilHere(dropped)
    }

    private func currentProgram() -> FieldProgram {
        if let program { return program }
        let made = FieldProgram(rules: rules, others: others)
        program = made
        return made
    }

    /// Validates every registered switch against `current` (the field's text) and publishes the verdict; false
    /// when an action set the text meanwhile (that edit validated every switch with the newer text and published
    /// its verdict: this one is stale).
    @discardableResult
    func revalidate(_ current: String) -> Bool {
        let edit = edits
        let program = currentProgram()
        // The first failing switch (its index in `registered`) and what it failed with.
        var failedSwitch = -1, failed = SwitchOutcome.valid
        var recorded: Verdict?
        let registeredBefore = registrations
        let fromRules = program.validate(rules, current, textID, program.rules)
        if edits != edit { return false }
        if fromRules != SwitchOutcome.valid {
            failedSwitch = 0
            failed = fromRules
            if failed == SwitchOutcome.recorded { recorded = rules.outcome.other }
        }
        // A switch registered meanwhile (by an action) is validated by this edit too: then the switches are
        // read again, after each validation, as they are now.
        var next = 0
        if registrations == registeredBefore && program.hasFirst {
            next = 1
            let fromNext = program.validateFirst(current, textID)
            if edits != edit { return false }
            if failedSwitch < 0 && fromNext != SwitchOutcome.valid {
                failedSwitch = 1
                failed = fromNext
                if failed == SwitchOutcome.recorded { recorded = program.first.outcome.other }
            }
        }
        if registrations != registeredBefore || program.hasMore {
            while next < others.count {
                // A copy: an action may register another switch while this runs.
                let target = others[next]
                next += 1
                let fromTarget = target.validate(text: current, of: textID)
                if edits != edit { return false }
                if failedSwitch < 0 && fromTarget != SwitchOutcome.valid {
                    failedSwitch = next
                    failed = fromTarget
                    if failed == SwitchOutcome.recorded { recorded = target.outcome.other }
                }
            }
        }
        if let recorded {
            outcome.set(recorded)
        } else {
            outcome.set(switchIndex: failedSwitch, failed: failed)
        }
        publishOutcome()
        return true
    }

    /// Validates every registered switch and returns the field's verdict (`ObservableTextField.revalidate`).
    func revalidateVerdict(_ current: String) -> Verdict {
        revalidate(current)
        return verdict.value
    }

    /// Makes `newVerdict` the field's verdict (an asynchronous check's answer settled it).
    func publish(_ newVerdict: Verdict) {
        outcome.set(newVerdict)
        publishOutcome()
    }

    /// Delivers the recorded verdict if anyone observes it, else marks it stale (see `ValueCell.source`).
    private func publishOutcome() {
        if verdict.observers.isObserved.load(ordering: .relaxed) {
            verdict.update(outcome.verdict)
        } else {
            verdict.cell.markStale()
        }
    }

    /// Validates and announces a change; false when the text was set again meanwhile (see `ValueChangeHandler`).
    override func changed(_ newText: String) -> Bool {
        if isDetached { return true }
        edits &+= 1
        let edit = edits
        if hasPendingSubmit {
            replacePendingSubmit(with: nil)   // typing cancels a submit waiting for a check
            // Releasing it may have edited the text (a deinit of what it captured): that edit is done.
            guard edits == edit else { return false }
        }
        revalidate(newText)
        guard edits == edit else { return false }
        if textDidChange.hasObservers { textDidChange.send(newText) }
        return edits == edit
    }
}

/// The switches a field's edit validates, with the programs they had when this was made: the rules switch and
/// the first other switch (most fields have one) are reached through constants, so an edit loads this one object
/// (a retain and a release) and no switch or program. A switch whose program changed since (its `version` moved
/// on) runs its own. Benchmark row: `make bench-instructions`, 5-predicate validation.
@MainActor
final class FieldProgram {
    let rules: SwitchProgram
    /// Whether a switch besides the rules is registered (else `first` is the rules switch, not validated twice).
    let hasFirst: Bool
    let first: ObservableSwitch
    let firstProgram: SwitchProgram
    /// Whether more switches follow the first (they are validated from the field's list, each running its own
    /// program).
    let hasMore: Bool

    init(rules: ObservableSwitch, others: [ObservableSwitch]) {
        self.rules = rules.currentProgram()
        hasFirst = !others.isEmpty
        first = others.first ?? rules
        firstProgram = others.first?.currentProgram() ?? self.rules
        hasMore = others.count > 1
    }

    /// The first switch after the rules validates (see `validate`).
    func validateFirst(_ text: String, _ textID: ObjectIdentifier) -> Failed {
        validate(first, text, textID, firstProgram)
    }

    /// `target`'s validation with `kept`, its program when this was made, if that is still its program.
    func validate(_ target: ObservableSwitch, _ text: String, _ textID: ObjectIdentifier,
                  _ kept: SwitchProgram) -> Failed {
        if target.version == kept.version {
            return target.validate(text: text, of: textID, running: kept)
        }
        return target.validate(text: text, of: textID)
    }
}

/// A field's latest verdict as numbers (see `Failed`), from which `ObservableTextField.verdict` is computed
/// when read: the index of the first failing switch and its outcome, or a verdict kept whole (one that is not a
/// signal's fixed failure). Its state is private and changed only by stores and `swap`s.
@MainActor
final class FieldOutcome {
    /// The outcomes of the registered switches, in order (the rules switch first).
    private var switches: [SwitchOutcome]
    private var failedSwitch = -1
    private var failed = SwitchOutcome.valid
    /// The verdict, when it was kept whole (`failedSwitch` is -2).
    private var whole = Verdict(failure: nil)

    init(rules: SwitchOutcome) { switches = [rules] }

    func add(_ outcome: SwitchOutcome) {
        var list: [SwitchOutcome] = []
        swap(&list, &switches)
        list.append(outcome)
        switches = list
    }

    /// Valid (`switchIndex` -1), or switch `switchIndex` failed with the signal `failed` (a fixed failure).
    func set(switchIndex: Int, failed: Failed) {
        failedSwitch = switchIndex
        self.failed = failed
    }

    func set(_ verdict: Verdict) {
        var replaced = verdict
        swap(&whole, &replaced)
        failedSwitch = verdict.isValid ? -1 : -2
        keepUntilHere(replaced)
    }

    var verdict: Verdict {
        if failedSwitch == -1 { return Verdict(failure: nil) }
        if failedSwitch == -2 { return whole }
        return switches[failedSwitch].verdict(failed)
    }
}
