// SPDX-License-Identifier: Apache-2.0
// Byte scanners for RFC 3339 dates, times and durations (JSON Schema's `date`, `time`, `date-time`,
// `duration`), and the friendlier `time-of-day`. ASCII only: `١٢` or `２` is not a digit here.

enum DateScan {
    /// The value of the ASCII digits at `i..<i+count`, or -1 when one is missing or not a digit.
    @inline(__always)
    static func digits(_ bytes: UnsafeRawBufferPointer, _ i: Int, _ count: Int) -> Int {
        guard i &+ count <= bytes.count else { return -1 }
        var value = 0
        var k = i
        while k < i &+ count {
            let d = bytes[k] &- UInt8(ascii: "0")
            guard d < 10 else { return -1 }
            value = value &* 10 &+ Int(d)
            k &+= 1
        }
        return value
    }

    @inline(__always)
    static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    @inline(__always)
    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// RFC 3339 `full-date` (`YYYY-MM-DD`, a real calendar day) at `i`; on success `i` is after it and the day
    /// is returned as (year, month, day).
    @inline(__always)
    static func fullDate(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> (Int, Int, Int)? {
        guard i &+ 10 <= bytes.count, bytes[i &+ 4] == UInt8(ascii: "-"), bytes[i &+ 7] == UInt8(ascii: "-") else {
            return nil
        }
        let year = digits(bytes, i, 4), month = digits(bytes, i &+ 5, 2), day = digits(bytes, i &+ 8, 2)
        guard year >= 0, month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
        i &+= 10
        return (year, month, day)
    }

    /// Whether the value is exactly a `full-date`.
    static func isDate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let year = digits(bytes, 0, 4), month = digits(bytes, 5, 2), day = digits(bytes, 8, 2)
        return year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
    }

    /// Exactly a `full-date`.
    static func date(_ bytes: UnsafeRawBufferPointer) -> (Int, Int, Int)? {
        var i = 0
        guard bytes.count == 10, let day = fullDate(bytes, &i) else { return nil }
        return day
    }

    /// RFC 3339 `full-time` at `i` to the end: `HH:MM:SS`, an optional fraction, and `Z` or `±HH:MM`; a leap
    /// second (`:60`) only where the time in UTC is 23:59.
    static func fullTime(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        let n = bytes.count
        var i = start
        guard i &+ 8 <= n, bytes[i &+ 2] == UInt8(ascii: ":"), bytes[i &+ 5] == UInt8(ascii: ":") else { return false }
        let hour = digits(bytes, i, 2), minute = digits(bytes, i &+ 3, 2), second = digits(bytes, i &+ 6, 2)
        guard hour >= 0, hour <= 23, minute >= 0, minute <= 59, second >= 0, second <= 60 else { return false }
        i &+= 8
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i &+= 1
            let fractionStart = i
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
            guard i > fractionStart else { return false }
        }
        guard i < n else { return false }
        var offsetMinutes = 0
        switch bytes[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            i &+= 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            guard i &+ 6 <= n, bytes[i &+ 3] == UInt8(ascii: ":") else { return false }
            let offsetHour = digits(bytes, i &+ 1, 2), offsetMinute = digits(bytes, i &+ 4, 2)
            guard offsetHour >= 0, offsetHour <= 23, offsetMinute >= 0, offsetMinute <= 59 else { return false }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
            i &+= 6
        default:
            return false
        }
        guard i == n else { return false }
        if second == 60 {
            // The minute in UTC: local time minus the offset, modulo a day.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func time(_ bytes: UnsafeRawBufferPointer) -> Bool { fullTime(bytes, from: 0) }

    /// RFC 3339 `date-time`: `full-date`, `T` (or `t`), `full-time`.
    static func dateTime(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        guard fullDate(bytes, &i) != nil, i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "t") else { return false }
        return fullTime(bytes, from: i &+ 1)
    }

    /// RFC 3339 appendix A `duration`: `P`, then date parts in the order Y, M, D with none skipped between two
    /// given (`P1Y2D` is not one), then optionally `T` and time parts H, M, S likewise; or weeks alone (`P2W`).
    /// Whole numbers only, upper-case designators.
    static func duration(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n >= 3, bytes[0] == UInt8(ascii: "P") else { return false }
        var i = 1
        // One number and its designator; returns the designator, or 0 when malformed.
        @inline(__always) func part(_ i: inout Int) -> UInt8 {
            let start = i
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
            guard i > start, i < n else { return 0 }
            let unit = bytes[i]
            i &+= 1
            return unit
        }
        if bytes[1] != UInt8(ascii: "T") {
            let first = part(&i)
            if first == UInt8(ascii: "W") { return i == n }
            let units: [UInt8] = [UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D")]
            guard var index = units.firstIndex(of: first) else { return false }
            while i < n, bytes[i] != UInt8(ascii: "T") {
                guard index < 2, part(&i) == units[index &+ 1] else { return false }
                index &+= 1
            }
            if i == n { return true }
        }
        // The time part: "T" and at least one of H, M, S in order, none skipped between two given.
        i &+= 1
        guard i < n else { return false }
        let units: [UInt8] = [UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S")]
        guard var index = units.firstIndex(of: part(&i)) else { return false }
        while i < n {
            guard index < 2, part(&i) == units[index &+ 1] else { return false }
            index &+= 1
        }
        return true
    }

    /// The friendly time: `H:MM` or `HH:MM`, optionally `:SS`, on a 24-hour clock (00:00 to 23:59:59), no offset.
    static func timeOfDay(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        var hour = -1
        if n >= 5, bytes[2] == UInt8(ascii: ":") {
            hour = digits(bytes, 0, 2)
            i = 3
        } else if n >= 4, bytes[1] == UInt8(ascii: ":") {
            hour = digits(bytes, 0, 1)
            i = 2
        }
        guard hour >= 0, hour <= 23 else { return false }
        let minute = digits(bytes, i, 2)
        guard minute >= 0, minute <= 59 else { return false }
        i &+= 2
        if i == n { return true }
        guard i &+ 3 == n, bytes[i] == UInt8(ascii: ":") else { return false }
        let second = digits(bytes, i &+ 1, 2)
        return second >= 0 && second <= 59
    }
}
