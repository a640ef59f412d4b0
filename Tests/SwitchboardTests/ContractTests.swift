// SPDX-License-Identifier: Apache-2.0
import Testing
import Switchboard

/// Each test is one sentence of the README's "Contract" section.
@Suite("Core contract")
struct ContractTests {
    @Test("Delivery is synchronous and in subscription order")
    func synchronousInOrder() {
        let value = Dynamic(0)
        var log: [String] = []
        value.bind { log.append("first \($0)") }
        value.bind { log.append("second \($0)") }
        value.bind { log.append("third \($0)") }
        value.value = 1
        #expect(log == ["first 1", "second 1", "third 1"])
        value.value = 2
        #expect(log.suffix(3) == ["first 2", "second 2", "third 2"])
    }

    @Test("A value set inside an observer is delivered after the current delivery, in the same order to all")
    func reentrantSetIsQueued() {
        let value = Dynamic(0)
        var first: [Int] = []
        var second: [Int] = []
        var depth = 0
        var maxDepth = 0
        value.bind { [weak value] v in   // weak: an observer holding its own value would form a cycle
            depth += 1
            maxDepth = max(maxDepth, depth)
            first.append(v)
            if v < 5 { value?.value = v + 1 }  // re-entrant set
            depth -= 1
        }
        value.bind { second.append($0) }
        value.value = 1
        #expect(first == [1, 2, 3, 4, 5])
        #expect(second == [1, 2, 3, 4, 5], "the second observer saw the values out of order")
        #expect(maxDepth == 1, "a re-entrant set was delivered recursively")
        #expect(value.value == 5)
    }

    @Test("Sets on another value from inside an observer are delivered after the current delivery")
    func crossValueSetsQueued() {
        let a = Dynamic(0)
        let b = Dynamic(0)
        var log: [String] = []
        a.bind { v in
            log.append("a1 \(v)")
            b.value = v * 10
            log.append("a1 done")
        }
        a.bind { log.append("a2 \($0)") }
        b.bind { log.append("b \($0)") }
        a.value = 1
        #expect(log == ["a1 1", "a1 done", "a2 1", "b 10"])
    }

    @Test("An Equatable value that did not change is not delivered again")
    func equatableDeduplicated() {
        let value = Dynamic("x")
        var count = 0
        value.bind { _ in count += 1 }
        value.value = "x"
        #expect(count == 0)
        value.value = "y"
        value.value = "y"
        #expect(count == 1)
        let ticks = Dynamic(0, deliversDuplicates: true)
        var tickCount = 0
        ticks.bind { _ in tickCount += 1 }
        ticks.value = 0
        ticks.value = 0
        #expect(tickCount == 2)
    }

    @Test("Equatable values are de-duplicated even when created in a generic context")
    func genericContextDeduplicates() {
        func make<T>(_ v: T) -> Dynamic<T> { Dynamic(v) }
        let value = make(3)
        var count = 0
        value.bind { _ in count += 1 }
        value.value = 3
        #expect(count == 0)
    }

    @Test("A two-way pair settles with both sides equal (the seed's text field <-> text view mirror)")
    func twoWaySettles() {
        let field = Dynamic("a")
        let view = Dynamic("b")
        var fieldDeliveries = 0
        field.bind { _ in fieldDeliveries += 1 }
        field <~> view
        #expect(field.value == "b" && view.value == "b")
        field.value = "typed in the field"
        #expect(view.value == "typed in the field")
        view.value = "typed in the view"
        #expect(field.value == "typed in the view")
        #expect(fieldDeliveries == 3, "each change reaches the field once")
    }

    @Test("A 3-cycle of bindings settles with all sides equal")
    func threeCycleSettles() {
        let a = Dynamic(1), b = Dynamic(2), c = Dynamic(3)
        a <~ b
        b <~ c
        c <~ a
        #expect(a.value == b.value && b.value == c.value)
        b.value = 42
        #expect(a.value == 42 && c.value == 42)
        c.value = 7
        #expect(a.value == 7 && b.value == 7)
    }

    @Test("target <~ source delivers the current value at once, then every change")
    func bindingDeliversCurrentThenChanges() {
        let source = Dynamic("now")
        let target = Dynamic("")
        target <~ source
        #expect(target.value == "now")
        source.value = "later"
        #expect(target.value == "later")
    }

