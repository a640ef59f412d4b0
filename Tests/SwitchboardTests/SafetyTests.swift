// SPDX-License-Identifier: Apache-2.0
import Testing
import Switchboard

/// The engine under hostile-but-ordinary user code: objects dropped from inside their own callbacks, derived
/// values thrown away, bindings made and cancelled in loops. Run under AddressSanitizer with leak detection in
/// CI (`make test-sanitized`): each test must also end with no ASan or LSan report.
@Suite("Safety and lifetimes")
struct SafetyTests {
    final class Screen { var field: ObservableTextField? = ObservableTextField() }

    @Test("A switch action that drops its own field (and switch) while firing is safe; the binding ends with it")
    func actionDropsItsField() {
        let screen = Screen(), source = Dynamic("")
        weak let weakField = screen.field
        var fired = 0
        do {
            let done = ObservableSwitch(.onlyTrue)
            screen.field!.addSignal(toSwitch: done) { _ in true }
            done.action = { _ in
                fired += 1
                screen.field = nil
            }
            screen.field!.text <~ source
        }
        source.value = "x"
        #expect(fired == 1)
        #expect(screen.field == nil && weakField == nil)
        source.value = "y"   // the binding ended with its target: nothing runs, nothing is touched
        #expect(fired == 1)
        #expect(source.observerCount == 0)
    }

    @Test("An observer that drops the Dynamic it observes, mid-delivery, leaves the rest of the delivery intact")
    func observerDropsItsDynamic() {
        final class Holder { var value: Dynamic<Int>? = Dynamic(0) }
        let holder = Holder()
        var seen: [String] = []
        holder.value!.bind { _ in seen.append("first"); holder.value = nil }
        holder.value!.bind { seen.append("second \($0)") }
        holder.value!.value = 1
        #expect(seen == ["first", "second 1"])
        #expect(holder.value == nil)
    }

    @Test("A switch signal that drops its field while being validated is safe")
    func signalDropsItsField() {
        let screen = Screen()
        let check = ObservableSwitch()
        screen.field!.addSignal(toSwitch: check) { text in
            screen.field = nil
            return text == "ok"
        }
        screen.field!.text.value = "ok"
        #expect(screen.field == nil)
        #expect(check.isOn)
    }

    @Test("removeDuplicates (and every operator) on a value nobody keeps: no trap, nothing left on the source")
    func discardedDerivedValues() {
        let name = Dynamic("a")
        _ = name.removeDuplicates { $0.count == $1.count }
        _ = name.map { $0.uppercased() }
        _ = name.filter { !$0.isEmpty }
        _ = combineLatest(name, Dynamic(1)).map { "\($0)\($1)" }
        _ = name.filter { _ in true }.map { $0 }.removeDuplicates()
        name.value = "bb"
        #expect(name.observerCount == 0)
    }

    @Test("1,000 bindings made and cancelled leave at most one observer on the source, and work meanwhile")
    func rebindLoop() {
        let text = Dynamic(""), preview = Dynamic("")
        for i in 0..<1_000 {
            let token = preview <~ text.map { $0.uppercased() }
            text.value = "v\(i)"
            #expect(preview.value == "V\(i)")
            token.cancel()
        }
        #expect(text.observerCount <= 1)
        #expect(text.observerCount == 0)
        text.value = "after"
        #expect(preview.value == "V999")
    }

    @Test("A derived value observed with a discarded token keeps working; cancelling lets it go")
    func derivedLivesWhileObserved() {
        let text = Dynamic("a")
        var lengths: [Int] = []
        let token = text.map(\.count).bind { lengths.append($0) }
        text.value = "abc"
        text.value = "ab"
        #expect(lengths == [3, 2])
        #expect(text.observerCount == 1)
        token.cancel()
        #expect(text.observerCount == 0)
        text.value = "abcd"
        #expect(lengths == [3, 2])
    }

    @Test("label <~ combineLatest(a, b).map(f) works without storing anything, and ends with the label")
    func bindingKeepsDerivedChainAlive() {
        let a = Dynamic("p"), b = Dynamic("p")
        var label: Dynamic<Bool>? = Dynamic(false)
        weak let weakLabel = label
        label! <~ combineLatest(a, b).map(==)
        #expect(label!.value)
        b.value = "q"
        #expect(label!.value == false)
        label = nil
        #expect(weakLabel == nil)
        a.value = "z"
        #expect(a.observerCount == 0 && b.observerCount == 0)
    }

