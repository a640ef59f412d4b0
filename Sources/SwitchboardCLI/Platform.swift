// SPDX-License-Identifier: GPL-3.0-or-later
// The C library (Glibc on Linux, Darwin on macOS): the only file of SwitchboardCLI that imports a C library (the one
// call that differs between them, the running executable's path, is SwitchboardCLISupport's). Documentation: the
// Portability article.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