    @Test("A binding holds its target weakly and ends when the target is deallocated")
    func bindingEndsWithTarget() {
        let source = Dynamic(0)
        weak var weakTarget: Dynamic<Int>?
        do {
            let target = Dynamic(-1)
            weakTarget = target
            target <~ source
            #expect(source.observerCount == 1)
        }
        #expect(weakTarget == nil, "the binding kept its target alive")
        #expect(source.observerCount == 0)
        source.value = 5  // must not crash
    }

    @Test("A binding ends when its source is deallocated")
    func bindingEndsWithSource() {
        let target = Dynamic(0)
        weak var weakSource: Dynamic<Int>?
        do {
            let source = Dynamic(9)
            weakSource = source
            target <~ source
        }
        #expect(weakSource == nil, "the binding kept its source alive")
        target.value = 3
        #expect(target.value == 3)
    }

    @Test("A binding ends when its token is cancelled")
    func bindingEndsWithToken() {
        let source = Dynamic(1)
        let target = Dynamic(0)
        let token = target <~ source
        token.cancel()
        source.value = 2
        #expect(target.value == 1)
        #expect(token.isCancelled)
    }

    @Test("Owner-scoped observers disappear when the owner is deallocated")
    func ownerScopedObservers() {
        final class Label { var text = "" }
        let name = Dynamic("Ada")
        var label: Label? = Label()
        weak let weakLabel = label
        name.bindAndFire(owner: label!) { label, value in label.text = value }
        #expect(label?.text == "Ada")
        label = nil
        #expect(weakLabel == nil, "the observer kept its owner alive")
        name.value = "Grace"  // no crash, nobody called
        #expect(name.observerCount == 0)
        let signal = Signal<Int>()
        var owner: Label? = Label()
        signal.observe(owner: owner!) { label, v in label.text = "\(v)" }
        owner = nil
        signal.send(1)
        #expect(signal.observerCount == 0)
    }

    @Test("Closure binders scoped to an owner end with the owner")
    func binderEndsWithOwner() {
        final class Status { var shown: [Bool] = [] }
        let on = Dynamic(false)
        var status: Status? = Status()
        Binder(status!) { status, value in status.shown.append(value) } <~ on
        on.value = true
        #expect(status?.shown == [false, true])
        status = nil
        on.value = false
        #expect(on.observerCount == 0)
    }

    @Test("Removing an observer during delivery is safe and it is not called again")
    func removeDuringDelivery() {
        let value = Dynamic(0)
        var log: [String] = []
        var second: Subscription?
        value.bind { v in
            log.append("first \(v)")
            second?.cancel()
        }
        second = value.bind { log.append("second \($0)") }
        value.bind { log.append("third \($0)") }
        value.value = 1
        value.value = 2
        #expect(log == ["first 1", "third 1", "first 2", "third 2"])
        #expect(value.observerCount == 2)
    }

    @Test("An observer may cancel itself and subscribe others while being delivered to")
    func subscribeDuringDelivery() {
        let value = Dynamic(0)
        var log: [Int] = []
        var token: Subscription?
        token = value.bind { v in
            token?.cancel()
            value.bind { log.append($0 * 100) }
        }
        value.value = 1
        value.value = 2
        #expect(log == [200])
    }

    @Test("A chain of 100,000 <~ links propagates a change without stack overflow")
    func longChain() {
        let links = (0..<100_000).map { _ in Dynamic(0) }
        for i in 1..<links.count { links[i] <~ links[i - 1] }
        links[0].value = 7
        #expect(links[links.count - 1].value == 7)
        links[0].value = 8
        #expect(links[links.count - 1].value == 8)
    }

    @Test("Signals deliver every event, re-entrant sends queued in order")
    func signalsQueue() {
        let signal = Signal<Int>()
        var a: [Int] = []
        var b: [Int] = []
        signal.observe { [weak signal] v in a.append(v); if v < 3 { signal?.send(v + 1) } }
        signal.observe { b.append($0) }
        signal.send(1)
        signal.send(1)
        #expect(a == [1, 2, 3, 1, 2, 3])
        #expect(b == a)
    }
}
