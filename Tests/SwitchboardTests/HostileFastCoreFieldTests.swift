// SPDX-License-Identifier: Apache-2.0
import Testing
import Switchboard

/// The fast core's switches, fields and sizes under hostile user code (the "Hostile fast core" suite continued:
/// see `HostileFastCoreTests.swift` for bindings, values, signals and derived values).
extension HostileFastCoreTests {
    // MARK: - Switches

    @Test("Signals added to a switch from inside its own action and from inside a signal: no trap, used from the next validation")
    func signalsAddedDuringValidation() {
        let gate = ObservableSwitch(.anyState)
        var outcomes: [Bool] = []
        var added = 0
        gate.addSignal("grows", message: "never fails") { [weak gate] in
            if added < 3 {
                added += 1
                gate?.addSignal { true }   // added while the compiled tree runs
            }
            return true
        }
        gate.action = { [weak gate] ok in
            outcomes.append(ok)
            if outcomes.count == 2 { gate?.addSignal("late", message: "fails") { false } }
        }
        gate.validate()
        #expect(gate.signalCount == 2)
        gate.validate()
        #expect(gate.signalCount == 4)
        let verdict = gate.validate()
        #expect(verdict == .invalid("late", "fails"), "\(verdict)")
        #expect(outcomes == [true, true, false])
        #expect(gate.signalCount == 5)
    }

    @Test("An action replaced while its captured object's deinit validates the same switch: no access conflict")
    func actionReplacedWhileDeinitValidates() {
        let gate = ObservableSwitch(.anyState)
        var fired: [String] = []
        do {
            let capture = Noisy { [weak gate] in gate?.validate() }
            gate.action = { _ in _ = capture; fired.append("old") }
        }
        gate.validate()
        gate.action = { _ in fired.append("new") }   // frees the old action's capture, which validates
        gate.validate()
        #expect(fired == ["old", "new", "new"], "\(fired)")
    }

    @Test("A switch registered with a field from inside a delivery: validated from the next edit on, the verdict describes the text")
    func switchRegisteredInsideDelivery() {
        let field = ObservableTextField()
        field.addRule(.nonEmpty)
        let noDigits = ObservableSwitch(.anyState)
        var registered = false
        field.textDidChange.observe { [weak field] text in
            guard let field, !registered, text == "abc" else { return }
            registered = true
            field.addSignal(toSwitch: noDigits) { text in !text.contains(where: \.isNumber) }
        }
        field.text.value = "abc"
        #expect(field.verdict.value.isValid)
        field.text.value = "abc1"
        #expect(!field.verdict.value.isValid && !noDigits.isOn)
        field.text.value = "abcd"
        #expect(field.verdict.value.isValid && noDigits.isOn)
        // Registered from inside the rules' action, during an edit: that edit validates it already.
        let short = ObservableSwitch(.anyState)
        field.rules.action = { [weak field] _ in
            field?.addSignal(toSwitch: short) { text in text.count < 5 }
        }
        field.text.value = "abcdefg"
        #expect(!short.isOn)
        #expect(field.verdict.value.failure?.name == short.verdict.value.failure?.name, "\(field.verdict.value)")
        field.text.value = "ab"
        #expect(field.verdict.value.isValid)
        #expect(field.switches.count == 3)
    }

    @Test("A switch registered with two fields, one of them freed: the other's edits make it an undecided failure, never a pass")
    func switchOutlivesOneOfItsFields() {
        let both = ObservableSwitch(.anyState)
        let kept = ObservableTextField("a")
        kept.addSignal(toSwitch: both, .nonEmpty)
        weak var weakGone: ObservableTextField?
        do {
            let gone = ObservableTextField("b")
            gone.addSignal(toSwitch: both, .nonEmpty)
            gone.text.value = "c"
            #expect(both.isOn)
            weakGone = gone
        }
        #expect(weakGone == nil)
        kept.text.value = "d"
        #expect(!both.isOn)
        #expect(both.verdict.value.isUndecided, "\(both.verdict.value)")
        #expect(!kept.verdict.value.isValid)
    }

    @Test("Two fields bound both ways, one correcting its text in its action: both end with the corrected text, verdicts describe it")
    func twoWayFieldsWithCorrection() {
        let limited = ObservableTextField()
        let plain = ObservableTextField()
        limited.addRule(Condition("short", requirement: "be at most 5 characters") { $0.count <= 5 })
        limited.rules.action = { [weak limited] ok in
            guard let limited, !ok else { return }
            limited.text.value = String(limited.text.value.prefix(5))
        }
        plain.addRule(.nonEmpty)
        limited.text <~> plain.text
        var limitedSaw: [String] = [], plainSaw: [String] = []
        limited.textDidChange.observe { limitedSaw.append($0) }
        plain.textDidChange.observe { plainSaw.append($0) }
        plain.text.value = "abcdefgh"
        #expect(limited.text.value == "abcde")
        #expect(plain.text.value == "abcde")
        #expect(limited.verdict.value.isValid && plain.verdict.value.isValid)
        #expect(limitedSaw.last == "abcde" && plainSaw.last == "abcde", "\(limitedSaw) \(plainSaw)")
        #expect(!limitedSaw.contains("abcdefgh"), "the replaced text was announced: \(limitedSaw)")
        limited.text.value = "xyz1234567"
        #expect(limited.text.value == "xyz12" && plain.text.value == "xyz12")
        plain.text.value = ""
        #expect(limited.text.value == "" && !plain.verdict.value.isValid && limited.verdict.value.isValid)
    }

