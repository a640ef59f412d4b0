/// The trampoline behind the core contract: a value set from inside an observer is queued and delivered after
/// the current delivery finishes.
///
/// The engine lives on the main actor, so there is exactly one trampoline, and no thread-local state is
/// needed to find it. The outermost set delivers directly and then drains the queue in a loop, so re-entrant
/// sets, two-way bindings and chains of any length never grow the stack, and every observer of an object sees
/// its values in the order they were set.
///
/// Each entry is the observer list that has a value waiting (the list keeps the value itself). The entry holds
/// the list strongly, so a list whose owner is freed while a delivery is queued stays alive until that
/// delivery has run.
@MainActor @usableFromInline
final class DeliveryQueue {
    @usableFromInline static let shared = DeliveryQueue()

    /// Whether a delivery is running (an observer is on the stack).
    @usableFromInline var isDelivering = false
    /// Entries `head...` are waiting; both are reset when the queue drains.
    @usableFromInline var entries: ContiguousArray<PendingDelivery> = []
    @usableFromInline var head = 0

    /// Runs `deliver` as the outermost delivery, then everything it queued.
    @inlinable
    func runOutermost(_ deliver: () -> Void) {
        isDelivering = true
        deliver()
        if head < entries.count { drain() }
        isDelivering = false
    }

    /// Runs `body` as part of one delivery: what it sets or sends is delivered after it returns, in order.
    /// Inside a delivery this just runs `body` (its deliveries queue behind the current one anyway).
    @inlinable
    func batch(_ body: () -> Void) {
        if isDelivering { body() } else { runOutermost(body) }
    }

    /// Delivers every waiting entry, including those queued meanwhile, oldest first.
    @usableFromInline
    func drain() {
        while head < entries.count {
            let next = entries[head]
            head += 1
            next.deliverOldestPending()
        }
        // A huge burst grew the buffer: give the memory back.
        entries.removeAll(keepingCapacity: entries.capacity <= 4096)
        head = 0
    }
}

/// An observer list with a value waiting on the trampoline. A base class rather than a protocol: queueing a
/// generic list as a protocol existential looked its conformance up at run time on every hop.
@MainActor @usableFromInline
class PendingDelivery {
    @usableFromInline init() {}

    /// Delivers the oldest value waiting in this list (overridden by `ObserverList`).
    @usableFromInline func deliverOldestPending() {}
}
