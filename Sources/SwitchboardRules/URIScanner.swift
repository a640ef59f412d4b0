// SPDX-License-Identifier: Apache-2.0
// RFC 3986 URIs and URI references (JSON Schema's `uri` and `uri-reference`), exactly as the ABNF of its
// appendix A: ASCII only, percent-encodings complete, IPv6 and IPvFuture literals in brackets.

enum URIScan {
    // Constant masks, as `Scan.emailLocal` (CharacterMaskTests checks them against their characters).
    /// Letters, digits and ``-._~!$&'()*+,;=``: RFC 3986's unreserved characters and sub-delims.
    static let unreservedSubDelims = ASCIISet(low: 0x2BFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    /// Letters, digits, `+`, `-` and `.`: what a scheme continues with.
    static let schemeCharacter = ASCIISet(low: 0x03FF_6800_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)

    /// A `pchar` (or, with `extra`, one of those bytes too) at `i`, percent-encoded or not; advances `i`.
    @inline(__always)
    static func pchar(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, colon: Bool = true, slashQuestion: Bool = false) -> Bool {
        let b = bytes[i]
        if unreservedSubDelims.contains(b) || b == UInt8(ascii: "@") || (colon && b == UInt8(ascii: ":"))
            || (slashQuestion && (b == UInt8(ascii: "/") || b == UInt8(ascii: "?"))) {
            i &+= 1
            return true
        }
        guard b == UInt8(ascii: "%"), i &+ 2 < bytes.count, Scan.isHexDigit(bytes[i &+ 1]), Scan.isHexDigit(bytes[i &+ 2])
        else { return false }
        i &+= 3
        return true
    }

    /// RFC 3986 `URI` (`absolute`) or `URI-reference`.
    static func uri(_ bytes: UnsafeRawBufferPointer, absolute: Bool) -> Bool {
        let n = bytes.count
        var i = 0
        // A scheme: a letter, then letters, digits, "+", "-", "." up to a ":".
        var hasScheme = false
        if n > 0, (bytes[0] | 0x20) &- UInt8(ascii: "a") < 26 {
            var k = 1
            while k < n, schemeCharacter.contains(bytes[k]) { k &+= 1 }
            if k < n, bytes[k] == UInt8(ascii: ":") {
                hasScheme = true
                i = k &+ 1
            }
        }
        if absolute && !hasScheme { return false }
        if i &+ 1 < n, bytes[i] == UInt8(ascii: "/"), bytes[i &+ 1] == UInt8(ascii: "/") {
            i &+= 2
            var end = i
            while end < n, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
                end &+= 1
            }
            guard authority(bytes, i, end) else { return false }
            i = end
        } else if !hasScheme {
            // path-noscheme: no ":" in the first segment.
            while i < n, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") {
                guard pchar(bytes, &i, colon: false) else { return false }
            }
        }
        // The rest of the path.
        while i < n, bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") {
            if bytes[i] == UInt8(ascii: "/") { i &+= 1; continue }
            guard pchar(bytes, &i) else { return false }
        }
        if i < n, bytes[i] == UInt8(ascii: "?") {
            i &+= 1
            while i < n, bytes[i] != UInt8(ascii: "#") {
                guard pchar(bytes, &i, slashQuestion: true) else { return false }
            }
        }
        if i < n, bytes[i] == UInt8(ascii: "#") {
            i &+= 1
            while i < n {
                guard pchar(bytes, &i, slashQuestion: true) else { return false }
            }
        }
        return true
    }

    /// `[ userinfo "@" ] host [ ":" port ]` in `bytes[start..<end]`.
    static func authority(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var i = start
        var at = start
        while at < end, bytes[at] != UInt8(ascii: "@") { at &+= 1 }
        if at < end {
            // userinfo is a pchar but "@" (none before the first one) up to a percent-encoding, which cannot run
            // past the "@" (not a hex digit).
            while i < at {
                guard pchar(bytes, &i) else { return false }
            }
            i = at &+ 1
        }
        if i < end, bytes[i] == UInt8(ascii: "[") {
            var close = i &+ 1
            while close < end, bytes[close] != UInt8(ascii: "]") { close &+= 1 }
            guard close < end, ipLiteral(bytes, i &+ 1, close) else { return false }
            i = close &+ 1
        } else {
            while i < end, bytes[i] != UInt8(ascii: ":") {
                let b = bytes[i]
                if unreservedSubDelims.contains(b) {
                    i &+= 1
                } else if b == UInt8(ascii: "%"), i &+ 2 < end, Scan.isHexDigit(bytes[i &+ 1]), Scan.isHexDigit(bytes[i &+ 2]) {
                    i &+= 3
                } else {
                    return false
                }
            }
        }
        if i == end { return true }
        guard bytes[i] == UInt8(ascii: ":") else { return false }
        i &+= 1
        while i < end {
            guard bytes[i] &- UInt8(ascii: "0") < 10 else { return false }
            i &+= 1
        }
        return true
    }

    /// `IPv6address / IPvFuture` between the brackets.
    private static func ipLiteral(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        if bytes[start] | 0x20 == UInt8(ascii: "v") {
            var i = start &+ 1
            let hexStart = i
            while i < end, Scan.isHexDigit(bytes[i]) { i &+= 1 }
            guard i > hexStart, i < end, bytes[i] == UInt8(ascii: ".") else { return false }
            i &+= 1
            guard i < end else { return false }
            while i < end {
                guard unreservedSubDelims.contains(bytes[i]) || bytes[i] == UInt8(ascii: ":") else { return false }
                i &+= 1
            }
            return true
        }
        return NetScan.ipv6(bytes, start, end)
    }
}
