// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// A value box that tells its observers when the value changes: the MVVM `Dynamic<T>`.
///
/// ```swift
/// let name = Dynamic("Ada")
/// name.bind { print("changed to", $0) }          // changes from now on
/// name.bindAndFire { print("is", $0) }           // prints "is Ada" now, then every change
/// name.value = "Grace"                           // prints "changed to Grace", "is Grace"
/// ```
///
/// Delivery follows the core contract (README, "Contract"): synchronous and in subscription order; a value
/// set from inside an observer is queued and delivered after the current delivery; an `Equatable` value that
/// did not change is not delivered again, which is what lets cycles of bindings settle.
///
/// - note: Lifetime: a `Dynamic` lives as long as you hold it; its observers live as long as it does (or their
///   owner, or until cancelled); a value derived from it (`map`...) lives while you hold it or it has observers.
///   Like every Switchboard object it belongs to the main actor.
@MainActor
public final class Dynamic<Value> {
    /// The value and what a change of it runs (see `ValueCell`).
    @usableFromInline let cell: ValueCell<Value>
    @usableFromInline var storage: Value { cell.current }
    @usableFromInline var observers: ObserverList<Value> { cell.observers }
    /// Bindings that write into this value (`self <~ source`), ended when this value is deallocated.
    @usableFromInline var inbound: [Subscription] = []
    /// For a derived value: its subscriptions to its upstream values, ended when it is deallocated.
    var upstream: [Subscription] = []

    /// Creates a box holding `value`. If `Value` is `Equatable`, setting an equal value delivers nothing.
    public init(_ value: Value) {
        cell = ValueCell(value, isEqual: equality(for: Value.self))
    }

    /// Creates a box holding an `Equatable` value: setting an equal value delivers nothing.
    @inlinable
    public convenience init(_ value: Value) where Value: Equatable {
        // Inlinable, so `==` is made where `Value` is known (not through the generic witness on every set).
        self.init(storage: value, isEqual: { $0 == $1 })
    }

    @usableFromInline
    init(storage: Value, isEqual: ((Value, Value) -> Bool)?) {
        cell = ValueCell(storage, isEqual: isEqual)
    }

    /// Creates a box whose every change first runs `handler` (see `ValueCell.changeHandler`).
    init(_ value: Value, handler: ValueChangeHandler<Value>) where Value: Equatable {
        cell = ValueCell(value, isEqual: { $0 == $1 }, handler: handler)
    }

    /// Creates a box whose value its owner may leave to be computed when read (see `ValueCell.source`).
    init(_ value: Value, source: @escaping @MainActor () -> Value) where Value: Equatable {
        cell = ValueCell(value, isEqual: { $0 == $1 }, source: source)
    }

    /// Creates a box that delivers every set, even of a value equal to the current one.
    ///
    /// ```swift
    /// let ticks = Dynamic(0, deliversDuplicates: true)
    /// ```
    public init(_ value: Value, deliversDuplicates: Bool) {
        cell = ValueCell(value, isEqual: deliversDuplicates ? nil : equality(for: Value.self))
    }

    isolated deinit {
        for binding in inbound { binding.cancel() }
        for subscription in upstream { subscription.cancel() }
        observers.ownerDidEnd()
    }

    /// The current value. Setting it delivers the new value to every observer (unless it is `Equatable`
    /// and unchanged); reading it inside an observer gives the latest value set.
    public var value: Value {
        @inlinable get { cell.current }
        @inlinable set { cell.set(newValue) }
    }

    /// Whether anything observes the value.
    var isObserved: Bool { observers.isObserved.load(ordering: .relaxed) }

    /// For a value made with a `source`: its owner recorded a new value. Observed, it is stored and delivered
    /// now (if it changed); unobserved, the cell is only marked stale and a read computes it (see
    /// `ValueCell.source`).
    func sourceChanged(_ newValue: @autoclosure () -> Value) where Value: Equatable {
        if isObserved { cell.update(newValue()) } else { cell.markStale() }
    }

    /// The number of observers still subscribed (owner-scoped observers whose owner is gone do not count).
    public var observerCount: Int { observers.count }

    /// Observes changes from now on.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// let token = count.bind { print($0) }
    /// count.value = 1   // prints 1
    /// token.cancel()
    /// ```
    @discardableResult
    public func bind(_ observer: @escaping (Value) -> Void) -> Subscription {
        subscribe(owner: nil, observer)
    }

