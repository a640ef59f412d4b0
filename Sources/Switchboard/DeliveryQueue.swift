import CSwitchboardSupport

/// The per-thread trampoline behind the core contract: a value set from inside an observer is queued and
/// delivered after the current delivery finishes.
///
/// The outermost set on a thread delivers directly and then drains the queue in a loop, so re-entrant sets,
/// two-way bindings and chains of any length never grow the stack, and every observer of an object sees its
/// values in the order they were set.
///
/// Each entry names an `ObserverList` (which keeps the queued value itself) and a non-capturing function
/// that delivers its oldest pending value. The function is made in the caller's specialised context, so a
/// queued delivery runs specialised code. The queue is a plain buffer reused from burst to burst: once it
/// has grown to its working size, queueing and draining allocate nothing and touch no reference counts.
///
/// An entry does not retain its list (a retain and release per hop cost a third of a `<~` chain's time).
/// That is safe because a list is only freed after its owner (`Dynamic` or `Signal`) is; an owner that dies
/// while its list has deliveries queued or running hands the queue a reference first
/// (`ObserverList.ownerWillDeinit`), which the queue gives back after the last of them.
@usableFromInline
final class DeliveryQueue {
    @usableFromInline
    struct Entry {
        /// The list, unretained (see the type's comment).
        @usableFromInline let list: UnsafeMutableRawPointer
        @usableFromInline let deliver: (UnsafeMutableRawPointer) -> Void
        @inlinable init(list: UnsafeMutableRawPointer, deliver: @escaping (UnsafeMutableRawPointer) -> Void) {
            self.list = list
            self.deliver = deliver
        }
    }

    /// Entries `head..<tail` of `buffer` are waiting; both go back to 0 when the queue drains.
    @exclusivity(unchecked) @usableFromInline var buffer: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var head = 0
    @exclusivity(unchecked) @usableFromInline var tail = 0

    static let initialCapacity = 64

    init() {
        capacity = Self.initialCapacity
        buffer = .allocate(capacity: capacity)
    }

    /// This thread's queue, created on first use and kept for the thread's lifetime.
    @usableFromInline static var current: DeliveryQueue {
        if let raw = switchboard_get_queue() {
            return Unmanaged<DeliveryQueue>.fromOpaque(raw).takeUnretainedValue()
        }
        return makeCurrent()
    }

    @usableFromInline @inline(never)
    static func makeCurrent() -> DeliveryQueue {
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
            Unmanaged<DeliveryQueue>.fromOpaque(raw)._withUnsafeGuaranteedRef { queue in
                if queue.head < queue.tail { queue.drain() }
            }
        }
        switchboard_set_delivering(0)
    }

    /// Runs `body` as part of one delivery: what it sets or sends is delivered after it returns, in order.
    /// Inside a delivery this just runs `body` (its deliveries queue behind the current one anyway).
    @inlinable @inline(__always)
    static func batch(_ body: () -> Void) {
        if isDelivering { body() } else { runOutermost(body) }
    }

    /// Queues a delivery on this thread's queue.
    @inlinable @inline(__always)
    static func enqueue(list: UnsafeMutableRawPointer, deliver: @escaping (UnsafeMutableRawPointer) -> Void) {
        let queue = switchboard_get_queue() ?? Unmanaged.passUnretained(makeCurrent()).toOpaque()
        Unmanaged<DeliveryQueue>.fromOpaque(queue)._withUnsafeGuaranteedRef { queue in
            if queue.tail == queue.capacity { queue.grow() }
            (queue.buffer + queue.tail).initialize(to: Entry(list: list, deliver: deliver))
            queue.tail += 1
        }
    }

    @usableFromInline
    func grow() {
        if head > 0 {
            // Slide the waiting entries to the front rather than growing.
            let waiting = tail - head
            buffer.moveInitialize(from: buffer + head, count: waiting)
            head = 0
            tail = waiting
            if waiting < capacity / 2 { return }
        }
        let bigger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: buffer, count: tail)
        buffer.deallocate()
        buffer = bigger
        capacity *= 2
    }

    /// Delivers every waiting entry, including those queued meanwhile, oldest first.
    @usableFromInline
    func drain() {
        while head < tail {
            let next = (buffer + head).move()
            head += 1
            next.deliver(next.list)
        }
        head = 0
        tail = 0
        if capacity > 4096 {
            // A huge burst grew the buffer: give the memory back.
            buffer.deallocate()
            capacity = Self.initialCapacity
            buffer = .allocate(capacity: capacity)
        }
    }
}
