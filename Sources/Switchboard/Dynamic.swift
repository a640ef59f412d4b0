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
/// - note: A `Dynamic` is not thread-safe: use each object graph from one thread at a time.
public final class Dynamic<Value> {
    @exclusivity(unchecked) @usableFromInline var storage: Value
    @usableFromInline let observers = ObserverList<Value>()
    /// Whether two values are equal (always false when `Value` is not `Equatable` or duplicates are
    /// delivered). It takes pointers so that comparing copies nothing: a closure over `Value` itself is
    /// stored generically and would copy (retain) both values through a thunk on every set.
    @usableFromInline let isEqual: (UnsafePointer<Value>, UnsafePointer<Value>) -> Bool
    /// Bindings that write into this value (`self <~ source`), ended when this value is deallocated so
    /// their observers can hold it without a weak reference (weak references slow every retain down).
    @exclusivity(unchecked) @usableFromInline var inbound: [Subscription] = []
    /// Counts the sets that changed the value, so a reader can tell cheaply whether a value it read earlier
    /// is still current (a switch reads a field's text once for all its predicates).
    @exclusivity(unchecked) @usableFromInline var version: UInt = 0

    /// Creates a box holding `value`. If `Value` is `Equatable`, setting an equal value delivers nothing.
    public init(_ value: Value) {
        storage = value
        isEqual = equality(for: Value.self) ?? neverEqual
    }

    /// Creates a box holding an `Equatable` value: setting an equal value delivers nothing.
    @inlinable
    public convenience init(_ value: Value) where Value: Equatable {
        self.init(storage: value, isEqual: { $0.pointee == $1.pointee })
    }

    @usableFromInline
    init(storage: Value, isEqual: @escaping (UnsafePointer<Value>, UnsafePointer<Value>) -> Bool) {
        self.storage = storage
        self.isEqual = isEqual
    }

    /// Creates a box that delivers every set, even of a value equal to the current one.
    ///
    /// ```swift
    /// let ticks = Dynamic(0, deliversDuplicates: true)
    /// ```
    public init(_ value: Value, deliversDuplicates: Bool) {
        storage = value
        isEqual = deliversDuplicates ? neverEqual : equality(for: Value.self) ?? neverEqual
    }

    /// The current value. Setting it delivers the new value to every observer (unless it is `Equatable`
    /// and unchanged); reading it inside an observer gives the latest value set.
    public var value: Value {
        @inlinable get { storage }
        @inlinable set {
            let unchanged = withUnsafePointer(to: &storage) { old in
                withUnsafePointer(to: newValue) { new in isEqual(old, new) }
            }
            if unchanged { return }
            storage = newValue
            version &+= 1
            observers.send(newValue)
        }
    }

    /// Sets a value the caller has already found different from the current one (for callers that compare
    /// more cheaply than through `isEqual`, such as a switch comparing verdicts).
    @inlinable
    func setChanged(_ newValue: Value) {
        storage = newValue
        version &+= 1
        observers.send(newValue)
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
    /// - note: The owner is held weakly and passed to the observer, so the closure need not capture it.
    @discardableResult
    public func bind<Owner: AnyObject>(owner: Owner, _ observer: @escaping (Owner, Value) -> Void) -> Subscription {
        // The list calls an owned observer only after checking that its owner is alive.
        subscribe(owner: owner) { [unowned owner] value in observer(owner, value) }
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
        let id = observers.add(owner: owner, observer)
        return Subscription { [observers] in observers.remove(id) }
    }

    deinit {
        for binding in inbound { binding.cancel() }
        observers.ownerWillDeinit()
    }
}

extension Dynamic: CustomStringConvertible {
    public var description: String { "Dynamic(\(storage))" }
}

/// `==` for `Value` when it is `Equatable` at run time, whatever the static context knows.
func equality<Value>(for type: Value.Type) -> ((UnsafePointer<Value>, UnsafePointer<Value>) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    return openedEquality(equatable, as: Value.self)
}

private func openedEquality<E: Equatable, Value>(_: E.Type, as _: Value.Type)
    -> (UnsafePointer<Value>, UnsafePointer<Value>) -> Bool
{
    { lhs, rhs in
        UnsafeRawPointer(lhs).assumingMemoryBound(to: E.self).pointee
            == UnsafeRawPointer(rhs).assumingMemoryBound(to: E.self).pointee
    }
}

/// The equality of values that are always delivered.
private func neverEqual<Value>(_: UnsafePointer<Value>, _: UnsafePointer<Value>) -> Bool { false }
