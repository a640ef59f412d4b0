// SPDX-License-Identifier: Apache-2.0
/// A token for one observer or binding; `cancel()` ends it.
///
/// Tokens do not cancel when they are deallocated: an observer lives as long as what it observes, a binding
/// made with `<~` as long as its target. Keep the token only to end one early.
///
/// ```swift
/// let name = Dynamic("")
/// let token = name.bind { print("name is now", $0) }
/// name.value = "Ada"      // prints "name is now Ada"
/// token.cancel()
/// name.value = "Grace"    // prints nothing
/// ```
/// - note: Cancelling during a delivery is safe; the cancelled observer is not called again, even for the
///   value being delivered if it has not reached that observer yet. A cancelled token keeps nothing alive.
@MainActor
public final class Subscription {
    private var onCancel: ((Subscription) -> Void)?

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { onCancel == nil }

    @usableFromInline
    init(_ onCancel: @escaping () -> Void) {
        self.onCancel = { _ in onCancel() }
    }

    /// A token whose cancel action is handed the token itself (so it can remove it from where it is kept).
    @usableFromInline init(handingItself onCancel: @escaping (Subscription) -> Void) {
        self.onCancel = onCancel
    }

    /// A token that does nothing when cancelled, for combinators that have nothing to undo.
    public static func empty() -> Subscription {
        let token = Subscription {}
        token.onCancel = nil
        return token
    }

    /// Ends the observer or binding. Cancelling twice does nothing.
    public func cancel() {
        guard let action = onCancel else { return }
        onCancel = nil
        action(self)
    }

    /// Combines several tokens into one that cancels them all.
    ///
    /// ```swift
    /// let both = Subscription.all([a.bind { _ in }, b.bind { _ in }])
    /// both.cancel()
    /// ```
    public static func all(_ subscriptions: [Subscription]) -> Subscription {
        Subscription { for s in subscriptions { s.cancel() } }
    }
}

@available(*, unavailable, message: "Switchboard's objects belong to the main actor")
extension Subscription: Sendable {}

/// A bag that cancels the subscriptions it holds when it is deallocated.
///
/// ```swift
/// final class ViewModel {
///     let bag = SubscriptionBag()
///     init(name: Dynamic<String>) { name.bind { print($0) }.store(in: bag) }
/// }
/// ```
@MainActor
public final class SubscriptionBag {
    private var subscriptions: [Subscription] = []

    /// An empty bag.
    public init() {}

    /// Adds a subscription to be cancelled with the bag.
    public func insert(_ subscription: Subscription) {
        subscriptions.removeAll { $0.isCancelled }
        subscriptions.append(subscription)
    }

    /// Cancels every subscription now and empties the bag.
    public func cancelAll() {
        let all = subscriptions
        subscriptions.removeAll()
        for s in all { s.cancel() }
    }

    isolated deinit {
        for s in subscriptions { s.cancel() }
    }
}

@available(*, unavailable, message: "Switchboard's objects belong to the main actor")
extension SubscriptionBag: Sendable {}

extension Subscription {
    /// Stores the subscription in a bag that cancels it when the bag goes away.
    public func store(in bag: SubscriptionBag) {
        bag.insert(self)
    }
}
