// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// A check that takes time (is this username taken, does this host resolve): an `async` function of the
/// text, attached to a field (`ObservableTextField.addAsyncCheck`) or to a switch
/// (`ObservableTextField.addAsyncSignal(toSwitch:_:)`) like a synchronous rule.
///
/// ```swift
/// let free = AsyncCheck("username", message: "is taken", debounce: .milliseconds(250)) { name in
///     try await !directory.contains(name)
/// }
/// field.addAsyncCheck(free)
/// field.text.value = "ada"     // field.verdict.value.isPending: the check starts once typing pauses
/// ```
///
/// How it runs (README, "Contract"): only when the synchronous rules pass; after `debounce` without a new
/// edit; as a task off the main actor, tied to the text it was started for. A run that a new edit supersedes
/// is cancelled and its result dropped; a result is handed back to the field's thread through the field's
/// `checkLoop` before it touches anything. A run longer than `timeout` is an undecided failure saying
/// `timeoutMessage`; a thrown error is an undecided failure with the error's text. Decided results are
/// remembered per value (at most `cacheLimit` values), so retyping a checked value answers at once.
public struct AsyncCheck: Sendable {
    /// The check's name, shown with its failures (`"username"`).
    public let name: String
    /// How long typing must pause before a run starts (250 ms by default).
    public var debounce: Duration
    /// How long a run may take before it is a failure (10 s by default).
    public var timeout: Duration
    /// The failure message of a run that timed out.
    public var timeoutMessage: String
    /// How many values' results are remembered (the oldest is forgotten first).
    public var cacheLimit: Int
    /// The check: returns the verdict for the text; a thrown error is an undecided failure.
    public let run: @Sendable (String) async throws -> Verdict
    /// The remembered results, shared by every copy of this check (a form field and the terminal line that
    /// asks it do not run the same value twice).
    let results: CheckResults

    /// A check that returns the whole verdict.
    ///
    /// ```swift
    /// let host = AsyncCheck("host", verdict: { name in
    ///     await resolves(name) ? .valid : .invalid("host", "does not resolve")
    /// })
    /// ```
    public init(_ name: String, debounce: Duration = .milliseconds(250), timeout: Duration = .seconds(10),
                timeoutMessage: String? = nil, cacheLimit: Int = 256,
                verdict run: @escaping @Sendable (String) async throws -> Verdict) {
        self.name = name
        self.debounce = debounce
        self.timeout = timeout
        self.timeoutMessage = timeoutMessage ?? "could not be checked in time (no answer within \(describe(timeout)))"
        self.cacheLimit = max(0, cacheLimit)
        self.run = run
        self.results = CheckResults()
    }

    /// A check that says whether the text passes; a failure shows `message`.
    ///
    /// ```swift
    /// let free = AsyncCheck("username", message: "is taken") { name in try await !taken(name) }
    /// ```
    public init(_ name: String, message: String, debounce: Duration = .milliseconds(250),
                timeout: Duration = .seconds(10), timeoutMessage: String? = nil, cacheLimit: Int = 256,
                _ test: @escaping @Sendable (String) async throws -> Bool) {
        let failure = Verdict.invalid(name, message)
        self.init(name, debounce: debounce, timeout: timeout, timeoutMessage: timeoutMessage,
                  cacheLimit: cacheLimit) { text in try await test(text) ? .valid : failure }
    }
}

/// `"10 s"`, `"250 ms"`.
private func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return "\(milliseconds) ms"
}

/// Decided results per value, oldest forgotten first; shared by the copies of one `AsyncCheck`.
final class CheckResults: Sendable {
    private let state = Mutex<(verdicts: [String: Verdict], order: [String])>(([:], []))

    subscript(text: String) -> Verdict? { state.withLock { $0.verdicts[text] } }

