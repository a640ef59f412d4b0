// SPDX-License-Identifier: Apache-2.0
import Testing
import Switchboard

/// The fast core (values in cells that bindings hold, tokens that hold their observer list, a list's first
/// queued value in a slot of its own, switches compiled into trees of closures, a field's edit in an object of
/// its own) under hostile user code, through the public API only. Each test asserts what the README's
/// "Contract" and "Lifetimes" say; weak references check that nothing outlives its owner, and the sanitizer run
/// (`make test-sanitized`) checks memory and leaks.
@Suite("Hostile fast core")
struct HostileFastCoreTests {
    /// A reference the test can let go of from inside a callback.
    final class Box<T: AnyObject> {
        var object: T?
        init(_ object: T) { self.object = object }
    }

    // MARK: - <~ bindings and the cells they write into

    @Test("A binding's target dropped by an earlier observer of the same delivery is not written, and leaves the source")
    func targetDroppedByEarlierObserver() {
        let source = Dynamic(0)
        let box = Box(Dynamic(-1))
        weak let weakTarget = box.object
        var targetSaw: [Int] = []
        source.bind { value in if value == 2 { box.object = nil } }
        box.object!.bind { targetSaw.append($0) }
        box.object! <~ source
        source.value = 1
        source.value = 2
        source.value = 3
        #expect(weakTarget == nil)
        #expect(targetSaw == [0, 1], "\(targetSaw)")
        #expect(source.observerCount == 1, "the binding must leave the source with its target")
    }

    @Test("A target that drops itself from its own observer: the binding ends, nothing is kept, later sets reach nothing")
    func targetDropsItselfInItsDelivery() {
        let source = Dynamic("a")
        let box = Box(Dynamic(""))
        weak let weakTarget = box.object
        var seen: [String] = []
        box.object!.bind { text in
            seen.append(text)
            if text == "b" { box.object = nil }
        }
        let token = box.object! <~ source
        source.value = "b"
        #expect(weakTarget == nil)
        source.value = "c"
        #expect(seen == ["a", "b"])
        #expect(source.observerCount == 0)
        token.cancel()   // after its target is gone: nothing happens
        #expect(token.isCancelled)
    }

    @Test("Bindings made and cancelled in a loop, and inside deliveries, leave nothing on either side")
    func bindingsChurn() {
        let source = Dynamic(0)
        let target = Dynamic(0)
        for index in 0..<10_000 {
            let token = target <~ source
            source.value = index
            token.cancel()
        }
        #expect(source.observerCount == 0)
        #expect(target.value == 9_999)
        source.value = -5
        #expect(target.value == 9_999, "a cancelled binding still wrote")

        // Made inside one delivery of the source, cancelled inside the next.
        var tokens: [Subscription] = []
        source.bind { [weak source, weak target] value in
            guard let source, let target else { return }
            if value % 2 == 0 {
                tokens.append(target <~ source)
            } else {
                for token in tokens { token.cancel() }
                tokens.removeAll()
            }
        }
        for value in 0..<1_000 { source.value = value * 2 + (value % 2) }
        source.value = 1
        #expect(source.observerCount == 1, "only the loop's own observer is left")
        #expect(target.value == 1_996)
    }

    @Test("A binding made inside a delivery takes the source's latest value and ends with it")
    func bindingMadeMidDelivery() {
        let source = Dynamic(0)
        let target = Dynamic(-1)
        var targetSaw: [Int] = []
        target.bind { targetSaw.append($0) }
        var bound = false
        source.bind { [weak source, weak target] value in
            guard let source, let target, value == 1, !bound else { return }
            bound = true
            source.value = 2   // queued
            source.value = 3   // queued behind it
            target <~ source
        }
        source.value = 1
        #expect(target.value == 3, "\(targetSaw)")
        #expect(target.value == source.value)
    }

    @Test("A binding cancelled by an earlier observer is not called for the value in flight")
    func bindingCancelledMidDelivery() {
        let source = Dynamic(0)
        let target = Dynamic(0)
        var token: Subscription?
        source.bind { value in if value == 1 { token?.cancel() } }
        token = target <~ source
        source.value = 1
        #expect(target.value == 0)
        #expect(source.observerCount == 1)
    }

    @Test("<~ whose first delivery drops the source or the target: the binding ends when the call returns, nothing is kept")
    func bindingFirstDeliveryDropsAnEnd() {
        let target = Dynamic(0)
        let sourceBox = Box(Dynamic(5))
        weak let weakSource = sourceBox.object
        let dropSource = target.bind { value in if value == 5 { sourceBox.object = nil } }
        target <~ sourceBox.object!
        dropSource.cancel()
        #expect(weakSource == nil)
        #expect(target.value == 5)
        target.value = 6
        #expect(target.observerCount == 0)

        let source = Dynamic(7)
        let targetBox = Box(Dynamic(0))
        weak let weakTarget = targetBox.object
        targetBox.object!.bind { value in if value == 7 { targetBox.object = nil } }
        targetBox.object! <~ source
        #expect(weakTarget == nil)
        #expect(source.observerCount == 0)
        source.value = 8
    }

