// SPDX-License-Identifier: Apache-2.0
// The C library (Glibc on Linux, Darwin on macOS) and what differs between the two, for the test kit: the only file
// of SwitchboardTesting that imports one, re-exported for the module's other files (as every module's Platform.swift
// does). Documentation: the Portability article of SwitchboardTerminal.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// The process's environment, `NAME=value` strings up to a null pointer: glibc's `environ`; on Darwin a program
/// reaches it through `_NSGetEnviron()`.
var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    #if canImport(Glibc)
    environ
    #else
    _NSGetEnviron().pointee!
    #endif
}

// read and write by a name no method shadows (a session has `read` and `write` of its own).
@inline(__always)
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
@inline(__always)
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }

/// posix_spawn's file actions and attributes, before their `_init` call: structs in glibc, optional opaque
/// pointers on Darwin.
#if canImport(Glibc)
func newSpawnFileActions() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
func newSpawnAttributes() -> posix_spawnattr_t { posix_spawnattr_t() }
#else
func newSpawnFileActions() -> posix_spawn_file_actions_t? { nil }
func newSpawnAttributes() -> posix_spawnattr_t? { nil }
#endif

/// Whether every process of process group `group` is asleep: on Linux, state `S` in `/proc/<pid>/stat` for each
/// process whose group is `group` (and at least one such process). Darwin has no /proc: there the settle guess for
/// programs not built on Switchboard rests on the quiet period and the empty input queue alone (always true here).
func processGroupAsleep(_ group: pid_t) -> Bool {
    #if canImport(Glibc)
    guard group > 0, let folder = opendir("/proc") else { return false }
    defer { closedir(folder) }
    var found = false
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let first = name.utf8.first, first >= 0x30 && first <= 0x39 else { continue }
        guard let stat = readSmallFile("/proc/\(name)/stat"), let close = stat.lastIndex(of: ")") else { continue }
        // After "pid (comm) ": state, ppid, pgrp.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 3, Int32(fields[2]) == group else { continue }
        found = true
        if fields[0] != "S" { return false }
    }
    return found
    #else
    return group > 0
    #endif
}

/// A small file's text (up to 4 KiB), or nil.
private func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(fd, &buffer, buffer.count)
    return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
}

/// `/proc/<pid>/<file>`: Linux's view of a process (ProcessTree walks it; Darwin has none, and there the walk finds
/// nothing).
func procFilePath(_ pid: String, _ file: String) -> String {
    "/proc/" + pid + "/" + file
}
