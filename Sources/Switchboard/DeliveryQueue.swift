import CSwitchboardSupport

/// The per-thread trampoline behind the core contract: a value set from inside an observer is queued and
/// delivered after the current delivery finishes.
///
/// The outermost set on a thread delivers directly and then drains the queue in a loop, so re-entrant sets,
/// two-way bindings and chains of any length never grow the stack, and every observer of an object sees its
/// values in the order they were set.
///
/// Each entry is an object with a value waiting and a non-capturing function that delivers it. The function
/// is made in the caller's (specialised) context, so a queued delivery runs specialised code and allocates
/// nothing once the queue has grown to its working size.
@usableFromInline
final class DeliveryQueue {
    @usableFromInline
    struct Entry {
        @usableFromInline let object: AnyObject
        @usableFromInline let deliver: (AnyObject) -> Void
        @inlinable init(object: AnyObject, deliver: @escaping (AnyObject) -> Void) {
            self.object = object
            self.deliver = deliver
        }
    }

    @exclusivity(unchecked) private var pending: ContiguousArray<Entry> = []
    @exclusivity(unchecked) private var head = 0

    /// This thread's queue, created on first use and kept for the thread's lifetime.
    @usableFromInline static var current: DeliveryQueue {
        if let raw = switchboard_get_queue() {
            return Unmanaged<DeliveryQueue>.fromOpaque(raw).takeUnretainedValue()
        }
        let queue = DeliveryQueue()
        switchboard_set_queue(Unmanaged.passRetained(queue).toOpaque())
        return queue
    }

    /// Whether a delivery is running on this thread (an observer is on the stack).
    @inlinable @inline(__always)
    static var isDelivering: Bool { switchboard_is_delivering() != 0 }

    /// Runs `deliver` as the outermost delivery on this thread, then everything it queued.
    @inlinable @inline(__always)
    static func runOutermost(_ deliver: () -> Void) {
        switchboard_set_delivering(1)
        deliver()
        if let raw = switchboard_get_queue() {
            Unmanaged<DeliveryQueue>.fromOpaque(raw).takeUnretainedValue().drainIfNeeded()
        }
        switchboard_set_delivering(0)
    }

    /// Runs `body` as part of one delivery: what it sets or sends is delivered after it returns, in order.
    /// Inside a delivery this just runs `body` (its deliveries queue behind the current one anyway).
    static func batch(_ body: () -> Void) {
        if isDelivering { body() } else { runOutermost(body) }
    }

    @usableFromInline
    func enqueue(_ entry: Entry) {
        pending.append(entry)
    }

    @usableFromInline
    func drainIfNeeded() {
        guard head < pending.count else { return }
        while head < pending.count {
            let next = pending[head]
            head += 1
            next.deliver(next.object)
        }
        // Keep the storage for the next burst unless a huge one grew it.
        pending.removeAll(keepingCapacity: pending.count <= 4096)
        head = 0
    }
}
