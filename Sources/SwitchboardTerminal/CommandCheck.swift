// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport
import Synchronization
import SwitchboardRules

extension AsyncCheck {
    /// A check that runs `sh -c command` with the value on standard input (followed by a newline) and in the
    /// environment variable `SWITCHBOARD_VALUE` (with its size in bytes in `SWITCHBOARD_VALUE_BYTES`). A value
    /// longer than 131,053 bytes, the kernel's limit for one variable, leaves `SWITCHBOARD_VALUE` unset: read
    /// standard input. Exit status 0 is valid; any other is invalid, with the first non-empty line of the
    /// command's standard error (else of its standard output, else "failed the check command (exit N)", or
    /// "(killed by signal N)") as the message, control characters escaped.
    ///
    /// The command is over when its shell exits: what its output pipes hold then is read, and its process group
    /// is killed (a background child such as `sleep 30 &` neither delays the verdict nor outlives it). A run that
    /// is superseded (the text changed), times out or is cancelled (Ctrl-C) is killed with its whole group
    /// (SIGKILL); every child is reaped. Call
    /// `CommandChecks.adoptOrphans()` once in a program so that the command's own children are reaped too. On
    /// Linux the shell also dies with the program when that is killed with SIGKILL (PR_SET_PDEATHSIG); what the
    /// shell started itself is not reached then.
    ///
    /// ```swift
    /// field.addAsyncCheck(.command("grep -qvx \"$(cat)\" taken.txt || { echo 'is taken' >&2; exit 1; }"))
    /// ```
    public static func command(_ command: String, name: String = "check", debounce: Duration = .milliseconds(250),
                               timeout: Duration = .seconds(10)) -> AsyncCheck {
        AsyncCheck(name, debounce: debounce, timeout: timeout) { value in
            try await CommandChecks.run(command, value: value, name: name)
        }
    }
}

/// The processes of check commands: spawning, killing and reaping them.
///
/// ```swift
/// CommandChecks.adoptOrphans()                       // once, at start-up
/// let verdict = try await CommandChecks.run("test -n \"$SWITCHBOARD_VALUE\"", value: "ada")
/// ```
public enum CommandChecks {
    /// Makes this process the reaper of its orphaned descendants (Linux `PR_SET_CHILD_SUBREAPER`), so that
    /// the children a check command starts (the `sleep` in `sleep 1; ...`) are reaped here when their group
    /// is killed, instead of waiting for init. A program-wide setting: call it once, in a program (the
    /// `switchboard` command does), not in a library.
    public static func adoptOrphans() {
        _ = sb_set_child_subreaper()
    }

    /// The process groups of the commands still running.
    public static var running: [pid_t] { registry.withLock { Array($0.keys) } }

    /// Kills every running check command with its group, then waits (at most `timeout`) until each has been
    /// reaped. Used on Ctrl-C and before the program exits.
    ///
    /// ```swift
    /// CommandChecks.terminateAll()
    /// ```
    public static func terminateAll(timeout: Duration = .seconds(2)) {
        let groups = registry.withLock { state in state.values.map { $0 } }
        for process in groups { process.kill() }
        waitUntilReaped(timeout: timeout)
    }

