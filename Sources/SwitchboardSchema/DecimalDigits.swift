// SPDX-License-Identifier: Apache-2.0
/// Exact arithmetic on whole numbers written as decimal digits, for `JSONNumber.isMultiple(of:)` when a significand
/// has more than 19 digits (floating point would round `12345678901234567891` to an even number).
enum DecimalDigits {
    /// `digits` (ASCII, most significant first) modulo `divisor` (> 0).
    static func remainder(_ digits: [UInt8], dividedBy divisor: UInt64) -> UInt64 {
        var r: UInt64 = 0
        for d in digits {
            // r * 10 + d < divisor * 10 + 10: the quotient fits in 64 bits.
            let (high, low) = r.multipliedFullWidth(by: 10)
            let (sum, carry) = low.addingReportingOverflow(UInt64(d - 48))
            r = divisor.dividingFullWidth((high + (carry ? 1 : 0), sum)).remainder
        }
        return r
    }

    /// `r * 10^exponent` modulo `modulus` (`r` < `modulus`), by repeated squaring.
    static func multiply(_ r: UInt64, byPowerOfTenModulo modulus: UInt64, _ exponent: Int) -> UInt64 {
        func mulmod(_ x: UInt64, _ y: UInt64) -> UInt64 { modulus.dividingFullWidth(x.multipliedFullWidth(by: y)).remainder }
        var result = r % modulus, base = 10 % modulus, e = exponent
        while e > 0 && result != 0 {
            if e & 1 == 1 { result = mulmod(result, base) }
            base = mulmod(base, base)
            e >>= 1
        }
        return result
    }

    /// Whether `a * 10^shift` is a multiple of `b` (ASCII digits, b > 0, b without trailing zeros).
    ///
    /// b = 2^p * 5^q * m with m prime to 10: once shift >= max(p, q), 10^shift supplies the 2s and 5s and only
    /// m must divide a; below that, shift is at most about 3.3 times b's length and the product is divided as it is.
    static func isMultiple(_ a: [UInt8], shiftedBy shift: Int, of b: [UInt8]) -> Bool {
        var m = b.map { $0 - 48 }
        var twos = 0, fives = 0
        while let last = m.last, last % 2 == 0 { m = divided(m, by: 2); twos += 1 }
        while let last = m.last, last == 5 { m = divided(m, by: 5); fives += 1 }
        let values = a.map { $0 - 48 }
        if shift >= max(twos, fives) { return isZeroRemainder(values, zeros: 0, divisor: m) }
        return isZeroRemainder(values, zeros: shift, divisor: b.map { $0 - 48 })
    }

    /// `value` (digit values) divided by a small `k`, without leading zeros.
    private static func divided(_ value: [UInt8], by k: UInt8) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(value.count)
        var carry = 0
        for d in value {
            let current = carry * 10 + Int(d)
            let q = UInt8(current / Int(k))
            carry = current % Int(k)
            if !(out.isEmpty && q == 0) { out.append(q) }
        }
        return out.isEmpty ? [0] : out
    }

    /// Whether (value followed by `zeros` zero digits) modulo `divisor` is zero (digit values, schoolbook division).
    private static func isZeroRemainder(_ value: [UInt8], zeros: Int, divisor: [UInt8]) -> Bool {
        var r: [UInt8] = []
        func step(_ d: UInt8) {
            if !(r.isEmpty && d == 0) { r.append(d) }
            while compare(r, divisor) >= 0 { subtract(&r, divisor) }
        }
        for d in value { step(d) }
        for _ in 0..<zeros { step(0) }
        return r.isEmpty
    }

    /// Compares two numbers without leading zeros (the empty array is zero).
    private static func compare(_ x: [UInt8], _ y: [UInt8]) -> Int {
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for i in 0..<x.count where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
        return 0
    }

    /// x -= y (x >= y), leaving no leading zeros.
    private static func subtract(_ x: inout [UInt8], _ y: [UInt8]) {
        var borrow = 0
        var i = x.count - 1, j = y.count - 1
        while i >= 0 {
            var d = Int(x[i]) - borrow - (j >= 0 ? Int(y[j]) : 0)
            borrow = d < 0 ? 1 : 0
            if d < 0 { d += 10 }
            x[i] = UInt8(d)
            i -= 1
            j -= 1
        }
        let lead = x.firstIndex { $0 != 0 } ?? x.count
        x.removeFirst(lead)
    }
}
