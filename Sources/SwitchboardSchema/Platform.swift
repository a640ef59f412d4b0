// SPDX-License-Identifier: Apache-2.0
// The C library (Glibc on Linux, Darwin on macOS): the only file of SwitchboardSchema that imports one, re-exported
// for the module's other files (the resolver reads schema files with open/read). The calls made are spelled the same
// on both. Documentation: the Portability article of SwitchboardTerminal.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
