// SPDX-License-Identifier: Apache-2.0
// The date and time rules: JSON Schema's `date`, `time`, `date-time`, `duration` (RFC 3339), date ranges, and
// the friendlier `time-of-day`. Scanners in DateScanners.swift; textual forms in FormatSyntax.swift.

/// A day of the proleptic Gregorian calendar, as RFC 3339's `full-date` writes it (`2026-03-14`).
///
/// ```swift
/// let day = CalendarDate(year: 2026, month: 3, day: 14)!
/// CalendarDate("2023-02-29")   // nil: 2023 is not a leap year
/// day.description              // "2026-03-14"
/// ```
public struct CalendarDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A real calendar day with a four-digit year (0000 to 9999), or nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= DateScan.daysInMonth(year, month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `text` names in the form `YYYY-MM-DD`, or nil.
    ///
    /// ```swift
    /// CalendarDate("2024-02-29")?.day   // 29
    /// ```
    public init?(_ text: String) {
        var text = text
        guard let (year, month, day) = text.withUTF8({ DateScan.date(UnsafeRawBufferPointer($0)) }) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Today in the local time zone (as `TZ` or the system sets it).
    ///
    /// ```swift
    /// CalendarDate.today.year   // 2026
    /// ```
    public static var today: CalendarDate {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CalendarDate(year: 1970, month: 1, day: 1)!
    }

    /// Days since 1970-01-01 (negative before).
    var dayNumber: Int { Self.dayNumber(year, month, day) }

    /// Days since 1970-01-01 of a valid date (Howard Hinnant's `days_from_civil`).
    @inline(__always)
    static func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// One end of a date range: a fixed day, or today (the local date when the value is checked, so a form left open
/// past midnight moves with the clock).
///
/// ```swift
/// Rule.date(from: .today)                                   // today or later
/// Rule.date(from: .date(CalendarDate("2020-01-01")!), through: .today)
/// ```
public enum DateBound: Sendable, Equatable, CustomStringConvertible {
    case date(CalendarDate)
    case today

    /// The bound as the rule syntax writes it: `2020-01-01` or `today`.
    public var description: String {
        switch self {
        case .date(let day): return day.description
        case .today: return "today"
        }
    }

    @inline(__always)
    var dayNumber: Int {
        switch self {
        case .date(let day): return day.dayNumber
        case .today: return CalendarDate.today.dayNumber
        }
    }
}

extension Rule {
    /// A calendar date as RFC 3339 `full-date` writes it, JSON Schema's `date` format: `YYYY-MM-DD` with a real
    /// month and day (`2024-02-29` passes, `2023-02-29` and `2023-2-28` do not). ASCII digits only.
    ///
    /// ```swift
    /// Rule.date.check("2023-02-29").failure?.message   // "must be a date such as 2026-03-14"
    /// ```
    public static var date: Rule { date(from: nil, through: nil) }

    /// A date within `range` (both ends included).
    ///
    /// ```swift
    /// Rule.date(in: CalendarDate("2020-01-01")!...CalendarDate("2030-12-31")!).check("2031-01-01").isValid  // false
    /// ```
    public static func date(in range: ClosedRange<CalendarDate>) -> Rule {
        date(from: .date(range.lowerBound), through: .date(range.upperBound))
    }

    /// A date no earlier than `low` and no later than `high` (either may be nil; `.today` is the local date at
    /// the time of checking).
    ///
    /// ```swift
    /// Rule.date(from: .today).check("2001-01-01").failure?.message   // "must be a date no earlier than today"
    /// ```
    public static func date(from low: DateBound? = nil, through high: DateBound? = nil) -> Rule {
        let requirement: String, source: String
        switch (low, high) {
        case (nil, nil):
            return format("date", "be a date such as 2026-03-14", passes: DateScan.isDate)
        case (let low?, nil):
            requirement = "be a date no earlier than \(low) (such as 2026-03-14)"
            source = "date:\(low).."
        case (nil, let high?):
            requirement = "be a date no later than \(high) (such as 2026-03-14)"
            source = "date:..\(high)"
        case (let low?, let high?) where low == high:
            requirement = "be the date \(low)"
            source = "date:\(low)"
        case (let low?, let high?):
            requirement = "be a date from \(low) to \(high) (such as 2026-03-14)"
            source = "date:\(low)..\(high)"
        }
        let scanner = FormatMatcher { bytes in
            guard let (year, month, day) = DateScan.date(bytes) else { return false }
            let number = CalendarDate.dayNumber(year, month, day)
            if let low, number < low.dayNumber { return false }
            if let high, number > high.dayNumber { return false }
            return true
        }
        return format("date", requirement, source: source, scanner)
    }

    /// RFC 3339 `full-time`, JSON Schema's `time` format: `HH:MM:SS`, an optional fraction, and an offset `Z` or
    /// `±HH:MM` (`08:30:06Z`, `23:20:50.52+01:00`); a leap second `:60` only at 23:59 UTC. For a time people type,
    /// see `timeOfDay`.
    ///
    /// ```swift
    /// Rule.time.check("12:00").failure?.message
    /// // "must be an RFC 3339 time with seconds and an offset, such as 08:30:00Z"
    /// ```
    public static var time: Rule {
        format("time", "be an RFC 3339 time with seconds and an offset, such as 08:30:00Z", passes: DateScan.time)
    }

    /// A time of day as people type it: `H:MM` or `HH:MM`, optionally `:SS`, on a 24-hour clock, without an
    /// offset (`9:30`, `17:45`, `23:59:59`).
    ///
    /// ```swift
    /// Rule.timeOfDay.check("24:00").failure?.message   // "must be a time of day such as 09:30 or 17:45:10"
    /// ```
    public static var timeOfDay: Rule {
        format("time-of-day", "be a time of day such as 09:30 or 17:45:10", passes: DateScan.timeOfDay)
    }

    /// RFC 3339 `date-time`, JSON Schema's `date-time` format: a `date`, `T`, and a `time`
    /// (`2026-03-14T09:30:00Z`, `2026-03-14t09:30:00.5+01:00`).
    ///
    /// ```swift
    /// Rule.dateTime.check("2026-03-14 09:30").isValid   // false
    /// ```
    public static var dateTime: Rule {
        format("date-time", "be an RFC 3339 date and time such as 2026-03-14T09:30:00Z", passes: DateScan.dateTime)
    }

    /// An ISO 8601 duration as RFC 3339 appendix A defines it, JSON Schema's `duration` format: `P1Y2M3DT4H5M6S`,
    /// `PT30M`, `P2W`; whole numbers, designators in order, weeks alone.
    ///
    /// ```swift
    /// Rule.duration.check("PT1H30M").isValid   // true
    /// ```
    public static var duration: Rule {
        format("duration", "be an ISO 8601 duration such as P1DT12H or PT30M", passes: DateScan.duration)
    }
}
