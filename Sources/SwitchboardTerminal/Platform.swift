// SPDX-License-Identifier: GPL-3.0-or-later
// The C library and what differs between Linux (Glibc) and macOS (Darwin), for this module and the ones built on it:
// the only file of SwitchboardTerminal that imports a C library. Documentation: the Portability article.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
import CReadline
import CReadlineSupport

/// Waits for the terminal (and the descriptors waited on with it) as poll(2) does. macOS's poll and kqueue do not
/// report a terminal as readable, so there it is answered with select(2) (`sb_select_poll`, which
/// scripts/test-select-wait.sh tests on Linux against pipes and a pseudo-terminal).
func waitForInput(_ fds: inout [pollfd], timeout: Int32) -> Int32 {
    #if canImport(Darwin)
    sb_select_poll(&fds, UInt32(fds.count), timeout)
    #else
    poll(&fds, nfds_t(fds.count), timeout)
    #endif
}

/// A signal handler as `sigaction` holds it: glibc keeps it in `__sigaction_handler.sa_handler`, Darwin in
/// `__sigaction_u.__sa_handler`.
extension sigaction {
    package var handler: SignalHandler? {
        get {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler
            #else
            __sigaction_u.__sa_handler
            #endif
        }
        set {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler = newValue
            #else
            __sigaction_u.__sa_handler = newValue
            #endif
        }
    }
}

// The C functions by a name no method shadows (`close`, `read`, `write`, `kill`, `signal` are also methods and
// properties here).
@discardableResult @inlinable
package func posixClose(_ fd: Int32) -> Int32 { close(fd) }
@inlinable
package func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
@inlinable
package func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
@discardableResult @inlinable
package func posixKill(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
/// A signal's disposition, as `signal(2)` sets it (glibc's `sighandler_t`, Darwin's `sig_t`).
package typealias SignalHandler = @convention(c) (Int32) -> Void
@discardableResult
package func posixSignal(_ number: Int32, _ handler: SignalHandler?) -> SignalHandler? { signal(number, handler) }

/// Whether the calling thread is the process's main thread: on Linux its thread id is the process id (gettid, in
/// CReadline's shim: Swift cannot call the variadic syscall); Darwin says so with `pthread_main_np`.
var isMainThread: Bool {
    #if canImport(Glibc)
    sb_is_main_thread() != 0
    #else
    pthread_main_np() != 0
    #endif
}

/// The process's environment, `NAME=value` strings up to a null pointer: glibc's `environ`; on Darwin a program
/// reaches it through `_NSGetEnviron()`.
var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    #if canImport(Glibc)
    environ
    #else
    _NSGetEnviron().pointee!
    #endif
}

/// The parent, process group and session of `pid`: on Linux from `/proc/<pid>/stat`
/// (`pid (comm) state ppid pgrp session ...`); on Darwin, which has no /proc, the parent from sysctl
/// `KERN_PROC_PID` and the group and session from getpgid and getsid.
func processStatus(_ pid: pid_t) -> (parent: pid_t, group: pid_t, session: pid_t)? {
    #if canImport(Glibc)
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0, let close = buffer[0..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
    guard fields.count >= 4,
          let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
          let group = pid_t(String(decoding: fields[2], as: UTF8.self)),
          let session = pid_t(String(decoding: fields[3], as: UTF8.self)) else { return nil }
    return (parent, group, session)
    #else
    var info = kinfo_proc()
    var size = MemoryLayout<kinfo_proc>.stride
    var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
    guard sysctl(&name, 4, &info, &size, nil, 0) == 0, size > 0 else { return nil }
    let group = getpgid(pid), session = getsid(pid)
    guard group >= 0, session >= 0 else { return nil }
    return (info.kp_eproc.e_ppid, group, session)
    #endif
}
