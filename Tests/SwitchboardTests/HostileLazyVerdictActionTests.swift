// SPDX-License-Identifier: Apache-2.0
import Testing
import Switchboard

/// The "Hostile lazy verdicts" suite continued (see `HostileLazyVerdictTests.swift` for reads from callbacks,
/// observers after unobserved edits and shared switches): actions that change the field or switch under way,
/// undecided, varying and asynchronous verdicts, hand-set verdicts, triggers, and what a replaced action leaves.
extension HostileLazyVerdictTests {
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

    @Test("A replaced action is let go at once, also after the field's edits ran it (nothing keeps what it captured)")
    func replacedActionReleased() {
        let (field, gate) = fieldWithGate()
        var freed: [String] = []
        do {
            let first = Noisy { freed.append("gate action") }
            gate.action = { _ in _ = first }
            let second = Noisy { freed.append("rules action") }
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
