// SPDX-License-Identifier: Apache-2.0
// The built-in rules. Each is a named condition with a default message ("must ...") a caller can replace with
// `message(_:)`, and a byte scanner for the fast path. Textual forms are in RuleSyntax.swift.

extension Rule {
    /// A leaf rule whose condition runs the matcher on the value's UTF-8.
    static func leaf(_ name: String, _ requirement: String, source: String, _ matcher: Matcher) -> Rule {
        Rule(source: source, condition: Condition(name, requirement: requirement) { matcher.matches($0) },
             matcher: matcher)
    }

    /// Not empty and not only white space (Unicode White_Space: spaces, tabs, newlines, no-break spaces...).
    ///
    /// ```swift
    /// Rule.required.check("  ").failure?.message   // "must not be blank"
    /// ```
    public static var required: Rule { required(allowingWhitespace: false) }

    /// Not empty; with `allowingWhitespace`, a value of only spaces counts as filled in.
    ///
    /// ```swift
    /// Rule.required(allowingWhitespace: true).check(" ").isValid   // true
    /// ```
    public static func required(allowingWhitespace: Bool) -> Rule {
        allowingWhitespace
            ? leaf("required", "not be empty", source: "required:allow-whitespace",
                   .required(allowWhitespace: true))
            : leaf("required", "not be blank", source: "required", .required(allowWhitespace: false))
    }

    /// At least `min` and at most `max` user-perceived characters (grapheme clusters): `"e\u{301}"`, `"👍🏽"`,
    /// `"🇫🇷"` and `"\r\n"` are one character each; `"日本"` is two.
    ///
    /// ```swift
    /// Rule.length(min: 3, max: 20).check("ab").failure?.message   // "must be 3 to 20 characters long"
    /// ```
    public static func length(min: Int? = nil, max: Int? = nil) -> Rule {
        let low = min.flatMap { $0 > 0 ? $0 : nil }
        let requirement: String
        switch (low, max) {
        case (nil, nil): requirement = "be of any length"
        case (let low?, nil): requirement = "be at least \(characters(low)) long"
        case (nil, let high?): requirement = "be at most \(characters(high)) long"
        case (let low?, let high?):
            requirement = low == high ? "be exactly \(characters(low)) long" : "be \(low) to \(characters(high)) long"
        }
        return leaf("length", requirement, source: "length:\(rangeText(min, max))", .length(min: low, max: max))
    }

    /// A length within `range` characters.
    ///
    /// ```swift
    /// Rule.length(3...20)
    /// ```
    public static func length(_ range: ClosedRange<Int>) -> Rule {
        length(min: range.lowerBound, max: range.upperBound)
    }

    /// Exactly `count` characters.
    public static func length(exactly count: Int) -> Rule { length(min: count, max: count) }

    /// A WHATWG HTML "valid e-mail address" (what browsers accept in `<input type=email>`), exactly: ASCII only;
    /// a local part of letters, digits, the backtick and `.!#$%&'*+/=?^_{|}~-`; `@`; one or more dot-separated labels of 1 to
    /// 63 letters, digits and hyphens, not starting or ending with a hyphen. `ada@localhost` passes;
    /// `"quoted"@x`, `a@[127.0.0.1]`, `a@b.` and `a@-b` do not.
    ///
    /// ```swift
    /// Rule.email.check("ada@example.com").isValid   // true
    /// ```
    public static var email: Rule { leaf("email", "be a valid email address", source: "email", .email) }

    /// A whole number: an optional `+` or `-`, then ASCII digits `0-9` only (no spaces, no `٣`, no `1,000`).
    ///
    /// ```swift
    /// Rule.integer.check("-42").isValid   // true
    /// ```
    public static var integer: Rule { integer(min: nil, max: nil) }

    /// A whole number within `range`.
    ///
    /// ```swift
    /// Rule.integer(in: 1...120).check("0").failure?.message   // "must be a whole number from 1 to 120"
    /// ```
    public static func integer(in range: ClosedRange<Int>) -> Rule {
        integer(min: range.lowerBound, max: range.upperBound)
    }

    /// A whole number of at least `min` and at most `max` (either may be `nil`).
    public static func integer(min: Int?, max: Int?) -> Rule {
        leaf("integer", "be a whole number" + boundsText(min, max), source: "integer" + rangeSuffix(min, max),
             .integer(min: min, max: max))
    }

