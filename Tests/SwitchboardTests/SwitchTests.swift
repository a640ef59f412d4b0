// SPDX-License-Identifier: Apache-2.0
import Testing
import Switchboard
import SwitchboardTesting

/// The seed article's ObservableSwitch, mode by mode, through the headless field.
@Suite("ObservableSwitch")
struct SwitchTests {
    /// A field with one switch whose signal is "text == NguyenPhong", as in the seed.
    func seedField(_ mode: BoolState, trigger: Trigger = .level) -> (ObservableTextField, ObservableSwitch) {
        let field = ObservableTextField()
        let target = ObservableSwitch(mode, trigger: trigger)
        field.addSignal(toSwitch: target) { text in text == "NguyenPhong" }
        return (field, target)
    }

    let edits = ["N", "NguyenPhong", "NguyenPhong!", "NguyenPhong", "Nguyen"]

    @Test(".anyState fires on every validation with the outcome")
    func anyState() {
        let (field, target) = seedField(.anyState)
        #expect(SwitchRecorder(target).feed(field, edits: edits).fired == [false, true, false, true, false])
    }

    @Test(".onlyTrue fires only when every signal passes")
    func onlyTrue() {
        let (field, target) = seedField(.onlyTrue)
        #expect(SwitchRecorder(target).feed(field, edits: edits).fired == [true, true])
    }

    @Test(".onlyFalse fires only when a signal fails")
    func onlyFalse() {
        let (field, target) = seedField(.onlyFalse)
        #expect(SwitchRecorder(target).feed(field, edits: edits).fired == [false, false, false])
    }

    @Test("Level-triggered modes fire on each matching validation, edge-triggered only on a flip")
    func edgeTriggered() {
        let (field, level) = seedField(.onlyFalse)
        let edge = ObservableSwitch(.onlyFalse, trigger: .edge)
        field.addSignal(toSwitch: edge) { text in text == "NguyenPhong" }
        let levelRun = SwitchRecorder(level)
        let edgeRun = SwitchRecorder(edge).feed(field, edits: ["a", "ab", "abc", "NguyenPhong", "x", "xy"])
        #expect(levelRun.fired == [false, false, false, false, false])
        #expect(edgeRun.fired == [false, false])
    }

    @Test("Validation is an AND that stops at the first failure and names it")
    func stopsAtFirstFailure() {
        let target = ObservableSwitch(.anyState)
        var evaluated: [String] = []
        target.addSignal("one", message: "must pass one") { evaluated.append("one"); return true }
        target.addSignal("two", message: "must pass two") { evaluated.append("two"); return false }
        target.addSignal("three", message: "must pass three") { evaluated.append("three"); return true }
        let verdict = target.validate()
        #expect(evaluated == ["one", "two"])
        #expect(verdict == .invalid("two", "must pass two"))
        #expect(target.verdict.value == verdict)
        #expect(!target.isOn)
    }

    @Test("A condition that throws is an undecided failure with the error's text, not a crash")
    func throwingPredicate() {
        struct Unreachable: Error, CustomStringConvertible { var description: String { "server unreachable" } }
        let target = ObservableSwitch(.onlyFalse)
        var fired: [Bool] = []
        target.action = { fired.append($0) }
        target.addSignal(Condition<Int>("remote") { _ in throw Unreachable() }, on: { 1 })
        let verdict = target.validate()
        #expect(verdict == .undecided("remote", "server unreachable"))
        #expect(verdict.isUndecided && !verdict.isValid)
        #expect(fired == [false])
    }

    @Test("addSignal(toSwitch:) registers a switch once however often it is called")
    func registerOnce() {
        let field = ObservableTextField()
        let target = ObservableSwitch(.anyState)
        var fired = 0
        target.action = { _ in fired += 1 }
        field.addSignal(toSwitch: target) { true }
        // Weak captures: a signal that held its own field strongly would form a cycle (field -> switch -> signal).
        field.addSignal(toSwitch: target) { [weak field] in !(field?.text.value.isEmpty ?? true) }
        field.addSignal(toSwitch: target) { [weak field] in (field?.text.value.count ?? 0) < 10 }
        field.text.value = "abc"
        #expect(fired == 1, "one edit validated the switch \(fired) times")
        #expect(target.signalCount == 3)
        field.text.value = ""
        #expect(target.verdict.value.failure?.name == "signal 2")
    }

    @Test("One edit is one validation and one textDidChange; setting the same text is no edit")
    func oneEditOneValidation() {
        let field = ObservableTextField()
        field.addRule(.nonEmpty)
        var changes: [String] = []
        var verdictsWhenChanged: [Bool] = []
        field.textDidChange.observe { text in
            changes.append(text)
            verdictsWhenChanged.append(field.verdict.value.isValid)
        }
        let run = SwitchRecorder(field.rules)
        field.text.value = "a"
        field.text.value = "a"
        field.text.value = ""
        #expect(changes == ["a", ""])
        #expect(verdictsWhenChanged == [true, false], "textDidChange must see the fresh verdict")
        #expect(run.verdicts == [.valid, .invalid("required", "must not be empty")])
    }

