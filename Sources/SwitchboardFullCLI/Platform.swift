// SPDX-License-Identifier: GPL-3.0-or-later
// The C library (Glibc on Linux, Darwin on macOS): the only file of SwitchboardFullCLI that imports one, re-exported
// for the module's other files. What differs between the two is wrapped in SwitchboardTerminal's Platform.swift and in
// CReadlineSupport (and the running executable's path in SwitchboardCLISupport's). Documentation: the Portability
// article.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// Writes one byte to `fd` (a wake-up pipe's write end; a full non-blocking pipe is already a wake-up).
func writeWakeByte(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
}

/// Reads whatever is in the non-blocking descriptor `fd` (a wake-up pipe's read end) and drops it.
func drainWakeBytes(_ fd: Int32) {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(fd, &bytes, bytes.count) > 0 {}
}

/// Widens the pipe `fd` (if it is one) towards `size` bytes: Linux's pipes hold 64 KiB by default and at most
/// /proc/sys/fs/pipe-max-size (1 MiB) for a user (`F_SETPIPE_SZ`); macOS sizes its pipes by itself. A refusal, or
/// anything but a pipe, is left as it is.
func widenPipe(_ fd: Int32, to size: Int) {
    #if os(Linux)
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
    let setPipeSize: Int32 = 1031   // F_SETPIPE_SZ (fcntl.h, with _GNU_SOURCE)
    _ = fcntl(fd, setPipeSize, Int32(clamping: size))
    #endif
}