    /// A decimal number: an optional sign, ASCII digits, optionally a `.` and more digits (`3`, `-0.5`, `.5`;
    /// not `5.`, `1e3`, `1,5`).
    ///
    /// ```swift
    /// Rule.decimal.check("3.14").isValid   // true
    /// ```
    public static var decimal: Rule { decimal(min: nil, max: nil) }

    /// A decimal number within `range` (compared as `Double`).
    ///
    /// ```swift
    /// Rule.decimal(in: 0...99.5).check("99.6").failure?.message   // "must be a number from 0 to 99.5"
    /// ```
    public static func decimal(in range: ClosedRange<Double>) -> Rule {
        decimal(min: range.lowerBound, max: range.upperBound)
    }

    /// A decimal number of at least `min` and at most `max` (either may be `nil`).
    public static func decimal(min: Double?, max: Double?) -> Rule {
        leaf("decimal", "be a number" + boundsText(min.map(number), max.map(number)),
             source: "decimal" + rangeSuffix(min.map(number), max.map(number)), .decimal(min: min, max: max))
    }

    /// One of `options`, exactly (code point by code point), or after lowercasing both sides when
    /// `caseInsensitive`.
    ///
    /// ```swift
    /// Rule.oneOf(["red", "green", "blue"], caseInsensitive: true).check("Red").isValid   // true
    /// ```
    public static func oneOf(_ options: [String], caseInsensitive: Bool = false) -> Rule {
        let stored = options.map { Array((caseInsensitive ? $0.lowercased() : $0).utf8) }
        let asciiOnly = stored.allSatisfy { $0.allSatisfy { $0 < 0x80 } }
        let list = listed(options.map { displayQuoted($0, limit: 60) })
        let requirement = options.count == 1 ? "be \(list)" : "be one of \(list)"
        let source = (caseInsensitive ? "one-of-ci:" : "one-of:")
            + options.map { escapeArgument($0, commas: true) }.joined(separator: ",")
        return leaf("one-of", requirement, source: source,
                    .oneOf(options: stored, caseInsensitive: caseInsensitive, asciiOnly: asciiOnly,
                            spelled: options))
    }

    /// Exactly `text` (code point by code point; no Unicode normalisation).
    ///
    /// ```swift
    /// Rule.equals("yes").check("Yes").failure?.message   // "must equal \"yes\""
    /// ```
    public static func equals(_ text: String) -> Rule {
        leaf("equals", "equal \(displayQuoted(text))", source: "equals:" + escapeArgument(text), .equals(Array(text.utf8)))
    }

    /// Contains `text` somewhere.
    ///
    /// ```swift
    /// (!Rule.contains("@example.com")).check("a@example.com").failure?.message  // "must not contain \"@example.com\""
    /// ```
    public static func contains(_ text: String) -> Rule {
        leaf("contains", "contain \(displayQuoted(text))", source: "contains:" + escapeArgument(text),
             .contains(Array(text.utf8)))
    }

    /// Starts with `text`.
    ///
    /// ```swift
    /// Rule.prefix("https://").check("http://x").failure?.message   // "must start with \"https://\""
    /// ```
    public static func prefix(_ text: String) -> Rule {
        leaf("prefix", "start with \(displayQuoted(text))", source: "prefix:" + escapeArgument(text), .prefix(Array(text.utf8)))
    }

    /// Ends with `text`.
    ///
    /// ```swift
    /// Rule.suffix("@acme.com").check("ada@acme.com").isValid   // true
    /// ```
    public static func suffix(_ text: String) -> Rule {
        leaf("suffix", "end with \(displayQuoted(text))", source: "suffix:" + escapeArgument(text), .suffix(Array(text.utf8)))
    }

    /// Matches a PCRE2 pattern: the whole value, unless the pattern anchors itself (see `PCRERegex`).
    ///
    /// ```swift
    /// let phone = try Rule.regex(#"\d{3}-\d{4}"#)
    /// phone.check("555-1234").isValid   // true
    /// ```
    /// - Throws: `PCRERegex.CompileError` with PCRE2's message and the column of the problem.
    public static func regex(_ pattern: String, caseInsensitive: Bool = false) throws(PCRERegex.CompileError) -> Rule {
        regex(try PCRERegex(pattern, caseInsensitive: caseInsensitive))
    }

