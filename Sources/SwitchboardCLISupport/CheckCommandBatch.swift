// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal
import Synchronization

/// `switchboard check --check-command CMD --jobs N`: lines that pass the rules are checked by the command, at
/// most `jobs` at a time; the report keeps the input's order (a line is reported once every line before it
/// has been, and at once then: written out, not held in the output buffer, also while the input has no next
/// line yet). Each command has the timeout; one that runs longer is killed with its group and the line fails. A
/// command is over when its shell exits (see `AsyncCheck.command`). A reader that goes away (`| head -1`) is
/// noticed while waiting, not only at the next write: the commands are killed and the program ends with SIGPIPE
/// (see `endOnBrokenPipeAfterTheCommands`).
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

    /// Where the report goes; watched (a pipe) for its reader going away.
    private let output: OutputBuffer
    /// The output descriptor while it is a pipe or socket whose reader may go away; -1 once it has (or never).
    private var watchedOutput: Int32

    init(command: String, timeout: Duration, jobs: Int, output: OutputBuffer) {
        self.command = command
        self.timeout = timeout
        self.jobs = max(1, jobs)
        window = max(1, jobs) * 64
        timeoutMessage = AsyncCheck.command(command, timeout: timeout).timeoutMessage
        self.output = output
        var status = stat()
        let kind = fstat(output.fd, &status) == 0 ? status.st_mode & S_IFMT : 0
        watchedOutput = kind == S_IFIFO || kind == S_IFSOCK ? output.fd : -1
    }

    /// Waits until `input` is readable, reporting the lines whose commands end meanwhile.
    mutating func waitForInput(_ input: Int32, into checker: inout LineChecker) {
        while true {
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: finished.pipe.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: watchedOutput, events: 0, revents: 0)]
            if poll(&fds, 3, -1) < 0 && errno != EINTR { return }   // the read reports what is wrong
            if fds[2].revents != 0 { readerGone() }
            if fds[1].revents != 0 {
                CommandChecks.parkIfEnding()
                for (absolute, result) in finished.take() { apply(result, at: absolute) }
                flush(into: &checker)
            }
            if fds[0].revents != 0 { return }
        }
    }

    /// The output's reader has gone (POLLERR on a pipe's writing end): ends the program as a failed write would.
    private mutating func readerGone() {
        watchedOutput = -1
        output.readerGone()
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
        var reported = false
        defer { if reported { output.flush() } }
        while head < queue.count, case .decided(let verdict) = queue[head].state {
            reported = true
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
        while !finished.hasResults {
            var fds = [pollfd(fd: finished.pipe.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: watchedOutput, events: 0, revents: 0)]
            _ = poll(&fds, 2, -1)
            if fds[1].revents != 0 { readerGone() }
            if fds[0].revents != 0 { break }
        }
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
