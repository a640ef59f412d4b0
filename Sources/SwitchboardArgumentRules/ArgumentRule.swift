// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import SwitchboardRules

/// A rule for a command-line value, and the type the value becomes once it passes: `Int` for
/// `"int:1..120"` or `.integer(in: 1...120)`, `Double` for `"decimal"`, `String` for `"email"` or
/// `"one-of:staging,production"`. Use it as an `@Option`'s or `@Argument`'s `rule:` and as the rule of a prompt
/// (`Prompting.askIfMissing`), so the flag and the prompt check the same thing.
///
/// ```swift
/// @Option(rule: .integer(in: 1024...65535)) var port: Int?     // a typed variant
/// @Option(rule: "decimal:0..1") var ratio: Double?             // parsed from the rule syntax
/// @Option(rule: .email) var email: String?                     // any `Rule` for a String value
/// ```
///
/// A value that fails is refused with the rule's message, in ArgumentParser's format (exit 64):
/// `The value '80' is invalid for '--port <port>': must be a whole number from 1024 to 65535`.
public struct ArgumentRule<Value>: Sendable {
    /// The rule the text must pass.
    public let rule: Rule
    /// The rule plus what the text must be to become a `Value` (an `Int` must fit in 64 bits): what a prompt's
    /// field and the option's transform check.
    public let condition: Condition<String>
    /// The values Tab completes to: the rule's `choices`, else the type's own list (a `CaseIterable` enum's cases),
    /// keeping those that pass.
    public let choices: [String]?
    private let convert: @Sendable (String) -> Value?

    /// A rule for values of any type: `convert` makes the value from text that passed `rule`, or returns nil,
    /// and `requirement` says what such text must be (after "must").
    ///
    /// ```swift
    /// let hex = ArgumentRule<UInt32>(try Rule.parse("regex:[0-9a-f]{1,8}"), requirement: "be a 32-bit hex number") {
    ///     UInt32($0, radix: 16)
    /// }
    /// ```
    public init(_ rule: Rule, requirement: String, choices: [String]? = nil,
                convert: @escaping @Sendable (String) -> Value?) {
        let converts = Condition<String>(Self.typeName, requirement: requirement) { convert($0) != nil }
        let condition = rule.condition && converts
        self.rule = rule
        self.convert = convert
        self.condition = condition
        self.choices = (choices ?? rule.choices).map { $0.filter { condition.check($0).isValid } }
    }

    private init(rule: Rule, condition: Condition<String>, choices: [String]?,
                 convert: @escaping @Sendable (String) -> Value?) {
        self.rule = rule
        self.condition = condition
        self.choices = choices
        self.convert = convert
    }

    /// Checks `text`: `.valid`, or the rule's name and message.
    ///
    /// ```swift
    /// ArgumentRule<Int>.integer(in: 1...120).check("130").failure?.message  // "must be a whole number from 1 to 120"
    /// ```
    public func check(_ text: String) -> Verdict {
        condition.check(text)
    }

    /// The value `text` stands for, or `ArgumentRuleError` with the rule's message: an option's `transform`.
    ///
    /// ```swift
    /// try ArgumentRule<Int>.integer(in: 1...120).value(from: "42")   // 42
    /// ```
    public func value(from text: String) throws(ArgumentRuleError) -> Value {
        if let failure = condition.check(text).failure {
            throw ArgumentRuleError(rule: failure.name, message: failure.message)
        }
        guard let value = convert(text) else {
            // Only a convert that answers differently for the same text gets here.
            throw ArgumentRuleError(rule: Self.typeName, message: "must be a valid \(Self.typeName)")
        }
        return value
    }

    /// The help text an option shows when its author wrote none: the rule's message, such as
    /// "must be a valid email address".
    public var help: String { rule.failureMessage }

    /// The help an option shows: the author's, with the rule's message as its text when the author wrote none
    /// (`ArgumentHelp(valueName: "staging|production")` still shows the requirement).
    /// With `default`, the help ends in `(default: 1)` as ArgumentParser's own options' does (it shows no default
    /// for an option parsed by a transform).
    func help(_ written: ArgumentHelp?, default value: Any? = nil) -> ArgumentHelp {
        var help = written ?? ArgumentHelp()
        if help.abstract.isEmpty { help.abstract = self.help }
        if let value, let shown = argumentText(value) { help.abstract += " (default: \(shown))" }
        return help
    }

    /// The completion an option offers when its author chose none: the choices as a list, else `fallback`, else
    /// file or directory names for a path rule.
    func completion(_ fallback: CompletionKind?) -> CompletionKind? {
        if let choices { return .list(choices) }
        return fallback ?? pathCompletionKind
    }

    /// The same rule with `text` as its failure message (the help line shows it too).
    ///
    /// ```swift
    /// ArgumentRule<Int>.integer(in: 1024...65535).message("Use a port from 1024 to 65535")
    /// ```
    public func message(_ text: String) -> ArgumentRule {
        ArgumentRule(rule: rule.message(text), condition: condition.message(text), choices: choices,
                     convert: convert)
    }

    static var typeName: String { "\(Value.self)" }
}