    /// Delivers the current value now, then every change.
    ///
    /// ```swift
    /// let count = Dynamic(7)
    /// count.bindAndFire { print($0) }   // prints 7 at once
    /// ```
    @discardableResult
    public func bindAndFire(_ observer: @escaping (Value) -> Void) -> Subscription {
        let subscription = subscribe(owner: nil, observer)
        observer(storage)
        return subscription
    }

    /// Observes changes for as long as `owner` lives; the observer is removed once the owner is deallocated.
    ///
    /// ```swift
    /// final class Label { var text = "" }
    /// let label = Label()
    /// name.bind(owner: label) { label, value in label.text = value }
    /// ```
    /// - note: The owner is held weakly and passed to the observer, so the closure need not capture it. An
    ///   observer whose owner is gone is never called and is dropped at the next change.
    @discardableResult
    public func bind<Owner: AnyObject>(owner: Owner, _ observer: @escaping (Owner, Value) -> Void) -> Subscription {
        observers.pruneIfGrown()
        return subscribe(owner: owner) { [weak owner] value in
            if let owner { observer(owner, value) }
        }
    }

    /// `bind(owner:_:)` for a binding that lasts as long as `owner` and is never cancelled: no `Subscription` is
    /// made for it (a form binds five per field, and made and dropped ten objects per field).
    /// Inlinable, so that it is specialized where it is called (a generic call from another module reads the
    /// owner's type metadata at run time).
    @inlinable
    package func observe<Owner: AnyObject>(owner: Owner, _ observer: @escaping (Owner, Value) -> Void) {
        observers.pruneIfGrown()
        cell.refreshIfStale()
        _ = observers.add(owner: owner) { [weak owner] value in
            if let owner { observer(owner, value) }
        }
    }

    /// Like `bind(owner:_:)`, and delivers the current value at once.
    @discardableResult
    public func bindAndFire<Owner: AnyObject>(owner: Owner, _ observer: @escaping (Owner, Value) -> Void) -> Subscription {
        let subscription = bind(owner: owner, observer)
        observer(owner, storage)
        return subscription
    }

    /// Observes while `owner` (if any) lives, with no current value delivered: the building block of `<~`.
    @usableFromInline
    func subscribe(owner: AnyObject?, _ observer: @escaping (Value) -> Void) -> Subscription {
        // Observed values are published as they change (see `ValueCell.source`): the next one is compared with
        // the value as it is now.
        cell.refreshIfStale()
        let id = observers.add(owner: owner, observer)
        return Subscription { [observers] in observers.remove(id) }
    }

    /// Makes this a value derived from `source`: `update` runs on each of the source's changes while this
    /// value is alive, and this value is kept alive through the source while it has observers.
    func follow<Source>(_ source: Dynamic<Source>, _ update: @escaping (Dynamic, Source) -> Void) {
        upstream.append(source.subscribe(owner: nil, observers.keepAliveLink(for: self).forwarding(update)))
    }
}

@available(*, unavailable, message: "Switchboard's objects belong to the main actor")
extension Dynamic: Sendable {}

/// A `Dynamic`'s value, its observers and what a change runs, in an object of its own: the `Dynamic` holds it,
/// and so, strongly, does each `<~` binding that writes into it. A binding's target is the `Dynamic`, held weakly
/// (the binding ends when it is deallocated), but a weak reference gives its object a side table, which makes every
/// retain and release of that object slower, and loading it costs a call: a binding that reached its target
/// through one paid both at every hop of a chain. The cell is never referenced weakly. Benchmark row:
/// `make bench-instructions`, 100-link chain.
@MainActor @usableFromInline
final class ValueCell<Value> {
    @usableFromInline var storage: Value
    @usableFromInline let observers = ObserverList<Value>()
    /// Whether two values are equal; nil when every set is delivered (`Value` not `Equatable`, or asked for).
    @usableFromInline let isEqual: ((Value, Value) -> Bool)?
    /// Runs synchronously on every change, before any observer: a field validates here, so its verdict
    /// describes its text even when the text was set inside a delivery. A `let`, so a change calls it without
    /// retaining it (a closure in a `var` was copied out, a retain and a release, on every edit). Benchmark row:
    /// `make bench-instructions`, 5-predicate validation.
    @usableFromInline let changeHandler: ValueChangeHandler<Value>?
    /// For a value its owner publishes only while it is observed (a switch's or a field's verdict): what it is
    /// now. While nobody observes the value, the owner records each new value in its own state and marks this
    /// cell stale instead of storing and comparing it here, and a read computes it. Benchmark row:
    /// `make bench-instructions`, 5-predicate validation (two verdicts recorded per edit).
    @usableFromInline let source: (@MainActor () -> Value)?
    /// Whether `storage` is out of date (see `source`). An atomic only because a `let` needs no exclusivity
    /// check on every read; every access is from the main actor.
    @usableFromInline let isStale = Atomic<Bool>(false)

