// SPDX-License-Identifier: Apache-2.0
// Starting a program on a pseudo-terminal: openpty, then posix_spawn in a new session whose controlling terminal
// is the pty's slave. The thin C edge of the kit.
import Synchronization

/// Descriptors are created close-on-exec under this lock, and children are spawned under it, so that no child
/// started by the kit (or by the project's own test helpers, which share it) inherits another test's pty or pipe.
package let spawnLock = Mutex(())

package func setCloseOnExec(_ fds: Int32...) {
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
}

/// An error starting a program, or reading its terminal.
public struct SpawnError: Error, CustomStringConvertible {
    public var description: String
    package init(description: String) { self.description = description }
}

/// A pseudo-terminal and the program started on it.
struct PseudoTerminal {
    var pid: pid_t
    var master: Int32
    var slave: Int32
    /// The read end of the pipe that is the program's standard output, when it was captured.
    var standardOutput: Int32?

    /// Starts `arguments[0]` (a path; a bare name is looked up in `PATH`) on a new pty of `columns` x `rows`.
    init(_ arguments: [String], environment: [String], columns: Int, rows: Int, captureStandardOutput: Bool,
         directory: String?) throws {
        guard let program = arguments.first, !program.isEmpty else {
            throw SpawnError(description: "no program to start: the command line is empty")
        }
        let path = try resolveProgram(program, environment: environment)
        var masterFD: Int32 = -1
        var slaveFD: Int32 = -1
        var pipeFDs: [Int32] = [-1, -1]
        let childPID: pid_t = try spawnLock.withLock { _ in
            var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns),
                               ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&masterFD, &slaveFD, nil, nil, &size) == 0 else {
                throw SpawnError(description: "openpty failed: \(String(cString: strerror(errno)))")
            }
            setCloseOnExec(masterFD, slaveFD)
            var descriptors: [Int32: Int32] = [0: slaveFD, 1: slaveFD, 2: slaveFD]
            if captureStandardOutput {
                guard pipe(&pipeFDs) == 0 else {
                    close(masterFD)
                    close(slaveFD)
                    throw SpawnError(description: "pipe failed: \(String(cString: strerror(errno)))")
                }
                setCloseOnExec(pipeFDs[0], pipeFDs[1])
                descriptors[1] = pipeFDs[1]
            }
            defer { if captureStandardOutput { close(pipeFDs[1]) } }
            var name = [CChar](repeating: 0, count: 256)
            guard ttyname_r(slaveFD, &name, name.count) == 0 else {
                throw SpawnError(description: "ttyname failed: \(String(cString: strerror(errno)))")
            }
            do {
                return try spawnOnTerminal(path, Array(arguments.dropFirst()), environment: environment,
                                           terminal: cString(name), descriptors: descriptors, directory: directory)
            } catch {
                close(masterFD)
                close(slaveFD)
                if captureStandardOutput { close(pipeFDs[0]) }
                throw error
            }
        }
        pid = childPID
        master = masterFD
        slave = slaveFD
        standardOutput = captureStandardOutput ? pipeFDs[0] : nil
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        if let standardOutput { _ = fcntl(standardOutput, F_SETFL, fcntl(standardOutput, F_GETFL) | O_NONBLOCK) }
    }
}

/// `program` itself when it names a path, else the first executable of that name in the environment's `PATH`.
func resolveProgram(_ program: String, environment: [String]) throws -> String {
    if program.contains("/") {
        guard access(program, X_OK) == 0 else {
            throw SpawnError(description: "cannot start \(program): not an executable file (build it first?)")
        }
        return program
    }
    let path = environment.first { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where access("\(folder)/\(program)", X_OK) == 0 {
        return "\(folder)/\(program)"
    }
    throw SpawnError(description: "cannot start \(program): not found in PATH (\(path))")
}

/// Spawns in a new session whose controlling terminal is `terminal`: the child opens it by name as its
/// descriptor 0 (a session leader's first opened terminal becomes its controlling terminal; posix_spawn cannot
/// issue TIOCSCTTY), then the other descriptors are duplicated as asked.
package func spawnOnTerminal(_ path: String, _ arguments: [String], environment: [String], terminal: String,
                             descriptors: [Int32: Int32], directory: String? = nil) throws -> pid_t {
    var actions = newSpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
    for (child, parent) in descriptors.sorted(by: { $0.key < $1.key }) where child != 0 {
        if parent == descriptors[0] {
            posix_spawn_file_actions_adddup2(&actions, 0, child)
        } else {
            posix_spawn_file_actions_adddup2(&actions, parent, child)
        }
    }
    var attributes = newSpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID is glibc's 0x80 (hidden from Swift without _GNU_SOURCE).
    let flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK) | 0x80
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    // Another working directory: through sh (glibc hides posix_spawn_file_actions_addchdir_np from Swift); the
    // folder and the command are arguments, never part of the script.
    let (path, arguments) = directory.map {
        ("/bin/sh", ["-c", "cd -- \"$1\" && shift && exec \"$@\"", "sh", $0, path] + arguments)
    } ?? (path, arguments)
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

/// The current environment with `overrides` applied (a `nil` value removes the variable), as `NAME=value`.
package func environmentEntries(_ overrides: [String: String?]) -> [String] {
    var result: [String: String] = [:]
    var pointer = processEnvironment
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    for (key, value) in overrides { result[key] = value }
    return result.map { "\($0.key)=\($0.value)" }.sorted()
}

/// The text of a NUL-terminated C buffer.
package func cString(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

/// Seconds on the monotonic clock.
package func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