extension ArgumentRule where Value: ExpressibleByArgument {
    /// A rule whose passing values become `Value` as ArgumentParser makes them (`Value(argument:)`): `Int` and
    /// `Double` from the numbers `"int"` and `"decimal"` accept, `String` as typed, an enum from its raw value.
    /// A number that fits no `Int`, or a `Double` that is not finite, fails with what would be right.
    ///
    /// ```swift
    /// let age = ArgumentRule<Int>(try Rule.parse("int:1..120"))
    /// ```
    public init(_ rule: Rule) {
        let requirement: String
        switch Value.self {
        case is Int.Type: requirement = "be a whole number from \(Int.min) to \(Int.max)"
        case is Double.Type, is Float.Type: requirement = "be a finite number"
        default:
            let listed = Value.allValueStrings
            requirement = listed.isEmpty
                ? "be a valid \(Self.typeName)"
                : "be one of " + listed.map { displayQuoted($0) }.joined(separator: ", ")
        }
        let own = Value.allValueStrings
        self.init(rule, requirement: requirement, choices: rule.choices ?? (own.isEmpty ? nil : own)) { text in
            guard let value = Value(argument: text) else { return nil }
            if let number = value as? Double, !number.isFinite { return nil }
            if let number = value as? Float, !number.isFinite { return nil }
            return value
        }
    }

    /// A rule from the textual syntax (`"int:1..120"`, `"one-of:staging,production"`,
    /// `#"email "Use your work address""#`).
    ///
    /// ```swift
    /// let port = try ArgumentRule<Int>.parse("int:1024..65535")
    /// ```
    /// - Throws: `RuleSyntaxError` with the column and what was expected.
    public static func parse(_ text: String) throws(RuleSyntaxError) -> ArgumentRule {
        ArgumentRule(try Rule.parse(text))
    }
}

extension ArgumentRule: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral,
    ExpressibleByExtendedGraphemeClusterLiteral where Value: ExpressibleByArgument {
    /// A rule written in the textual syntax, at the `@Option` site: `@Option(rule: "int:1..120") var age: Int?`.
    ///
    /// A text that does not parse makes a rule whose every check is undecided, with the syntax error as its
    /// message (shown by `--help` too): the mistake shows on the first run and no value slips through unchecked.
    /// Use `parse(_:)` to handle the error yourself.
    public init(stringLiteral text: String) {
        do {
            self.init(try Rule.parse(text))
        } catch {
            let message = "cannot be checked: the \(error.description)"
            let broken = Condition<String>("rule syntax", verdict: { _ in .undecided("rule syntax", message) })
            self.init(Rule(broken.message(message), source: text))
        }
    }
}

extension ArgumentRule where Value == Int {
    /// A whole number (ASCII digits, an optional sign) that fits in an `Int`.
    ///
    /// ```swift
    /// @Option(rule: .integer) var count: Int?
    /// ```
    public static var integer: ArgumentRule<Int> { ArgumentRule(Rule.integer) }

    /// A whole number within `range`.
    ///
    /// ```swift
    /// @Option(rule: .integer(in: 1024...65535)) var port: Int?
    /// ```
    public static func integer(in range: ClosedRange<Int>) -> ArgumentRule<Int> {
        ArgumentRule(Rule.integer(in: range))
    }

    /// A whole number of at least `min` and at most `max` (either may be `nil`).
    ///
    /// ```swift
    /// @Option(rule: .integer(min: 1, max: nil)) var workers: Int = 4
    /// ```
    public static func integer(min: Int?, max: Int?) -> ArgumentRule<Int> {
        ArgumentRule(Rule.integer(min: min, max: max))
    }
}

extension ArgumentRule where Value == Double {
    /// A decimal number (`3`, `-0.5`, `.5`; not `1e3`, `inf` or `1,5`).
    ///
    /// ```swift
    /// @Option(rule: .decimal) var ratio: Double?
    /// ```
    public static var decimal: ArgumentRule<Double> { ArgumentRule(Rule.decimal) }

    /// A decimal number within `range`.
    ///
    /// ```swift
    /// @Option(rule: .decimal(in: 0...1)) var ratio: Double?
    /// ```
    public static func decimal(in range: ClosedRange<Double>) -> ArgumentRule<Double> {
        ArgumentRule(Rule.decimal(in: range))
    }

    /// A decimal number of at least `min` and at most `max` (either may be `nil`).
    ///
    /// ```swift
    /// @Option(rule: .decimal(min: 0, max: nil)) var price: Double?
    /// ```
    public static func decimal(min: Double?, max: Double?) -> ArgumentRule<Double> {
        ArgumentRule(Rule.decimal(min: min, max: max))
    }
}

/// A value that failed an `ArgumentRule`. Its description is the rule's message, which ArgumentParser shows
/// after the value and the option: `The value 'ada@' is invalid for '--email <email>': must be a valid email
/// address`.
public struct ArgumentRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failing rule's name, such as `"email"` or `"integer"`.
    public var rule: String
    /// What the value must be, such as `"must be a valid email address"`.
    public var message: String

    /// A failure of `rule` saying `message`.
    public init(rule: String, message: String) {
        self.rule = rule
        self.message = message
    }

    public var description: String { message }
}

/// A value as ArgumentParser writes one in help, and as it would be typed: an enum's raw value, a list joined with
/// commas (nil for an empty one), else `defaultValueDescription` or the value's own description.
package func argumentText(_ value: Any) -> String? {
    if let list = value as? [Any] {
        let items = list.compactMap(argumentText)
        return items.isEmpty ? nil : items.joined(separator: ", ")
    }
    if let value = value as? any (CaseIterable & RawRepresentable) { return "\(value.rawValue)" }
    if let value = value as? any ExpressibleByArgument { return value.defaultValueDescription }
    return "\(value)"
}
