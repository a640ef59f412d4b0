// SPDX-License-Identifier: Apache-2.0
import Synchronization

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
/// - note: Lifetime: as `Dynamic`. A signal derived with `map`, `filter` or `removeDuplicates` lives while
///   you hold it or it has observers.
@MainActor
public final class Signal<Value> {
    @usableFromInline let observers = ObserverList<Value>()
    /// For a derived signal: its subscription to its upstream, ended when it is deallocated.
    var upstream: [Subscription] = []

    /// A signal with no observers yet.
    ///
    /// ```swift
    /// let submitted = Signal<String>()
    /// submitted.observe { print("submitted", $0) }
    /// submitted.send("ada")
    /// ```
    public init() {}

    isolated deinit {
        for subscription in upstream { subscription.cancel() }
        observers.ownerDidEnd()
    }

    /// Sends an event to every observer.
    @inlinable public func send(_ value: Value) {
        observers.send(value)
    }

    /// The number of observers still subscribed.
    public var observerCount: Int { observers.count }

    /// Whether anything observes the signal (so a sender can skip building an event nobody reads).
    @inlinable var hasObservers: Bool { observers.isObserved.load(ordering: .relaxed) }

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
        observers.pruneIfGrown()
        return subscribe(owner: owner) { [weak owner] value in
            if let owner { observer(owner, value) }
        }
    }

    @usableFromInline
    func subscribe(owner: AnyObject?, _ observer: @escaping (Value) -> Void) -> Subscription {
        let id = observers.add(owner: owner, observer)
        return Subscription { [observers] in observers.remove(id) }
    }

    /// Makes this a signal derived from `source` (see `Dynamic.follow`).
    func follow<Source>(_ source: Signal<Source>, _ update: @escaping (Signal, Source) -> Void) {
        upstream.append(source.subscribe(owner: nil, observers.keepAliveLink(for: self).forwarding(update)))
    }

    /// Makes this a signal derived from the changes of `source`.
    func follow<Source>(_ source: Dynamic<Source>, _ update: @escaping (Signal, Source) -> Void) {
        upstream.append(source.subscribe(owner: nil, observers.keepAliveLink(for: self).forwarding(update)))
    }
}

@available(*, unavailable, message: "Switchboard's objects belong to the main actor")
extension Signal: Sendable {}

extension Signal where Value == Void {
    /// Sends an event with no payload.
    public func send() { send(()) }
}
