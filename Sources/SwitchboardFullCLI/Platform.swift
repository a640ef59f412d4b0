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