    func remember(_ text: String, _ verdict: Verdict, limit: Int) {
        guard limit > 0 else { return }
        state.withLock { state in
            guard state.verdicts.updateValue(verdict, forKey: text) == nil else { return }
            state.order.append(text)
            while state.order.count > limit { state.verdicts[state.order.removeFirst()] = nil }
        }
    }
}

// MARK: - Time and hand-back

/// Hands a result computed off the main actor back to the thread that owns the field. `post` may be called
/// from any thread; the job must run on the main actor, later, from the owner's loop.
public protocol CheckHandBack: Sendable {
    /// Queues `job` to run on the field's thread.
    func post(_ job: @escaping @MainActor @Sendable () -> Void)
}

/// The clock and the hand-back that a field's asynchronous checks use: the real one while a terminal field
/// reads (`SwitchboardTerminal`), `TaskCheckLoop` in a program whose main actor runs tasks, and
/// `VirtualCheckLoop` in tests (virtual time, results delivered when the test says).
@MainActor
public protocol CheckLoop: AnyObject {
    /// Time since the loop's own origin.
    var now: Duration { get }
    /// Runs `action` on the main actor once `delay` has passed, unless the returned timer is cancelled.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CheckTimer
    /// Where check results are posted from the threads that computed them.
    var handBack: any CheckHandBack { get }
}

/// A scheduled action of a `CheckLoop`; `cancel()` keeps it from running.
@MainActor
public final class CheckTimer {
    /// When the action is due, on the loop's clock.
    public let deadline: Duration
    private var action: (@MainActor () -> Void)?

    /// A timer due at `deadline`.
    ///
    /// ```swift
    /// let timer = CheckTimer(deadline: .seconds(1)) { print("due") }
    /// ```
    public init(deadline: Duration, _ action: @escaping @MainActor () -> Void) {
        self.deadline = deadline
        self.action = action
    }

    /// Whether the timer was cancelled or has run.
    public var isDone: Bool { action == nil }

    /// Keeps the action from running.
    public func cancel() { action = nil }

    /// Runs the action once (nothing if cancelled or already run).
    public func fire() {
        guard let action else { return }
        self.action = nil
        action()
    }
}

/// The timers of a polled loop, in deadline order: a read loop asks `nextDeadline` for its poll timeout and
/// calls `runDue(now:)` when it wakes.
///
/// ```swift
/// let timers = CheckTimerQueue()
/// _ = timers.add(CheckTimer(deadline: .milliseconds(5)) { print("due") })
/// timers.runDue(now: .milliseconds(10))   // prints "due"
/// ```
@MainActor
public final class CheckTimerQueue {
    private var timers: [CheckTimer] = []

    /// An empty queue.
    public init() {}

    /// Adds `timer` and returns it.
    public func add(_ timer: CheckTimer) -> CheckTimer {
        timers.removeAll(where: \.isDone)
        let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.endIndex
        timers.insert(timer, at: index)
        return timer
    }

    /// The earliest deadline of a timer still to run.
    public var nextDeadline: Duration? {
        timers.first { !$0.isDone }?.deadline
    }

    /// Runs every timer due at `now`, earliest first (a timer added meanwhile runs too if due).
    public func runDue(now: Duration) {
        while let index = timers.firstIndex(where: { !$0.isDone }), timers[index].deadline <= now {
            let timer = timers.remove(at: index)
            timer.fire()
        }
        timers.removeAll(where: \.isDone)
    }
}

/// A hand-back that keeps posted results until the owner drains them (`drain()`), on its own thread. Tests
/// use it through `VirtualCheckLoop`; a read loop can wrap it with a wake-up descriptor.
///
/// ```swift
/// let handBack = ManualHandBack()
/// handBack.post { print("on the main actor") }
/// handBack.drain()   // prints it
/// ```
public final class ManualHandBack: CheckHandBack {
    private struct State {
        var jobs: [@MainActor @Sendable () -> Void] = []
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())
    private let posted: (@Sendable () -> Void)?

