/// One observer of a `Dynamic` or `Signal`.
///
/// A class so that a delivery can call `callback` through a borrowed reference: no reference counting per
/// observer per value (a closure copied out of an array costs a retain and a release of its context).
@usableFromInline
final class Observer<Value> {
    @usableFromInline let callback: (Value) -> Void
    @usableFromInline let id: UInt64
    /// Whether the observer is owner-scoped (`bind(owner:)`): it is dropped once `owner` is gone.
    @usableFromInline let isOwned: Bool
    @exclusivity(unchecked) @usableFromInline weak var owner: AnyObject?
    /// Cleared by `cancel()`; the list drops inactive observers when no delivery is running.
    @exclusivity(unchecked) @usableFromInline var isActive = true

    init(id: UInt64, owner: AnyObject?, callback: @escaping (Value) -> Void) {
        self.id = id
        self.isOwned = owner != nil
        self.owner = owner
        self.callback = callback
    }

    /// Whether the observer is still to be called: not cancelled, and its owner (if any) alive.
    @inlinable var isLive: Bool { isActive && (!isOwned || owner != nil) }
}

/// The observers of one `Dynamic` or `Signal`, called in subscription order, and the values queued for them.
///
/// Observers may subscribe and cancel while a delivery runs: cancelling only marks the observer inactive,
/// and the list drops it (and releases it) after the delivery ends, so indices stay valid and an observer is
/// never freed while it runs. The list holds its observers unmanaged (retained once on `add`, released once
/// when dropped), so delivering touches no reference counts. Each property is accessed briefly (never across
/// an observer call), so dynamic exclusivity checks are not needed and are switched off for speed. The hot
/// paths are inlinable so clients get code specialised for their value type.
@usableFromInline
final class ObserverList<Value> {
    @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<Unmanaged<Observer<Value>>> = []
    @exclusivity(unchecked) @usableFromInline var nextID: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var deliveryDepth = 0
    @exclusivity(unchecked) @usableFromInline var needsCompaction = false

    /// Values queued behind the current delivery: `pendingHead..<pendingTail` of `pendingBuffer`.
    @exclusivity(unchecked) @usableFromInline var pendingBuffer: UnsafeMutablePointer<Value>?
    @exclusivity(unchecked) @usableFromInline var pendingCapacity = 0
    @exclusivity(unchecked) @usableFromInline var pendingHead = 0
    @exclusivity(unchecked) @usableFromInline var pendingTail = 0
    /// Set when the owner died with deliveries queued or running: the queue then holds one reference to
    /// this list, given back after the last of them (see `DeliveryQueue`).
    @exclusivity(unchecked) @usableFromInline var queueHoldsReference = false

    @usableFromInline init() {}

    deinit {
        for observer in observers { observer.release() }
        if let pendingBuffer {
            (pendingBuffer + pendingHead).deinitialize(count: pendingTail - pendingHead)
            pendingBuffer.deallocate()
        }
    }

    /// The number of live observers (owner-scoped ones whose owner is gone do not count).
    var count: Int {
        var n = 0
        for observer in observers where observer._withUnsafeGuaranteedRef({ $0.isLive }) { n += 1 }
        return n
    }

    /// Adds an observer; with an owner, the observer is called only while the owner lives and is dropped after.
    func add(owner: AnyObject? = nil, _ callback: @escaping (Value) -> Void) -> UInt64 {
        nextID &+= 1
        observers.append(Unmanaged.passRetained(Observer(id: nextID, owner: owner, callback: callback)))
        return nextID
    }

    func remove(_ id: UInt64) {
        guard let index = observers.firstIndex(where: { $0._withUnsafeGuaranteedRef { $0.id } == id }) else {
            return
        }
        if deliveryDepth > 0 {
            observers[index]._withUnsafeGuaranteedRef { $0.isActive = false }
            needsCompaction = true
        } else {
            observers.remove(at: index).release()
        }
    }

