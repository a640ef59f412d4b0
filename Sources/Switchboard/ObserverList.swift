/// One observer of a `Dynamic` or `Signal`.
@MainActor @usableFromInline
final class Observer<Value> {
    @usableFromInline let callback: (Value) -> Void
    @usableFromInline let id: UInt64
    /// Whether the observer is owner-scoped (`bind(owner:)`): it is dropped once `owner` is gone.
    @usableFromInline let isOwned: Bool
    @usableFromInline weak var owner: AnyObject?
    /// Cleared by `cancel()`; the list drops inactive observers when it is not delivering.
    @usableFromInline var isActive = true

    init(id: UInt64, owner: AnyObject?, callback: @escaping (Value) -> Void) {
        self.id = id
        self.isOwned = owner != nil
        self.owner = owner
        self.callback = callback
    }

    /// Whether the observer is still to be called: not cancelled, and its owner (if any) alive.
    var isLive: Bool { isActive && (!isOwned || owner != nil) }
}

/// The observers of one `Dynamic` or `Signal`, called in subscription order, and the values queued for them.
///
/// Observers may subscribe and cancel while a delivery runs: cancelling only marks the observer inactive, and
/// the list drops it after the delivery, so the loop's indices stay valid. Every reference is an ordinary
/// strong or weak one: an observer being called is held by the loop, a list with a queued value is held by
/// the queue.
@MainActor @usableFromInline
final class ObserverList<Value>: PendingDelivery {
    @usableFromInline var observers: ContiguousArray<Observer<Value>> = []
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var isDelivering = false
    @usableFromInline var needsCompaction = false
    /// Values queued behind the current delivery: `pending[pendingHead...]`.
    @usableFromInline var pending: ContiguousArray<Value> = []
    @usableFromInline var pendingHead = 0
    /// For a derived value: what keeps it alive while it has observers (see `KeepAlive`).
    @usableFromInline weak var keepAlive: (any KeepAliveSwitch)?

    @usableFromInline override init() {}

    /// The number of live observers (owner-scoped ones whose owner is gone do not count).
    var count: Int { observers.reduce(0) { $1.isLive ? $0 + 1 : $0 } }

    /// Adds an observer; with an owner, the observer is called only while the owner lives and is dropped after.
    @usableFromInline
    func add(owner: AnyObject?, _ callback: @escaping (Value) -> Void) -> UInt64 {
        nextID &+= 1
        observers.append(Observer(id: nextID, owner: owner, callback: callback))
        if observers.count == 1 { keepAlive?.setHeld(true) }
        return nextID
    }

    func remove(_ id: UInt64) {
        guard let index = observers.firstIndex(where: { $0.id == id }) else { return }
        if isDelivering {
            observers[index].isActive = false
            needsCompaction = true
        } else {
            observers.remove(at: index)
            if observers.isEmpty { keepAlive?.setHeld(false) }
        }
    }

    /// Delivers `value` now if no delivery is running, else queues it behind the current one.
    @inlinable
    func send(_ value: Value) {
        if observers.isEmpty { return }
        let queue = DeliveryQueue.shared
        if queue.isDelivering {
            pending.append(value)
            queue.entries.append(self)
        } else {
            queue.runOutermost { deliver(value) }
        }
    }

    @usableFromInline
    override func deliverOldestPending() {
        let value = pending[pendingHead]
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: pending.capacity <= 1024)
            pendingHead = 0
        }
        deliver(value)
    }

    /// Calls each observer that was subscribed when the delivery started, in subscription order.
    @inlinable
    func deliver(_ value: Value) {
        let count = observers.count
        if count == 0 { return }
        // Deliveries never nest (a send during one is queued), so a flag is enough.
        isDelivering = true
        var index = 0
        while index < count {
            let observer = observers[index]
            if observer.isActive {
                if observer.isOwned && observer.owner == nil {
                    observer.isActive = false
                    needsCompaction = true
                } else {
                    observer.callback(value)
                }
            }
            index += 1
        }
        isDelivering = false
        if needsCompaction { compact() }
    }

    /// Drops the observers that were cancelled or whose owner is gone.
    @usableFromInline
    func compact() {
        needsCompaction = false
        // Taken out first: dropping an observer releases its closure, which can run deinits that cancel
        // observers of this very list.
        var dropped: ContiguousArray<Observer<Value>> = []
        observers.removeAll { observer in
            if observer.isActive { return false }
            dropped.append(observer)
            return true
        }
        if observers.isEmpty { keepAlive?.setHeld(false) }
        dropped.removeAll()
    }

    /// Drops owner-scoped observers whose owner is gone (and cancelled ones), when no delivery is running.
    func prune() {
        guard !isDelivering else { return }
        for observer in observers where observer.isOwned && observer.owner == nil { observer.isActive = false }
        if observers.contains(where: { !$0.isActive }) { compact() }
    }
}

/// Switches a derived value's keep-alive reference on while it has observers.
@MainActor @usableFromInline
protocol KeepAliveSwitch: AnyObject {
    func setHeld(_ held: Bool)
}

/// What a derived value's upstream observers reach it through. A derived value (`map`, `filter`,
/// `combineLatest`...) is held strongly through its upstream while it has observers of its own, so
/// `label <~ name.map { ... }` works without storing the mapped value, and only weakly while it has none, so a
/// derived value nobody observes or holds is freed at once (and its upstream observer with it).
@MainActor @usableFromInline
final class KeepAlive<Target: AnyObject>: KeepAliveSwitch {
    @usableFromInline weak var target: Target?
    @usableFromInline var strongTarget: Target?

    init(_ target: Target) { self.target = target }

    @usableFromInline
    func setHeld(_ held: Bool) { strongTarget = held ? target : nil }

    /// The derived value, if it is alive.
    @inlinable var current: Target? { strongTarget ?? target }
}
