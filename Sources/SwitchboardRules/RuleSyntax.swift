// SPDX-License-Identifier: Apache-2.0
// The textual rule syntax shared by the CLI and spec files. Grammar (see Sources/SwitchboardRules/SwitchboardRules.docc/Rules.md):
//
//   text     = space* ("not:")* name (":" argument)? (space+ message)? space*
//   name     = letters, digits and "-" (case-insensitive)
//   message  = '"' ... '"'  at the very end, after white space; \" and \\ inside
//   argument = everything up to the message; escapes \\ \" \, \n \r \t "\ " (regex: taken as written)

/// A rule text that does not parse: where (a 1-based column in user-perceived characters) and what was expected.
///
/// ```swift
/// do { _ = try Rule.parse("length:3..x") } catch { print(error) }
/// // rule "length:3..x": at column 11: expected a whole number after "..", got "x"
/// ```
public struct RuleSyntaxError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The rule text as given.
    public var rule: String
    /// Where the problem is: 0-based, in user-perceived characters from the start of the text.
    public var offset: Int
    /// What was wrong and what would be right.
    public var message: String

    /// The 1-based column of the problem.
    public var column: Int { offset + 1 }

    /// An error in the rule text `rule` at character `offset` (0-based).
    public init(rule: String, offset: Int, message: String) {
        self.rule = rule
        self.offset = offset
        self.message = message
    }

    /// `rule "length:3..x": at column 11: expected a whole number after "..", got "x"`
    /// A long rule is cut after 60 characters.
    public var description: String { "rule \(displayQuoted(rule, limit: 60)): at column \(column): \(message)" }
}

extension Rule {
    /// The names the textual syntax knows, in the order the documentation lists them.
    public static let ruleNames = [
        "required", "length", "email", "integer", "decimal", "one-of", "one-of-ci", "equals", "contains", "prefix",
        "suffix", "regex", "pattern", "url", "no-control-characters",
    ] + formatRuleNames

    static let aliases = [
        "int": "integer", "number": "decimal", "oneof": "one-of", "starts-with": "prefix", "ends-with": "suffix",
        "no-control": "no-control-characters", "re": "regex",
    ].merging(formatAliases) { old, _ in old }

    /// Parses one rule in the textual syntax.
    ///
    /// ```swift
    /// try Rule.parse("length:3..20")
    /// try Rule.parse("int:1..120")
    /// try Rule.parse("one-of:red,green,blue")
    /// try Rule.parse(#"regex:^\d{3}-\d{4}$"#)
    /// try Rule.parse("not:contains:@example.com")
    /// try Rule.parse(#"email "Use your work address""#)
    /// ```
    /// - Throws: `RuleSyntaxError` saying where and what was expected; for a bad regex, PCRE2's message at the
    ///   pattern's column.
    public static func parse(_ text: String) throws(RuleSyntaxError) -> Rule {
        if let rule = plainBuiltin(text) { return rule }
        var parser = RuleParser(text)
        return try parser.parse()
    }

    /// The rules command lines name most, written as just their name (no argument, message, space or capital):
    /// the rule the parser builds for that text, without running the parser (`switchboard check --rule email`
    /// parses its rules on every start, and the parser's first run is a tenth of a millisecond of it).
    static func plainBuiltin(_ text: String) -> Rule? {
        // A rule with an argument or a message is never one of these names: not compared with each of them.
        guard text.utf8.count <= 24, !text.utf8.contains(UInt8(ascii: ":")) else { return nil }
        let built: Rule
        switch text {
        case "email": built = .email
        case "url": built = .url
        case "required": built = .required
        case "integer", "int": built = .integer
        case "decimal", "number": built = .decimal
        case "no-control-characters", "no-control": built = .noControlCharacters
        default:
            guard let format = plainFormat(text) else { return nil }
            built = format
        }
        return Rule(source: text, condition: built.condition, matcher: built.matcher)
    }

    /// Parses several rules and joins them with `&&` (all must pass; the first failure is reported). No rules is
    /// a rule every value passes.
    ///
    /// ```swift
    /// let username = try Rule.parseList(["required", "length:3..20", "regex:[a-z0-9_]+"])
    /// ```
    public static func parseList(_ texts: [String]) throws(RuleSyntaxError) -> Rule {
        var rules: [Rule] = []
        rules.reserveCapacity(texts.count)
        for text in texts { rules.append(try parse(text)) }
        return all(rules)
    }

