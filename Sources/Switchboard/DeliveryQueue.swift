// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// The trampoline behind the core contract: a value set from inside an observer is queued and delivered after
/// the current delivery finishes.
///
/// The engine lives on the main actor, so there is exactly one trampoline, and no thread-local state is
/// needed to find it. The outermost set delivers directly and then drains the queue in a loop, so re-entrant
/// sets, two-way bindings and chains of any length never grow the stack, and every observer of an object sees
/// its values in the order they were set.
///
/// Each entry is the observer list that has a value waiting (the list keeps the value itself) and a function,
/// made where the value's type is known, that delivers its oldest value: so a queued delivery runs code
/// specialised for its value type. The entry holds the list strongly, so a list whose owner is freed while a delivery is queued stays alive until that
/// delivery has run. The two flags are atomics only because a `let` needs no exclusivity check on every set;
/// every access is from the main actor.
@MainActor @usableFromInline
final class DeliveryQueue {
    @usableFromInline static let shared = DeliveryQueue()

    /// Whether a delivery is running (an observer is on the stack).
    @usableFromInline let isDelivering = Atomic<Bool>(false)
    /// Whether entries are waiting.
    @usableFromInline let hasPending = Atomic<Bool>(false)
    /// Entries `head...` are waiting; both are reset when the queue drains. Private, and changed only by stores
    /// and `swap`s (never by an access held across a call such as `append`), so the compiler proves their accesses
    /// exclusive and checks none at run time: every hop of a `<~` chain passes through here twice. Benchmark row:
    /// `make bench-instructions`, 100-link chain.
    private var entries: ContiguousArray<Entry> = []
    private var head = 0

    /// Starts a batch: what is set or sent until `endBatch()` is delivered after it, in order. Returns whether
    /// this call started the delivery, in which case the caller must call `endBatch()` once its sets and sends
    /// are done; inside a delivery it starts nothing (those deliveries queue behind the current one anyway).
    /// (A batch taking a closure retained what the closure captured, on every validation.)
    func beginBatch() -> Bool {
        if isDelivering.load(ordering: .relaxed) { return false }
        isDelivering.store(true, ordering: .relaxed)
        return true
    }

    /// Ends a batch started by `beginBatch()` that returned true: delivers what was queued meanwhile.
    func endBatch() {
        if hasPending.load(ordering: .relaxed) { drain() }
        isDelivering.store(false, ordering: .relaxed)
    }

    @usableFromInline
    struct Entry {
        let list: AnyObject
        let deliver: @MainActor (AnyObject) -> Void
        @usableFromInline init(list: AnyObject, deliver: @escaping @MainActor (AnyObject) -> Void) {
            self.list = list
            self.deliver = deliver
        }
    }

    @usableFromInline
    func enqueue(_ entry: consuming Entry) {
        var waiting: ContiguousArray<Entry> = []
        swap(&waiting, &entries)
        waiting.append(entry)
        swap(&waiting, &entries)
        hasPending.store(true, ordering: .relaxed)
    }

    /// Delivers every waiting entry, including those queued meanwhile, oldest first.
    @usableFromInline
    func drain() {
        repeat {
            while head < entries.count {
                let next = entries[head]
                head += 1
                next.deliver(next.list)
            }
            // Emptied before the entries are released: releasing the last reference to a list can run deinits
            // that set values (queueing entries here), which inside `entries`' own mutation was a trap.
            var finished: ContiguousArray<Entry> = []
            swap(&entries, &finished)
            head = 0
            hasPending.store(false, ordering: .relaxed)
            finished.removeAll(keepingCapacity: true)
            // A huge burst grew the buffer: give the memory back.
            if entries.isEmpty && finished.capacity <= 4096 { swap(&entries, &finished) }
        } while !entries.isEmpty
    }
}
