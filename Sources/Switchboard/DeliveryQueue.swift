import CSwitchboardSupport

/// Something with values waiting to be delivered: a `Dynamic` or a `Signal` that was set from inside
/// an observer.
protocol PendingDeliverer: AnyObject {
    /// Delivers the oldest value this object has waiting.
    func deliverPending()
}

/// The per-thread trampoline behind the core contract: a value set from inside an observer is queued and
/// delivered after the current delivery finishes.
///
/// The outermost set on a thread delivers directly and then drains the queue in a loop, so re-entrant sets,
/// two-way bindings and chains of any length never grow the stack, and every observer of an object sees its
/// values in the order they were set.
final class DeliveryQueue {
    private var pending: ContiguousArray<PendingDeliverer> = []
    private var head = 0

    /// This thread's queue, created on first use and kept for the thread's lifetime.
    static var current: DeliveryQueue {
        if let raw = switchboard_get_queue() {
            return Unmanaged<DeliveryQueue>.fromOpaque(raw).takeUnretainedValue()
        }
        let queue = DeliveryQueue()
        switchboard_set_queue(Unmanaged.passRetained(queue).toOpaque())
        return queue
    }

    /// Whether a delivery is running on this thread (an observer is on the stack).
    @inline(__always)
    static var isDelivering: Bool { switchboard_is_delivering() != 0 }

    /// Runs `deliver` as the outermost delivery on this thread, then everything it queued.
    @inline(__always)
    static func runOutermost(_ deliver: () -> Void) {
        switchboard_set_delivering(1)
        deliver()
        if let raw = switchboard_get_queue() {
            let queue = Unmanaged<DeliveryQueue>.fromOpaque(raw).takeUnretainedValue()
            if queue.head < queue.pending.count { queue.drain() }
        }
        switchboard_set_delivering(0)
    }

    func enqueue(_ deliverer: PendingDeliverer) {
        pending.append(deliverer)
    }

    private func drain() {
        while head < pending.count {
            let next = pending[head]
            head += 1
            next.deliverPending()
        }
        pending.removeAll(keepingCapacity: pending.count <= 4096)
        head = 0
    }
}