    @Test("An owner-scoped observer whose owner is gone is never called and costs nothing after the next change")
    func ownerScopedPruned() {
        final class Owner {}
        let rarely = Dynamic(0)
        var calls = 0
        var owner: Owner? = Owner()
        rarely.bind(owner: owner!) { _, _ in calls += 1 }
        owner = nil
        #expect(rarely.observerCount == 0)
        rarely.value = 1
        #expect(calls == 0)
        // Subscribing again prunes the dead ones too: 1,000 short-lived owners leave nothing behind.
        for _ in 0..<1_000 {
            let temporary = Owner()
            rarely.bind(owner: temporary) { _, _ in calls += 1 }
        }
        rarely.bind(owner: Owner()) { _, _ in }
        rarely.value = 2
        #expect(calls == 0)
        #expect(rarely.observerCount == 0)
    }

    @Test("The README's patterns do not leak: a field, its switches, signals over its text, actions and bindings")
    func documentedPatternsAreFreed() {
        weak var weakField: ObservableTextField?
        weak var weakSwitch: ObservableSwitch?
        weak var weakMirror: ObservableTextField?
        let status = Dynamic("")
        do {
            let field = ObservableTextField()
            let greet = ObservableSwitch(.onlyTrue)
            greet.action = { [weak status] _ in status?.value = "Hello, Phong!" }
            field.addSignal(toSwitch: greet) { text in text == "NguyenPhong" }
            field.addSignal(toSwitch: greet, .nonEmpty)
            field.addRule(!Condition("work", requirement: "end with \"@acme.com\"") { $0.hasSuffix("@acme.com") })
            let mirror = ObservableTextField()
            mirror.text <~> field.text
            status <~ field.text.map { "typed \($0.count)" }
            field.text.value = "NguyenPhong"
            #expect(status.value == "typed 11" || status.value == "Hello, Phong!")
            #expect(mirror.text.value == "NguyenPhong")
            weakField = field
            weakSwitch = greet
            weakMirror = mirror
        }
        #expect(weakField == nil)
        #expect(weakSwitch == nil)
        #expect(weakMirror == nil)
        #expect(status.observerCount == 0)
    }

    @Test("Inside a delivery, a field's verdict describes the text just set")
    func verdictIsCurrentInsideDelivery() {
        let field = ObservableTextField("ada")
        field.addRule(.nonEmpty)
        let trigger = Dynamic(0)
        var seen: [Verdict] = []
        trigger.bind { _ in
            field.text.value = ""
            seen.append(field.verdict.value)
            field.text.value = "grace"
            seen.append(field.verdict.value)
        }
        trigger.value = 1
        #expect(seen.map(\.isValid) == [false, true])
        #expect(seen.first?.failure?.message == "must not be empty")
    }

    @Test("An undecided check stays a failure through !, && and ||, in a switch and on a field")
    func undecidedNeverPasses() {
        struct Limit: Error, CustomStringConvertible { var description: String { "match limit exceeded" } }
        let undecided = Condition<String>("regex") { _ in throw Limit() }
        let yes = Condition<String>("yes") { _ in true }
        let no = Condition<String>("no") { _ in false }
        for composed in [!undecided, undecided && yes, yes && undecided, undecided || no, no || undecided,
                         !(!undecided), (!undecided).message("custom")] {
            let verdict = composed.check("x")
            #expect(!verdict.isValid, "\(composed.name) passed")
            #expect(verdict.isUndecided)
            #expect(verdict.failure?.message == "match limit exceeded")
            #expect(!composed.evaluate("x"))
        }
        // Settled without the undecided part: short-circuit.
        #expect((no && undecided).check("x") == .invalid("no", "must satisfy no"))
        #expect((yes || undecided).check("x").isValid)
        let field = ObservableTextField()
        field.addRule(!undecided)
        field.text.value = "x"
        #expect(field.verdict.value.isUndecided)
    }

    @Test("A 7-field form built, edited and dropped 10,000 times leaves nothing behind")
    func formChurn() {
        let shared = Dynamic("")
        for round in 0..<10_000 {
            let form = TestForm()
            form.bio.text <~ shared.map { "bio: " + $0 }
            form.fill(round)
            #expect(form.allValid.isOn == (round % 3 != 0))
        }
        #expect(shared.observerCount == 0)
    }
}

