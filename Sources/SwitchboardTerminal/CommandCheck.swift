import CReadlineSupport
import Glibc
import Synchronization
import SwitchboardRules

extension AsyncCheck {
    /// A check that runs `sh -c command` with the value on standard input (followed by a newline) and in the
    /// environment variable `SWITCHBOARD_VALUE`. Exit status 0 is valid; any other is invalid, with the first
    /// non-empty line of the command's standard error (else of its standard output, else "failed the check
    /// command (exit N)") as the message, control characters escaped.
    ///
    /// The command runs in its own process group. A run that is superseded (the text changed), times out or is
    /// cancelled (Ctrl-C) is killed with its whole group (SIGKILL); every child is reaped. Call
    /// `CommandChecks.adoptOrphans()` once in a program so that the command's own children are reaped too.
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
        try Task.checkCancellation()
        let process = try CheckProcess(command: command, value: value)
        let result: CheckProcess.Result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                process.wait { continuation.resume(returning: $0) }
            }
        } onCancel: {
            process.kill()
        }
        try Task.checkCancellation()
        return result.verdict(name: name)
    }

    static let registry = Mutex<[pid_t: CheckProcess]>([:])

    /// What a finished command said.
    package typealias Result = CheckProcess.Result

    /// Starts `command` for `value` without a task (batch checking): `done` is called on the command's own
    /// thread once it has ended and been reaped. Returns its pid (also its process group).
    package static func start(_ command: String, value: String,
                              done: @escaping @Sendable (Result) -> Void) throws -> pid_t {
        let process = try CheckProcess(command: command, value: value)
        process.wait(done)
        return process.pid
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

/// One running `sh -c COMMAND`: its pipes, and a thread that feeds it, reads it and reaps it.
package final class CheckProcess: Sendable {
    package struct Result: Sendable {
        var status: Int32
        var standardOutput: [UInt8]
        var standardError: [UInt8]

        package func verdict(name: String) -> Verdict {
            if status == 0 { return .valid }
            let line = firstLine(standardError) ?? firstLine(standardOutput)
            guard let line else {
                if status >= 128 { return .invalid(name, "failed the check command (killed by signal \(status - 128))") }
                return .invalid(name, "failed the check command (exit \(status))")
            }
            return .invalid(name, shown(line))
        }

        private func firstLine(_ bytes: [UInt8]) -> String? {
            for line in bytes.split(separator: 0x0A) {
                var text = String(decoding: line, as: UTF8.self)
                while let last = text.unicodeScalars.last, last == "\r" || last == " " || last == "\t" {
                    text.unicodeScalars.removeLast()
                }
                if !text.isEmpty { return text }
            }
            return nil
        }

        /// The message as is when it is plain text, else escaped (a command's output never reaches the
        /// terminal raw); cut to 200 characters.
        private func shown(_ line: String) -> String {
            let plain = !line.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
            if plain { return line.count > 200 ? String(line.prefix(200)) + "…" : line }
            return displayQuoted(line, limit: 200)
        }
    }

    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    private let value: [UInt8]
    /// Set once the group has been reaped: a kill after that could hit a reused group id.
    private let reaped = Mutex(false)

    /// `environment`: variables added for the command (a choices command's `SWITCHBOARD_ANSWER_<NAME>`).
    init(command: String, value: String, environment extra: [String: String] = [:]) throws {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard sb_pipe_cloexec(&inPipe) == 0 else { throw CheckCommandError(description: "cannot make a pipe") }
        guard sb_pipe_cloexec(&outPipe) == 0 else {
            closeAll(inPipe)
            throw CheckCommandError(description: "cannot make a pipe")
        }
        guard sb_pipe_cloexec(&errPipe) == 0 else {
            closeAll(inPipe + outPipe)
            throw CheckCommandError(description: "cannot make a pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var environment: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.prefix { $0 != "=" }
            if name != "SWITCHBOARD_VALUE" && extra[String(name)] == nil { environment.append(text) }
            entry += 1
        }
        environment.append("SWITCHBOARD_VALUE=" + value.replacing("\0", with: ""))
        for (name, text) in extra.sorted(by: { $0.key < $1.key }) {
            environment.append(name + "=" + text.replacing("\0", with: ""))
        }
        let arguments = ["/bin/sh", "-c", command]
        var spawned: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawn(&spawned, "/bin/sh", &actions, &attributes, argv, envp)
            }
        }
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard status == 0 else {
            closeAll([inPipe[1], outPipe[0], errPipe[0]])
            throw CheckCommandError(description: "cannot start /bin/sh: \(String(cString: strerror(status)))")
        }
        pid = spawned
        input = inPipe[1]
        output = outPipe[0]
        errors = errPipe[0]
        self.value = Array(value.utf8) + [0x0A]
        for fd in [input, output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        CommandChecks.registry.withLock { $0[spawned] = self }
    }

    /// Kills the command's whole process group (unless it has been reaped already).
    func kill() {
        reaped.withLock { done in
            if !done { _ = Glibc.kill(-pid, SIGKILL) }
        }
    }

    /// Feeds, reads and reaps the process on a thread of its own (a blocked cooperative thread would cap how
    /// many checks run at once), then calls `done` with the result.
    func wait(_ done: @escaping @Sendable (Result) -> Void) {
        let job = Unmanaged.passRetained(ThreadJob { [self] in done(self.drive()) })
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, 256 * 1024)
        let started = pthread_create(&thread, &attributes, { argument in
            let job = Unmanaged<ThreadJob>.fromOpaque(argument!).takeRetainedValue()
            // A command that exits without reading its input makes the write fail: EPIPE for this thread,
            // not a SIGPIPE that would end the program (a blocked thread-directed signal dies with the thread).
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            job.body()
            return nil
        }, job.toOpaque())
        pthread_attr_destroy(&attributes)
        if started != 0 {
            job.release()
            var pipeSignal = sigset_t()
            var saved = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved)
            let result = drive()
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var ignored: Int32 = 0
                sigwait(&pipeSignal, &ignored)
            }
            pthread_sigmask(SIG_SETMASK, &saved, nil)
            done(result)
        }
    }

    private func drive() -> Result {
        var written = 0
        var inputOpen = true
        var outputOpen = true
        var errorsOpen = true
        var standardOutput: [UInt8] = []
        var standardError: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let limit = 64 * 1024
        while outputOpen || errorsOpen {
            var fds = [pollfd(fd: inputOpen ? input : -1, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: outputOpen ? output : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 3, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if inputOpen && fds[0].revents != 0 {
                let n = value[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
                if n > 0 { written += n }
                if n < 0 && errno != EAGAIN && errno != EINTR || written == value.count || fds[0].revents & Int16(POLLERR) != 0 {
                    close(input)
                    inputOpen = false
                }
            }
            for (index, fd) in [(1, output), (2, errors)] where fds[index].revents != 0 {
                let n = read(fd, &buffer, buffer.count)
                if n > 0 {
                    if index == 1 {
                        if standardOutput.count < limit { standardOutput += buffer[0..<n] }
                    } else if standardError.count < limit {
                        standardError += buffer[0..<n]
                    }
                } else if n == 0 || errno != EAGAIN && errno != EINTR {
                    close(fd)
                    if index == 1 { outputOpen = false } else { errorsOpen = false }
                }
            }
        }
        if inputOpen { close(input) }
        if outputOpen { close(output) }
        if errorsOpen { close(errors) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Whatever the command left behind in its group goes too (no orphans); as the reaper of orphans
        // (`adoptOrphans`) this process reaps them.
        reaped.withLock { done in
            _ = Glibc.kill(-pid, SIGKILL)
            var other: Int32 = 0
            while true {
                let reapedPID = waitpid(-pid, &other, 0)
                if reapedPID > 0 || reapedPID < 0 && errno == EINTR { continue }
                break
            }
            done = true
        }
        CommandChecks.registry.withLock { _ = $0.removeValue(forKey: pid) }
        let exit: Int32
        if status & 0x7F == 0 { exit = (status >> 8) & 0xFF } else { exit = 128 + (status & 0x7F) }
        return Result(status: exit, standardOutput: standardOutput, standardError: standardError)
    }
}

private final class ThreadJob {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

private func closeAll(_ fds: [Int32]) {
    for fd in fds where fd >= 0 { close(fd) }
}

/// Calls `body` with a NULL-terminated array of C strings made from `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}
