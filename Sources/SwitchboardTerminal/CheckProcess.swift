// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport
import Synchronization
import SwitchboardRules

extension CommandChecks {
    /// What a finished command did and said: its exit status or signal, its output.
    ///
    /// ```swift
    /// let result = try await CommandChecks.output(of: "exit 255", value: "")
    /// result.exitStatus   // 255 (an exit status, not a signal)
    /// ```
    public struct Result: Sendable {
        /// The exit status (0-255) when the shell exited; nil when a signal ended it.
        public var exitStatus: Int32?
        /// The signal that ended the shell, if one did.
        public var signal: Int32?
        /// The first 64 KiB of its standard output.
        public var standardOutput: [UInt8]
        /// The first 64 KiB of its standard error.
        public var standardError: [UInt8]
        /// Whether it ran past its timeout and was killed with its group for that.
        public var timedOut = false

        /// Valid for exit status 0; otherwise invalid, with the first non-empty line of standard error (else of
        /// standard output, else "failed the check command (exit N)" or "(killed by signal N)") as the message.
        public func verdict(name: String) -> Verdict {
            if exitStatus == 0 { return .valid }
            let line = firstLine(standardError) ?? firstLine(standardOutput)
            guard let line else {
                if let signal { return .invalid(name, "failed the check command (killed by signal \(signal))") }
                return .invalid(name, "failed the check command (exit \(exitStatus ?? -1))")
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
}

/// One running `sh -c COMMAND`: its pipes, and the thread that started it, feeds it, reads it and reaps it (on a
/// thread of its own: a blocked cooperative thread would cap how many checks run at once).
///
/// The command is over when its shell exits (seen on a pidfd): what its pipes hold then is read, and its process
/// group is killed and reaped. Descendants that keep the pipes open (`sleep 30 &`, a daemon that left the group
/// with `setsid`) are never waited for.
package final class CheckProcess: Sendable {
    package typealias Result = CommandChecks.Result

    /// The longest value put in `SWITCHBOARD_VALUE`, in bytes: Linux refuses an environment string longer than
    /// 128 KiB (MAX_ARG_STRLEN, counting `SWITCHBOARD_VALUE=` and the final NUL). A longer value leaves the
    /// variable unset; it is always on standard input, and `SWITCHBOARD_VALUE_BYTES` always holds its size.
    package static let environmentValueLimit = 131_072 - "SWITCHBOARD_VALUE=".utf8.count - 1

    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    private let value: [UInt8]
    /// When the command is killed for running too long (nil: never).
    private let deadline: ContinuousClock.Instant?
    /// Set once the group has been reaped: a kill after that could hit a reused group id.
    private let reaped = Mutex(false)

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32, value: [UInt8],
                 deadline: ContinuousClock.Instant?) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
        self.value = value
        self.deadline = deadline
    }

    /// Starts `sh -c command` for `value` and returns once it runs (or throws when it cannot start; `done` is
    /// then never called). A thread of its own starts it, feeds it, reads it and reaps it, then calls `done` with
    /// the result. `environment`: variables added for the command (a choices command's
    /// `SWITCHBOARD_ANSWER_<NAME>`).
    ///
    /// On Linux the shell dies with that thread (`PR_SET_PDEATHSIG`), so with this process even when it is
    /// killed with SIGKILL, which leaves no time to kill the groups; the thread lives until the shell has been
    /// reaped, and the shell is started on it rather than on the caller's thread, which may end first (a
    /// worker thread of Swift concurrency ends when it has been idle a while).
    @discardableResult
    static func start(command: String, value: String, timeout: Duration? = nil, environment extra: [String: String] = [:],
                      done: @escaping @Sendable (Result) -> Void) throws(CheckCommandError) -> CheckProcess {
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
        var environment: [String] = []
        var entry = processEnvironment
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !text.hasPrefix("SWITCHBOARD_VALUE=") && !text.hasPrefix("SWITCHBOARD_VALUE_BYTES=")
                && extra[String(text.prefix { $0 != "=" })] == nil {
                environment.append(text)
            }
            entry += 1
        }
        let bytes = Array(value.utf8)
        environment.append("SWITCHBOARD_VALUE_BYTES=\(bytes.count)")
        for (name, text) in extra.sorted(by: { $0.key < $1.key }) {
            environment.append(name + "=" + text.replacing("\0", with: ""))
        }
        let withValue = bytes.count <= Self.environmentValueLimit
            ? environment + ["SWITCHBOARD_VALUE=" + value.replacing("\0", with: "")] : nil
        let request = SpawnRequest(arguments: ["/bin/sh", "-c", command], environment: environment,
                                   environmentWithValue: withValue, descriptors: [inPipe[0], outPipe[1], errPipe[1]])
        // Once the program is ending on a signal no command starts; one starting now is registered before the
        // ending kills what is registered.
        let open = CommandChecks.gate.withLock { gate in
            if gate.closed { return false }
            gate.starting += 1
            return true
        }
        guard open else {
            closeAll(inPipe + outPipe + errPipe)
            throw CheckCommandError(description: "the program is ending")
        }
        let handoff = Handoff()
        let value = bytes + [0x0A]
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let ends = [inPipe[1], outPipe[0], errPipe[0]]
        startThread {
            let status = request.spawn()
            close(request.descriptors[0])
            close(request.descriptors[1])
            close(request.descriptors[2])
            guard case .success(let spawned) = status else {
                closeAll(ends)
                CommandChecks.gate.withLock { $0.starting -= 1 }
                if case .failure(let error) = status { handoff.post(.failure(error)) }
                return
            }
            let process = CheckProcess(pid: spawned, input: ends[0], output: ends[1], errors: ends[2], value: value,
                                       deadline: deadline)
            for fd in ends { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            CommandChecks.registry.withLock { $0[spawned] = process }
            CommandChecks.gate.withLock { $0.starting -= 1 }
            handoff.post(.success(process))
            done(process.drive())
        }
        return try handoff.wait().get()
    }

