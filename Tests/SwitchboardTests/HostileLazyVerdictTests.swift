// SPDX-License-Identifier: Apache-2.0
import Testing
import Switchboard

/// The lazy verdicts and kept programs of the edit path (a switch's and a field's verdict computed when read
/// while nobody observes it) under hostile user code: every read, observer and re-entry sees exactly what the
/// contract (README, "Contract") and the doc comments of `ObservableSwitch`, `ObservableTextField` and
/// `Dynamic` promise.
@MainActor
@Suite("Hostile lazy verdicts")
struct HostileLazyVerdictTests {
    struct Boom: Error, CustomStringConvertible {
        let text: String
        var description: String { "boom: \(text)" }
    }

    static let hasA = Condition<String>("hasA", requirement: "contain a") { $0.contains("a") }
    static let short = Condition<String>("short", requirement: "have at most 5 characters") { $0.count <= 5 }
    static let hasB = Condition<String>("hasB", requirement: "contain b") { $0.contains("b") }

    /// A field with the rule `hasA` and a registered switch `gate` holding `short` and `hasB` over its text.
    func fieldWithGate(_ mode: BoolState = .anyState, trigger: Trigger = .level)
        -> (ObservableTextField, ObservableSwitch) {
        let field = ObservableTextField()
        field.addRule(Self.hasA)
        let gate = ObservableSwitch(mode, trigger: trigger)
        field.addSignal(toSwitch: gate, Self.short)
        field.addSignal(toSwitch: gate, Self.hasB)
        return (field, gate)
    }

    // MARK: - Reads from inside callbacks

    @Test("Inside the action the switch's verdict and isOn are the new ones; inside its signals the previous ones")
    func readsInsideActionAndSignals() {
        let field = ObservableTextField()
        let gate = ObservableSwitch(.anyState)
        var inSignal: [Verdict] = []
        var inAction: [(Verdict, Bool, Bool)] = []
        field.addSignal(toSwitch: gate, Self.hasB)
        field.addSignal(toSwitch: gate) { [weak gate] text in
            if let gate { inSignal.append(gate.verdict.value) }
            return text.count <= 3
        }
        gate.action = { [weak gate] ok in
            guard let gate else { return }
            inAction.append((gate.verdict.value, gate.isOn, ok))
        }
        field.text.value = "b"
        field.text.value = "bbbb"
        field.text.value = "x"
        field.text.value = "bb"
        let tooLong = Verdict.invalid("signal 2", "must be valid")
        let noB = Verdict.invalid("hasB", "must contain b")
        // Signal 2 runs only when hasB passed: on "b", "bbbb" and "bb"; each time it sees the verdict before.
        #expect(inSignal == [.valid, .valid, noB], "\(inSignal)")
        #expect(inAction.map(\.0) == [.valid, tooLong, noB, .valid], "\(inAction.map(\.0))")
        #expect(inAction.map(\.1) == [true, false, false, true])
        #expect(inAction.map(\.2) == [true, false, false, true])
        #expect(gate.verdict.value == .valid)
    }

    @Test("textDidChange, validated and a later switch's action read the verdicts of the edit under way")
    func readsInsideObserversAndOtherActions() {
        let (field, gate) = fieldWithGate()
        let later = ObservableSwitch(.anyState)
        field.addSignal(toSwitch: later) { _ in true }
        var afterEdit: [(String, Verdict, Verdict)] = []
        var fromValidated: [(Verdict, Verdict)] = []
        var fromLater: [Verdict] = []
        field.textDidChange.observe { [weak field, weak gate] text in
            guard let field, let gate else { return }
            afterEdit.append((text, field.verdict.value, gate.verdict.value))
        }
        gate.validated.observe { [weak gate] verdict in
            if let gate { fromValidated.append((verdict, gate.verdict.value)) }
        }
        later.action = { [weak gate] _ in if let gate { fromLater.append(gate.verdict.value) } }
        let texts = ["ab", "abcdefg", "xb", "a", "ab"]
        for text in texts { field.text.value = text }
        let expectedGate: [Verdict] = [.valid, .invalid("short", "must have at most 5 characters"), .valid,
                                       .invalid("hasB", "must contain b"), .valid]
        let expectedField: [Verdict] = [.valid, .invalid("short", "must have at most 5 characters"),
                                        .invalid("hasA", "must contain a"), .invalid("hasB", "must contain b"), .valid]
        #expect(afterEdit.map(\.0) == texts)
        #expect(afterEdit.map(\.1) == expectedField, "\(afterEdit.map(\.1))")
        #expect(afterEdit.map(\.2) == expectedGate, "\(afterEdit.map(\.2))")
        #expect(fromValidated.map(\.0) == expectedGate)
        #expect(fromValidated.map(\.1) == expectedGate)
        #expect(fromLater == expectedGate)
        #expect(field.verdict.value == .valid)
    }

