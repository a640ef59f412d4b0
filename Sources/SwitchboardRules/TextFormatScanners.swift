// SPDX-License-Identifier: Apache-2.0
// Byte scanners for UUIDs (RFC 9562), semantic versions (semver.org 2.0.0), JSON texts (RFC 8259), hex colours
// and Base64 (RFC 4648).

enum TextScan {
    /// RFC 9562's 8-4-4-4-12 hex digits, either case (JSON Schema's `uuid`: any version and variant).
    static func uuid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == 36, let base = bytes.baseAddress else { return false }
        guard bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"), bytes[18] == UInt8(ascii: "-"),
            bytes[23] == UInt8(ascii: "-")
        else { return false }
        // Eight bytes at a time (words at 0, 8, 16, 24, 28 cover the 36): every byte but the dashes a hex digit.
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hexBytes(_ offset: Int) -> UInt64 {
            let w = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            guard w & high == 0 else { return 0 }
            let ones: UInt64 = 0x0101_0101_0101_0101
            // A byte in lo...hi (all bytes below 0x80, so no carry crosses a byte): x + (0x80 - lo) has its high
            // bit set, x + (0x7F - hi) has not.
            let digit = (w &+ ones &* 0x50) & ~(w &+ ones &* 0x46) & high
            let lower = w | (ones &* 0x20)
            let letter = (lower &+ ones &* 0x1F) & ~(lower &+ ones &* 0x19) & high
            return digit | letter
        }
        // Little-endian: byte j's high bit is bit 8j + 7. Dashes at 8 and 13 (word 8), 18 and 23 (word 16).
        let word8: UInt64 = high & ~(0x80 | 0x80 << 40), word16: UInt64 = high & ~(0x80 << 16 | 0x80 << 56)
        return hexBytes(0) == high && hexBytes(8) & word8 == word8 && hexBytes(16) & word16 == word16
            && hexBytes(24) == high && hexBytes(28) == high
    }

    /// semver.org 2.0.0: `MAJOR.MINOR.PATCH` without leading zeros, an optional `-` pre-release of dot-separated
    /// identifiers (numeric ones without leading zeros), an optional `+` build of dot-separated identifiers.
    static func semver(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        for part in 0..<3 {
            let start = i
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
            guard i > start, i == start &+ 1 || bytes[start] != UInt8(ascii: "0") else { return false }
            if part < 2 {
                guard i < n, bytes[i] == UInt8(ascii: ".") else { return false }
                i &+= 1
            }
        }
        if i < n, bytes[i] == UInt8(ascii: "-") {
            i &+= 1
            guard identifiers(bytes, &i, numericWithoutLeadingZeros: true) else { return false }
        }
        if i < n, bytes[i] == UInt8(ascii: "+") {
            i &+= 1
            guard identifiers(bytes, &i, numericWithoutLeadingZeros: false) else { return false }
        }
        return i == n
    }

    private static func identifiers(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, numericWithoutLeadingZeros: Bool) -> Bool {
        let n = bytes.count
        while true {
            let start = i
            var allDigits = true
            // Identifier characters are letters, digits and hyphens: a host name label's.
            while i < n, Scan.labelCharacter.contains(bytes[i]) {
                if bytes[i] &- UInt8(ascii: "0") >= 10 { allDigits = false }
                i &+= 1
            }
            guard i > start else { return false }
            if numericWithoutLeadingZeros, allDigits, i &- start > 1, bytes[start] == UInt8(ascii: "0") { return false }
            guard i < n, bytes[i] == UInt8(ascii: ".") else { return true }
            i &+= 1
        }
    }

    /// `#` and 3, 4, 6 or 8 hex digits (`#fff`, `#ffff`, `#1e90ff`, `#1e90ff80`).
    static func hexColor(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n == 4 || n == 5 || n == 7 || n == 9, bytes[0] == UInt8(ascii: "#") else { return false }
        for k in 1..<n where !Scan.isHexDigit(bytes[k]) { return false }
        return true
    }

    /// Letters, digits, `+` and `/` (a constant mask: see `Scan.emailLocal`).
    static let base64Character = ASCIISet(low: 0x03FF_8800_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)

    /// RFC 4648 Base64, standard alphabet, padded to a multiple of four characters. The empty text is the
    /// encoding of no bytes (RFC 4648 section 10: BASE64("") = "").
    static func base64(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n % 4 == 0 else { return false }
        if n == 0 { return true }
        var end = n
        if bytes[n &- 1] == UInt8(ascii: "=") { end &-= 1; if bytes[n &- 2] == UInt8(ascii: "=") { end &-= 1 } }
        for k in 0..<end where !base64Character.contains(bytes[k]) { return false }
        return true
    }

    static let jsonTrue = Array("true".utf8), jsonFalse = Array("false".utf8), jsonNull = Array("null".utf8)

    /// A JSON text as RFC 8259 defines it: one value (object, array, string, number, `true`, `false`, `null`)
    /// with optional white space around. Nesting is tracked on a heap stack, so no depth makes it crash.
    static func json(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        // Open containers: true for an object, false for an array.
        var stack: [Bool] = []
        @inline(__always) func skipSpace() {
            while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i &+= 1 }
        }
        func string() -> Bool {
            // At the opening quote.
            i &+= 1
            while i < n {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i &+= 1; return true }
                if b < 0x20 { return false }
                if b == UInt8(ascii: "\\") {
                    guard i &+ 1 < n else { return false }
                    switch bytes[i &+ 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        i &+= 2
                    case UInt8(ascii: "u"):
                        guard i &+ 5 < n, Scan.isHexDigit(bytes[i &+ 2]), Scan.isHexDigit(bytes[i &+ 3]),
                            Scan.isHexDigit(bytes[i &+ 4]), Scan.isHexDigit(bytes[i &+ 5])
                        else { return false }
                        i &+= 6
                    default:
                        return false
                    }
                    continue
                }
                i &+= 1
            }
            return false
        }
        func number() -> Bool {
            if bytes[i] == UInt8(ascii: "-") { i &+= 1 }
            guard i < n, bytes[i] &- UInt8(ascii: "0") < 10 else { return false }
            if bytes[i] == UInt8(ascii: "0") { i &+= 1 } else {
                while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
            }
            if i < n, bytes[i] == UInt8(ascii: ".") {
                i &+= 1
                let start = i
                while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
                guard i > start else { return false }
            }
            if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i &+= 1
                if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i &+= 1 }
                let start = i
                while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
                guard i > start else { return false }
            }
            return true
        }
        func literal(_ word: [UInt8]) -> Bool {
            guard i &+ word.count <= n else { return false }
            for k in 0..<word.count where bytes[i &+ k] != word[k] { return false }
            i &+= word.count
            return true
        }
        /// An object member's name and its colon, and the space after them.
        func memberName() -> Bool {
            guard i < n, bytes[i] == UInt8(ascii: "\""), string() else { return false }
            skipSpace()
            guard i < n, bytes[i] == UInt8(ascii: ":") else { return false }
            i &+= 1
            skipSpace()
            return true
        }
        skipSpace()
        while true {
            // A value.
            guard i < n else { return false }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i &+= 1
                skipSpace()
                if i < n, bytes[i] == UInt8(ascii: "}") { i &+= 1; break }
                stack.append(true)
                guard memberName() else { return false }
                continue
            case UInt8(ascii: "["):
                i &+= 1
                skipSpace()
                if i < n, bytes[i] == UInt8(ascii: "]") { i &+= 1; break }
                stack.append(false)
                continue
            case UInt8(ascii: "\""):
                guard string() else { return false }
            case UInt8(ascii: "t"): guard literal(jsonTrue) else { return false }
            case UInt8(ascii: "f"): guard literal(jsonFalse) else { return false }
            case UInt8(ascii: "n"): guard literal(jsonNull) else { return false }
            default:
                guard number() else { return false }
            }
            // After a value: a comma, or the closing of containers.
            while true {
                skipSpace()
                guard let isObject = stack.last else { return i == n }
                guard i < n else { return false }
                if bytes[i] == UInt8(ascii: ",") {
                    i &+= 1
                    skipSpace()
                    if isObject, !memberName() { return false }
                    break
                }
                guard bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                i &+= 1
                stack.removeLast()
            }
        }
    }
}