    @Test("A 3-cycle of <~ settles, and dropping its members (one of them mid-delivery) frees every one")
    func bindingCycle() {
        var a: Dynamic<Int>? = Dynamic(1)
        var b: Dynamic<Int>? = Dynamic(2)
        var c: Dynamic<Int>? = Dynamic(3)
        weak let weakA = a
        weak let weakB = b
        weak let weakC = c
        a! <~ b!
        b! <~ c!
        c! <~ a!
        #expect(a!.value == b!.value && b!.value == c!.value)
        for value in 10..<200 {
            [a!, b!, c!][value % 3].value = value
            #expect(a!.value == value && b!.value == value && c!.value == value)
        }
        // b is dropped by an observer of a, while the change goes round the cycle.
        a!.bind { value in if value == 500 { b = nil } }
        a!.value = 500
        #expect(weakB == nil)
        #expect(c!.value == 500)
        a!.value = 501
        #expect(c!.value == 501, "a still writes into c")
        c!.value = 7
        #expect(a!.value == 501, "c <~ b is gone with b")
        a = nil
        c = nil
        #expect(weakA == nil && weakC == nil)
    }

    @Test("A two-way pair whose left side is dropped by its own observer: the other side lives on, unbound")
    func twoWayPairSideDropped() {
        let right = Dynamic("r")
        let box = Box(Dynamic("l"))
        weak let weakLeft = box.object
        box.object! <~> right
        box.object!.bind { text in if text == "drop" { box.object = nil } }
        right.value = "drop"
        #expect(weakLeft == nil)
        right.value = "after"
        #expect(right.observerCount == 0)
        #expect(right.value == "after")
    }

    @Test("A field freed while its text is bound from a live source: field, verdict and rules are freed; the binding ends with the text")
    func fieldFreedWhileBound() {
        let source = Dynamic("ok")
        weak var weakField: ObservableTextField?
        weak var weakText: Dynamic<String>?
        weak var weakVerdict: Dynamic<Verdict>?
        weak var weakRules: ObservableSwitch?
        do {
            let field = ObservableTextField()
            field.addRule(.nonEmpty)
            let extra = ObservableSwitch(.onlyFalse)
            field.addSignal(toSwitch: extra) { text in text != "bad" }
            field.text <~ source
            source.value = "bad"
            #expect(!field.verdict.value.isValid)
            weakField = field
            weakText = field.text
            weakVerdict = field.verdict
            weakRules = field.rules
        }
        #expect(weakField == nil && weakText == nil && weakVerdict == nil && weakRules == nil)
        #expect(source.observerCount == 0)
        source.value = "later"
    }

    @Test("A field freed while someone holds its bound text: the text still follows the source and validates nothing")
    func fieldFreedTextHeld() {
        let source = Dynamic("a")
        var checked: [String] = []
        let text: Dynamic<String>
        weak var weakField: ObservableTextField?
        do {
            let field = ObservableTextField()
            field.addRule(named: "log") { value in checked.append(value); return .valid }
            field.text <~ source
            text = field.text
            weakField = field
        }
        #expect(weakField == nil)
        var seen: [String] = []
        text.bind { seen.append($0) }
        source.value = "b"
        #expect(text.value == "b")
        #expect(seen == ["b"])
        #expect(checked == ["a"], "a freed field's rules ran: \(checked)")
    }

    @Test("A field dropped by its own rule while a bound source writes into it: no trap, nothing kept, source unbound")
    func fieldDroppedInsideBoundWrite() {
        let source = Dynamic("start")
        let box = Box(ObservableTextField())
        weak let weakField = box.object
        box.object!.addRule(named: "dropper") { text in
            if text == "drop" { box.object = nil }
            return .valid
        }
        box.object!.text <~ source
        source.value = "drop"
        #expect(weakField == nil)
        source.value = "after"
        #expect(source.observerCount == 0)
    }

    // MARK: - Values whose deinit reaches back

