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

    // MARK: - Actions that change things

    @Test("Actions that replace themselves, set nil and add signals to their own switch during the field's edit")
    func actionsChangingTheirSwitch() {
        let (field, gate) = fieldWithGate()
        var log: [String] = []
        gate.action = { [weak gate] ok in
            log.append("first \(ok)")
            gate?.action = { [weak gate] ok in
                log.append("second \(ok)")
                gate?.action = nil
            }
        }
        field.text.value = "ab"
        field.text.value = "abc"
        field.text.value = "abcd"
        #expect(log == ["first true", "second true"])
        gate.action = { [weak gate, weak field] ok in
            log.append("grow \(ok)")
            guard let gate, let field, gate.signalCount == 2 else { return }
            field.addSignal(toSwitch: gate, Condition("noC", requirement: "not contain c") { !$0.contains("c") })
        }
        field.text.value = "abc"         // passes; the new signal applies from the next validation
        #expect(gate.verdict.value == .valid)
        #expect(field.verdict.value == .valid)
        field.text.value = "abcc"
        #expect(gate.verdict.value == .invalid("noC", "must not contain c"))
        #expect(field.verdict.value == .invalid("noC", "must not contain c"))
        #expect(log.suffix(2) == ["grow true", "grow false"])
        field.text.value = "ab"
        #expect(field.verdict.value == .valid && gate.isOn)
    }

    @Test("A switch registered by the rules' action or by the first switch's action is validated by that same edit")
    func registeredDuringEdit() {
        let field = ObservableTextField()
        field.addRule(Self.hasA)
        let late = ObservableSwitch(.anyState)
        let later = ObservableSwitch(.anyState)
        var lateFired: [Bool] = [], laterFired: [Bool] = []
        late.action = { [weak field] ok in
            lateFired.append(ok)
            guard let field, field.switches.count == 2 else { return }
            field.addSignal(toSwitch: later, Condition("noZ", requirement: "not contain z") { !$0.contains("z") })
        }
        later.action = { laterFired.append($0) }
        field.rules.action = { [weak field] _ in
            guard let field, field.switches.count == 1 else { return }
            field.addSignal(toSwitch: late, Self.hasB)
        }
        field.text.value = "az"
        #expect(field.switches.count == 3)
        #expect(lateFired == [false] && laterFired == [false])
        #expect(late.verdict.value == .invalid("hasB", "must contain b"))
        #expect(later.verdict.value == .invalid("noZ", "must not contain z"))
        #expect(field.verdict.value == .invalid("hasB", "must contain b"), "\(field.verdict.value)")
        field.text.value = "abz"
        #expect(field.verdict.value == .invalid("noZ", "must not contain z"), "\(field.verdict.value)")
        field.text.value = "ab"
        #expect(field.verdict.value == .valid)
        #expect(lateFired == [false, true, true] && laterFired == [false, false, true])
    }

    @Test("A switch registered by a later switch's action while the field is observed: validated and delivered once")
    func registeredDuringObservedEdit() {
        let (field, gate) = fieldWithGate()
        let third = ObservableSwitch(.anyState)
        let extra = ObservableSwitch(.anyState)
        field.register(third)
        var seen: [Verdict] = []
        field.verdict.bind { seen.append($0) }
        gate.action = { [weak field] _ in   // the first switch after the rules registers one more
            guard let field, field.switches.count == 3 else { return }
            field.addSignal(toSwitch: extra, Condition("noQ", requirement: "not contain q") { !$0.contains("q") })
        }
        field.text.value = "abq"
        #expect(field.verdict.value == .invalid("noQ", "must not contain q"))
        #expect(seen == [.invalid("noQ", "must not contain q")], "\(seen)")
        #expect(field.switches.count == 4 && extra.verdict.value == .invalid("noQ", "must not contain q"))
        field.text.value = "ab"
        #expect(seen == [.invalid("noQ", "must not contain q"), .valid], "\(seen)")
    }

    @Test("An action that sets the text supersedes the edit: verdicts and textDidChange describe the final text")
    func actionSetsText() {
        let (field, gate) = fieldWithGate()
        var announced: [String] = []
        field.textDidChange.observe { announced.append($0) }
        gate.action = { [weak field] ok in
            guard let field, !ok, field.text.value.count > 5 else { return }
            field.text.value = String(field.text.value.prefix(5))   // a length limit
        }
        field.text.value = "abcdefgh"
        #expect(field.text.value == "abcde")
        #expect(announced == ["abcde"], "\(announced)")
        #expect(field.verdict.value == .valid, "\(field.verdict.value)")
        #expect(gate.verdict.value == .valid && gate.isOn)
        var seen: [Verdict] = []
        field.verdict.bind { seen.append($0) }
        field.text.value = "zzzzzzz"
        #expect(field.text.value == "zzzzz")
        #expect(field.verdict.value == .invalid("hasA", "must contain a"))
        #expect(gate.verdict.value == .invalid("hasB", "must contain b"))
        #expect(seen == [.invalid("hasA", "must contain a")], "\(seen)")
    }

    @Test("An action that drops the field and its switch: the edit ends safely, the kept verdicts are the edit's")
    func actionDropsFieldAndSwitch() {
        var field: ObservableTextField? = ObservableTextField()
        var gate: ObservableSwitch? = ObservableSwitch(.anyState)
        field!.addRule(Self.hasA)
        field!.addSignal(toSwitch: gate!, Self.hasB)
        let text = field!.text
        let fieldVerdict = field!.verdict
        let gateVerdict = gate!.verdict
        gate!.action = { ok in
            if !ok {
                field = nil
                gate = nil
            }
        }
        text.value = "ab"
        #expect(fieldVerdict.value == .valid)
        text.value = "a"
        #expect(field == nil && gate == nil)
        #expect(gateVerdict.value == .invalid("hasB", "must contain b"))
        #expect(fieldVerdict.value == .invalid("hasB", "must contain b"), "\(fieldVerdict.value)")
        text.value = "zzz"   // the field is gone: nothing validates
        #expect(fieldVerdict.value == .invalid("hasB", "must contain b"))
        #expect(gateVerdict.value == .invalid("hasB", "must contain b"))
    }

    // MARK: - Undecided, varying and asynchronous verdicts

    @Test("A throwing condition is an undecided failure with the error's text, read lazily and observed")
    func throwingCondition() {
        let field = ObservableTextField()
        let gate = ObservableSwitch(.anyState)
        field.addRule(Condition("parse", requirement: "parse") { text in
            if text.hasPrefix("!") { throw Boom(text: text) }
            return !text.isEmpty
        })
        field.addSignal(toSwitch: gate, Condition("parse2", requirement: "parse") { text in
            if text.hasPrefix("?") { throw Boom(text: text) }
            return true
        })
        field.text.value = "!x"
        #expect(field.verdict.value == .undecided("parse", "boom: !x"), "\(field.verdict.value)")
        #expect(field.verdict.value.isUndecided && !field.verdict.value.isValid)
        field.text.value = "?y"
        #expect(field.verdict.value == .undecided("parse2", "boom: ?y"), "\(field.verdict.value)")
        #expect(gate.verdict.value == .undecided("parse2", "boom: ?y"))
        #expect(field.rules.isOn)
        field.text.value = "!z"
        #expect(field.verdict.value == .undecided("parse", "boom: !z"))
        #expect(gate.isOn)   // "!z" passes parse2
        var seen: [Verdict] = []
        field.verdict.bind { seen.append($0) }
        field.text.value = "!w"
        field.text.value = "ok"
        field.text.value = ""
        #expect(seen == [.undecided("parse", "boom: !w"), .valid, .invalid("parse", "must parse")], "\(seen)")
    }

    @Test("addRule(named:) checks whose verdicts vary: each read is the latest validation's, observed or not")
    func varyingRuleVerdicts() {
        let field = ObservableTextField()
        var answer: Verdict = .valid
        field.addRule(named: "server") { _ in answer }
        var texts = 0
        func edit(_ verdict: Verdict) {
            answer = verdict
            texts += 1
            field.text.value = "t\(texts)"
        }
        edit(.invalid("server", "one"))
        edit(.invalid("server", "two"))
        #expect(field.verdict.value == .invalid("server", "two"))
        #expect(field.rules.verdict.value == .invalid("server", "two"))
        edit(.undecided("server", "three"))
        edit(.valid)
        edit(.invalid("other", "four"))
        #expect(field.verdict.value == .invalid("other", "four"))
        var seen: [Verdict] = []
        field.verdict.bind { seen.append($0) }
        edit(.invalid("other", "four"))   // equal: not delivered
        edit(.invalid("server", "five"))
        answer = .invalid("server", "six")
        #expect(field.revalidate() == .invalid("server", "six"))
        #expect(field.verdict.value == .invalid("server", "six"))
        #expect(seen == [.invalid("server", "five"), .invalid("server", "six")], "\(seen)")
    }

    @Test("revalidate() and validate() called directly return what verdict then reads")
    func directValidation() {
        let (field, gate) = fieldWithGate()
        var limit = 5
        gate.addSignal("limit", message: "over the limit") { limit >= 3 }
        field.text.value = "ab"
        #expect(field.verdict.value == .valid)
        limit = 1
        #expect(gate.validate() == .invalid("limit", "over the limit"))
        #expect(gate.verdict.value == .invalid("limit", "over the limit") && !gate.isOn)
        #expect(field.verdict.value == .valid)   // no edit of the field since
        #expect(field.revalidate() == .invalid("limit", "over the limit"))
        #expect(field.verdict.value == .invalid("limit", "over the limit"))
        limit = 4
        #expect(field.revalidate() == .valid)
        #expect(field.verdict.value == .valid && gate.isOn)
    }

    @Test("An asynchronous check: pending then settled, read lazily; a submit waits for it")
    func asyncChecks() async {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        field.addRule(Self.hasA)
        let available = ObservableSwitch(.anyState)
        var fired: [Bool] = []
        available.action = { fired.append($0) }
        field.addAsyncSignal(toSwitch: available, AsyncCheck("free", message: "is taken") { $0 != "ada" })
        field.text.value = "ada"
        #expect(field.verdict.value.isPending)
        #expect(available.verdict.value.isPending && !available.isOn)
        #expect(fired.isEmpty)
        var decided: [Verdict] = []
        field.submit { decided.append($0) }
        #expect(decided.isEmpty && field.hasPendingSubmit)
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(field.verdict.value == .invalid("free", "is taken"), "\(field.verdict.value)")
        #expect(available.verdict.value == .invalid("free", "is taken"))
        #expect(decided == [.invalid("free", "is taken")])
        #expect(fired == [false])
        var seen: [Verdict] = []
        field.verdict.bind { seen.append($0) }
        field.text.value = "grace"
        #expect(seen.count == 1 && seen[0].isPending)
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(field.verdict.value == .valid)
        #expect(seen.count == 2 && seen[1] == .valid)
        #expect(available.isOn && fired == [false, true])
        field.text.value = "bob"   // fails the rule: the check is not asked
        #expect(field.verdict.value == .invalid("hasA", "must contain a"))
    }

    // MARK: - Direct sets, equality, triggers

    @Test("Setting a stale verdict directly: the set value is read until the next validation replaces it")
    func directSetOnStaleVerdict() {
        let (field, gate) = fieldWithGate()
        field.text.value = "abcdefgh"
        field.text.value = "ab"            // both verdicts stale (valid)
        let custom = Verdict.invalid("custom", "set by hand")
        gate.verdict.value = custom
        field.verdict.value = custom
        #expect(gate.verdict.value == custom && !gate.isOn)
        #expect(field.verdict.value == custom)
        field.text.value = "abb"           // still valid: the validation replaces the hand-set verdict
        #expect(gate.verdict.value == .valid && gate.isOn)
        #expect(field.verdict.value == .valid)
        var seen: [Verdict] = []
        gate.verdict.bind { seen.append($0) }
        gate.verdict.value = custom
        #expect(seen == [custom])
        field.text.value = "ab"
        #expect(seen == [custom, .valid])
    }

    @Test("A switch with nothing to check: validate() after a hand-set verdict makes the verdict valid again")
    func emptySwitchAfterDirectSet() {
        let empty = ObservableSwitch(.anyState)
        empty.validate()
        empty.verdict.value = .invalid("custom", "set by hand")
        #expect(!empty.isOn)
        #expect(empty.validate() == .valid)
        #expect(empty.verdict.value == .valid, "\(empty.verdict.value)")
        let field = ObservableTextField()
        field.rules.verdict.value = .invalid("custom", "set by hand")
        field.text.value = "x"
        #expect(field.rules.verdict.value == .valid, "\(field.rules.verdict.value)")
        #expect(field.verdict.value == .valid)
    }

    @Test("Verdicts read from a switch and a field compare equal to the verdicts they name, and hash alike")
    func verdictEquality() {
        let (field, gate) = fieldWithGate()
        field.text.value = "abcdefgh"
        let fromField = field.verdict.value
        let fromGate = gate.verdict.value
        let expected = Verdict.invalid("short", "must have at most 5 characters")
        #expect(fromField == expected && fromGate == expected && fromField == fromGate)
        #expect(Set([fromField, fromGate, expected]).count == 1)
        #expect(fromField.failure?.name == "short" && fromField.failure?.message == "must have at most 5 characters")
        #expect(!fromField.isUndecided && !fromField.isPending)
        field.text.value = "abcdefghi"
        #expect(field.verdict.value == fromField)
    }

    @Test("Edge trigger with lazy verdicts: fires only on flips, and the action reads the new verdict")
    func edgeTrigger() {
        let (field, gate) = fieldWithGate(.anyState, trigger: .edge)
        var fired: [(Bool, Verdict)] = []
        gate.action = { [weak gate] ok in if let gate { fired.append((ok, gate.verdict.value)) } }
        for text in ["ab", "abb", "abcdefgh", "abcdefghi", "a", "ab", "ab"] { field.text.value = text }
        #expect(fired.map(\.0) == [true, false, true], "\(fired.map(\.0))")
        #expect(fired.map(\.1) == [.valid, .invalid("short", "must have at most 5 characters"), .valid])
    }

    @Test(".onlyTrue and .onlyFalse with lazy verdicts, level and edge")
    func onlyTrueOnlyFalse() {
        let (field, onTrue) = fieldWithGate(.onlyTrue)
        let onFalse = ObservableSwitch(.onlyFalse)
        let onFalseEdge = ObservableSwitch(.onlyFalse, trigger: .edge)
        field.addSignal(toSwitch: onFalse, Self.hasB)
        field.addSignal(toSwitch: onFalseEdge, Self.hasB)
        var log: [String] = []
        onTrue.action = { [weak onTrue] ok in log.append("T \(ok) \(onTrue?.isOn == true)") }
        onFalse.action = { [weak onFalse] ok in log.append("F \(ok) \(onFalse?.verdict.value.failure?.name ?? "-")") }
        onFalseEdge.action = { ok in log.append("E \(ok)") }
        for text in ["ab", "a", "ac", "abc", "b"] { field.text.value = text }
        #expect(log == ["T true true", "F false hasB", "E false", "F false hasB", "T true true", "T true true"],
                "\(log)")
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

    /// Runs `onDeinit` when freed.
    final class Tracked {
        let onDeinit: @MainActor () -> Void
        init(_ onDeinit: @escaping @MainActor () -> Void) { self.onDeinit = onDeinit }
        isolated deinit { onDeinit() }
    }

    @Test("A replaced action is let go at once, also after the field's edits ran it (nothing keeps what it captured)")
    func replacedActionReleased() {
        let (field, gate) = fieldWithGate()
        var freed: [String] = []
        do {
            let first = Tracked { freed.append("gate action") }
            gate.action = { _ in _ = first }
            let second = Tracked { freed.append("rules action") }
            field.rules.action = { _ in _ = second }
        }
        field.text.value = "ab"
        field.text.value = "abc"
        #expect(freed.isEmpty)
        gate.action = nil
        #expect(freed == ["gate action"], "\(freed)")
        field.rules.action = { _ in }
        #expect(freed == ["gate action", "rules action"], "\(freed)")
        field.text.value = "abcd"
        #expect(field.verdict.value == .valid)
    }

    @Test("An action that captured its field strongly, set to nil: the field and its switch are freed")
    func cycleBrokenBySettingActionNil() {
        weak var weakField: ObservableTextField?
        weak var weakGate: ObservableSwitch?
        do {
            let (field, gate) = fieldWithGate()
            weakField = field
            weakGate = gate
            gate.action = { _ in _ = field.text.value }   // a cycle: field -> gate -> action -> field
            field.text.value = "ab"
            field.text.value = "abcdefgh"
            gate.action = nil                            // broken again
        }
        #expect(weakField == nil)
        #expect(weakGate == nil)
    }

    @Test("A field with no rules: its rules switch reports every edit to validated observers, its verdict stays valid")
    func emptyRulesObserved() {
        let field = ObservableTextField()
        var validated: [Verdict] = [], verdicts: [Verdict] = []
        for text in ["a", "b"] { field.text.value = text }
        let token = field.rules.validated.observe { validated.append($0) }
        field.rules.verdict.bind { verdicts.append($0) }
        for text in ["c", "d", "e"] { field.text.value = text }
        #expect(validated == [.valid, .valid, .valid])
        #expect(verdicts.isEmpty)
        token.cancel()
        field.rules.verdict.value = .invalid("custom", "set by hand")   // observed: delivered
        field.text.value = "f"                                            // and replaced by the next edit
        #expect(verdicts == [.invalid("custom", "set by hand"), .valid], "\(verdicts)")
        #expect(field.verdict.value == .valid && field.rules.isOn)
    }

    @Test("The rules' action corrects the text after a whole check failed: the verdicts describe the correction")
    func recordedVerdictThenSupersede() {
        let field = ObservableTextField()
        field.addRule(named: "upper") { text in
            text == text.uppercased() ? .valid : .invalid("upper", "is not upper case: \(text)")
        }
        field.rules.action = { [weak field] ok in
            guard let field, !ok else { return }
            field.text.value = field.text.value.uppercased()
        }
        var seen: [Verdict] = []
        field.verdict.bind { seen.append($0) }
        field.text.value = "abc"
        #expect(field.text.value == "ABC")
        #expect(field.verdict.value == .valid && field.rules.verdict.value == .valid)
        #expect(field.rules.validate() == .valid)
        let allValid = seen.allSatisfy { $0.isValid }
        #expect(allValid, "\(seen)")
    }

    @Test("A switch that is the first after the rules of many fields: fields freed, its action replaced, no stale program")
    func sharedFirstSwitchOutlivesFields() {
        let shared = ObservableSwitch(.anyState)
        var fired: [String] = []
        var fields: [ObservableTextField] = (0..<20).map { _ in ObservableTextField() }
        for (index, field) in fields.enumerated() {
            field.addSignal(toSwitch: shared, Condition("len\(index)", requirement: "be short") { $0.count < 3 })
            field.text.value = "x"
        }
        shared.action = { fired.append("first \($0)") }
        fields.removeLast(10)
        shared.action = { fired.append("second \($0)") }
        for field in fields { field.text.value = "yyyy" }
        #expect(fired == Array(repeating: "second false", count: 10), "\(fired)")
        #expect(shared.verdict.value == .invalid("len0", "must be short"), "\(shared.verdict.value)")
        #expect(fields[0].verdict.value == .invalid("len0", "must be short"))
        fields.removeAll()
        shared.action = nil
        #expect(shared.validate() == .undecided("len0", "the field this check reads is gone"))
    }

    @Test("Many plain rules, each failing in turn: the verdict read names that rule (also mixed with whole checks)")
    func manyRulesEachFailing() {
        for mixed in [false, true] {
            let field = ObservableTextField("0123456789")
            for digit in 0..<9 {
                if mixed && digit.isMultiple(of: 3) {
                    field.addRule(named: "d\(digit)") { text in
                        text.contains("\(digit)") ? .valid : .invalid("d\(digit)", "whole: needs \(digit)")
                    }
                } else {
                    field.addRule(Condition("d\(digit)", requirement: "contain \(digit)") { $0.contains("\(digit)") })
                }
            }
            for digit in 0..<9 {
                field.text.value = "0123456789".filter { $0 != Character("\(digit)") }
                let expected: Verdict = mixed && digit.isMultiple(of: 3)
                    ? .invalid("d\(digit)", "whole: needs \(digit)") : .invalid("d\(digit)", "must contain \(digit)")
                #expect(field.verdict.value == expected, "mixed \(mixed), digit \(digit): \(field.verdict.value)")
                #expect(field.rules.verdict.value == expected)
            }
            field.text.value = "0123456789"
            #expect(field.verdict.value == .valid)
        }
    }

    @Test("A switch over one field's text, registered with another field: the other's edits read the first's text")
    func plainTestsReadTheirOwnField() {
        let source = ObservableTextField("abc")
        let other = ObservableTextField()
        let gate = ObservableSwitch(.anyState)
        source.addSignal(toSwitch: gate, Self.hasA)
        source.addSignal(toSwitch: gate, Self.short)
        other.register(gate)
        other.text.value = "zzzzzzzzz"        // would fail both tests if they read this text
        #expect(gate.verdict.value == .valid, "\(gate.verdict.value)")
        #expect(other.verdict.value == .valid)
        source.text.value = "zz"
        #expect(source.verdict.value == .invalid("hasA", "must contain a"))
        other.text.value = "aaaa"
        #expect(other.verdict.value == .invalid("hasA", "must contain a"), "\(other.verdict.value)")
        #expect(gate.validate() == .invalid("hasA", "must contain a"))
    }
}
