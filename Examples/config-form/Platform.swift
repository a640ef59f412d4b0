// SPDX-License-Identifier: GPL-3.0-or-later
// The C library (standard error, exit), re-exported for main.swift.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// Standard error, for `print(..., to: &standardError)`.
struct StandardError: TextOutputStream {
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
@MainActor var standardError = StandardError()