    /// A hand-back; `posted`, if given, is called (on the posting thread) after each post, to wake the owner.
    ///
    /// ```swift
    /// let handBack = ManualHandBack()
    /// ```
    public init(posted: (@Sendable () -> Void)? = nil) {
        self.posted = posted
    }

    public func post(_ job: @escaping @MainActor @Sendable () -> Void) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.jobs.append(job)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
        posted?()
    }

    /// Whether results are waiting to be drained.
    public var hasJobs: Bool { state.withLock { !$0.jobs.isEmpty } }

    /// Runs every job posted so far, in order; returns how many ran.
    @MainActor @discardableResult
    public func drain() -> Int {
        let jobs = state.withLock { state in
            defer { state.jobs.removeAll() }
            return state.jobs
        }
        for job in jobs { job() }
        return jobs.count
    }

    /// Waits until at least one job has been posted (no sleeping: the post wakes it), then drains.
    @MainActor @discardableResult
    public func waitAndDrain() async -> Int {
        while true {
            let ran = drain()
            if ran > 0 { return ran }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if !state.jobs.isEmpty { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }
}

/// Virtual time for tests: nothing happens until the test advances the clock or delivers results.
///
/// ```swift
/// let loop = VirtualCheckLoop()
/// field.checkLoop = loop
/// field.text.value = "ada"
/// loop.advance(by: .milliseconds(250))   // the debounce ends: the check starts
/// await loop.waitForResults()            // its result is handed back; the verdict is decided
/// ```
@MainActor
public final class VirtualCheckLoop: CheckLoop {
    public private(set) var now: Duration = .zero
    private let timers = CheckTimerQueue()
    private let manual = ManualHandBack()
    public var handBack: any CheckHandBack { manual }

    /// A loop at time zero.
    public init() {}

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CheckTimer {
        timers.add(CheckTimer(deadline: now + delay, action))
    }

    /// Moves the clock forward, running each timer that falls due at its own deadline, in order.
    public func advance(by interval: Duration) {
        let end = now + interval
        while let next = timers.nextDeadline, next <= end {
            now = next
            timers.runDue(now: next)
        }
        now = end
    }

    /// Whether results were posted that `deliver()` has not delivered yet.
    public var hasUndeliveredResults: Bool { manual.hasJobs }

    /// Delivers the results posted so far; returns how many.
    @discardableResult
    public func deliver() -> Int { manual.drain() }

    /// Waits for at least one result from a running check (posted from its task), then delivers all posted.
    @discardableResult
    public func waitForResults() async -> Int { await manual.waitAndDrain() }
}

/// The default loop: timers are main-actor tasks that sleep on the continuous clock, and results are handed
/// back as main-actor tasks. Right for a program whose main actor runs tasks (an `async` main, an app); a
/// terminal field installs its own loop while it reads (its thread waits in poll(2), not in the executor).
///
/// ```swift
/// field.checkLoop = TaskCheckLoop()
/// ```
@MainActor
public final class TaskCheckLoop: CheckLoop {
    private let origin = ContinuousClock.now
    public let handBack: any CheckHandBack = TaskHandBack()

    /// A loop on the continuous clock.
    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CheckTimer {
        let timer = CheckTimer(deadline: now + delay, action)
        Task { @MainActor in
            try? await Task.sleep(for: delay)
            timer.fire()
        }
        return timer
    }
}

private struct TaskHandBack: CheckHandBack {
    func post(_ job: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in job() }
    }
}

// MARK: - Runs

/// One asynchronous check attached to a field: its debounce timer, the run in flight, its results.
@MainActor
final class AsyncCheckRunner {
    let check: AsyncCheck
    weak var field: ObservableTextField?
    /// The switch the check belongs to (the field's rules switch for a field's own check).
    weak var owner: ObservableSwitch?
    /// The identity of the field's text (to hand the just-changed text straight to the check).
    let textID: ObjectIdentifier

