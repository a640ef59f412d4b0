// SPDX-License-Identifier: Apache-2.0
// Starting child processes for terminal tests: posix_spawn with chosen descriptors, optionally in a new
// session, and the folder where the build put the executables under test.
import Glibc
import SwitchboardTesting

/// The folder holding the running test binary, which is where SwiftPM puts the package's executables
/// (`.build/debug`). Tests spawn examples from here.
///
/// ```swift
/// let demo = productsDirectory() + "/terminal-name"
/// ```
public func productsDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "." }
    let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var folder = path[..<(path.lastIndex(of: "/") ?? path.endIndex)]
    // `swift test` may run the tests from inside an `.xctest` bundle directory.
    if folder.hasSuffix(".xctest") || folder.hasSuffix(".xctest/Contents/MacOS") {
        folder = folder[..<(folder.lastIndex(of: "/") ?? folder.endIndex)]
    }
    return String(folder)
}

/// The full path of an executable product built with the tests, e.g. `executable("terminal-name")`.
public func executable(_ name: String) -> String {
    productsDirectory() + "/" + name
}

/// Why a spawned process ended.
public enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this code.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// It was still running when the deadline passed.
    case timedOut

    init(waitStatus status: Int32) {
        if status & 0x7f == 0 {
            self = .exited((status >> 8) & 0xff)
        } else {
            self = .signaled(status & 0x7f)
        }
    }

    public var description: String {
        switch self {
        case .exited(let code): "exited(\(code))"
        case .signaled(let signal): "signaled(\(signal))"
        case .timedOut: "timedOut"
        }
    }
}

// SpawnError, spawnLock and setCloseOnExec are SwitchboardTesting's: one lock for every child the tests start.

/// Spawns `path` with `arguments`; `descriptors` maps child descriptors (0, 1, 2) to parent descriptors.
func spawn(_ path: String, _ arguments: [String], environment: [String], descriptors: [Int32: Int32],
           newSession: Bool) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (child, parent) in descriptors.sorted(by: { $0.key < $1.key }) {
        posix_spawn_file_actions_adddup2(&actions, parent, child)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
    // POSIX_SPAWN_SETSID (glibc 0x80) is not visible to Swift without _GNU_SOURCE.
    if newSession { flags |= 0x80 }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        for p in argv { free(p) }
        for p in envp { free(p) }
    }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard rc == 0 else { throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(rc)))") }
    return pid
}

/// The current environment with `overrides` applied (a `nil` value removes the variable).
public func environment(_ overrides: [String: String?]) -> [String] {
    environmentEntries(overrides)
}

/// Seconds on the monotonic clock.
func now() -> Double {
    monotonicSeconds()
}

/// Waits for `pid` until `deadline` (monotonic seconds), polling; returns its status or `.timedOut`.
func waitForExit(_ pid: pid_t, deadline: Double) -> ExitStatus {
    var delay: UInt32 = 1_000
    while true {
        var status: Int32 = 0
        let rc = waitpid(pid, &status, WNOHANG)
        if rc == pid { return ExitStatus(waitStatus: status) }
        if rc < 0 && errno != EINTR { return .exited(-1) }
        if now() > deadline { return .timedOut }
        usleep(delay)
        delay = min(delay * 2, 20_000)
    }
}

/// Runs a program to completion and returns its exit status and standard output (standard error is
/// discarded). Used for `tmux` commands.
func run(_ path: String, _ arguments: [String], environment env: [String]? = nil,
         timeout: Double = 10) throws -> (status: ExitStatus, output: String) {
    var fds: [Int32] = [0, 0]
    let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(devNull) }
    let pid: pid_t = try spawnLock.withLock { _ in
        guard pipe(&fds) == 0 else { throw SpawnError(description: "pipe failed") }
        setCloseOnExec(fds[0], fds[1])
        defer { close(fds[1]) }
        return try spawn(path, arguments, environment: env ?? environment([:]),
                         descriptors: [0: devNull, 1: fds[1], 2: devNull], newSession: false)
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fds[0], &chunk, chunk.count)
        if n > 0 { output.append(contentsOf: chunk[0..<n]); continue }
        if n < 0 && errno == EINTR { continue }
        break
    }
    close(fds[0])
    let status = waitForExit(pid, deadline: now() + timeout)
    return (status, String(decoding: output, as: UTF8.self))
}
