/// A weak reference to an observer's owner; the observer is dropped once the owner is gone.
@usableFromInline
final class WeakOwner {
    @usableFromInline weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// The observers of one `Dynamic` or `Signal`, called in subscription order, and the values waiting to be
/// delivered to them.
///
/// Observers may subscribe and cancel while a delivery runs: removal only clears the entry, and the list is
/// compacted after the delivery ends, so indices stay valid while observers run. Each property is accessed
/// briefly (never across an observer call), so dynamic exclusivity checks are not needed and are switched
/// off for speed. The hot paths are inlinable so clients get code specialised for their value type.
@usableFromInline
final class ObserverList<Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline let id: UInt64
        @usableFromInline var callback: ((Value) -> Void)?
        /// Set for owner-scoped observers (`bind(owner:)`): when the owner is deallocated the entry is removed.
        @usableFromInline let owner: WeakOwner?
    }

    @exclusivity(unchecked) @usableFromInline var entries: ContiguousArray<Entry> = []
    @exclusivity(unchecked) @usableFromInline var nextID: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var deliveryDepth = 0
    @exclusivity(unchecked) @usableFromInline var needsCompaction = false
    @exclusivity(unchecked) @usableFromInline var pending: ContiguousArray<Value> = []
    @exclusivity(unchecked) @usableFromInline var pendingHead = 0

    @usableFromInline init() {}

    /// The number of live observers (owner-scoped ones whose owner is gone do not count).
    var count: Int {
        var n = 0
        for entry in entries where entry.callback != nil {
            if let owner = entry.owner, owner.object == nil { continue }
            n += 1
        }
        return n
    }

    /// Adds an observer; with an owner, the observer is called only while the owner lives and is dropped after.
    func add(owner: AnyObject? = nil, _ callback: @escaping (Value) -> Void) -> UInt64 {
        nextID &+= 1
        entries.append(Entry(id: nextID, callback: callback, owner: owner.map(WeakOwner.init)))
        return nextID
    }

    func remove(_ id: UInt64) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        if deliveryDepth > 0 {
            entries[index].callback = nil
            needsCompaction = true
        } else {
            entries.remove(at: index)
        }
    }

    /// Delivers `value` now if no delivery is running on this thread, else queues it behind the current one.
    @inlinable @inline(__always)
    func send(_ value: Value) {
        if entries.isEmpty { return }
        if DeliveryQueue.isDelivering {
            pending.append(value)
            DeliveryQueue.current.enqueue(DeliveryQueue.Entry(object: self) {
                unsafeDowncast($0, to: ObserverList<Value>.self).deliverPending()
            })
        } else {
            DeliveryQueue.runOutermost { deliver(value) }
        }
    }

    @inlinable
    func deliverPending() {
        let next = pending[pendingHead]
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        }
        deliver(next)
    }

    /// Calls each observer that was subscribed when the delivery started, in subscription order.
    @inlinable @inline(__always)
    func deliver(_ value: Value) {
        let count = entries.count
        if count == 0 { return }
        deliveryDepth += 1
        var index = 0
        while index < count {
            if let callback = entries[index].callback {
                if let owner = entries[index].owner, owner.object == nil {
                    entries[index].callback = nil
                    needsCompaction = true
                } else {
                    callback(value)
                }
            }
            index += 1
        }
        deliveryDepth -= 1
        if needsCompaction && deliveryDepth == 0 { compact() }
    }

    @usableFromInline
    func compact() {
        needsCompaction = false
        entries.removeAll { $0.callback == nil }
    }
}
