// SPDX-License-Identifier: GPL-3.0-or-later
// The C library (Glibc on Linux, Darwin on macOS): the only file of SwitchboardCLISupport that imports one, re-exported
// for the module's other files. What differs between the two is wrapped in SwitchboardTerminal's Platform.swift and in
// CReadlineSupport; the calls made here are spelled the same on both. Documentation: the Portability article.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// write(2), by a name that `OutputBuffer.write` does not shadow.
@inline(__always)
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }

/// The path of the running executable, as the kernel knows it (links resolved): Linux's `/proc/self/exe`, Darwin's
/// `_NSGetExecutablePath` (then `realpath`). Nil when it cannot be told. (Both binaries use it: `switchboard` to find
/// `switchboard-full` beside it, `switchboard-full` to run itself for `test` scenarios.)
package func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    #if canImport(Glibc)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
    var size = UInt32(buffer.count)
    guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
    #endif
}