    @usableFromInline
    init(_ value: Value, isEqual: ((Value, Value) -> Bool)?, handler: ValueChangeHandler<Value>? = nil,
         source: (@MainActor () -> Value)? = nil) {
        storage = value
        self.isEqual = isEqual
        changeHandler = handler
        self.source = source
    }

    /// The value now (computed from `source` if stale).
    @inlinable
    var current: Value {
        refreshIfStale()
        return storage
    }

    /// Stores the value `source` computes, if stale.
    @inlinable
    func refreshIfStale() {
        if isStale.load(ordering: .relaxed) { refresh() }
    }

    @usableFromInline
    func refresh() {
        isStale.store(false, ordering: .relaxed)
        guard let source else { return }
        var value = source()
        swap(&storage, &value)
        keepUntilHere(value)
    }

    /// The owner recorded a new value in its own state (see `source`).
    func markStale() { isStale.store(true, ordering: .relaxed) }

    /// Stores `newValue` and delivers it, unless it is equal to the value stored.
    @inlinable
    func set(_ newValue: Value) {
        replace(with: newValue) { old, new in isEqual?(old, new) == true }
    }

    /// `set` for the engine's own `Equatable` values (verdicts): `==` is called directly, not through the stored
    /// closure (copying it out costs a retain and a release on every validation).
    func update(_ newValue: Value) where Value: Equatable {
        replace(with: newValue) { old, new in old == new }
    }

    /// Stores `newValue`, runs the change handler and delivers the value, unless `isUnchanged` says it equals
    /// the value stored.
    @inlinable @inline(__always)
    func replace(with newValue: Value, unchangedIf isUnchanged: (Value, Value) -> Bool) {
        // One access to the storage, which inlinable code has checked at run time (~75 instructions each): the
        // new value goes in and the old one comes out together. The old value is released only after the
        // delivery: its deinit may read or set this value (releasing it inside the store was a simultaneous
        // access, a trap). Benchmark row: `make bench-instructions`, one observer.
        refreshIfStale()
        var old = newValue
        swap(&storage, &old)
        if isUnchanged(old, newValue) {
            // Unchanged: the value that was there stays (an equal value may be another object).
            swap(&storage, &old)
            return
        }
        if changeHandler?.changed(newValue) == false {
            return keepUntilHere(old)
        }
        observers.send(newValue)
        keepUntilHere(old)
    }
}

/// What a value runs on each change before its observers (a field's validation). It returns false when the
/// value was set again while it ran (an action or a `textDidChange` observer rewrote the text): that newer value
/// has been delivered already, so the one it replaced is not.
@MainActor @usableFromInline
class ValueChangeHandler<Value> {
    @usableFromInline init() {}
    @usableFromInline func changed(_ newValue: Value) -> Bool { true }
}

extension Dynamic: @MainActor CustomStringConvertible {
    public var description: String { "Dynamic(\(storage))" }
}

/// `==` for `Value` when it is `Equatable` at run time, whatever the static context knows.
func equality<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    return openedEquality(equatable, as: Value.self)
}

private func openedEquality<E: Equatable, Value>(_: E.Type, as _: Value.Type) -> (Value, Value) -> Bool {
    { lhs, rhs in
        guard let lhs = lhs as? E, let rhs = rhs as? E else { return false }
        return lhs == rhs
    }
}

/// Keeps `value` alive until this call. Not isolated: a closure formed in main-actor code and handed to
/// `withExtendedLifetime` is checked to run on the main actor every time it runs.
@inlinable @inline(__always)
nonisolated func keepUntilHere<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