    @Test("Values whose deinit sets and reads Dynamics, carried by a binding: every observer sees the same order")
    func valueDeinitsThroughBindings() {
        let source = Dynamic<Noisy?>(nil, deliversDuplicates: true)
        let mirror = Dynamic<Noisy?>(nil, deliversDuplicates: true)
        let log = Dynamic(0)
        var logSeen: [Int] = []
        log.bind { logSeen.append($0) }
        var first: [Bool] = [], second: [Bool] = []
        mirror.bind { first.append($0 != nil) }
        mirror <~ source
        mirror.bind { second.append($0 != nil) }
        for index in 1...50 {
            source.value = Noisy { [weak mirror] in
                // Reads the mirror (it holds the newer value by now) and counts.
                _ = mirror?.value
                log.value = index
            }
        }
        source.value = nil
        #expect(mirror.value == nil)
        #expect(first.suffix(second.count) == second[...], "\(first) \(second)")
        #expect(logSeen == Array(1...50), "\(logSeen)")
    }

    @Test("Values queued behind each other whose deinits set the same value again: nothing lost, same order everywhere")
    func queuedValueDeinitsRequeue() {
        let holder = Dynamic<Noisy?>(nil, deliversDuplicates: true)
        var first: [Int] = [], second: [Int] = []
        var freed = 0
        var tags: [ObjectIdentifier: Int] = [:]
        holder.bind { first.append($0.map { tags[ObjectIdentifier($0)] ?? -1 } ?? 0) }
        holder.bind { second.append($0.map { tags[ObjectIdentifier($0)] ?? -1 } ?? 0) }
        weak var weakLast: Noisy?
        let trigger = Dynamic(0)
        trigger.bind { [weak holder] _ in
            guard let holder else { return }
            for index in 1...5 {
                let noisy = Noisy { [weak holder] in
                    freed += 1
                    if index == 1 || index == 4 { holder?.value = nil }
                }
                tags[ObjectIdentifier(noisy)] = index
                holder.value = noisy
                if index == 5 { weakLast = noisy }
            }
        }
        trigger.value = 1
        #expect(first == second, "\(first) vs \(second)")
        #expect(Array(first.prefix(5)) == [1, 2, 3, 4, 5], "\(first)")
        #expect(first.last == 0 && holder.value == nil)
        #expect(freed == 5 && weakLast == nil)
    }

    @Test("Old values whose deinit drops the Dynamic they were replaced in, directly and from its queue: delivered, then freed")
    func oldValueDeinitDropsHolder() {
        let box = Box(Dynamic<Noisy?>(nil))
        weak let weakHolder = box.object
        var seen: [Bool] = []
        box.object!.bind { seen.append($0 != nil) }
        box.object!.value = Noisy { box.object = nil }
        box.object!.value = nil
        #expect(seen == [true, false])
        #expect(weakHolder == nil)

        // The same from a queue: the first value's deinit drops the Dynamic while three more wait for it.
        let queued = Box(Dynamic<Noisy?>(nil, deliversDuplicates: true))
        weak let weakQueued = queued.object
        var queuedSeen: [Int] = []
        var tags: [ObjectIdentifier: Int] = [:]
        queued.object!.bind { queuedSeen.append($0.map { tags[ObjectIdentifier($0)] ?? -1 } ?? 0) }
        let trigger = Dynamic(0)
        trigger.bind { _ in
            for index in 1...4 {
                let noisy = Noisy { if index == 1 { queued.object = nil } }
                tags[ObjectIdentifier(noisy)] = index
                queued.object?.value = noisy
            }
        }
        trigger.value = 1
        #expect(weakQueued == nil)
        #expect(queuedSeen == [1, 2, 3, 4], "\(queuedSeen)")
    }

    @Test("A Dynamic dropped with values queued for it: its observers get them all, then let go of what they hold")
    func ownerDroppedWithQueue() {
        let box = Box(Dynamic(0))
        var seen: [Int] = []
        weak var weakCapture: Noisy?
        do {
            let capture = Noisy()
            weakCapture = capture
            box.object!.bind { value in _ = capture; seen.append(value) }
        }
        let trigger = Dynamic(0)
        trigger.bind { _ in
            box.object!.value = 1
            box.object!.value = 2
            box.object!.value = 3
            box.object = nil
        }
        trigger.value = 1
        #expect(seen == [1, 2, 3])
        #expect(weakCapture == nil, "the freed Dynamic's observer is still held")
    }

    @Test("A Dynamic dropped by its own observer while more values wait: delivered in order, then freed with its observers")
    func ownerDropsItselfWithQueue() {
        let box = Box(Dynamic(0))
        weak let weakDynamic = box.object
        var first: [Int] = [], second: [Int] = []
        weak var weakCapture: Noisy?
        do {
            let capture = Noisy()
            weakCapture = capture
            box.object!.bind { value in
                _ = capture
                first.append(value)
                if value == 1 {
                    box.object?.value = 2
                    box.object?.value = 3
                    box.object?.value = 4
                    box.object = nil
                }
            }
            box.object!.bind { second.append($0) }
        }
        box.object!.value = 1
        #expect(weakDynamic == nil)
        #expect(first == [1, 2, 3, 4] && second == first, "\(first) \(second)")
        #expect(weakCapture == nil)
    }

