// SPDX-License-Identifier: Apache-2.0
// Byte scanners for IP addresses (RFC 4291, dotted-quad IPv4 without leading zeros), CIDR blocks, ports and
// host names (RFC 1123, with IDNA A-labels checked as IDNA2008 says: IDNA.swift). ASCII only.

enum NetScan {
    /// A dotted-quad IPv4 address in `bytes[start..<end]`: four decimal numbers 0-255 of 1 to 3 digits, no leading
    /// zeros (`01` is ambiguous: octal to some parsers, RFC 6943 section 3.1.1).
    @inline(__always)
    static func ipv4(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard end &- start >= 7, end &- start <= 15 else { return false }
        var i = start
        var octets = 0
        while true {
            let first = i
            var value = 0
            while i < end, i &- first < 3 {
                let d = bytes[i] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                value = value &* 10 &+ Int(d)
                i &+= 1
            }
            let length = i &- first
            guard length > 0, value <= 255, length == 1 || bytes[first] != UInt8(ascii: "0") else { return false }
            octets &+= 1
            if octets == 4 { return i == end }
            guard i < end, bytes[i] == UInt8(ascii: ".") else { return false }
            i &+= 1
        }
    }

    static func ipv4(_ bytes: UnsafeRawBufferPointer) -> Bool { ipv4(bytes, 0, bytes.count) }

    /// An IPv6 address as RFC 4291 section 2.2 writes it in `bytes[start..<end]`: eight groups of 1 to 4 hex
    /// digits, `::` at most once for one or more zero groups, an IPv4 address as the last 32 bits. No zone id,
    /// no brackets, no prefix length.
    static func ipv6(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard end &- start >= 2, end &- start <= 45 else { return false }
        var i = start
        var groups = 0
        var compressed = false
        if bytes[i] == UInt8(ascii: ":") {
            guard bytes[i &+ 1] == UInt8(ascii: ":") else { return false }
            compressed = true
            i &+= 2
            if i == end { return true }
        }
        while true {
            let groupStart = i
            while i < end, Scan.isHexDigit(bytes[i]) { i &+= 1 }
            if i < end, bytes[i] == UInt8(ascii: ".") {
                // The last 32 bits as an IPv4 address.
                guard ipv4(bytes, groupStart, end) else { return false }
                groups &+= 2
                break
            }
            let length = i &- groupStart
            guard length >= 1, length <= 4 else { return false }
            groups &+= 1
            if i == end { break }
            guard bytes[i] == UInt8(ascii: ":"), groups < 8 else { return false }
            i &+= 1
            if i < end, bytes[i] == UInt8(ascii: ":") {
                guard !compressed else { return false }
                compressed = true
                i &+= 1
                if i == end { break }
            } else if i == end {
                return false
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    static func ipv6(_ bytes: UnsafeRawBufferPointer) -> Bool { ipv6(bytes, 0, bytes.count) }

    /// Either family.
    static func ip(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for b in bytes {
            if b == UInt8(ascii: ":") { return ipv6(bytes) }
        }
        return ipv4(bytes)
    }

    /// An address, `/`, and a prefix length (0-32 for IPv4, 0-128 for IPv6, no leading zeros). Host bits may be
    /// set (`192.168.1.7/24`, as `ip addr` writes an interface's address).
    static func cidr(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var slash = n &- 1
        while slash >= 0, bytes[slash] != UInt8(ascii: "/") { slash &-= 1 }
        guard slash > 0, slash &+ 1 < n, slash &+ 4 >= n else { return false }
        guard bytes[slash &+ 1] != UInt8(ascii: "0") || slash &+ 2 == n else { return false }
        let prefix = DateScan.digits(bytes, slash &+ 1, n &- slash &- 1)
        guard prefix >= 0 else { return false }
        var isV6 = false
        for k in 0..<slash where bytes[k] == UInt8(ascii: ":") { isV6 = true; break }
        return isV6 ? prefix <= 128 && ipv6(bytes, 0, slash) : prefix <= 32 && ipv4(bytes, 0, slash)
    }

    /// A port number from `min` to `max` (1 to 65535 by default): ASCII digits, no sign, no leading zeros.
    @inline(__always)
    static func port(_ bytes: UnsafeRawBufferPointer, min: Int, max: Int) -> Bool {
        let n = bytes.count
        guard n >= 1, n <= 5, bytes[0] != UInt8(ascii: "0") else { return false }
        let value = DateScan.digits(bytes, 0, n)
        return value >= min && value <= max
    }

    /// A host name as RFC 1123 section 2.1 writes it, JSON Schema's `hostname`: dot-separated labels of 1 to 63
    /// letters, digits and hyphens, not starting or ending with a hyphen, 253 characters in all, no trailing dot.
    /// A label starting `xn--` must be a valid IDNA2008 A-label (IDNA.swift).
    static func hostname(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n >= 1, n <= 253 else { return false }
        var i = 0
        while true {
            let start = i
            while i < n, Scan.labelCharacter.contains(bytes[i]) { i &+= 1 }
            let length = i &- start
            guard length >= 1, length <= 63, bytes[start] != UInt8(ascii: "-"), bytes[i &- 1] != UInt8(ascii: "-")
            else { return false }
            if length >= 4, bytes[start &+ 2] == UInt8(ascii: "-"), bytes[start &+ 3] == UInt8(ascii: "-"),
                bytes[start] | 0x20 == UInt8(ascii: "x"), bytes[start &+ 1] | 0x20 == UInt8(ascii: "n") {
                guard IDNA.isValidALabel(bytes, start &+ 4, i) else { return false }
            }
            if i == n { return true }
            guard bytes[i] == UInt8(ascii: "."), i &+ 1 < n else { return false }
            i &+= 1
        }
    }

    /// A MAC address (EUI-48): six pairs of hex digits separated all by `:` or all by `-`.
    static func mac(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == 17 else { return false }
        let separator = bytes[2]
        guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: "-") else { return false }
        for k in 0..<17 {
            if k % 3 == 2 {
                guard bytes[k] == separator else { return false }
            } else {
                guard Scan.isHexDigit(bytes[k]) else { return false }
            }
        }
        return true
    }
}
