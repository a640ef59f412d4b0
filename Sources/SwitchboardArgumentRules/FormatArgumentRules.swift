// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import SwitchboardRules

// Typed argument rules for the format, network and path rules: `port` gives an `Int`, `date` a `CalendarDate`;
// a path rule's option completes file (or directory) names in the shell.

extension ArgumentRule where Value == Int {
    /// A TCP or UDP port number, 1 to 65535, as an `Int`.
    ///
    /// ```swift
    /// @Option(rule: .port) var port: Int?
    /// ```
    public static var port: ArgumentRule<Int> { ArgumentRule(Rule.port) }

    /// A port number within `range`, as an `Int`.
    ///
    /// ```swift
    /// @Option(rule: .port(in: 1024...65535)) var port: Int = 8443
    /// ```
    public static func port(in range: ClosedRange<Int>) -> ArgumentRule<Int> { ArgumentRule(Rule.port(in: range)) }
}

extension CalendarDate: ExpressibleByArgument {
    /// The day an argument names, written `YYYY-MM-DD`.
    ///
    /// ```swift
    /// CalendarDate(argument: "2026-03-14")?.month   // 3
    /// ```
    public init?(argument: String) { self.init(argument) }

    public var defaultValueDescription: String { description }
}

extension ArgumentRule where Value == CalendarDate {
    /// A date (`YYYY-MM-DD`, a real calendar day) as a `CalendarDate`.
    ///
    /// ```swift
    /// @Option(rule: .date) var day: CalendarDate?
    /// ```
    public static var date: ArgumentRule<CalendarDate> { ArgumentRule(Rule.date) }

    /// A date no earlier than `low` and no later than `high` (`.today` is the local date when checked).
    ///
    /// ```swift
    /// @Option(rule: .date(from: .today)) var start: CalendarDate?
    /// ```
    public static func date(from low: DateBound? = nil, through high: DateBound? = nil) -> ArgumentRule<CalendarDate> {
        ArgumentRule(Rule.date(from: low, through: high))
    }

    /// A date within `range`.
    ///
    /// ```swift
    /// @Option(rule: .date(in: CalendarDate("2020-01-01")!...CalendarDate("2030-12-31")!)) var day: CalendarDate?
    /// ```
    public static func date(in range: ClosedRange<CalendarDate>) -> ArgumentRule<CalendarDate> {
        ArgumentRule(Rule.date(in: range))
    }
}

extension ArgumentRule {
    /// The shell completion of a path rule: file names, or directory names for `dir`; nil for other rules.
    var pathCompletionKind: CompletionKind? {
        switch rule.pathCompletion {
        case .files?: return .file()
        case .directories?: return .directory
        case nil: return nil
        }
    }
}