    /// The `&&` of `rules`, in order (the first failure is reported), joined as a balanced tree so that even a
    /// very long list is checked without deep recursion. No rules is `Rule.always`.
    ///
    /// ```swift
    /// let rule = Rule.all([.required, .email, !Rule.suffix("@example.com")])
    /// rule.check("").failure?.message   // "must not be blank"
    /// ```
    public static func all(_ rules: [Rule]) -> Rule {
        guard !rules.isEmpty else { return .always }
        var level = rules
        while level.count > 1 {
            var next: [Rule] = []
            next.reserveCapacity((level.count + 1) / 2)
            var i = 0
            while i + 1 < level.count {
                next.append(level[i] && level[i + 1])
                i += 2
            }
            if i < level.count { next.append(level[i]) }
            level = next
        }
        return level[0]
    }
}

/// A hand-written scanner over the text's Unicode scalars; positions are scalar indices, reported as character
/// columns.
struct RuleParser {
    let text: String
    let scalars: [Unicode.Scalar]

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    /// The text of the scalars in `range`, made from their UTF-8 bytes (building it through a
    /// `String.UnicodeScalarView` took most of the time of parsing a rule).
    func string(_ range: Range<Int>) -> String {
        string(scalars[range])
    }

    func string(_ part: some Sequence<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(part.underestimatedCount)
        for scalar in part { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Errors

    /// The character offset of scalar index `index`.
    func offset(_ index: Int) -> Int {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[0..<min(index, scalars.count)])
        return String(view).count
    }

    func error(at index: Int, _ message: String) -> RuleSyntaxError {
        RuleSyntaxError(rule: text, offset: offset(index), message: message)
    }

    /// What is at `index`, quoted for an error: up to 20 characters, or "the end of the rule".
    func found(_ index: Int, end: Int) -> String {
        guard index < end else { return "the end of the rule" }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[index..<end])
        let rest = String(view)
        return rest.count > 20 ? displayQuoted(String(rest.prefix(20))) + "..." : displayQuoted(rest)
    }

    /// White space as Unicode defines it; ASCII is answered without the Unicode tables (reading them costs a
    /// command-line start page faults: `switchboard check --rule email` parses its rule on every run).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Backslashes immediately before `index`.
    func backslashes(before index: Int) -> Int {
        var count = 0
        var k = index - 1
        while k >= 0, scalars[k] == "\\" { count += 1; k -= 1 }
        return count
    }

    // MARK: Parsing

