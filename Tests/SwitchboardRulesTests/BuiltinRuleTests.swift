// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

/// Runs the byte fast path on raw bytes.
func accepts(_ rule: Rule, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { rule.accepts(utf8: $0) }
}

/// `check` on the `String` the bytes decode to (invalid UTF-8 repaired with U+FFFD).
func checks(_ rule: Rule, _ bytes: [UInt8]) -> Bool {
    rule.check(String(decoding: bytes, as: UTF8.self)).isValid
}

@Suite("Built-in rules")
struct BuiltinRuleTests {
    @Test("every table row: check decides as the table says", arguments: ruleRows)
    func checkDecides(_ row: Row) throws {
        let rule = try Rule.parse(row.rule)
        #expect(rule.check(row.text).isValid == row.passes)
    }

    @Test("every table row: accepts(utf8:) agrees with check", arguments: ruleRows)
    func fastPathAgrees(_ row: Row) throws {
        let rule = try Rule.parse(row.rule)
        #expect(accepts(rule, row.value) == rule.check(row.text).isValid)
        #expect(rule.accepts(row.text) == rule.check(row.text).isValid)
    }

    @Test("accepts(utf8:) agrees with check on invalid UTF-8, NUL, BOMs and controls, for every rule",
          arguments: agreementRules)
    func fastPathAgreesOnNastyBytes(_ text: String) throws {
        let rule = try Rule.parse(text)
        for value in nastyValues {
            #expect(accepts(rule, value) == checks(rule, value), "\(text) on \(value)")
        }
    }

    @Test("accepts(utf8:invalidUTF8: .reject) fails invalid UTF-8 and otherwise agrees with accepts(utf8:)",
          arguments: agreementRules)
    func rejectInvalidUTF8(_ text: String) throws {
        let rule = try Rule.parse(text)
        for value in nastyValues {
            let valid = String(validating: value, as: UTF8.self) != nil
            let rejecting = value.withUnsafeBytes { rule.accepts(utf8: $0, invalidUTF8: .reject) }
            let repairing = value.withUnsafeBytes { rule.accepts(utf8: $0, invalidUTF8: .repair) }
            #expect(rejecting == (valid && accepts(rule, value)), "\(text) on \(value)")
            #expect(repairing == accepts(rule, value), "\(text) on \(value)")
        }
    }

