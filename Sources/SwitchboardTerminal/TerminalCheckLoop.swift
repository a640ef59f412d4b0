// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport

/// The check loop of a field being read on a terminal: the continuous clock, timers run by the read loop, and
/// results handed back through a queue plus a wake-up pipe that the read loop polls with the terminal. Results
/// are applied on the main thread only, when the read loop drains them.
///
/// ```swift
/// let loop = TerminalCheckLoop()
/// field.checkLoop = loop
/// // in the read loop: poll loop.wakeFD with the terminal, timeout loop.pollTimeout(), then loop.runDue()
/// ```
@MainActor
public final class TerminalCheckLoop: CheckLoop {
    private let origin = ContinuousClock.now
    private let timers = CheckTimerQueue()
    /// The hand-back and its wake-up pipe, made when a check first runs: a field with no check that takes
    /// time (`switchboard ask`) pays neither the pipe's system calls nor the hand-back's generic metadata at
    /// start-up.
    private var channel: (queue: ManualHandBack, pipe: WakePipe)?
    public var handBack: any CheckHandBack { openChannel().queue }

    /// A loop with its own wake-up pipe (made when first needed). The pipe is closed once nothing can post to
    /// it any more (the loop and every run still holding its hand-back are gone), so a late result never
    /// writes to a reused descriptor.
    public init() {}

    private func openChannel() -> (queue: ManualHandBack, pipe: WakePipe) {
        if let channel { return channel }
        let pipe = WakePipe()
        let opened = (queue: ManualHandBack(posted: { pipe.wake() }), pipe: pipe)
        channel = opened
        return opened
    }

    public var now: Duration { ContinuousClock.now - origin }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CheckTimer {
        timers.add(CheckTimer(deadline: now + delay, action))
    }

    /// The descriptor that becomes readable when a result is posted (-1, which poll(2) skips, until a check
    /// has run).
    public var wakeFD: Int32 { channel?.pipe.readEnd ?? -1 }

    /// Milliseconds until the next timer is due (-1: none), for poll(2); at most `cap` when given.
    public func pollTimeout(cap: Int32? = nil) -> Int32 {
        var timeout: Int32 = -1
        if let deadline = timers.nextDeadline { timeout = millisecondsRoundedUp(deadline - now) }
        if let cap, timeout < 0 || cap < timeout { timeout = cap }
        return timeout
    }

    /// Runs the timers that are due and applies the results posted so far; returns whether anything ran.
    /// `woken: false` (poll said the wake-up descriptor is not readable) skips emptying it: a read loop calls
    /// this after every key, and the read that finds nothing is a system call per key.
    @discardableResult
    public func runDue(woken: Bool = true) -> Bool {
        guard let channel else {
            guard let deadline = timers.nextDeadline else { return false }
            let now = self.now
            timers.runDue(now: now)
            return deadline <= now
        }
        if woken {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
                while read(channel.pipe.readEnd, buffer.baseAddress, buffer.count) > 0 {}
            }
        }
        var dueBefore = false
        if let deadline = timers.nextDeadline {
            let now = self.now
            dueBefore = deadline <= now
            timers.runDue(now: now)
        }
        return channel.queue.drain() > 0 || dueBefore
    }

    /// Waits until `done()` holds or `signals` (a signal trap's pipe) becomes readable; returns false in
    /// the second case.
    func wait(until done: () -> Bool, signals: Int32?) -> Bool {
        while !done() {
            var fds = [pollfd(fd: openChannel().pipe.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals ?? -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, pollTimeout())
            if ready < 0 && errno != EINTR { return true }
            if fds[1].revents != 0 { return false }
            runDue()
        }
        return true
    }
}

/// A non-blocking pipe that wakes a poll(2); closed when the last holder lets go.
package final class WakePipe: Sendable {
    package let readEnd: Int32
    let writeEnd: Int32

    package init() {
        var fds: [Int32] = [-1, -1]
        _ = sb_pipe_cloexec(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    package func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)   // a full pipe already wakes the loop
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}

/// `duration` in whole milliseconds, rounded up (a wait never ends early), as poll(2) takes a timeout: 0 for a
/// duration that is over, at most `Int32.max`.
func millisecondsRoundedUp(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
}