    /// Waits (at most `timeout`) until every check command has been reaped.
    public static func waitUntilReaped(timeout: Duration = .seconds(2)) {
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while !registry.withLock({ $0.isEmpty }) && clock.now < end {
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// Runs `command` for `value` and returns its verdict; throws `CancellationError` when the task was
    /// cancelled (the process group is killed at once).
    public static func run(_ command: String, value: String, name: String = "check") async throws -> Verdict {
        try await output(of: command, value: value).verdict(name: name)
    }

    static let registry = Mutex<[pid_t: CheckProcess]>([:])

    /// Whether commands may still start, and how many are being started.
    struct Gate {
        var closed = false
        var starting = 0
    }
    static let gate = Mutex(Gate())

    /// Blocks for good when the program is ending on a signal (`terminateOnSignals`), which ends it: the caller
    /// reports no result of a command that was killed for the ending.
    package static func parkIfEnding() {
        guard gate.withLock({ $0.closed }) else { return }
        while true { pause() }
    }

    /// Lets no further command start, and waits (at most 2 s) until those being started are registered, so that
    /// `terminateAll` then reaches every command there is.
    package static func closeGate() {
        gate.withLock { $0.closed = true }
        let clock = ContinuousClock()
        let end = clock.now + .seconds(2)
        while gate.withLock({ $0.starting > 0 }) && clock.now < end {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// Runs `command` with `value` on its standard input (and in `SWITCHBOARD_VALUE`, as `AsyncCheck.command`
    /// does) and returns what it did and said, for callers that want the output rather than a verdict. The
    /// process group is killed at once when the task is cancelled (throws `CancellationError`), or once
    /// `timeout` has passed (the result says `timedOut`).
    ///
    /// ```swift
    /// let listed = try await CommandChecks.output(of: "ls /etc", value: "", timeout: .seconds(5))
    /// let names = String(decoding: listed.standardOutput, as: UTF8.self).split(separator: "\n")
    /// ```
    public static func output(of command: String, value: String, timeout: Duration? = nil) async throws -> Result {
        try Task.checkCancellation()
        let started = StartedProcess()
        let outcome: Swift.Result<Result, CheckCommandError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                do throws(CheckCommandError) {
                    let process = try CheckProcess.start(command: command, value: value, timeout: timeout) { result in
                        continuation.resume(returning: .success(result))
                    }
                    started.set(process)
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        } onCancel: {
            started.cancel()
        }
        let result = try outcome.get()
        try Task.checkCancellation()
        return result
    }

    /// Makes `signals` (SIGINT, SIGTERM, SIGHUP by default) end the program only after every running check
    /// command has been killed with its group and reaped: they are blocked in the calling thread, and so in every
    /// thread it starts later, and a thread of their own waits for them; then the signal's default action ends
    /// the program (a shell sees 130, 143, 129). A signal ignored when it is called stays ignored. For a program without a field that catches them itself, such as
    /// a batch check. Call it early, on the main thread, before other threads start.
    ///
    /// ```swift
    /// CommandChecks.terminateOnSignals()
    /// ```
    package static func terminateOnSignals(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        // A signal the program was started with ignored (`nohup`, a background job of a script) stays ignored.
        let waited = signals.filter { signal in
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { return false }
            guard let handler = current.handler else { return true }
            return unsafeBitCast(handler, to: Int.self) != 1   // SIG_IGN
        }
        guard !waited.isEmpty else { return }
        var set = signalSet(waited)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        startThread {
            var set = signalSet(waited)
            var caught: Int32 = 0
            while sigwait(&set, &caught) != 0 {}
            CommandChecks.closeGate()
            CommandChecks.terminateAll()
            // The default action, from this thread: unblocked here, so the raised signal is delivered here. A form
            // holding the terminal's echo off puts its modes back first.
            sb_echo_hold_pause()
            posixSignal(caught, SIG_DFL)
            var one = signalSet([caught])
            pthread_sigmask(SIG_UNBLOCK, &one, nil)
            raise(caught)
            _exit(128 + caught)
        }
    }

    /// Starts `command` for `value` without a task (batch checking): `done` is called on the command's own
    /// thread once it has ended and been reaped (the shell dies with this process even when it is killed with
    /// SIGKILL: see `CheckProcess.start`). Returns its pid (also its process group).
    package static func start(_ command: String, value: String, timeout: Duration? = nil,
                              environment: [String: String] = [:],
                              done: @escaping @Sendable (Result) -> Void) throws -> pid_t {
        try CheckProcess.start(command: command, value: value, timeout: timeout, environment: environment,
                               done: done).pid
    }

    /// Kills the running command `pid` with its group (nothing if it has ended).
    package static func kill(_ pid: pid_t) {
        registry.withLock { $0[pid] }?.kill()
    }
}

/// Failures to start a check command.
public struct CheckCommandError: Error, CustomStringConvertible {
    /// What went wrong, e.g. "cannot start sh: No such file or directory".
    public let description: String
}

/// The process an `output(of:)` started, for its cancellation handler, which may run before it has started.
private final class StartedProcess: Sendable {
    private let state = Mutex<(process: CheckProcess?, cancelled: Bool)>((nil, false))

    /// Records the started process; kills it at once when the task was cancelled meanwhile.
    func set(_ process: CheckProcess) {
        let cancelled = state.withLock { state in
            state.process = process
            return state.cancelled
        }
        if cancelled { process.kill() }
    }

    func cancel() {
        let process = state.withLock { state in
            state.cancelled = true
            return state.process
        }
        process?.kill()
    }
}