    @Test("The field's verdict read by an action and then after the edit: the edit's own, the same when read twice")
    func fieldVerdictReadFromAction() {
        let (field, gate) = fieldWithGate()
        var afterAction: [Verdict] = []
        gate.action = { [weak field] _ in
            guard let field else { return }
            _ = field.verdict.value   // a read in the middle of the edit must not freeze the old verdict
        }
        for text in ["ab", "zzzzzzz", "abcdefgh", "ab"] {
            field.text.value = text
            afterAction.append(field.verdict.value)
            #expect(field.verdict.value == afterAction.last)
        }
        #expect(afterAction == [.valid, .invalid("hasA", "must contain a"), .invalid("short", "must have at most 5 characters"),
                                .valid], "\(afterAction)")
    }

    // MARK: - Observers after unobserved edits

    @Test("bind after many unobserved edits: nothing at once, then only changes; cancelled and re-added the same")
    func bindAfterUnobservedEdits() {
        let (field, gate) = fieldWithGate()
        for index in 0..<200 { field.text.value = index.isMultiple(of: 2) ? "ab" : "abcdefghij\(index)" }
        #expect(field.verdict.value == .invalid("short", "must have at most 5 characters"))   // index 199
        var fieldSeen: [Verdict] = [], gateSeen: [Verdict] = []
        let fieldToken = field.verdict.bind { fieldSeen.append($0) }
        let gateToken = gate.verdict.bind { gateSeen.append($0) }
        #expect(fieldSeen.isEmpty && gateSeen.isEmpty)
        field.text.value = "abcdefghijk"   // the same verdict again: not delivered
        #expect(fieldSeen.isEmpty && gateSeen.isEmpty)
        field.text.value = "ab"
        field.text.value = "ba"             // still valid: not delivered
        field.text.value = "x"              // field fails hasA, gate fails hasB
        #expect(fieldSeen == [.valid, .invalid("hasA", "must contain a")], "\(fieldSeen)")
        #expect(gateSeen == [.valid, .invalid("hasB", "must contain b")], "\(gateSeen)")
        fieldToken.cancel()
        gateToken.cancel()
        for text in ["ab", "abcdefgh", "ab", "abcdefgh"] { field.text.value = text }
        #expect(fieldSeen.count == 2 && gateSeen.count == 2)
        field.verdict.bind { fieldSeen.append($0) }
        gate.verdict.bind { gateSeen.append($0) }
        field.text.value = "abcdefghi"     // too long again: no change since the re-bind
        #expect(fieldSeen.count == 2 && gateSeen.count == 2)
        field.text.value = "ab"
        #expect(fieldSeen == [.valid, .invalid("hasA", "must contain a"), .valid], "\(fieldSeen)")
        #expect(gateSeen == [.valid, .invalid("hasB", "must contain b"), .valid], "\(gateSeen)")
        #expect(field.verdict.value == .valid && gate.verdict.value == .valid)
    }

    @Test("bindAndFire, <~ and a switch as a binding source deliver the current verdict at once after unobserved edits")
    func currentValueAtOnce() {
        let (field, gate) = fieldWithGate()
        for text in ["ab", "b", "abcdefghij", "a"] { field.text.value = text }
        var fired: [Verdict] = []
        let token = field.verdict.bindAndFire { fired.append($0) }
        #expect(fired == [.invalid("hasB", "must contain b")], "\(fired)")
        let label = Dynamic(Verdict.valid)
        let binding = label <~ gate.verdict
        #expect(label.value == .invalid("hasB", "must contain b"))
        let light = Dynamic(true)
        let lightBinding = light <~ gate
        #expect(light.value == false)
        var owned: [Verdict] = []
        final class Owner {}
        let owner = Owner()
        gate.verdict.bindAndFire(owner: owner) { _, verdict in owned.append(verdict) }
        #expect(owned == [.invalid("hasB", "must contain b")])
        field.text.value = "ab"
        #expect(fired == [.invalid("hasB", "must contain b"), .valid])
        #expect(label.value == .valid && light.value == true && owned.last == .valid)
        token.cancel()
        binding.cancel()
        lightBinding.cancel()
        for text in ["abcdefgh", "abcdefghi", "q"] { field.text.value = text }
        // Re-added: the current value again.
        let again = Dynamic(Verdict.valid)
        again <~ field.verdict
        #expect(again.value == .invalid("hasA", "must contain a"))
        let light2 = Dynamic(true)
        light2 <~ gate
        #expect(light2.value == false)
        #expect(gate.verdict.value == .invalid("hasB", "must contain b"))
        #expect(fired.count == 2)
    }

    @Test("A derived value (map) of a verdict made after unobserved edits starts from the current verdict")
    func mapAfterUnobservedEdits() {
        let (field, _) = fieldWithGate()
        field.text.value = "abcdefghi"
        let message = field.verdict.map { $0.failure?.message ?? "ok" }
        var seen: [String] = []
        message.bindAndFire { seen.append($0) }
        field.text.value = "ab"
        field.text.value = "abb"
        field.text.value = "b"
        #expect(seen == ["must have at most 5 characters", "ok", "must contain a"], "\(seen)")
    }

    @Test("ObservableSwitch.all and .any over lazily kept verdicts: current on every validation, observed or not")
    func combinedOverLazyVerdicts() {
        let (field, gate) = fieldWithGate()
        let other = ObservableTextField()
        let digits = ObservableSwitch(.anyState)
        other.addSignal(toSwitch: digits, Condition("digits", requirement: "be digits") { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
        let all = ObservableSwitch.all([gate, digits])
        let any = ObservableSwitch.any([gate, digits])
        for text in ["ab", "abcdefgh", "b"] { field.text.value = text }
        #expect(all.verdict.value == .valid)
        other.text.value = "12"
        #expect(all.verdict.value == .valid && all.isOn)
        #expect(any.isOn)
        field.text.value = "abcdefgh"
        #expect(all.verdict.value == .invalid("short", "must have at most 5 characters"))
        #expect(any.isOn)
        other.text.value = "x"
        #expect(all.verdict.value == .invalid("short", "must have at most 5 characters"))
        #expect(any.verdict.value == .invalid("short || digits", "must have at most 5 characters, or must be digits"),
                "\(any.verdict.value)")
        var allSeen: [Bool] = []
        let token = all.subscribe(whileAlive: nil) { allSeen.append($0) }
        #expect(allSeen == [false])
        other.text.value = "1"
        field.text.value = "ab"
        #expect(allSeen == [false, true], "\(allSeen)")
        token.cancel()
        field.text.value = "zzz"
        #expect(!all.isOn && all.verdict.value == .invalid("hasB", "must contain b"))
        #expect(any.isOn)
    }

    // MARK: - One switch, two fields

    @Test("One switch on two fields: each field's verdict is its own latest edit's, the switch's its latest validation")
    func oneSwitchTwoFields() {
        let first = ObservableTextField()
        let second = ObservableTextField()
        let shared = ObservableSwitch(.anyState)
        first.addSignal(toSwitch: shared, Condition("first", requirement: "be a") { $0 == "a" })
        second.addSignal(toSwitch: shared, Condition("second", requirement: "be b") { $0 == "b" })
        first.text.value = "x"
        #expect(first.verdict.value == .invalid("first", "must be a"))
        #expect(shared.verdict.value == .invalid("first", "must be a"))
        first.text.value = "a"
        #expect(first.verdict.value == .invalid("second", "must be b"))
        second.text.value = "b"
        #expect(second.verdict.value == .valid)
        #expect(shared.verdict.value == .valid && shared.isOn)
        #expect(first.verdict.value == .invalid("second", "must be b"))   // its own latest edit
        first.text.value = "q"
        #expect(first.verdict.value == .invalid("first", "must be a"))
        #expect(second.verdict.value == .valid)
        #expect(shared.verdict.value == .invalid("first", "must be a"))
        // The first field goes: the shared switch's signal over its text is undecided, the verdicts stay readable.
        let firstVerdict = first.verdict
        weak let gone = first
        _ = consume first
        #expect(gone == nil)
        #expect(firstVerdict.value == .invalid("first", "must be a"))
        second.text.value = "bb"
        second.text.value = "b"
        let undecided = Verdict.undecided("first", "the field this check reads is gone")
        #expect(shared.verdict.value == undecided, "\(shared.verdict.value)")
        #expect(second.verdict.value == undecided)
        #expect(second.verdict.value.isUndecided && !shared.isOn)
        #expect(firstVerdict.value == .invalid("first", "must be a"))
        // The switch outlives the second field, and its verdict outlives the switch.
        let sharedVerdict = shared.verdict
        weak let secondGone = second
        _ = consume second
        #expect(secondGone == nil)
        #expect(shared.validate() == undecided)
        #expect(shared.verdict.value == undecided)
        weak let sharedGone = shared
        _ = consume shared
        #expect(sharedGone == nil)
        #expect(sharedVerdict.value == undecided)
    }

    @Test("A shared switch's action edits the other field: the first field keeps its own edit's verdict")
    func sharedSwitchNestedEdit() {
        let first = ObservableTextField()
        let second = ObservableTextField()
        let shared = ObservableSwitch(.anyState)
        // Whole checks (their verdicts are kept whole, not as a signal's fixed failure).
        first.addSignal(toSwitch: shared) { [weak second] text in text == "ok" || second?.text.value == "pass" }
        second.addSignal(toSwitch: shared) { text in text == "ok" }
        var nested = false
        shared.action = { [weak second] ok in
            guard !ok, !nested, let second else { return }
            nested = true
            second.text.value = "pass"   // validates the shared switch again: signal 1 passes, signal 2 fails
        }
        first.text.value = "bad"
        #expect(second.verdict.value == .invalid("signal 2", "must be valid"))
        #expect(shared.verdict.value == .invalid("signal 2", "must be valid"))
        // The first field's edit found signal 1 failing; that is its verdict.
        #expect(first.verdict.value == .invalid("signal 1", "must be valid"), "\(first.verdict.value)")
        var seen: [Verdict] = []
        first.verdict.bindAndFire { seen.append($0) }
        #expect(seen == [.invalid("signal 1", "must be valid")])
    }

    @Test("validate() called from the action with a check whose answer changes: the outer call returns its own verdict")
    func nestedValidateReturnsOwnVerdict() {
        let field = ObservableTextField()
        var calls = 0
        field.addRule(named: "count") { _ in
            calls += 1
            return .invalid("count", "call \(calls)")
        }
        var innerResult: Verdict?
        field.rules.action = { [weak field] _ in
            guard let field, innerResult == nil else { return }
            innerResult = .valid
            innerResult = field.rules.validate()
        }
        field.text.value = "x"
        #expect(innerResult == .invalid("count", "call 2"))
        #expect(field.rules.verdict.value == .invalid("count", "call 2"))   // the latest validation
        // The field's edit validated its rules once and got "call 1".
        #expect(field.verdict.value == .invalid("count", "call 1"), "\(field.verdict.value)")
        innerResult = nil
        let outer = field.rules.validate()
        #expect(outer == .invalid("count", "call 3"), "\(outer)")
        #expect(field.rules.verdict.value == .invalid("count", "call 4"))
    }

    // MARK: - Kept programs out of date, observers coming and going mid-edit

    @Test("The rules' action changes the first switch (new action, new signal): that same edit runs the new ones")
    func rulesActionChangesFirstSwitch() {
        let (field, gate) = fieldWithGate()
        var log: [String] = []
        gate.action = { log.append("old \($0)") }
        field.text.value = "ab"   // the field keeps the switches' programs from here
        var changed = false
        field.rules.action = { [weak field, weak gate] _ in
            guard let field, let gate, !changed else { return }
            changed = true
            gate.action = { log.append("new \($0)") }
            field.addSignal(toSwitch: gate, Condition("noD", requirement: "not contain d") { !$0.contains("d") })
        }
        field.text.value = "abd"
        #expect(log == ["old true", "new false"], "\(log)")
        #expect(gate.verdict.value == .invalid("noD", "must not contain d"))
        #expect(field.verdict.value == .invalid("noD", "must not contain d"), "\(field.verdict.value)")
        field.text.value = "ab"
        #expect(log.last == "new true" && field.verdict.value == .valid)
    }

    @Test("Subscribing to a verdict from inside a signal and from inside the action: only later changes are delivered")
    func subscribeDuringValidation() {
        let (field, gate) = fieldWithGate()
        var fromSignal: [Verdict] = [], fromAction: [Verdict] = [], fromFieldObserver: [Verdict] = []
        var tokens: [Subscription] = []
        field.addSignal(toSwitch: gate) { [weak gate] text in
            if text == "abz", let gate { tokens.append(gate.verdict.bind { fromSignal.append($0) }) }
            return !text.contains("q")
        }
        gate.action = { [weak gate, weak field] _ in
            guard let gate, let field, field.text.value == "abw" else { return }
            tokens.append(gate.verdict.bind { fromAction.append($0) })
            tokens.append(field.verdict.bind { fromFieldObserver.append($0) })
        }
        let short = Verdict.invalid("short", "must have at most 5 characters")
        let noQ = Verdict.invalid("signal 3", "must be valid")
        field.text.value = "abcdefgh"     // too long (unobserved)
        field.text.value = "abw"          // valid: the action subscribes
        // The switch's verdict was valid already when the action subscribed: nothing to deliver.
        #expect(fromAction.isEmpty, "\(fromAction)")
        // The field's verdict had not changed yet when the action subscribed: its change to valid is delivered.
        #expect(fromFieldObserver == [.valid], "\(fromFieldObserver)")
        field.text.value = "abcdefghij"
        #expect(fromAction == [short] && fromFieldObserver == [.valid, short])
        field.text.value = "abz"          // the signal subscribes while the verdict is still "short"
        #expect(fromSignal == [.valid], "\(fromSignal)")
        #expect(fromAction == [short, .valid])
        field.text.value = "abq"
        #expect(fromSignal == [.valid, noQ])
        #expect(fromAction == [short, .valid, noQ])
        #expect(fromFieldObserver == [.valid, short, .valid, noQ], "\(fromFieldObserver)")
        for token in tokens { token.cancel() }
    }

    @Test("An observer that cancels itself on the first delivery: later edits are read lazily and still right")
    func observerCancelsItself() {
        let (field, gate) = fieldWithGate()
        var seen: [Verdict] = []
        var token: Subscription?
        token = gate.verdict.bind { verdict in
            seen.append(verdict)
            token?.cancel()
        }
        field.text.value = "x"
        field.text.value = "ab"
        field.text.value = "abcdefgh"
        #expect(seen == [.invalid("hasB", "must contain b")])
        #expect(gate.verdict.value == .invalid("short", "must have at most 5 characters"))
        #expect(gate.verdict.observerCount == 0)
        #expect("\(gate.verdict)" == "Dynamic(\(Verdict.invalid("short", "must have at most 5 characters")))")
    }

    @Test("A field's rules registered with another field too: each field's verdict is its own edits'")
    func rulesRegisteredElsewhere() {
        let field = ObservableTextField()
        field.addRule(Self.hasA)
        let other = ObservableTextField()
        other.register(field.rules)
        other.addRule(Self.hasB)
        field.text.value = "x"
        #expect(field.verdict.value == .invalid("hasA", "must contain a"))
        other.text.value = "b"   // validates field's rules too, over field's text "x"
        #expect(other.verdict.value == .invalid("hasA", "must contain a"))
        field.text.value = "a"
        #expect(field.verdict.value == .valid)
        #expect(other.verdict.value == .invalid("hasA", "must contain a"))   // no edit of its own since
        other.text.value = "bb"
        #expect(other.verdict.value == .valid)
    }

    @Test("A verdict bound two ways to a label: edits reach the label, a label write reaches the verdict until the next edit")
    func twoWayBoundVerdict() {
        let (field, _) = fieldWithGate()
        for text in ["ab", "abcdefgh", "x"] { field.text.value = text }
        let label = Dynamic(Verdict.valid)
        label <~> field.verdict            // the label takes the field's verdict first
        #expect(label.value == .invalid("hasA", "must contain a"))
        field.text.value = "ab"
        #expect(label.value == .valid)
        label.value = .invalid("label", "written")
        #expect(field.verdict.value == .invalid("label", "written"))
        field.text.value = "abb"
        #expect(field.verdict.value == .valid && label.value == .valid)
    }

    @Test("Edge trigger with an asynchronous signal: pending is no outcome, the settled answers fire on flips")
    func edgeWithAsyncSignal() async {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        let free = ObservableSwitch(.anyState, trigger: .edge)
        var fired: [(Bool, Verdict)] = []
        free.action = { [weak free] ok in if let free { fired.append((ok, free.verdict.value)) } }
        field.addAsyncSignal(toSwitch: free, AsyncCheck("free", message: "is taken") { !$0.hasPrefix("ada") })
        for text in ["ada", "grace", "gracie", "adam"] {
            field.text.value = text
            #expect(free.verdict.value.isPending && field.verdict.value.isPending)
            loop.advance(by: .milliseconds(250))
            await loop.waitForResults()
        }
        #expect(fired.map(\.0) == [false, true, false], "\(fired.map(\.0))")
        #expect(fired.map(\.1) == [.invalid("free", "is taken"), .valid, .invalid("free", "is taken")])
        #expect(field.verdict.value == .invalid("free", "is taken"))
    }

    @Test("A textDidChange observer that corrects the text: the verdicts and their deliveries describe the correction")
    func textDidChangeCorrects() {
        let (field, gate) = fieldWithGate()
        var fieldSeen: [Verdict] = [], gateSeen: [Verdict] = [], announced: [String] = []
        field.textDidChange.observe { [weak field] text in
            announced.append(text)
            guard let field, text.count > 5 else { return }
            field.text.value = String(text.prefix(5))
        }
        field.text.value = "abcdefgh"   // unobserved verdicts
        #expect(field.text.value == "abcde")
        #expect(field.verdict.value == .valid && gate.isOn)
        field.verdict.bind { fieldSeen.append($0) }
        gate.verdict.bind { gateSeen.append($0) }
        field.text.value = "xxxxxxxxb"
        #expect(field.text.value == "xxxxx")
        #expect(field.verdict.value == .invalid("hasA", "must contain a"))
        #expect(gate.verdict.value == .invalid("hasB", "must contain b"))
        // The replaced text's verdicts ("short" for the switch) may pass by, but the last delivered is the final one.
        #expect(fieldSeen.last == .invalid("hasA", "must contain a"), "\(fieldSeen)")
        #expect(gateSeen.last == .invalid("hasB", "must contain b"), "\(gateSeen)")
        #expect(announced == ["abcdefgh", "abcde", "xxxxxxxxb", "xxxxx"], "\(announced)")
    }

    @Test("A field's verdict stays its own edit's when the failing switch validates later on its own")
    func fieldVerdictOutlivesSwitchRevalidation() {
        let field = ObservableTextField()
        let plain = ObservableSwitch(.anyState)
        let whole = ObservableSwitch(.anyState)
        var allow = false
        field.addSignal(toSwitch: plain, Condition("gate", requirement: "be allowed") { _ in false })
        plain.addSignal("allowed", message: "is not allowed") { allow }
        field.text.value = "x"
        #expect(field.verdict.value == .invalid("gate", "must be allowed"))
        #expect(plain.validate() == .invalid("gate", "must be allowed"))
        let other = ObservableTextField()
        other.addSignal(toSwitch: whole) { _ in allow }
        other.text.value = "y"
        #expect(other.verdict.value == .invalid("signal 1", "must be valid"))
        allow = true
        #expect(whole.validate() == .valid && whole.isOn)
        #expect(other.verdict.value == .invalid("signal 1", "must be valid"))   // no edit of its own since
        #expect(field.verdict.value == .invalid("gate", "must be allowed"))
        #expect(other.revalidate() == .valid && other.verdict.value == .valid)
    }

    @Test("revalidate() from a switch's action and from textDidChange: the verdict describes the text, delivered on change only")
    func revalidateFromCallbacks() {
        let (field, gate) = fieldWithGate()
        var inAction = false
        var fromAction: [Verdict] = [], fromObserver: [Verdict] = [], seen: [Verdict] = []
        gate.action = { [weak field] _ in
            guard let field, !inAction else { return }
            inAction = true
            fromAction.append(field.revalidate())
            inAction = false
        }
        field.textDidChange.observe { [weak field] _ in
            if let field { fromObserver.append(field.revalidate()) }
        }
        field.verdict.bind { seen.append($0) }
        for text in ["ab", "abcdefgh", "x", "ab"] { field.text.value = text }
        let expected: [Verdict] = [.valid, .invalid("short", "must have at most 5 characters"),
                                   .invalid("hasA", "must contain a"), .valid]
        // The action runs in the edit and again in the observer's revalidate(): twice per edit, the same verdict.
        #expect(fromAction == expected.flatMap { [$0, $0] }, "\(fromAction)")
        #expect(fromObserver == expected, "\(fromObserver)")
        #expect(seen == Array(expected.dropFirst()), "\(seen)")   // the first edit left it valid: no change
        #expect(field.verdict.value == .valid && gate.isOn)
    }
}