/// A headless 7-field signup form: rules, a cross-field switch, a derived default and a combined switch.
@MainActor
final class TestForm {
    let email = ObservableTextField(), username = ObservableTextField(), password = ObservableTextField()
    let confirm = ObservableTextField(), age = ObservableTextField(), country = ObservableTextField()
    let bio = ObservableTextField()
    let matches = ObservableSwitch(.anyState)
    let allValid: ObservableSwitch

    init() {
        email.addRule(Condition("email", requirement: "contain @") { $0.contains("@") })
        for field in [username, password, country] { field.addRule(.nonEmpty) }
        age.addRule(Condition("age", requirement: "be a number") { Int($0) != nil })
        bio.addRule(Condition("short", requirement: "be short") { $0.count < 280 })
        confirm.addSignal(toSwitch: matches) { [weak password] text in text == password?.text.value }
        username.text <~ email.text.map { String($0.prefix { $0 != "@" }) }
        let fields = [email, username, password, confirm, age, country, bio]
        allValid = ObservableSwitch.all(fields.map(\.rules) + [matches])
    }

    func fill(_ round: Int) {
        email.text.value = "user\(round)@example.com"
        password.text.value = "secret\(round)"
        confirm.text.value = round % 3 == 0 ? "wrong" : "secret\(round)"
        age.text.value = "\(round % 100)"
        country.text.value = "Vietnam"
        bio.text.value = "Round \(round)"
        matches.validate()
    }
}

/// Tokens hold their observer list strongly (no weak reference, so no side table on a list that every hop of a
/// chain retains); the list lets go of its observers when its owner is deallocated, after what was queued for them.
@Suite("Observer lists outliving their owner")
struct ObserverListLifetimeTests {
    final class Captured {}

    @Test("A token kept after its value is gone holds nothing its observer captured; cancelling it is harmless")
    func tokenOutlivesValue() {
        weak var captured: Captured?
        var token: Subscription?
        do {
            let value = Dynamic(0)
            let object = Captured()
            captured = object
            token = value.bind { [object] _ in _ = object }
            value.value = 1
        }
        #expect(captured == nil)
        token?.cancel()
        #expect(token?.isCancelled == true)
    }

    @Test("A value queued for a Dynamic whose last reference goes before the queue drains still reaches its observers, then they are released")
    func queuedValueReachesObserversOfAFreedValue() {
        final class Holder { var value: Dynamic<Int>? = Dynamic(0) }
        let holder = Holder(), trigger = Dynamic(0)
        weak var captured: Captured?
        var seen: [Int] = []
        do {
            let object = Captured()
            captured = object
            holder.value!.bind { [object] in _ = object; seen.append($0) }
        }
        trigger.bind { _ in
            holder.value!.value = 7   // queued behind this delivery
            holder.value = nil        // the last reference goes before the queue drains
        }
        trigger.value = 1
        #expect(seen == [7])
        #expect(holder.value == nil && captured == nil)
    }

    @Test("An observer that drops the last reference to its value during a queued delivery: the later observers still get it")
    func ownerDroppedDuringQueuedDelivery() {
        final class Holder { var value: Dynamic<Int>? = Dynamic(0) }
        let holder = Holder(), trigger = Dynamic(0)
        var seen: [String] = []
        holder.value!.bind { _ in seen.append("first"); holder.value = nil }
        holder.value!.bind { seen.append("second \($0)") }
        trigger.bind { _ in holder.value!.value = 3 }
        trigger.value = 1
        #expect(seen == ["first", "second 3"])
        #expect(holder.value == nil)
    }
}

@Suite("Switches with many signals")
struct ManySignalsTests {
    @Test("A switch with 100,000 signals validates without deep recursion and names the first that fails")
    func hundredThousandSignals() {
        let field = ObservableTextField()
        let check = ObservableSwitch()
        for index in 0..<100_000 {
            field.addSignal(toSwitch: check, Condition("s\(index)", requirement: "not be \(index)") { $0 != "\(index)" })
        }
        field.text.value = "70000"
        #expect(check.verdict.value.failure?.name == "s70000")
        field.text.value = "ok"
        #expect(check.isOn)
        // One more signal after validating: the next validation includes it.
        field.addSignal(toSwitch: check, Condition("last", requirement: "not be ok") { $0 != "ok" })
        field.text.value = "ok!"
        field.text.value = "ok"
        #expect(check.verdict.value.failure?.name == "last")
    }
}
