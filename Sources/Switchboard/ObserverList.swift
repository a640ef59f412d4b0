// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// One observer of a `Dynamic` or `Signal`.
@MainActor @usableFromInline
final class Observer<Value> {
    @usableFromInline let callback: (Value) -> Void
    @usableFromInline let id: UInt64
    /// Whether the observer is owner-scoped (`bind(owner:)`): it is dropped once `owner` is gone.
    @usableFromInline let isOwned: Bool
    @usableFromInline weak var owner: AnyObject?
    /// Cleared by `cancel()`, so a delivery already under way skips the observer. An atomic flag only because
    /// a `let` needs no exclusivity check on every delivery; every access is from the main actor.
    @usableFromInline let isActive = Atomic<Bool>(true)

    init(id: UInt64, owner: AnyObject?, callback: @escaping (Value) -> Void) {
        self.id = id
        self.isOwned = owner != nil
        self.owner = owner
        self.callback = callback
    }

    /// Whether the observer is still to be called: not cancelled, and its owner (if any) alive.
    var isLive: Bool { isActive.load(ordering: .relaxed) && (!isOwned || owner != nil) }
}

/// The observers of one `Dynamic` or `Signal`, called in subscription order, and the values queued for them.
///
/// A delivery walks a snapshot of the observer array (a copy-on-write reference, copied only if the array
/// changes meanwhile), so observers may subscribe and cancel while it runs: a cancelled observer is marked
/// inactive and skipped, a new one waits for the next value. Every reference is an ordinary strong or weak
/// one: an observer being called is held by the snapshot, a list with a queued value is held by the queue.
@MainActor @usableFromInline
final class ObserverList<Value> {
    /// The observers, and the oldest value queued for them, in one stored property: a queued delivery takes both
    /// with one access (see `Slots.takeNext`). Swift checks every access to a generic class's stored property at
    /// run time (~75 instructions), private or not. Benchmark row: `make bench-instructions`, 100-link chain.
    @usableFromInline var slots = Slots()

    @usableFromInline
    struct Slots {
        @usableFromInline var observers: ContiguousArray<Observer<Value>> = []
        /// The oldest value queued behind the current delivery (see `later`).
        @usableFromInline var next: Value?
        @usableFromInline init() {}

        /// Takes the oldest queued value, with the observers to deliver it to.
        @inlinable
        mutating func takeNext() -> (value: Value?, observers: ContiguousArray<Observer<Value>>) {
            var taken: Value?
            swap(&taken, &next)
            return (taken, observers)
        }
    }
    var nextID: UInt64 = 0
    /// Values queued behind the current delivery, oldest first: `slots.next`, then `later[laterHead...]`.
    ///
    /// The oldest waits in a slot of its own, put there and taken out by a `swap` (one access each, with nothing
    /// released inside it): a list rarely has more than one value waiting (each hop of a `<~` chain has one), and
    /// an array queue cost three run-time exclusivity checks and a buffer dance per value. Benchmark row:
    /// `make bench-instructions`, 100-link chain.
    var later: ContiguousArray<Value> = []
    var laterHead = 0
    /// How many values wait in `later` (an atomic `let`: read on every delivery without an exclusivity check).
    @usableFromInline let laterCount = Atomic<Int>(0)
    /// For a derived value: what keeps it alive while it has observers (see `KeepAlive`).
    weak var keepAlive: (any KeepAliveSwitch)?
    /// Whether `observers` is not empty, kept beside it so that a send with no observers (a verdict nobody
    /// watches, on every edit) and `hasObservers` never read the array: reading a class's `var` from inlinable
    /// code is checked for exclusivity at run time (~75 instructions), reading an atomic `let` is one load.
    /// Benchmark row: `make bench-instructions`, 5-predicate validation.
    @usableFromInline let isObserved = Atomic<Bool>(false)
    /// Set when the list's owner was deallocated while values were still queued for its observers: they are
    /// dropped once those values are delivered (see `ownerDidEnd`).
    @usableFromInline let ownerEnded = Atomic<Bool>(false)
    /// Whether `deliver` is walking this list's observers (the owner may be deallocated by one of them).
    @usableFromInline let isCallingObservers = Atomic<Bool>(false)

    /// The trampoline (there is one), held here so a send reads a stored reference instead of calling the lazy
    /// global's initialisation check (`swift_once`) every time. Benchmark row: `make bench-instructions`, one
    /// observer.
    @usableFromInline let queue = DeliveryQueue.shared

    @usableFromInline init() {}

    /// The number of live observers (owner-scoped ones whose owner is gone do not count).
    var count: Int { slots.observers.reduce(0) { $1.isLive ? $0 + 1 : $0 } }

    /// Adds an observer; with an owner, the observer is called only while the owner lives and is dropped after.
    @usableFromInline
    func add(owner: AnyObject?, _ callback: @escaping (Value) -> Void) -> UInt64 {
        nextID &+= 1
        slots.observers.append(Observer(id: nextID, owner: owner, callback: callback))
        isObserved.store(true, ordering: .relaxed)
        if slots.observers.count == 1 { keepAlive?.setHeld(true) }
        return nextID
    }