    /// Delivers `value` now if no delivery is running on this thread, else queues it behind the current one.
    @inlinable @inline(__always)
    func send(_ value: Value) {
        if observers.isEmpty { return }
        if DeliveryQueue.isDelivering {
            pushPending(value)
            DeliveryQueue.enqueue(list: Unmanaged.passUnretained(self).toOpaque()) { raw in
                let list = Unmanaged<ObserverList<Value>>.fromOpaque(raw)
                if list._withUnsafeGuaranteedRef({ $0.deliverPending() }) { list.release() }
            }
        } else {
            DeliveryQueue.runOutermost { deliver(value) }
        }
    }

    /// Delivers the oldest queued value; returns whether the queue should now give back its reference.
    @inlinable
    func deliverPending() -> Bool {
        deliver(popPending())
        if queueHoldsReference && pendingHead == pendingTail && deliveryDepth == 0 {
            queueHoldsReference = false
            return true
        }
        return false
    }

    /// Called by the owner's deinit: if deliveries are queued or running, the queue keeps this list alive
    /// until they are done.
    @usableFromInline
    func ownerWillDeinit() {
        if (pendingHead < pendingTail || deliveryDepth > 0) && !queueHoldsReference {
            queueHoldsReference = true
            _ = Unmanaged.passUnretained(self).retain()
        }
    }

    @inlinable @inline(__always)
    func pushPending(_ value: Value) {
        if pendingTail == pendingCapacity { growPending() }
        (pendingBuffer.unsafelyUnwrapped + pendingTail).initialize(to: value)
        pendingTail += 1
    }

    @inlinable @inline(__always)
    func popPending() -> Value {
        let value = (pendingBuffer.unsafelyUnwrapped + pendingHead).move()
        pendingHead += 1
        if pendingHead == pendingTail {
            pendingHead = 0
            pendingTail = 0
        }
        return value
    }

    @usableFromInline
    func growPending() {
        let waiting = pendingTail - pendingHead
        if let pendingBuffer, pendingHead > 0, waiting < pendingCapacity / 2 {
            // Slide the waiting values to the front rather than growing.
            pendingBuffer.moveInitialize(from: pendingBuffer + pendingHead, count: waiting)
        } else {
            let newCapacity = max(4, pendingCapacity * 2)
            let bigger = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
            if let pendingBuffer {
                bigger.moveInitialize(from: pendingBuffer + pendingHead, count: waiting)
                pendingBuffer.deallocate()
            }
            pendingBuffer = bigger
            pendingCapacity = newCapacity
        }
        pendingHead = 0
        pendingTail = waiting
    }

    /// Calls each observer that was subscribed when the delivery started, in subscription order.
    @inlinable @inline(__always)
    func deliver(_ value: Value) {
        let count = observers.count
        if count == 0 { return }
        deliveryDepth += 1
        var index = 0
        while index < count {
            // Borrowed: the list keeps the observer alive at least until this delivery ends.
            observers[index]._withUnsafeGuaranteedRef { observer in
                guard observer.isActive else { return }
                if observer.isOwned && observer.owner == nil {
                    observer.isActive = false
                    needsCompaction = true
                } else {
                    observer.callback(value)
                }
            }
            index += 1
        }
        deliveryDepth -= 1
        if needsCompaction && deliveryDepth == 0 { compact() }
    }

    /// Drops (and releases) the observers that were cancelled or whose owner is gone.
    @usableFromInline
    func compact() {
        needsCompaction = false
        var kept = 0
        var dropped: [Unmanaged<Observer<Value>>] = []
        for index in observers.indices {
            let observer = observers[index]
            if observer._withUnsafeGuaranteedRef({ $0.isActive }) {
                observers[kept] = observer
                kept += 1
            } else {
                dropped.append(observer)
            }
        }
        observers.removeLast(observers.count - kept)
        // Released only now: releasing a closure can run deinits that cancel observers of this very list.
        for observer in dropped { observer.release() }
    }
}