    @Test("A combined switch dropped, with one of its children, by its own action: freed, the other child validates on")
    func combinedSwitchDropsItself() {
        let kept = ObservableSwitch()
        kept.addSignal { true }
        let dropped = Box(ObservableSwitch())
        weak let weakDropped = dropped.object
        var fails = false
        dropped.object!.addSignal { !fails }
        let combined = Box(ObservableSwitch.all([kept, dropped.object!]))
        weak let weakCombined = combined.object
        var outcomes: [Bool] = []
        combined.object!.action = { ok in
            outcomes.append(ok)
            if !ok {
                combined.object = nil
                dropped.object = nil
            }
        }
        kept.validate()
        fails = true
        dropped.object!.validate()
        #expect(outcomes == [true, false])
        #expect(weakCombined == nil && weakDropped == nil)
        kept.validate()
        #expect(kept.isOn && outcomes == [true, false])
    }

    @Test("Many switches on one field, some failing: the verdict is always the first failure in registration order")
    func verdictOrderAcrossManySwitches() {
        let field = ObservableTextField()
        field.addRule(Condition("length", requirement: "be at most 8") { $0.count <= 8 })
        var switches: [ObservableSwitch] = []
        for index in 0..<6 {
            let gate = ObservableSwitch()
            field.addSignal(toSwitch: gate) { text in !text.contains(Character("\(index)")) }
            switches.append(gate)
        }
        for text in ["abc", "a3", "a35", "a531", "123456789", "x5", ""] {
            field.text.value = text
            let expected: Verdict
            if text.count > 8 {
                expected = field.rules.verdict.value
            } else {
                expected = switches.first { !$0.isOn }?.verdict.value ?? .valid
            }
            #expect(field.verdict.value == expected, "\(text): \(field.verdict.value)")
            for (index, gate) in switches.enumerated() {
                #expect(gate.isOn == !text.contains(Character("\(index)")), "\(text): switch \(index)")
            }
        }
    }

    @Test("A waiting submit whose closure's capture sets the text when freed by the next edit: no access conflict")
    func pendingSubmitReleasedByEdit() async {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        field.addRule(Condition("no-g", requirement: "not start with g") { !$0.hasPrefix("g") })
        field.addAsyncCheck(AsyncCheck("free", message: "is taken") { $0 != "root" })
        field.text.value = "ada"
        do {
            let capture = Noisy { [weak field] in field?.text.value = "corrected" }
            field.submit { _ in _ = capture }
        }
        #expect(field.hasPendingSubmit)
        field.text.value = "grace"   // drops the waiting submit; its capture edits the text
        #expect(field.text.value == "corrected")
        // The verdict describes "corrected" (its check is pending), not the replaced "grace" (which fails no-g).
        #expect(field.verdict.value.isPending, "\(field.verdict.value)")
        #expect(!field.hasPendingSubmit)
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(field.verdict.value == .valid)
    }

    @Test("A field freed inside a textDidChange delivery that another field's edit started: no trap, nothing kept")
    func fieldFreedInsideOtherFieldsDelivery() {
        let first = ObservableTextField()
        let box = Box(ObservableTextField())
        weak let weakSecond = box.object
        box.object!.addRule(.nonEmpty)
        box.object!.text <~ first.text
        first.textDidChange.observe { text in if text == "bye" { box.object = nil } }
        box.object!.textDidChange.observe { text in if text == "bye" { box.object = nil } }
        first.text.value = "hello"
        #expect(box.object?.text.value == "hello")
        first.text.value = "bye"
        #expect(weakSecond == nil)
        first.text.value = "again"
        #expect(first.text.observerCount == 0)
    }

    // MARK: - Size

    @Test("100,000 observers each setting one value in a delivery: one queue, every value delivered in order")
    func hugeFanOutIntoOneValue() {
        let source = Dynamic(0)
        let sink = Dynamic(0, deliversDuplicates: true)
        var seen: [Int] = []
        seen.reserveCapacity(100_000)
        sink.bind { seen.append($0) }
        for index in 0..<100_000 {
            source.bind { [weak sink] value in sink?.value = value * 100_000 + index }
        }
        source.value = 1
        #expect(seen.count == 100_000)
        #expect(seen == Array((0..<100_000).map { 100_000 + $0 }))
        #expect(sink.value == 100_000 + 99_999)
    }

    @Test("A long queue on one value that grows while it drains: every observer sees every value in order")
    func longQueueWithArrivals() {
        let value = Dynamic<Int>(0, deliversDuplicates: true)
        var first: [Int] = [], second: [Int] = []
        value.bind { [weak value] number in
            first.append(number)
            // Every 1,000th value queues two more behind everything waiting.
            if number > 0 && number % 1_000 == 0 && number < 50_000 {
                value?.value = -number
                value?.value = -number - 1
            }
        }
        value.bind { second.append($0) }
        let trigger = Dynamic(0)
        trigger.bind { [weak value] _ in
            for number in 1...20_000 { value?.value = number }
        }
        trigger.value = 1
        #expect(first == second)
        #expect(first.count == 20_000 + 40)
        #expect(Array(first.prefix(20_000)) == Array(1...20_000))
        #expect(first.last == -20_001)
        #expect(value.value == -20_001)
    }
}