    func remove(_ id: UInt64) {
        // Observers stay in subscription order, so their ids ascend: a binary search finds one at once (a linear
        // search made cancelling 20,000 tokens newest first take 10 s).
        var low = 0, high = slots.observers.count
        while low < high {
            let middle = (low + high) / 2
            if slots.observers[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < slots.observers.count, slots.observers[low].id == id else { return }
        // Taken out before it is released: releasing a closure can run deinits that touch this list.
        let removed = slots.observers.remove(at: low)
        removed.isActive.store(false, ordering: .relaxed)
        if slots.observers.isEmpty {
            isObserved.store(false, ordering: .relaxed)
            keepAlive?.setHeld(false)
        }
    }

    /// Delivers `value` now if no delivery is running, else queues it behind the current one.
    @inlinable
    func send(_ value: Value) {
        guard isObserved.load(ordering: .relaxed) else { return }
        if queue.isDelivering.load(ordering: .relaxed) {
            enqueue(value)
        } else {
            queue.isDelivering.store(true, ordering: .relaxed)
            deliver(value, to: slots.observers)
            if queue.hasPending.load(ordering: .relaxed) { queue.drain() }
            queue.isDelivering.store(false, ordering: .relaxed)
        }
    }

    @inlinable
    func enqueue(_ value: Value) {
        var incoming: Value? = value
        swap(&slots.next, &incoming)
        if incoming != nil {
            // The slot was taken: the value waiting there stays first, this one queues behind it.
            swap(&slots.next, &incoming)
            if let incoming { queueLater(incoming) }
        }
        // A non-capturing function made here, where `Value` is known: the queue calls specialised code.
        queue.enqueue(.init(list: self) { list in
            (list as! ObserverList<Value>).deliverOldestPending()
        })
    }

    @inlinable
    func deliverOldestPending() {
        let (taken, snapshot) = slots.takeNext()
        if laterCount.load(ordering: .relaxed) > 0 { moveLaterToNext() }
        guard let value = taken else { return }
        deliver(value, to: snapshot)
    }

    /// Queues a value behind the one in `next`.
    @usableFromInline
    func queueLater(_ value: Value) {
        var waiting: ContiguousArray<Value> = []
        swap(&waiting, &later)
        waiting.append(value)
        swap(&waiting, &later)
        laterCount.add(1, ordering: .relaxed)
    }

    /// Moves the oldest value of `later` into the empty `next`.
    @usableFromInline
    func moveLaterToNext() {
        var waiting: ContiguousArray<Value> = []
        swap(&waiting, &later)
        var oldest: Value? = waiting[laterHead]
        laterHead += 1
        laterCount.subtract(1, ordering: .relaxed)
        swap(&slots.next, &oldest)
        if laterHead == waiting.count {
            // Emptied before the delivered values are released: a value's deinit may set this value again
            // (releasing them inside `later`'s mutation was a simultaneous access, a trap).
            laterHead = 0
            waiting.removeAll(keepingCapacity: true)
            if waiting.capacity > 1024 { waiting = [] }
        }
        // Values queued meanwhile (by a deinit above) went into the emptied `later`: they stay behind these.
        if later.isEmpty {
            swap(&waiting, &later)
        } else {
            var meanwhile: ContiguousArray<Value> = []
            swap(&meanwhile, &later)
            waiting.append(contentsOf: meanwhile)
            swap(&waiting, &later)
        }
    }

    /// The value or signal this list belongs to is deallocated: its observers are dropped now, or, when values
    /// are still queued for them, right after those are delivered (as they would have been with the owner alive).
    ///
    /// Tokens hold their list strongly (a weak reference would give the list a side table, making every retain
    /// and release of it slower: a list with a queued value is retained at each hop of a `<~` chain); so the
    /// list may outlive its owner, and this is what lets go of the observers (and what they hold) at the owner's
    /// end. Benchmark row: `make bench-instructions`, 100-link chain.
    func ownerDidEnd() {
        if isCallingObservers.load(ordering: .relaxed) || hasQueuedValues {
            ownerEnded.store(true, ordering: .relaxed)
        } else {
            dropAll()
        }
    }

    /// Whether values wait for delivery to these observers.
    private var hasQueuedValues: Bool { slots.next != nil || laterCount.load(ordering: .relaxed) > 0 }

    /// After a delivery: drops the observers if the owner is gone and nothing more is queued for them.
    @usableFromInline
    func dropIfOwnerEnded() {
        guard !hasQueuedValues else { return }
        ownerEnded.store(false, ordering: .relaxed)
        dropAll()
    }

    /// Drops every observer; they are released after the list is emptied (releasing one can run deinits).
    func dropAll() {
        var gone: ContiguousArray<Observer<Value>> = []
        swap(&gone, &slots.observers)
        isObserved.store(false, ordering: .relaxed)
        for observer in gone { observer.isActive.store(false, ordering: .relaxed) }
        if !gone.isEmpty { keepAlive?.setHeld(false) }
        gone.removeAll()
    }

    /// Calls each observer of `snapshot` that is still active, in subscription order.
    @inlinable
    func deliver(_ value: Value, to snapshot: ContiguousArray<Observer<Value>>) {
        isCallingObservers.store(true, ordering: .relaxed)
        defer {
            isCallingObservers.store(false, ordering: .relaxed)
            if ownerEnded.load(ordering: .relaxed) { dropIfOwnerEnded() }
        }
        var ownerGone = false
        for observer in snapshot where observer.isActive.load(ordering: .relaxed) {
            if observer.isOwned && observer.owner == nil {
                ownerGone = true
            } else {
                observer.callback(value)
            }
        }
        if ownerGone { prune() }
    }

    /// The list's size at which the next owner-scoped subscription prunes (see `pruneIfGrown`).
    var pruneThreshold = 16

    /// Drops the owner-scoped observers whose owner is gone once the list has doubled since the last time, so
    /// subscribing N owner-scoped observers costs O(N), not O(N²) (20,000 rows bound to one value took 21 s),
    /// and dead observers never outnumber the live ones by more than that.
    @usableFromInline
    func pruneIfGrown() {
        guard slots.observers.count >= pruneThreshold else { return }
        prune()
        pruneThreshold = max(16, slots.observers.count * 2)
    }

    /// The keep-alive link of the derived value `owner`, whose observers this list holds; made on first use.
    func keepAliveLink<Owner: AnyObject>(for owner: Owner) -> KeepAlive<Owner> {
        if let existing = keepAlive as? KeepAlive<Owner> { return existing }
        let link = KeepAlive(owner)
        keepAlive = link
        link.setHeld(!slots.observers.isEmpty)
        return link
    }

    /// Drops the owner-scoped observers whose owner is gone.
    @usableFromInline
    func prune() {
        var dropped: ContiguousArray<Observer<Value>> = []
        slots.observers.removeAll { observer in
            guard observer.isOwned && observer.owner == nil else { return false }
            observer.isActive.store(false, ordering: .relaxed)
            dropped.append(observer)
            return true
        }
        if slots.observers.isEmpty && !dropped.isEmpty {
            isObserved.store(false, ordering: .relaxed)
            keepAlive?.setHeld(false)
        }
        // Released only now, outside the array's mutation: releasing a closure can run deinits.
        dropped.removeAll()
    }
}

/// Switches a derived value's keep-alive reference on while it has observers.
@MainActor
protocol KeepAliveSwitch: AnyObject {
    func setHeld(_ held: Bool)
}

/// What a derived value's upstream observers reach it through. A derived value (`map`, `filter`,
/// `combineLatest`...) is held strongly through its upstream while it has observers of its own, so
/// `label <~ name.map { ... }` works without storing the mapped value, and only weakly while it has none, so a
/// derived value nobody observes or holds is freed at once (and its upstream observer with it).
@MainActor
final class KeepAlive<Target: AnyObject>: KeepAliveSwitch {
    weak var target: Target?
    var strongTarget: Target?

    init(_ target: Target) { self.target = target }

    isolated deinit { handOver() }

    func setHeld(_ held: Bool) {
        if held { strongTarget = target } else { handOver() }
    }

    /// Drops the strong reference through the release queue, so the derived value (and what it frees in turn)
    /// is freed after this returns to the outermost release, not inside it.
    private func handOver() {
        guard strongTarget != nil else { return }
        ReleaseQueue.shared.waiting.append(strongTarget!)
        strongTarget = nil
        ReleaseQueue.shared.drain()
    }

    /// The derived value, if it is alive.
    var current: Target? { strongTarget ?? target }

    /// An upstream observer that hands each value to `update` with the derived value, while that is alive.
    func forwarding<Source>(_ update: @escaping (Target, Source) -> Void) -> (Source) -> Void {
        { [self] value in
            if let derived = current { update(derived, value) }
        }
    }
}

/// Releases derived values one after another instead of inside each other: freeing the last value of a chain
/// of 100,000 `map`s (or its root) freed each link from the deinit of the one after it, and overflowed the stack.
@MainActor
final class ReleaseQueue {
    static let shared = ReleaseQueue()
    /// Objects whose (possibly last) reference was handed over, to be released by `drain()`.
    var waiting: [AnyObject] = []
    private var isReleasing = false

    /// Releases what is waiting, unless a release is already in progress further up the stack (it will).
    func drain() {
        if isReleasing { return }
        isReleasing = true
        while !waiting.isEmpty {
            var batch: [AnyObject] = []
            swap(&batch, &waiting)
            // Deinits run here, outside `waiting`; the derived values they free in turn join `waiting`.
            batch.removeAll()
        }
        isReleasing = false
    }
}
