// SPDX-License-Identifier: Apache-2.0
/// A validation rule for text: a built-in (`Rule.email`, `Rule.length(min: 3, max: 20)`), a parsed one
/// (`try Rule.parse("int:1..120")`), or a combination with `&&`, `||` and `!`.
///
/// A rule is a core `Condition<String>` (for fields and switches) plus a byte-level matcher, so the same rule
/// checks a `String` with a message for the user, or raw UTF-8 bytes fast without making a `String`.
///
/// ```swift
/// let username = Rule.length(min: 3, max: 20) && !Rule.contains("@")
/// username.check("ada").isValid           // true
/// username.check("a@b").failure?.message  // "must not contain \"@\""
/// field.addRule(try Rule.parse(#"email "Use your work address""#).condition)
/// ```
public struct Rule: Sendable {
    /// The rule's textual form, e.g. `"length:3..20"` or `"email \"Use your work address\""`. For a single rule it
    /// parses back to the same rule; combinations read `"a && b"`, `"a || b"`.
    public let source: String

    private var storedCondition: Condition<String>
    let matcher: Matcher
    /// Whether `accepts(utf8:)` may skip the UTF-8 validity check (see `Matcher.decidesInvalidUTF8AsRepaired`).
    private let skipsUTF8Check: Bool
    /// Whether the matcher fails every value with a byte above 0x7F (see `Matcher.rejectsNonASCII`): then invalid
    /// UTF-8 fails whatever `InvalidUTF8` says, and `accepts(utf8:invalidUTF8: .reject)` need not classify the
    /// bytes first (a pass over every line of `check --rule email`: 12% of its time). Benchmark row: `make bench`,
    /// section check, built-in email rule.
    private let rejectsNonASCII: Bool
    /// The matcher's byte test, chosen once: a built-in scanner is called directly, without a walk through
    /// `Matcher.matches`' switch over every kind of rule on each line (a sixth of `check --rule email`'s time).
    /// Benchmark rows: `make bench`, section check.
    private let scan: @Sendable (UnsafeRawBufferPointer) -> Bool

    init(source: String, condition: Condition<String>, matcher: Matcher) {
        self.source = source
        self.storedCondition = condition
        self.matcher = matcher
        self.skipsUTF8Check = matcher.decidesInvalidUTF8AsRepaired
        self.rejectsNonASCII = matcher.rejectsNonASCII
        self.scan = matcher.byteTest
    }

    /// A rule from any condition. Its byte fast path makes a `String` and asks the condition.
    ///
    /// ```swift
    /// let even = Rule(Condition("even", requirement: "be even") { Int($0).map { $0 % 2 == 0 } ?? false })
    /// ```
    public init(_ condition: Condition<String>, source: String? = nil) {
        self.init(source: source ?? condition.name, condition: condition, matcher: .condition(condition))
    }

    /// The rule as a core condition, for fields (`field.addRule(rule.condition)`) and switches.
    /// - note: Assigning a new condition makes `accepts(utf8:)` ask that condition (through a `String`).
    public var condition: Condition<String> {
        get { storedCondition }
        set { self = Rule(newValue, source: source) }
    }

    /// Checks `value`: `.valid`, or the rule's name and message.
    ///
    /// A value the rule could not judge (a regex that hit PCRE2's match limit or JIT stack limit, anywhere in
    /// the rule, also under `not:` or in an OR) fails with that reason as its message, even when the rule has a
    /// custom message: "regex could not finish matching: match limit exceeded".
    ///
    /// ```swift
    /// Rule.integer(in: 1...120).check("130").description   // "integer: must be a whole number from 1 to 120"
    /// (!(try Rule.regex("(a+)+$"))).check(String(repeating: "a", count: 40) + "!").failure?.message
    /// // "regex could not finish matching: match limit exceeded"
    /// ```
    public func check(_ value: String) -> Verdict {
        storedCondition.check(value)
    }

    /// Whether `value` passes, without building a message.
    ///
    /// ```swift
    /// Rule.integer(in: 1...120).accepts("42")   // true
    /// ```
    @inline(__always)
    public func accepts(_ value: String) -> Bool {
        if case .condition = matcher { return storedCondition.evaluate(value) }
        return matcher.matches(value)
    }