    @Test("A token kept after its value died keeps only an empty list: the observer's captures are freed")
    func tokenOutlivesValue() {
        var token: Subscription?
        weak var weakCapture: Noisy?
        do {
            let value = Dynamic(0)
            let capture = Noisy()
            weakCapture = capture
            token = value.bind { _ in _ = capture }
        }
        #expect(weakCapture == nil)
        token?.cancel()
        #expect(token?.isCancelled == true)
    }

    @Test("An observer that holds its own token (a cycle through the list) is freed with its value")
    func observerHoldsItsToken() {
        weak var weakCapture: Noisy?
        do {
            let value = Dynamic(0)
            let capture = Noisy()
            weakCapture = capture
            final class TokenBox { var token: Subscription? }
            let tokenBox = TokenBox()
            tokenBox.token = value.bind { _ in _ = capture; _ = tokenBox }
            value.value = 1
        }
        #expect(weakCapture == nil, "token -> list -> observer -> token outlived the value")
    }

    // MARK: - Signals

    @Test("Re-entrant sends on a Signal: every observer sees every event in the same order")
    func reentrantSignalSends() {
        let signal = Signal<Int>()
        var first: [Int] = [], second: [Int] = [], third: [Int] = []
        signal.observe { first.append($0) }
        signal.observe { [weak signal] value in
            second.append(value)
            if value < 4 {
                signal?.send(value * 10)
                signal?.send(value * 10 + 1)
            }
        }
        signal.observe { third.append($0) }
        signal.send(1)
        #expect(first == [1, 10, 11], "\(first)")
        #expect(second == first && third == first)
        signal.send(2)
        #expect(first == [1, 10, 11, 2, 20, 21])
    }

    @Test("A Signal dropped from its own observer with events queued: they are delivered, then its observers go")
    func signalDroppedWithQueue() {
        let box = Box(Signal<String>())
        weak let weakSignal = box.object
        var seen: [String] = []
        weak var weakCapture: Noisy?
        do {
            let capture = Noisy()
            weakCapture = capture
            box.object!.observe { event in
                _ = capture
                seen.append(event)
                if event == "first" {
                    box.object?.send("second")
                    box.object?.send("third")
                    box.object = nil
                }
            }
        }
        box.object!.send("first")
        #expect(weakSignal == nil)
        #expect(seen == ["first", "second", "third"])
        #expect(weakCapture == nil)
    }

    @Test("A Binder bound to a signal that dies: the bound value's binding and the binder's captures go with it")
    func signalSourceDies() {
        let target = Dynamic("")
        weak var weakCapture: Noisy?
        do {
            let signal = Signal<String>()
            let capture = Noisy()
            weakCapture = capture
            target <~ signal
            Binder<String> { _ in _ = capture } <~ signal
            signal.send("x")
        }
        #expect(target.value == "x")
        #expect(weakCapture == nil)
    }

    // MARK: - Derived values

    @Test("A map and a combineLatest dropped by an earlier observer of their source: not called for the value in flight, freed")
    func derivedDroppedMidDelivery() {
        let source = Dynamic(1)
        let other = Dynamic("x")
        var tokens: [Subscription] = []
        var mappedSaw: [Int] = [], combinedSaw: [String] = []
        weak var weakMapped: Dynamic<Int>?
        source.bind { value in
            if value == 3 { for token in tokens { token.cancel() } }
        }
        do {
            let mapped = source.map { $0 * 2 }
            weakMapped = mapped
            tokens.append(mapped.bind { mappedSaw.append($0) })
            let combined = combineLatest(source, other).map { "\($0)\($1)" }
            tokens.append(combined.bind { combinedSaw.append($0) })
        }
        source.value = 2
        other.value = "y"
        source.value = 3
        source.value = 4
        #expect(mappedSaw == [4])
        #expect(combinedSaw == ["2x", "2y"])
        #expect(weakMapped == nil)
        #expect(source.observerCount == 1 && other.observerCount == 0)
    }

    @Test("A derived value whose only observer drops its source mid-delivery: everything in the chain is freed")
    func derivedDropsItsSource() {
        let box = Box(Dynamic(0))
        weak let weakSource = box.object
        var seen: [String] = []
        let label = Dynamic("")
        label <~ box.object!.map { "n\($0)" }.filter { $0 != "n2" }
        label.bind { text in
            seen.append(text)
            if text == "n3" { box.object = nil }
        }
        box.object!.value = 1
        box.object!.value = 2
        box.object!.value = 3
        #expect(weakSource == nil)
        #expect(seen == ["n1", "n3"])
        #expect(label.value == "n3")
    }
}