    /// The text a run is scheduled or running for.
    private(set) var target: String?
    /// When the run in flight started (nil while debouncing or idle).
    private(set) var startedAt: Duration?
    /// The latest result, for the text it was computed for (also undecided ones, which are not cached).
    private var last: (text: String, verdict: Verdict)?
    private var timer: CheckTimer?
    private var task: Task<Void, Never>?
    private var runID: UInt64 = 0
    /// How many runs started (for tests and the benchmark).
    private(set) var runsStarted = 0

    init(check: AsyncCheck, field: ObservableTextField, owner: ObservableSwitch) {
        self.check = check
        self.field = field
        self.owner = owner
        self.textID = ObjectIdentifier(field.text)
    }

    /// The verdict for `text` now: a remembered result, or pending (a run is scheduled if none is for it).
    func verdict(for text: String) -> Verdict {
        if let last {
            if last.text == text {
                if target != nil { stop() }
                return last.verdict
            }
            self.last = nil   // an undecided result is asked again once the text has been something else
        }
        if let cached = check.results[text] {
            if target != nil { stop() }
            return cached
        }
        if target == text { return .pending(check.name) }
        stop(deferringCancel: true)
        target = text
        if let loop = field?.checkLoop {
            timer = loop.schedule(after: check.debounce) { [weak self] in self?.start() }
        }
        return .pending(check.name)
    }

    /// Whether a run is scheduled or in flight.
    var isPending: Bool { target != nil }

    /// Cancels the debounce and the run in flight; its result will be dropped. `deferringCancel`: the run's
    /// task is cancelled on the loop's next turn rather than now, so that an edit is drawn before the
    /// cancellation's work (waking the run's thread, killing a command) competes with it.
    func stop(deferringCancel: Bool = false) {
        timer?.cancel()
        timer = nil
        if let task {
            if deferringCancel, let loop = field?.checkLoop {
                _ = loop.schedule(after: .zero) { task.cancel() }
            } else {
                task.cancel()
            }
        }
        task = nil
        target = nil
        startedAt = nil
        runID &+= 1
    }

    /// Skips the rest of the debounce: a scheduled run starts now.
    func startNow() {
        guard target != nil, task == nil else { return }
        timer?.cancel()
        start()
    }

    private func start() {
        guard let text = target, task == nil, let loop = field?.checkLoop else { return }
        runID &+= 1
        let id = runID
        runsStarted += 1
        startedAt = loop.now
        let run = check.run
        let name = check.name
        let handBack = loop.handBack
        task = Task.detached {
            let verdict: Verdict
            do {
                verdict = try await run(text)
            } catch {
                verdict = .undecided(name, "\(error)")
            }
            handBack.post { [weak self] in self?.finish(id, text, verdict) }
        }
        timer = loop.schedule(after: check.timeout) { [weak self] in self?.timedOut(id) }
    }

    private func finish(_ id: UInt64, _ text: String, _ verdict: Verdict) {
        guard id == runID, target == text else { return }   // superseded: a stale result never shows
        let verdict = verdict.isPending ? Verdict.undecided(check.name, verdict.failure!.message) : verdict
        if !verdict.isUndecided { remember(text, verdict) }
        settle(text, verdict)
    }

    private func timedOut(_ id: UInt64) {
        guard id == runID, let text = target else { return }
        task?.cancel()
        settle(text, .undecided(check.name, check.timeoutMessage))
    }

    private func settle(_ text: String, _ verdict: Verdict) {
        timer?.cancel()
        timer = nil
        task = nil
        target = nil
        startedAt = nil
        runID &+= 1
        last = (text, verdict)
        if let owner { field?.checkSettled(in: owner) }
    }

    private func remember(_ text: String, _ verdict: Verdict) {
        check.results.remember(text, verdict, limit: check.cacheLimit)
    }

    isolated deinit {
        timer?.cancel()
        task?.cancel()
    }
}