    @Test("a failing value gets the rule's name and a message that reads naturally")
    func messages() {
        let table: [(Rule, String, String)] = [
            (Rule.required, "", "required: must not be blank"),
            (Rule.required(allowingWhitespace: true), "", "required: must not be empty"),
            (Rule.length(min: 3, max: 20), "ab", "length: must be 3 to 20 characters long"),
            (Rule.length(min: 3), "ab", "length: must be at least 3 characters long"),
            (Rule.length(max: 1), "ab", "length: must be at most 1 character long"),
            (Rule.length(exactly: 4), "ab", "length: must be exactly 4 characters long"),
            (Rule.email, "ada", "email: must be a valid email address"),
            (Rule.integer, "x", "integer: must be a whole number"),
            (Rule.integer(in: 1...120), "0", "integer: must be a whole number from 1 to 120"),
            (Rule.integer(min: 18, max: nil), "0", "integer: must be a whole number of at least 18"),
            (Rule.decimal(in: 0...99.5), "100", "decimal: must be a number from 0 to 99.5"),
            (Rule.oneOf(["red", "green"]), "blue", #"one-of: must be one of "red", "green""#),
            (Rule.equals("yes"), "no", #"equals: must equal "yes""#),
            (Rule.contains("@"), "a", #"contains: must contain "@""#),
            (!Rule.contains("@example.com"), "a@example.com", #"not contains: must not contain "@example.com""#),
            (Rule.prefix("https://"), "http://", #"prefix: must start with "https://""#),
            (Rule.suffix(".com"), "x.org", #"suffix: must end with ".com""#),
            (Rule.url, "x", "url: must be an http or https URL with a host"),
            (Rule.noControlCharacters, "a\nb", "no-control-characters: must not contain control characters or line breaks"),
            (!Rule.email, "a@b", "not email: must not be a valid email address"),
            (!(!Rule.contains("x")), "y", #"not not contains: must contain "x""#),
        ]
        for (rule, value, expected) in table {
            #expect(rule.check(value).description == expected)
        }
    }

    @Test("a regex rule's message shows the pattern")
    func regexMessage() throws {
        #expect(try Rule.regex(#"\d{3}"#).check("12").description == #"regex: must match the pattern \d{3}"#)
    }

    @Test("pattern: is JSON Schema's pattern, found anywhere unless anchored, and reads back as written")
    func patternRule() throws {
        let digit = try Rule.parse("pattern:[0-9]")
        #expect(digit.check("a1").isValid && digit.check("7").isValid)
        #expect(digit.check("ab").description == "pattern: must match the pattern [0-9]")
        let readBack = try Rule.parse(digit.source)
        #expect(digit.source == "pattern:[0-9]" && readBack.check("x9").isValid)
        #expect(try Rule.parse(#"pattern:^\S+$"#).check("a\u{A0}b").isValid == false)
        #expect(try Rule.parse("not:pattern:[0-9]").check("a1").isValid == false)
        #expect(throws: RuleSyntaxError.self) { try Rule.parse("pattern:a(b") }
        // The byte-scanner path (batch checks) agrees with the condition.
        let bytes = Array("zz9".utf8), letters = Array("zz".utf8)
        #expect(bytes.withUnsafeBytes { digit.accepts(utf8: $0) } && !letters.withUnsafeBytes { digit.accepts(utf8: $0) })
    }

    @Test("&& reports the first failing part; || and ! read as one phrase")
    func composition() {
        let username = Rule.length(min: 3, max: 20) && !Rule.contains("@")
        #expect(username.check("ada").isValid)
        #expect(username.check("ab").failure?.message == "must be 3 to 20 characters long")
        #expect(username.check("ada@x").failure?.message == #"must not contain "@""#)
        let contact = Rule.email || Rule.url
        #expect(contact.check("https://x.org").isValid)
        #expect(contact.check("x").failure?.message
                == "must be a valid email address or be an http or https URL with a host")
        #expect((Rule.required && Rule.email).check(" ").failure?.message == "must not be blank")
        #expect(username.source == "length:3..20 && not:contains:@")
    }

    @Test("a custom message replaces the generated one, also on composites and negations")
    func customMessages() {
        #expect(Rule.email.message("Use your work address").check("x").failure?.message == "Use your work address")
        let rule = (Rule.email && Rule.suffix("@acme.com")).message("Use your acme.com address")
        #expect(rule.check("ada@example.com").failure?.message == "Use your acme.com address")
        #expect(rule.check("ada@acme.com").isValid)
        #expect((!Rule.contains("x")).message("No x, please").check("x").failure?.message == "No x, please")
    }

    @Test("a rule made from any condition uses it on both paths, and so does an assigned condition")
    func customCondition() {
        let even = Rule(Condition("even", requirement: "be even") { Int($0).map { $0 % 2 == 0 } ?? false })
        #expect(even.check("3").description == "even: must be even")
        #expect(accepts(even, Array("4".utf8)))
        #expect(!accepts(even, Array("3".utf8)))
        var rule = Rule.email
        rule.condition = Condition("anything") { _ in true }
        #expect(rule.check("not an email").isValid)
        #expect(accepts(rule, Array("not an email".utf8)))
        let both = even && Rule.integer(in: 0...10)
        #expect(accepts(both, Array("8".utf8)))
        #expect(!accepts(both, Array("12".utf8)))
    }

    @Test("choices: a one-of's values as written, narrowed by &&, joined by ||; nil when other values pass")
    func choices() throws {
        #expect(Rule.oneOf(["staging", "production"]).choices == ["staging", "production"])
        #expect(try Rule.parse("one-of-ci:Red,Green").choices == ["Red", "Green"])
        #expect(try Rule.parse(#"one-of:a\,b,c"#).choices == ["a,b", "c"])
        #expect((Rule.oneOf(["red", "green", "blue"]) && !Rule.equals("green")).choices == ["red", "blue"])
        #expect((Rule.length(min: 5) && Rule.oneOf(["red", "green", "blue"])).choices == ["green"])
        #expect(try Rule.parseList(["one-of:red,green", "not:equals:red"]).choices == ["green"])
        #expect((Rule.oneOf(["a", "b"]) || Rule.oneOf(["b", "c"])).choices == ["a", "b", "c"])
        #expect(Rule.oneOf(["a", "b"]).message("Pick a or b").choices == ["a", "b"])
        #expect((Rule.oneOf(["a"]) || Rule.email).choices == nil)
        #expect((!Rule.oneOf(["a"])).choices == nil)
        #expect(Rule.email.choices == nil)
        var replaced = Rule.oneOf(["a", "b"])
        replaced.condition = Condition("anything") { _ in true }
        #expect(replaced.choices == nil)
    }

    @Test("a rule's condition validates a field on every edit")
    @MainActor func fieldUsesRule() throws {
        let field = ObservableTextField()
        field.addRule(try Rule.parse(#"int:1..120 "Enter an age from 1 to 120""#).condition)
        field.text.value = "42"
        #expect(field.verdict.value.isValid)
        field.text.value = "٤٢"
        #expect(field.verdict.value.failure?.message == "Enter an age from 1 to 120")
    }

    @Test("the source of every built-in parses back to a rule with the same source and message")
    func sourceRoundTrips() throws {
        let rules: [Rule] = [
            Rule.required, .required(allowingWhitespace: true), .length(min: 3, max: 20), .length(min: 3),
            .length(max: 9), .length(exactly: 2), .email, .integer, .integer(in: -5...5), .integer(min: nil, max: 0),
            .decimal, .decimal(in: 0.5...99.25), .oneOf(["a,b", "c\\d", " e "]), .oneOf(["X"], caseInsensitive: true),
            .equals("say \"hi\"\n"), .contains(" "), .prefix("\t"), .suffix("end "), .url, .noControlCharacters,
            !Rule.email, Rule.email.message("Use \"work\" mail"), Rule.email.message(" padded\r\nmessage "), try Rule.regex("yes|no", caseInsensitive: true),
            try Rule.regex(#"^\d+"#),
        ]
        let samples = ["", "a,b", "c\\d", " e ", "x", "say \"hi\"\n", " ", "\tx", "the end ", "ada@x.org", "7", "0.5", "YES", "12a"]
        for rule in rules {
            let parsed = try Rule.parse(rule.source)
            #expect(parsed.source == rule.source)
            #expect(parsed.failureMessage == rule.failureMessage)
            for sample in samples {
                #expect(parsed.check(sample) == rule.check(sample), "\(rule.source) on \(sample)")
            }
        }
    }
}