    /// Fast path for batch checking: whether one value, given as raw UTF-8 bytes, passes. No `String` is made
    /// unless the rule needs one (a length over non-ASCII text, a custom condition).
    ///
    /// Always equal to `check(String(decoding: bytes, as: UTF8.self)).isValid`: invalid UTF-8 is judged as the
    /// `String` it repairs to, with U+FFFD for each bad sequence. (To reject invalid UTF-8 outright, validate the
    /// bytes first, e.g. with `String(validating:as:)`.)
    ///
    /// ```swift
    /// let rule = Rule.email
    /// let ok = "ada@example.com".utf8.withContiguousStorageIfAvailable { rule.accepts(utf8: UnsafeRawBufferPointer($0)) }
    /// ```
    public func accepts(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        if skipsUTF8Check { return scan(bytes) }
        switch classifyUTF8(bytes) {
        case .ascii, .valid:
            return scan(bytes)
        case .invalid:
            return accepts(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// What `accepts(utf8:invalidUTF8:)` does with bytes that are not valid UTF-8.
    public enum InvalidUTF8 {
        /// Judge the `String` the bytes repair to (U+FFFD for each bad sequence), as `check` would.
        case repair
        /// Fail: invalid UTF-8 never passes (the validity check is the one `accepts` does anyway, so it is free).
        case reject
    }

    /// `accepts(utf8:)`, choosing what invalid UTF-8 means. A batch checker that reports invalid UTF-8 as a failure
    /// passes `.reject` instead of validating the bytes a second time.
    ///
    /// ```swift
    /// [0x61, 0xFF].withUnsafeBytes { Rule.required.accepts(utf8: $0, invalidUTF8: .reject) }   // false
    /// ```
    @inline(__always)
    public func accepts(utf8 bytes: UnsafeRawBufferPointer, invalidUTF8: InvalidUTF8) -> Bool {
        if rejectsNonASCII { return scan(bytes) }
        switch classifyUTF8(bytes) {
        case .ascii, .valid:
            return scan(bytes)
        case .invalid:
            return invalidUTF8 == .repair && accepts(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The same rule with `text` as its failure message.
    ///
    /// ```swift
    /// Rule.email.message("Use your work address").check("ada").failure?.message  // "Use your work address"
    /// ```
    public func message(_ text: String) -> Rule {
        Rule(source: "\(source) \"\(escapeArgument(text))\"", condition: storedCondition.message(text), matcher: matcher)
    }

    /// The rule's name, e.g. `"email"`, `"length"`, `"not contains"`.
    ///
    /// ```swift
    /// (!Rule.contains("@")).name   // "not contains"
    /// ```
    public var name: String { storedCondition.name }

    /// The failure message, e.g. `"must be a valid email address"`.
    ///
    /// ```swift
    /// Rule.length(min: 3, max: 20).failureMessage   // "must be 3 to 20 characters long"
    /// ```
    public var failureMessage: String { storedCondition.message }

    /// The values the rule allows when it allows only a listed set: a `one-of` (as written, in order), narrowed
    /// by the rules joined to it with `&&`, or the lists of both sides of an `||`. `nil` for any other rule. For
    /// Tab completion (`LineField.Options.choices`, ArgumentParser's `.list` completion).
    ///
    /// ```swift
    /// try Rule.parse("one-of:red,green,blue").choices                  // ["red", "green", "blue"]
    /// (Rule.oneOf(["red", "green", "blue"]) && !Rule.equals("green")).choices   // ["red", "blue"]
    /// Rule.email.choices                                                // nil
    /// ```
    public var choices: [String]? {
        guard let listed = matcher.listedChoices else { return nil }
        var seen: Set<String> = []
        return listed.filter { seen.insert($0).inserted && accepts($0) }
    }
}

extension Rule: CustomStringConvertible {
    public var description: String { source }
}

// MARK: - Composition

extension Rule {
    /// Both must pass; a failure reports the first failing rule's message.
    ///
    /// ```swift
    /// (Rule.required && Rule.email).check("").failure?.message   // "must not be blank"
    /// ```
    public static func && (lhs: Rule, rhs: Rule) -> Rule {
        Rule(source: "\(lhs.source) && \(rhs.source)", condition: lhs.storedCondition && rhs.storedCondition,
             matcher: .and(lhs.matcher, rhs.matcher))
    }

    /// Either may pass; the message reads "must A or B". A side that could not judge the value (a regex that hit
    /// a limit) makes the whole check fail with that reason, unless the left side already passed.
    ///
    /// ```swift
    /// (Rule.email || Rule.url).check("x").failure?.message
    /// // "must be a valid email address or be an http or https URL with a host"
    /// ```
    public static func || (lhs: Rule, rhs: Rule) -> Rule {
        Rule(source: "\(lhs.source) || \(rhs.source)", condition: lhs.storedCondition || rhs.storedCondition,
             matcher: .or(lhs.matcher, rhs.matcher))
    }

    /// Passes when the operand fails; the message reads "must not A". A value the operand could not judge
    /// (a regex that hit a limit) is not a failure of the operand: it fails here too, with that reason.
    ///
    /// ```swift
    /// (!Rule.contains("@example.com")).check("a@example.com").failure?.message
    /// // "must not contain \"@example.com\""
    /// ```
    public static prefix func ! (operand: Rule) -> Rule {
        Rule(source: "not:\(operand.source)", condition: !operand.storedCondition, matcher: .not(operand.matcher))
    }

    /// A rule every value passes (the AND of no rules).
    ///
    /// ```swift
    /// Rule.always.check("").isValid   // true
    /// ```
    public static var always: Rule {
        Rule(source: "", condition: .always, matcher: .always)
    }
}

