// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal
import Synchronization

/// `switchboard check --check-command CMD --jobs N`: lines that pass the rules are checked by the command, at
/// most `jobs` at a time; the report keeps the input's order (a line is reported once every line before it
/// has been, and at once then). Each command has the timeout; one that runs longer is killed with its group and
/// the line fails. A command is over when its shell exits (see `AsyncCheck.command`).
struct CommandBatch: ~Copyable {
    private enum State {
        case decided(Verdict)
        case running
    }

    private struct Entry {
        var bytes: [UInt8]
        var state: State
    }

    let command: String
    let timeout: Duration
    let jobs: Int
    /// Lines held for the report at most (decided lines wait behind a running one).
    private let window: Int
    private var queue: [Entry] = []
    private var head = 0
    private var running = 0
    private let finished = Finished()
    private let timeoutMessage: String

    init(command: String, timeout: Duration, jobs: Int) {
        self.command = command
        self.timeout = timeout
        self.jobs = max(1, jobs)
        window = max(1, jobs) * 64
        timeoutMessage = AsyncCheck.command(command, timeout: timeout).timeoutMessage
    }

    /// Takes the next line: failed by the rules (`verdict` not valid), or to be checked by the command.
    mutating func add(_ bytes: UnsafeRawBufferPointer, rulesVerdict: Verdict?, into checker: inout LineChecker) {
        // A finished line is reported as soon as every line before it has been (never held behind the window).
        while running >= jobs || queue.count - head >= window {
            waitForOne(into: &checker)
            flush(into: &checker)
        }
        if let rulesVerdict {
            queue.append(Entry(bytes: Array(bytes), state: .decided(rulesVerdict)))
        } else {
            let copy = Array(bytes)
            let value = String(decoding: copy, as: UTF8.self)
            let index = offset + queue.count
            do {
                // The runner kills a command past the timeout with its group (`Result.timedOut`).
                _ = try CommandChecks.start(command, value: value, timeout: timeout) { [finished] result in
                    finished.post(index, result)
                }
                queue.append(Entry(bytes: copy, state: .running))
                running += 1
            } catch {
                CommandChecks.parkIfEnding()
                queue.append(Entry(bytes: copy, state: .decided(.undecided("check-command", "\(error)"))))
            }
        }
        flush(into: &checker)
    }

    /// Waits for every command and reports the remaining lines.
    mutating func finish(into checker: inout LineChecker) {
        while running > 0 {
            waitForOne(into: &checker)
            flush(into: &checker)
        }
    }

    /// Reports the decided lines at the head of the queue, in order.
    private mutating func flush(into checker: inout LineChecker) {
        while head < queue.count, case .decided(let verdict) = queue[head].state {
            queue[head].bytes.withUnsafeBytes { bytes in
                if verdict.isValid { checker.pass(bytes) } else { checker.fail(bytes, verdict: verdict) }
            }
            queue[head].bytes = []
            head += 1
        }
        if head > 4096 && head * 2 > queue.count {
            queue.removeFirst(head)
            offset += head
            head = 0
        }
    }

    /// Blocks until a command ends (timed out and killed by the runner, or by itself), and records it.
    private mutating func waitForOne(into checker: inout LineChecker) {
        var fd = pollfd(fd: finished.pipe.readEnd, events: Int16(POLLIN), revents: 0)
        if !finished.hasResults { _ = poll(&fd, 1, -1) }
        CommandChecks.parkIfEnding()
        for (absolute, result) in finished.take() { apply(result, at: absolute) }
    }

    /// How many entries compaction removed from the front (indices handed to commands are absolute).
    private var offset = 0

    private mutating func apply(_ result: CommandChecks.Result, at absolute: Int) {
        let index = absolute - offset
        guard index >= 0, index < queue.count, case .running = queue[index].state else { return }
        running -= 1
        if result.timedOut {
            queue[index].state = .decided(.undecided("check-command", timeoutMessage))
        } else {
            queue[index].state = .decided(result.verdict(name: "check-command"))
        }
    }
}

/// Results of finished commands, posted from their threads, with a pipe that wakes the waiting loop.
private final class Finished: Sendable {
    let pipe = WakePipe()
    private let results = Mutex<[(Int, CommandChecks.Result)]>([])

    func post(_ index: Int, _ result: CommandChecks.Result) {
        results.withLock { $0.append((index, result)) }
        pipe.wake()
    }

    var hasResults: Bool { results.withLock { !$0.isEmpty } }

    func take() -> [(Int, CommandChecks.Result)] {
        var byte = [UInt8](repeating: 0, count: 64)
        while read(pipe.readEnd, &byte, byte.count) > 0 {}
        return results.withLock { results in
            defer { results.removeAll() }
            return results
        }
    }
}