    @Test("The switch state is observable and bindable")
    func stateIsBindable() {
        let field = ObservableTextField()
        let gmail = ObservableSwitch(.anyState)
        field.addSignal(toSwitch: gmail, Condition("gmail", requirement: "contain \"@gmail.com\"") {
            $0.contains("@gmail.com")
        })
        let checkmark = Dynamic(false)
        checkmark <~ gmail
        var labels: [String] = []
        Binder { labels.append($0.isValid ? "✓" : "✗ \($0.failure!.message)") } <~ gmail.verdict
        field.text.value = "ada"
        field.text.value = "ada@gmail.com"
        #expect(checkmark.value == true)
        #expect(labels == ["✓", "✗ must contain \"@gmail.com\"", "✓"])
    }

    @Test("all and any combine switches and follow their validations")
    func combinations() {
        let email = ObservableTextField()
        let password = ObservableTextField()
        let emailOK = ObservableSwitch()
        let passwordOK = ObservableSwitch()
        email.addSignal(toSwitch: emailOK, Condition("at", requirement: "contain @") { $0.contains("@") })
        password.addSignal(toSwitch: passwordOK, Condition("long", requirement: "be 8+ characters") { $0.count >= 8 })
        let both = ObservableSwitch.all([emailOK, passwordOK])
        let either = ObservableSwitch.any([emailOK, passwordOK])
        let bothRun = SwitchRecorder(both)
        email.text.value = "a@b"
        password.text.value = "short"
        #expect(!both.isOn)
        #expect(both.verdict.value == .invalid("long", "must be 8+ characters"))
        #expect(either.isOn)
        password.text.value = "long enough"
        #expect(both.isOn)
        email.text.value = "nope"
        password.text.value = "tiny"
        #expect(!either.isOn)
        #expect(either.verdict.value.failure?.message == "must contain @, or must be 8+ characters")
        #expect(bothRun.fired.count == 5, "the combined switch validates once per child validation")
    }
}

@Suite("Predicates")
struct PredicateTests {
    let contains = Condition<String>("contains", requirement: "contain \"@example.com\"") {
        $0.contains("@example.com")
    }

    @Test("Negation reads naturally")
    func negation() {
        #expect((!contains).check("a@example.com") == .invalid("not contains", "must not contain \"@example.com\""))
        #expect((!contains).check("a@acme.com").isValid)
        #expect((!(!contains)).message == "must contain \"@example.com\"")
    }

    @Test("&& reports the first failing part; || says either; custom messages win")
    func composition() {
        let short = Condition<String>("short", requirement: "be at most 5 characters") { $0.count <= 5 }
        let both = contains && short
        #expect(both.check("x").failure?.message == "must contain \"@example.com\"")
        #expect(both.check("a@example.com").failure?.message == "must be at most 5 characters")
        let either = contains || short
        #expect(either.check("a long value").failure?.message
            == "must contain \"@example.com\" or be at most 5 characters")
        #expect(either.check("abc").isValid)
        #expect(both.message("Use a short work address").check("x").failure?.message == "Use a short work address")
    }

    @Test("pullback keeps the inner failure")
    func pullback() {
        struct User { var name: String }
        let named = Condition<String>.nonEmpty.pullback { (user: User) in user.name }
        #expect(named.check(User(name: "")).failure?.message == "must not be empty")
        #expect(named.check(User(name: "Ada")).isValid)
    }
}

@Suite("Operators")
struct OperatorTests {
    @Test("combineLatest(pw, confirm).map(==) tracks both sides")
    func confirmMatches() {
        let password = Dynamic("")
        let confirm = Dynamic("")
        let matches = Dynamic(false)
        matches <~ combineLatest(password, confirm).map(==)
        #expect(matches.value == true)
        password.value = "secret"
        #expect(matches.value == false)
        confirm.value = "secret"
        #expect(matches.value == true)
    }

    @Test("map, filter and removeDuplicates")
    func mapFilterDedupe() {
        let email = Dynamic("ada@example.com")
        let user = email.map { String($0.prefix { $0 != "@" }) }
        #expect(user.value == "ada")
        email.value = "grace@navy.mil"
        #expect(user.value == "grace")
        var long: [String] = []
        email.filter { $0.count > 12 }.observe { long.append($0) }
        email.value = "a@b.c"
        email.value = "someone@somewhere.org"
        #expect(long == ["someone@somewhere.org"])
        let signal = Signal<Int>()
        var seen: [Int] = []
        signal.removeDuplicates().observe { seen.append($0) }
        for v in [1, 1, 2, 2, 1] { signal.send(v) }
        #expect(seen == [1, 2, 1])
        let byLength = email.removeDuplicates { $0.count == $1.count }
        var lengths: [Int] = []
        byLength.bind { lengths.append($0.count) }
        email.value = "x@y.z"
        email.value = "q@r.s"
        #expect(lengths == [5])
    }

    @Test("A derived default follows its source: username.default <~ email.map(localPart)")
    func derivedDefault() {
        let email = ObservableTextField()
        let usernameDefault = Dynamic("")
        usernameDefault <~ email.text.map { String($0.prefix { $0 != "@" }) }
        email.text.value = "nguyen@example.com"
        #expect(usernameDefault.value == "nguyen")
    }
}
