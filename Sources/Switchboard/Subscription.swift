/// A token for one observer or binding; `cancel()` ends it.
///
/// Tokens do not cancel on deinit: a binding made with `<~` lives as long as both of its ends, so most
/// code can ignore the token. Keep it when you need to end a binding early.
///
/// ```swift
/// let name = Dynamic("")
/// let token = name.bind { print("name is now", $0) }
/// name.value = "Ada"      // prints "name is now Ada"
/// token.cancel()
/// name.value = "Grace"    // prints nothing
/// ```
/// - note: Cancelling during a delivery is safe; the cancelled observer is not called again, even for the
///   value being delivered if it has not reached that observer yet.
public final class Subscription {
    private var onCancel: (() -> Void)?

    /// Whether `cancel()` has been called (or the subscription was made inert).
    public private(set) var isCancelled = false

    @usableFromInline
    init(_ onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// A token that does nothing when cancelled, for combinators that have nothing to undo.
    public static func empty() -> Subscription {
        Subscription {}
    }

    /// Ends the observer or binding. Cancelling twice does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let action = onCancel
        onCancel = nil
        action?()
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

/// A bag that cancels the subscriptions it holds when it is deallocated.
///
/// ```swift
/// final class ViewModel {
///     let bag = SubscriptionBag()
///     init(name: Dynamic<String>) { name.bind { print($0) }.store(in: bag) }
/// }
/// ```
public final class SubscriptionBag {
    private var subscriptions: [Subscription] = []

    /// An empty bag.
    public init() {}

    /// Adds a subscription to be cancelled with the bag.
    public func insert(_ subscription: Subscription) {
        subscriptions.append(subscription)
    }

    /// Cancels every subscription now and empties the bag.
    public func cancelAll() {
        let all = subscriptions
        subscriptions.removeAll()
        for s in all { s.cancel() }
    }

    deinit {
        for s in subscriptions { s.cancel() }
    }
}

extension Subscription {
    /// Stores the subscription in a bag that cancels it when the bag goes away.
    public func store(in bag: SubscriptionBag) {
        bag.insert(self)
    }
}
