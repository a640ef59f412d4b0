// SPDX-License-Identifier: Apache-2.0
// The C library (reading the file, standard error, exit), re-exported for main.swift.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
