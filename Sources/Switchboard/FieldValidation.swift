// SPDX-License-Identifier: Apache-2.0
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
    /// What an edit runs, made again when a switch is registered or the rules' or first switch's program
    /// changes (see `FieldProgram`, `FieldProgramSlot`).
    private let slot = FieldProgramSlot()
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
        rules.keepsProgram(in: slot)
    }

    /// The field is gone: its text's edits no longer validate anything, and the programs kept for them (which
    /// hold its switches) are let go.
    func detach() {
        isDetached = true
        slot.detach()
    }

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
        if others.count == 1 { target.keepsProgram(in: slot) }
        slot.drop()
    }

    private func currentProgram() -> FieldProgram {
        if let program = slot.program { return program }
        let made = FieldProgram(rules: rules, others: others)
        slot.store(made)
        return made
    }

    /// Validates every registered switch against `current` (the field's text) and publishes the verdict; false
    /// when an action set the text meanwhile (that edit validated every switch with the newer text and published
    /// its verdict: this one is stale).
    @discardableResult
    func revalidate(_ current: String) -> Bool {
        let edit = edits
        let program = currentProgram()
        var first = FirstFailure()
        let registeredBefore = registrations
        first.note(program.validate(rules, current, textID, program.rules), switchIndex: 0, of: rules.outcome)
        if edits != edit { return false }
        // A switch registered meanwhile (by an action) is validated by this edit too: then the switches are
        // read again, after each validation, as they are now.
        var next = 0
        if registrations == registeredBefore && program.hasFirst {
            next = 1
            first.note(program.validateFirst(current, textID), switchIndex: 1, of: program.first.outcome)
            if edits != edit { return false }
        }
        if registrations != registeredBefore || program.hasMore {
            while next < others.count {
                // A copy: an action may register another switch while this runs.
                let target = others[next]
                next += 1
                first.note(target.validate(text: current, of: textID), switchIndex: next, of: target.outcome)
                if edits != edit { return false }
            }
        }
        outcome.set(first)
        verdict.sourceChanged(outcome.verdict)
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
        verdict.sourceChanged(outcome.verdict)
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

/// A field's `FieldProgram`, in a box of its own that the switches whose programs it keeps (the rules and the
/// first other switch) hold too: when one of their programs changes (a signal added, the action replaced), the
/// switch empties the box, so the replaced program, and the action it holds with whatever that captured, is let
/// go at once (a field that kept it until its next registration kept a replaced action's captures alive, and with
/// them a cycle the user had broken by setting the action to nil). The field reaches it through a constant; its
/// state is private and changed only by stores and `swap`s.
@MainActor
final class FieldProgramSlot {
    private var kept: FieldProgram?
    /// Whether the field is gone (the switches holding this box drop it).
    private(set) var isDetached = false

    var program: FieldProgram? { kept }

    func store(_ program: FieldProgram) {
        var replaced: FieldProgram? = program
        swap(&replaced, &kept)
        keepUntilHere(replaced)
    }

    /// Lets the kept program go (it is made again at the next edit); released after the store.
    func drop() {
        var dropped: FieldProgram?
        swap(&dropped, &kept)
        keepUntilHere(dropped)
    }

    func detach() {
        isDetached = true
        drop()
    }
}

/// The first failing switch of an edit (its index in the field's registered switches) and what it failed with;
/// a verdict that is not a signal's fixed failure is kept whole, as it is now (a later switch's action may
/// validate that switch again).
@MainActor
struct FirstFailure {
    private(set) var switchIndex = -1
    private(set) var failed = SwitchOutcome.valid
    private(set) var recorded: Verdict?

    /// Notes switch `switchIndex`'s outcome, unless an earlier switch failed already.
    mutating func note(_ outcome: Failed, switchIndex index: Int, of switchOutcome: SwitchOutcome) {
        guard switchIndex < 0, outcome != SwitchOutcome.valid else { return }
        switchIndex = index
        failed = outcome
        if outcome == SwitchOutcome.recorded { recorded = switchOutcome.verdict(outcome) }
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

    /// An edit's outcome: valid, a fixed failure by its numbers, or a verdict kept whole.
    func set(_ first: FirstFailure) {
        if let recorded = first.recorded { return set(recorded) }
        failedSwitch = first.switchIndex
        failed = first.failed
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
