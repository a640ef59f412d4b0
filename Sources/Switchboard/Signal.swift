/// A stream of events with no current value: `textDidChange`, `submitted`, a switch's validations.
///
/// ```swift
/// let submitted = Signal<String>()
/// submitted.observe { print("submitted", $0) }
/// submitted.send("ada@example.com")   // prints "submitted ada@example.com"
/// ```
///
/// Delivery follows the same contract as `Dynamic` (synchronous, in subscription order, re-entrant sends
/// queued), except that every event is delivered: a signal has no value to compare with.
/// - note: A `Signal` is not thread-safe: use each object graph from one thread at a time.
public final class Signal<Value> {
    @usableFromInline let observers = ObserverList<Value>()

    /// A signal with no observers yet.
    ///
    /// ```swift
    /// let submitted = Signal<String>()
    /// submitted.observe { print("submitted", $0) }
    /// submitted.send("ada")
    /// ```
    public init() {}

    deinit {
        observers.ownerWillDeinit()
    }

    /// Sends an event to every observer.
    @inlinable public func send(_ value: Value) {
        observers.send(value)
    }

    /// The number of observers still subscribed.
    public var observerCount: Int { observers.count }

    /// Observes every event from now on.
    ///
    /// ```swift
    /// let token = field.textDidChange.observe { print("now", $0) }
    /// token.cancel()
    /// ```
    @discardableResult
    public func observe(_ observer: @escaping (Value) -> Void) -> Subscription {
        subscribe(owner: nil, observer)
    }

    /// Observes events for as long as `owner` lives.
    ///
    /// ```swift
    /// field.textDidChange.observe(owner: label) { label, text in label.text = text }
    /// ```
    @discardableResult
    public func observe<Owner: AnyObject>(owner: Owner, _ observer: @escaping (Owner, Value) -> Void) -> Subscription {
        // The list calls an owned observer only after checking that its owner is alive.
        subscribe(owner: owner) { [unowned owner] value in observer(owner, value) }
    }

    @usableFromInline
    func subscribe(owner: AnyObject?, _ observer: @escaping (Value) -> Void) -> Subscription {
        let id = observers.add(owner: owner, observer)
        return Subscription { [observers] in observers.remove(id) }
    }
}

extension Signal where Value == Void {
    /// Sends an event with no payload.
    public func send() { send(()) }
}