    /// Kills the command's whole process group (unless it has been reaped already).
    func kill() {
        reaped.withLock { done in
            if !done { _ = posixKill(-pid, SIGKILL) }
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
        // Readable once the shell has exited; without pidfds (Linux before 5.3) the loop looks every 10 ms.
        let exitFD = sb_pidfd_open(pid)
        var status: Int32 = 0
        var exited = false
        var timedOut = false
        var shellReaped = false

        /// Reads what `fd` holds now; false once it is at its end (or broken).
        func drain(_ fd: Int32, into bytes: inout [UInt8]) -> Bool {
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n > 0 {
                    if bytes.count < limit { bytes += buffer[0..<min(n, limit - bytes.count)] }
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                return n < 0 && errno == EAGAIN
            }
        }

        while !exited {
            var fds = [pollfd(fd: inputOpen ? input : -1, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: outputOpen ? output : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0)]
            var wait: Int32 = exitFD >= 0 ? -1 : 10
            if let deadline, !timedOut {
                let left = millisecondsRoundedUp(deadline - ContinuousClock.now)
                if left == 0 {
                    timedOut = true
                    kill()   // the group goes; the shell's exit ends the loop
                } else if wait < 0 || left < wait {
                    wait = left
                }
            }
            if poll(&fds, 4, wait) < 0 && errno != EINTR { break }
            if inputOpen && fds[0].revents != 0 {
                let n = value[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
                if n > 0 { written += n }
                if n < 0 && errno != EAGAIN && errno != EINTR || written == value.count
                    || fds[0].revents & Int16(POLLERR) != 0 {
                    close(input)
                    inputOpen = false
                }
            }
            if outputOpen && fds[1].revents != 0 && !drain(output, into: &standardOutput) {
                close(output)
                outputOpen = false
            }
            if errorsOpen && fds[2].revents != 0 && !drain(errors, into: &standardError) {
                close(errors)
                errorsOpen = false
            }
            if exitFD >= 0 {
                // The shell stays a zombie until reaped below, so its pid (the group's id) is not reused before
                // the group is killed.
                exited = fds[3].revents != 0
            } else {
                let ended = waitpid(pid, &status, WNOHANG)
                if ended == pid || ended < 0 && errno == ECHILD { exited = true; shellReaped = true }
            }
        }
        if exitFD >= 0 { close(exitFD) }
        // The shell has exited: what it wrote is in the pipes now. Whatever its children still write is not
        // waited for.
        if outputOpen { _ = drain(output, into: &standardOutput) }
        if errorsOpen { _ = drain(errors, into: &standardError) }
        if inputOpen { close(input) }
        if outputOpen { close(output) }
        if errorsOpen { close(errors) }
        // Whatever the command left behind in its group goes too (no orphans); as the reaper of orphans
        // (`adoptOrphans`) this process reaps them. The group is killed while its leader is a zombie.
        reaped.withLock { done in
            _ = posixKill(-pid, SIGKILL)
            // Killed, its leader not reaped yet: the guard may forget the group (see sb_spawn_command).
            sb_guard_release(pid)
            while !shellReaped && waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            var other: Int32 = 0
            while true {
                let reapedPID = waitpid(-pid, &other, 0)
                if reapedPID > 0 || reapedPID < 0 && errno == EINTR { continue }
                break
            }
            done = true
        }
        CommandChecks.registry.withLock { _ = $0.removeValue(forKey: pid) }
        // WIFSIGNALED/WTERMSIG and WIFEXITED/WEXITSTATUS: `exit 255` is an exit status, not a signal.
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F {
            return Result(exitStatus: nil, signal: signal, standardOutput: standardOutput, standardError: standardError,
                          timedOut: timedOut)
        }
        return Result(exitStatus: (status >> 8) & 0xFF, signal: nil, standardOutput: standardOutput,
                      standardError: standardError, timedOut: timedOut)
    }
}

/// Runs `body` on a detached thread of its own with SIGPIPE blocked (a command that exits without reading its
/// input makes a write fail with EPIPE for that thread, instead of a SIGPIPE that would end the program); on the
/// calling thread when no thread can be made.
func startThread(_ body: @escaping @Sendable () -> Void) {
    let job = Unmanaged.passRetained(ThreadJob(body))
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    pthread_attr_setstacksize(&attributes, 256 * 1024)
    let started = pthread_create(&thread, &attributes, { argument in
        let job = Unmanaged<ThreadJob>.fromOpaque(argument!).takeRetainedValue()
        var pipeSignal = signalSet([SIGPIPE])
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        job.body()
        return nil
    }, job.toOpaque())
    pthread_attr_destroy(&attributes)
    if started != 0 {
        job.release()
        var pipeSignal = signalSet([SIGPIPE])
        var saved = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved)
        body()
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var ignored: Int32 = 0
            sigwait(&pipeSignal, &ignored)
        }
        pthread_sigmask(SIG_SETMASK, &saved, nil)
    }
}

private final class ThreadJob: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
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

/// What starting one command takes, prepared before its thread starts it.
private struct SpawnRequest: Sendable {
    let arguments: [String]
    let environment: [String]
    /// The environment with `SWITCHBOARD_VALUE` (nil when the value is too long for it).
    let environmentWithValue: [String]?
    /// The command's standard input, output and error.
    let descriptors: [Int32]