    /// Matches a compiled regex.
    public static func regex(_ regex: PCRERegex) -> Rule {
        // A case-insensitive regex reads back as "(?i)" + pattern, which means the same to PCRE2.
        let shown = (regex.isCaseInsensitive ? "(?i)" : "") + regex.pattern
        let source = "regex:" + shown
        // The pattern as the message shows it: control characters escaped, a very long one cut.
        let condition = Condition<String>("regex", requirement: "match the pattern \(displayEscaped(shown, limit: 80))") {
            try regex.evaluate($0)
        }
        return Rule(source: source, condition: condition, matcher: .regex(regex))
    }

    /// Contains a match of an ECMA-262 pattern, as JSON Schema's `pattern` means it: found anywhere in the value
    /// unless the pattern anchors it (`^...$`), with ECMA's `\s` (Unicode white space) and `.` (anything but a line
    /// terminator). The live check of a schema's `pattern` in a form, the same as its validator's.
    ///
    /// ```swift
    /// let digit = try Rule.pattern("[0-9]")
    /// digit.check("a1").isValid    // true: found in the value
    /// digit.check("ab").isValid    // false: "must match the pattern [0-9]"
    /// ```
    /// - Throws: `PCRERegex.CompileError` with PCRE2's message and the column of the problem in its translation.
    public static func pattern(_ pattern: String) throws(PCRERegex.CompileError) -> Rule {
        let regex = try PCRERegex(ecmaPattern: pattern)
        let condition = Condition<String>("pattern", requirement: "match the pattern \(displayEscaped(pattern, limit: 80))") {
            try regex.evaluate($0)
        }
        return Rule(source: "pattern:" + pattern, condition: condition, matcher: .regex(regex))
    }

    /// An `http` or `https` URL with a host: `http(s)://`, a DNS name (`example.com`, `localhost`, `a.b.` ) or a
    /// bracketed IPv6 address, an optional port up to 65535, then optionally a path, query or fragment (starting
    /// with `/`, `?` or `#`) without spaces or control characters. No user name or password (`http://a@b`).
    ///
    /// ```swift
    /// Rule.url.check("https://example.com/a?b#c").isValid   // true
    /// ```
    public static var url: Rule { leaf("url", "be an http or https URL with a host", source: "url", .url) }

    /// No control characters: C0 controls (including tab, CR and LF), ESC, DEL, C1 controls (U+0080-U+009F), and
    /// the Unicode line and paragraph separators U+2028 and U+2029. A bracketed paste can carry a newline into a
    /// value; this rule catches it.
    ///
    /// ```swift
    /// Rule.noControlCharacters.check("a\nb").failure?.message
    /// // "must not contain control characters or line breaks"
    /// ```
    public static var noControlCharacters: Rule {
        leaf("no-control-characters", "not contain control characters or line breaks",
             source: "no-control-characters", .noControlCharacters)
    }
}

// MARK: - Wording

private func characters(_ count: Int) -> String { count == 1 ? "1 character" : "\(count) characters" }

private func boundsText(_ min: Int?, _ max: Int?) -> String { boundsText(min.map(String.init), max.map(String.init)) }

private func boundsText(_ min: String?, _ max: String?) -> String {
    switch (min, max) {
    case (nil, nil): return ""
    case (let low?, nil): return " of at least \(low)"
    case (nil, let high?): return " of at most \(high)"
    case (let low?, let high?): return low == high ? " equal to \(low)" : " from \(low) to \(high)"
    }
}

private func rangeText(_ min: Int?, _ max: Int?) -> String {
    rangeText(min.map(String.init), max.map(String.init))
}

private func rangeText(_ min: String?, _ max: String?) -> String {
    if let min, let max, min == max { return min }
    return "\(min ?? "")..\(max ?? "")"
}

private func rangeSuffix(_ min: Int?, _ max: Int?) -> String { rangeSuffix(min.map(String.init), max.map(String.init)) }

private func rangeSuffix(_ min: String?, _ max: String?) -> String {
    min == nil && max == nil ? "" : ":" + rangeText(min, max)
}

/// A `Double` as people write it: `5`, not `5.0`.
func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}

/// An argument in the textual syntax: backslash, quote, and (in lists) comma escaped; leading and trailing
/// spaces and control characters written as escapes.
func escapeArgument(_ text: String, commas: Bool = false) -> String {
    var result = ""
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case ",": result += commas ? "\\," : ","
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case " " where index == 0 || index == scalars.count - 1: result += "\\ "
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