    mutating func parse() throws(RuleSyntaxError) -> Rule {
        var start = 0
        var end = scalars.count
        while start < end, Self.isSpace(scalars[start]) { start += 1 }
        // Trailing white space, unless escaped ("suffix:\ ").
        while end > start, Self.isSpace(scalars[end - 1]), backslashes(before: end - 1) % 2 == 0 { end -= 1 }
        let textEnd = end
        guard start < end else {
            throw error(at: start, "expected a rule name such as \"email\" or \"length:3..20\", got an empty rule")
        }

        // A message: '"' ... '"' at the end, after white space.
        var message: String?
        if scalars[end - 1] == "\"", backslashes(before: end - 1) % 2 == 0, end - 1 > start {
            var q = end - 2
            while q >= start, !(scalars[q] == "\"" && backslashes(before: q) % 2 == 0) { q -= 1 }
            if q > start, Self.isSpace(scalars[q - 1]) {
                message = try unescape(from: q + 1, to: end - 1, what: "message")
                end = q
                while end > start, Self.isSpace(scalars[end - 1]) { end -= 1 }
            }
        }

        // "not:" prefixes.
        var negations = 0
        var i = start
        while let next = matchWord("not", at: i, end: end), next < end, scalars[next] == ":" {
            negations += 1
            i = next + 1
        }

        let nameStart = i
        while i < end, isNameScalar(scalars[i]) { i += 1 }
        guard i > nameStart else {
            throw error(at: nameStart, "expected a rule name such as \"email\" or \"length:3..20\", got \(found(nameStart, end: end))")
        }
        let written = string(scalars[nameStart..<i].lazy.map(lowercasedASCII))
        let name = Rule.aliases[written] ?? written
        guard Rule.ruleNames.contains(name) else {
            var hint = ""
            if let guess = suggestion(for: written) { hint = "; did you mean \(displayQuoted(guess))?" }
            throw error(at: nameStart, "unknown rule \(displayQuoted(written))\(hint) (known rules: \(Rule.ruleNames.joined(separator: ", ")))")
        }
        var argumentStart: Int?
        if i < end {
            guard scalars[i] == ":" else {
                if Self.isSpace(scalars[i]), let quoteIndex = (i..<end).first(where: { scalars[$0] == "\"" }) {
                    throw error(at: quoteIndex, "a message must be the last thing in the rule and end with a \"; write \\\" for a quote inside it")
                }
                throw error(at: i, "expected \":\" or the end of the rule after \(displayQuoted(written)), got \(found(i, end: end))")
            }
            argumentStart = i + 1
        }

        var rule = try build(name, written: written, nameStart: nameStart, argumentStart: argumentStart, end: end)
        // "not:not:" cancels out: only the parity matters (and a long run must not nest deeply).
        if negations % 2 == 1 { rule = !rule }
        if let message { rule = rule.message(message) }
        // The source: the rule as written, without surrounding white space.
        return Rule(source: string(start..<textEnd), condition: rule.condition,
                    matcher: rule.matcher)
    }

    func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    /// The index after `word` if it is written at `index` (any case), else nil.
    func matchWord(_ word: String, at index: Int, end: Int) -> Int? {
        var i = index
        for expected in word.unicodeScalars {
            guard i < end, lowercasedASCII(scalars[i]) == expected else { return nil }
            i += 1
        }
        return i
    }