    /// Starts `/bin/sh` (see `sb_spawn_command`): its pid, or why it could not start.
    func spawn() -> Swift.Result<pid_t, CheckCommandError> {
        var spawned: pid_t = 0
        func attempt(_ environment: [String]) -> Int32 {
            withCStrings(arguments) { argv in
                withCStrings(environment) { envp in
                    descriptors.withUnsafeBufferPointer { fds in
                        sb_spawn_command("/bin/sh", argv, envp, fds.baseAddress, &spawned)
                    }
                }
            }
        }
        var status: Int32
        if let environmentWithValue {
            status = attempt(environmentWithValue)
            // A large environment as a whole can still be too much for the kernel: the value stays on stdin.
            if status == E2BIG { status = attempt(environment) }
        } else {
            status = attempt(environment)
        }
        guard status == 0 else {
            return .failure(CheckCommandError(description: "cannot start /bin/sh: \(String(cString: strerror(status)))"))
        }
        return .success(spawned)
    }
}

/// Hands the started process (or why it did not start) from its thread to the caller of `CheckProcess.start`,
/// which waits for it.
private final class Handoff: Sendable {
    private let outcome = Mutex<Swift.Result<CheckProcess, CheckCommandError>?>(nil)
    private let pipe: [Int32]

    init() {
        var fds: [Int32] = [-1, -1]
        _ = sb_pipe_cloexec(&fds)
        pipe = fds
    }

    deinit { closeAll(pipe) }

    func post(_ result: Swift.Result<CheckProcess, CheckCommandError>) {
        outcome.withLock { $0 = result }
        var byte: UInt8 = 1
        _ = write(pipe[1], &byte, 1)
    }

    func wait() -> Swift.Result<CheckProcess, CheckCommandError> {
        while true {
            if let result = outcome.withLock({ $0 }) { return result }
            var byte: UInt8 = 0
            // Without a pipe (no descriptors left), the outcome is looked at again every millisecond.
            if pipe[0] < 0 || read(pipe[0], &byte, 1) < 0 && errno != EINTR {
                var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                nanosleep(&pause, nil)
            }
        }
    }
}
