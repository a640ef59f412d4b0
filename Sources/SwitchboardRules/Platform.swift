// SPDX-License-Identifier: Apache-2.0
// The C library (Glibc on Linux, Darwin on macOS): the only file of SwitchboardRules that imports one, re-exported for
// the module's other files. The calls the rules make (stat, access, localtime_r, memchr, memcmp) are spelled the same
// on both. Documentation: SwitchboardTerminal's Portability article.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// access(2), by a name no method shadows.
@inline(__always)
func posixAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