    /// `scalar` with ASCII letters in lower case (the rule syntax's names and words are ASCII).
    func lowercasedASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    func suggestion(for written: String) -> String? {
        let candidates = Rule.ruleNames + Rule.aliases.keys.sorted()
        let best = candidates.map { ($0, editDistance(Array(written.utf8), Array($0.utf8))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2, best.1 * 2 < written.utf8.count else { return nil }
        return best.0
    }

    func requireNoArgument(_ written: String, _ argumentStart: Int?, end: Int) throws(RuleSyntaxError) {
        if let argumentStart {
            throw error(at: argumentStart - 1, "\(displayQuoted(written)) takes no argument, got \(found(argumentStart - 1, end: end))")
        }
    }

    func requireArgument(_ written: String, _ argumentStart: Int?, end: Int, example: String) throws(RuleSyntaxError) -> Int {
        guard let argumentStart else {
            throw error(at: end, "expected \":\" and \(example) after \(displayQuoted(written)), got the end of the rule")
        }
        guard argumentStart < end else {
            throw error(at: argumentStart, "expected \(example) after \"\(written):\", got the end of the rule")
        }
        return argumentStart
    }

    /// Where the argument of a rule that may go without one starts (`integer` or `integer:1..120`), or nil when
    /// it has none; an empty argument (`integer:`) is the error `requireArgument` gives.
    func optionalArgument(_ written: String, _ argumentStart: Int?, end: Int, example: String) throws(RuleSyntaxError) -> Int? {
        guard let argumentStart else { return nil }
        return try requireArgument(written, argumentStart, end: end, example: example)
    }

    func build(_ name: String, written: String, nameStart: Int, argumentStart: Int?, end: Int) throws(RuleSyntaxError) -> Rule {
        if let rule = try buildFormat(name, written: written, argumentStart: argumentStart, end: end) { return rule }
        switch name {
        case "required":
            guard let argumentStart else { return .required }
            let argument = string(argumentStart..<end)
            guard argument.lowercased() == "allow-whitespace" else {
                throw error(at: argumentStart, "expected \"allow-whitespace\" or nothing after \"required:\", got \(found(argumentStart, end: end))")
            }
            return .required(allowingWhitespace: true)
        case "length":
            let at = try requireArgument(written, argumentStart, end: end, example: "a range such as \"3..20\", \"3..\", \"..20\" or \"8\"")
            let (min, max) = try parseRange(from: at, end: end, signed: false, allowExact: true)
            if let min, let max, min > max {
                throw error(at: at, "the range \(min)..\(max) is empty; write the smaller bound first, as in \"\(max)..\(min)\"")
            }
            return .length(min: min, max: max)
        case "integer":
            guard let at = try optionalArgument(written, argumentStart, end: end, example: "a range such as \"1..120\"") else {
                return .integer
            }
            let (min, max) = try parseRange(from: at, end: end, signed: true, allowExact: true)
            if let min, let max, min > max {
                throw error(at: at, "the range \(min)..\(max) is empty; write the smaller bound first, as in \"\(max)..\(min)\"")
            }
            return .integer(min: min, max: max)
        case "decimal":
            guard let at = try optionalArgument(written, argumentStart, end: end, example: "a range such as \"0..99.5\"") else {
                return .decimal
            }
            let (min, max) = try parseDecimalRange(from: at, end: end)
            if let min, let max, min > max {
                throw error(at: at, "the range \(number(min))..\(number(max)) is empty; write the smaller bound first")
            }
            return .decimal(min: min, max: max)
        case "one-of", "one-of-ci":
            let at = try requireArgument(written, argumentStart, end: end, example: "choices separated by commas, such as \"red,green,blue\"")
            let items = try splitList(from: at, end: end)
            return .oneOf(items, caseInsensitive: name == "one-of-ci")
        case "equals", "contains", "prefix", "suffix":
            let at = try requireArgument(written, argumentStart, end: end, example: "the text to look for")
            let literal = try unescape(from: at, to: end, what: "argument")
            switch name {
            case "equals": return .equals(literal)
            case "contains": return .contains(literal)
            case "prefix": return .prefix(literal)
            default: return .suffix(literal)
            }
        case "regex":
            let at = try requireArgument(written, argumentStart, end: end, example: "a pattern, such as \"^\\d{3}-\\d{4}$\"")
            let pattern = string(at..<end)
            do {
                return try .regex(pattern)
            } catch {
                throw RuleSyntaxError(rule: text, offset: offset(at) + error.column - 1,
                                      message: "bad regex: \(error.message)")
            }
        case "pattern":
            let at = try requireArgument(written, argumentStart, end: end, example: "an ECMA-262 pattern, such as \"[0-9]\"")
            let pattern = string(at..<end)
            do {
                return try .pattern(pattern)
            } catch {
                throw RuleSyntaxError(rule: text, offset: offset(at), message: "bad pattern: \(error.message) "
                                      + "(at column \(error.column) of its PCRE2 translation)")
            }
        case "email":
            try requireNoArgument(written, argumentStart, end: end)
            return .email
        case "url":
            try requireNoArgument(written, argumentStart, end: end)
            return .url
        default:  // "no-control-characters"
            try requireNoArgument(written, argumentStart, end: end)
            return .noControlCharacters
        }
    }

    // MARK: Arguments

    /// `a..b`, `a..`, `..b`, `..`, or (with `allowExact`) `a` meaning `a..a`; whole numbers.
    func parseRange(from start: Int, end: Int, signed: Bool, allowExact: Bool) throws(RuleSyntaxError) -> (Int?, Int?) {
        var i = start
        let low = try wholeNumber(at: &i, end: end, signed: signed, optional: true, after: nil)
        if i == end, let low, allowExact { return (low, low) }
        guard i + 2 <= end, scalars[i] == ".", scalars[i + 1] == "." else {
            if low == nil {
                throw error(at: i, "expected a whole number or \"..\" at the start of the range, got \(found(i, end: end))")
            }
            throw error(at: i, "expected \"..\" after \(low!), got \(found(i, end: end))")
        }
        i += 2
        let high = try wholeNumber(at: &i, end: end, signed: signed, optional: true, after: "..")
        guard i == end else {
            if high == nil { throw error(at: i, "expected a whole number after \"..\", got \(found(i, end: end))") }
            throw error(at: i, "expected the end of the range after \(high!), got \(found(i, end: end))")
        }
        return (low, high)
    }

    func wholeNumber(at i: inout Int, end: Int, signed: Bool, optional: Bool, after: String?) throws(RuleSyntaxError) -> Int? {
        let start = i
        if signed, i < end, scalars[i] == "-" || scalars[i] == "+" { i += 1 }
        let digitsStart = i
        while i < end, ("0"..."9").contains(scalars[i]) { i += 1 }
        if i == digitsStart {
            if i != start { throw error(at: i, "expected digits after the sign, got \(found(i, end: end))") }
            return nil
        }
        let digits = string(start..<i)
        guard let value = Int(digits) else {
            throw error(at: start, "the number \(digits) is too large (at most \(Int.max))")
        }
        return value
    }

    /// `a..b` with decimal bounds (`0..99.5`, `-1.5..`, `..10`).
    func parseDecimalRange(from start: Int, end: Int) throws(RuleSyntaxError) -> (Double?, Double?) {
        var i = start
        let low = try decimalNumber(at: &i, end: end)
        if i == end, let low { return (low, low) }
        guard i + 2 <= end, scalars[i] == ".", scalars[i + 1] == "." else {
            if low == nil { throw error(at: i, "expected a number or \"..\" at the start of the range, got \(found(i, end: end))") }
            throw error(at: i, "expected \"..\" after the first number, got \(found(i, end: end))")
        }
        i += 2
        let high = try decimalNumber(at: &i, end: end)
        guard i == end else {
            if high == nil { throw error(at: i, "expected a number after \"..\", got \(found(i, end: end))") }
            throw error(at: i, "expected the end of the range, got \(found(i, end: end))")
        }
        return (low, high)
    }

    func decimalNumber(at i: inout Int, end: Int) throws(RuleSyntaxError) -> Double? {
        let start = i
        if i < end, scalars[i] == "-" || scalars[i] == "+" { i += 1 }
        let digitsStart = i
        while i < end, ("0"..."9").contains(scalars[i]) { i += 1 }
        var digits = i - digitsStart
        // A fraction: "." followed by a digit (so "1..2" reads as 1, "..", 2).
        if i + 1 < end, scalars[i] == ".", ("0"..."9").contains(scalars[i + 1]) {
            i += 1
            while i < end, ("0"..."9").contains(scalars[i]) { i += 1; digits += 1 }
        }
        if digits == 0 {
            if i != start { throw error(at: i, "expected digits after the sign, got \(found(i, end: end))") }
            return nil
        }
        return Double(string(start..<i))
    }

    /// Comma-separated items with escapes; an empty item is an error.
    func splitList(from start: Int, end: Int) throws(RuleSyntaxError) -> [String] {
        var items: [String] = []
        var itemStart = start
        var i = start
        while true {
            if i == end || scalars[i] == "," {
                if i == itemStart {
                    throw error(at: i, "expected a choice, got an empty one (write \\, for a comma inside a choice)")
                }
                items.append(try unescape(from: itemStart, to: i, what: "choice"))
                if i == end { return items }
                i += 1
                itemStart = i
                continue
            }
            if scalars[i] == "\\" { i += 1 }
            i = min(i + 1, end)
        }
    }

    /// The text between `start` and `end` with escapes replaced.
    func unescape(from start: Int, to end: Int, what: String) throws(RuleSyntaxError) -> String {
        var result = String.UnicodeScalarView()
        var i = start
        while i < end {
            let scalar = scalars[i]
            if scalar == "\\" {
                guard i + 1 < end else {
                    throw error(at: i, "a \\ at the end of the \(what) escapes nothing; write \\\\ for a backslash")
                }
                switch scalars[i + 1] {
                case "\\": result.append("\\")
                case "\"": result.append("\"")
                case ",": result.append(",")
                case " ": result.append(" ")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                default:
                    throw error(at: i, "unknown escape \"\\\(displayEscaped(String(scalars[i + 1])))\" in the \(what); write \\\\ for a backslash (escapes: \\\\ \\\" \\, \\n \\r \\t and \"\\ \" for a space)")
                }
                i += 2
            } else {
                result.append(scalar)
                i += 1
            }
        }
        return String(result)
    }
}

/// Levenshtein distance, for "did you mean" hints.
private func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
