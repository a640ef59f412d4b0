// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

/// A rule text that must not parse: the column of the problem and the message.
struct BadRule: Sendable, CustomTestStringConvertible {
    let text: String
    let column: Int
    let message: String
    init(_ text: String, _ column: Int, _ message: String) {
        self.text = text
        self.column = column
        self.message = message
    }
    var testDescription: String { String(reflecting: text) }
}

let badRules: [BadRule] = [
    BadRule("", 1, #"expected a rule name such as "email" or "length:3..20", got an empty rule"#),
    BadRule("   ", 4, #"expected a rule name such as "email" or "length:3..20", got an empty rule"#),
    BadRule("length:3..x", 11, #"expected a whole number after "..", got "x""#),
    BadRule("length", 7, #"expected ":" and a range such as "3..20", "3..", "..20" or "8" after "length", got the end of the rule"#),
    BadRule("length:", 8, #"expected a range such as "3..20", "3..", "..20" or "8" after "length:", got the end of the rule"#),
    BadRule("length:20..3", 8, #"the range 20..3 is empty; write the smaller bound first, as in "3..20""#),
    BadRule("length:abc", 8, #"expected a whole number or ".." at the start of the range, got "abc""#),
    BadRule("length:3-20", 9, #"expected ".." after 3, got "-20""#),
    BadRule("length:3..20x", 13, #"expected the end of the range after 20, got "x""#),
    BadRule("length:-1..3", 8, #"expected a whole number or ".." at the start of the range, got "-1..3""#),
    BadRule("length:日..3", 8, #"expected a whole number or ".." at the start of the range, got "日..3""#),
    BadRule("int:1..1e3", 9, #"expected the end of the range after 1, got "e3""#),
    BadRule("int:-..3", 6, #"expected digits after the sign, got "..3""#),
    BadRule("int:99999999999999999999", 5, "the number 99999999999999999999 is too large (at most 9223372036854775807)"),
    BadRule("int:", 5, #"expected a range such as "1..120" after "int:", got the end of the rule"#),
    BadRule("decimal:1..x", 12, #"expected a number after "..", got "x""#),
    BadRule("decimal:5..1", 9, "the range 5..1 is empty; write the smaller bound first"),
    BadRule("emial", 1, #"unknown rule "emial"; did you mean "email"?"# + " (known rules: \(Rule.ruleNames.joined(separator: ", ")))"),
    BadRule("  xyzzy-plugh", 3, #"unknown rule "xyzzy-plugh""# + " (known rules: \(Rule.ruleNames.joined(separator: ", ")))"),
    BadRule("email:x", 6, #""email" takes no argument, got ":x""#),
    BadRule("url:", 4, #""url" takes no argument, got ":""#),
    BadRule("required:yes", 10, #"expected "allow-whitespace" or nothing after "required:", got "yes""#),
    BadRule("email x", 6, #"expected ":" or the end of the rule after "email", got " x""#),
    BadRule("email \"unterminated", 7, #"a message must be the last thing in the rule and end with a "; write \" for a quote inside it"#),
    BadRule("email \"say \"hi\"\"", 7, #"a message must be the last thing in the rule and end with a "; write \" for a quote inside it"#),
    BadRule("one-of:a,,b", 10, #"expected a choice, got an empty one (write \, for a comma inside a choice)"#),
    BadRule("one-of:a,", 10, #"expected a choice, got an empty one (write \, for a comma inside a choice)"#),
    BadRule("one-of:", 8, #"expected choices separated by commas, such as "red,green,blue" after "one-of:", got the end of the rule"#),
    BadRule("contains:a\\q", 11, #"unknown escape "\q" in the argument; write \\ for a backslash (escapes: \\ \" \, \n \r \t and "\ " for a space)"#),
    BadRule("contains:a\\", 11, #"a \ at the end of the argument escapes nothing; write \\ for a backslash"#),
    BadRule(#"email "bad \q""#, 12, #"unknown escape "\q" in the message; write \\ for a backslash (escapes: \\ \" \, \n \r \t and "\ " for a space)"#),
    BadRule("not:", 5, #"expected a rule name such as "email" or "length:3..20", got the end of the rule"#),
    BadRule("not:not", 5, #"unknown rule "not""# + " (known rules: \(Rule.ruleNames.joined(separator: ", ")))"),
    BadRule(":email", 1, #"expected a rule name such as "email" or "length:3..20", got ":email""#),
    BadRule("regex:", 7, #"expected a pattern, such as "^\d{3}-\d{4}$" after "regex:", got the end of the rule"#),
    BadRule("regex:a(b", 10, "bad regex: missing closing parenthesis"),
    BadRule("regex:日本(", 10, "bad regex: missing closing parenthesis"),
    BadRule("regex:a)", 8, "bad regex: unmatched closing parenthesis"),
    BadRule(#"regex:[z-a]"#, 10, "bad regex: range out of order in character class"),
    BadRule(#"regex:a{2,1}"#, 12, "bad regex: numbers out of order in {} quantifier"),
    BadRule(#"regex:\C"#, 9, #"bad regex: using \C is disabled by the application"#),
    BadRule(#"regex:(?<n>a)(?<n>b)"#, 19, "bad regex: two named subpatterns have the same name (PCRE2_DUPNAMES not set)"),
]

@Suite("Rule syntax")
struct RuleSyntaxTests {
    @Test("a rule written as just its name is the rule the full parser builds (source, messages, fast path)",
          arguments: ["email", "url", "required", "integer", "int", "decimal", "number", "no-control-characters",
                      "no-control"])
    func plainNamesParseAsTheParserWould(name: String) throws {
        let quick = try Rule.parse(name)
        let parsed = try Rule.parse(" \(name) ")   // surrounding space: the parser reads it
        #expect(quick.source == name)
        #expect(quick.source == parsed.source)
        for value in ["", " ", "ada@example.com", "ada", "https://example.com/a", "42", "-7", "3.14", "a\tb", "日本",
                      "\u{9B}x"] {
            #expect(quick.check(value) == parsed.check(value), "\(name) on \(value.debugDescription)")
            let bytes = Array(value.utf8)
            #expect(bytes.withUnsafeBytes { quick.accepts(utf8: $0) } == bytes.withUnsafeBytes { parsed.accepts(utf8: $0) })
        }
    }

    @Test("a bad rule says where (column) and what was expected", arguments: badRules)
    func badRule(_ bad: BadRule) {
        #expect {
            _ = try Rule.parse(bad.text)
        } throws: { error in
            guard let error = error as? RuleSyntaxError else { return false }
            #expect(error.column == bad.column)
            #expect(error.message == bad.message)
            #expect(error.rule == bad.text)
            return true
        }
    }

    @Test("the error's description names the rule, the column, and the problem")
    func description() {
        #expect(throws: RuleSyntaxError(rule: "length:3..x", offset: 10,
                                        message: #"expected a whole number after "..", got "x""#)) {
            try Rule.parse("length:3..x")
        }
        let error = RuleSyntaxError(rule: "length:3..x", offset: 10, message: #"expected a whole number after "..", got "x""#)
        #expect(error.description == #"rule "length:3..x": at column 11: expected a whole number after "..", got "x""#)
    }

    /// Rule texts that parse, with the source they keep and a value each must accept and reject.
    @Test("rule texts parse to the rule they name", arguments: [
        ("email", "email", "ada@x.org", "ada"),
        ("  email  ", "email", "ada@x.org", "ada"),
        ("EMAIL", "EMAIL", "ada@x.org", "ada"),
        ("int:1..120", "int:1..120", "7", "121"),
        ("integer:..0", "integer:..0", "-7", "1"),
        ("number:0..1", "number:0..1", "0.5", "2"),
        ("length:..3", "length:..3", "abc", "abcd"),
        ("one-of:red,green,blue", "one-of:red,green,blue", "green", "Green"),
        ("oneof:a\\,b", "oneof:a\\,b", "a,b", "a"),
        ("not:contains:@example.com", "not:contains:@example.com", "a@b.com", "a@example.com"),
        ("not:not:email", "not:not:email", "a@b", "ab"),
        ("NOT:email", "NOT:email", "ab", "a@b"),
        (#"contains:"x""#, #"contains:"x""#, #"a"x"b"#, "x"),  // quotes not after white space: part of the argument
        (#"equals:a "m""#, #"equals:a "m""#, "a", "a \"m\""),  // a message
        ("contains:foo bar", "contains:foo bar", "a foo bar", "foo"),
        (#"regex:^a "b"$"#, #"regex:^a "b"$"#, "a \"b\"", "a"),  // ends with $, so no message
        (#"regex:\d+ "Digits only""#, #"regex:\d+ "Digits only""#, "12", "1a"),
        (#"regex:[^"]*"#, #"regex:[^"]*"#, "abc", "a\"c"),
        (#"regex:a b"#, #"regex:a b"#, "a b", "ab"),
        ("suffix:\\ ", "suffix:\\ ", "a ", "a"),
        ("starts-with:x", "starts-with:x", "xy", "yx"),
        ("no-control", "no-control", "ok", "a\tb"),
        ("required:ALLOW-WHITESPACE", "required:ALLOW-WHITESPACE", " ", ""),
    ])
    func parses(_ text: String, _ source: String, _ good: String, _ bad: String) throws {
        let rule = try Rule.parse(text)
        #expect(rule.source == source)
        #expect(rule.check(good).isValid)
        #expect(!rule.check(bad).isValid)
    }

    @Test("a message in double quotes replaces the rule's message; \\\" and \\\\ escape inside it")
    func messages() throws {
        #expect(try Rule.parse(#"email "Use your work address""#).check("x").failure?.message == "Use your work address")
        #expect(try Rule.parse(#"email   "Say \"hi\" \\ bye"  "#).check("x").failure?.message == #"Say "hi" \ bye"#)
        #expect(try Rule.parse(#"not:contains:@example.com "No example addresses""#).check("a@example.com")
                .failure?.message == "No example addresses")
        #expect(try Rule.parse(#"regex:^\d{3}-\d{4}$ "Write it as 555-1234""#).check("5551234")
                .failure?.message == "Write it as 555-1234")
        #expect(try Rule.parse(#"int:1..120 """#).check("0").failure?.message == "")
    }

    @Test("parseList joins rules with && and reports the first failure; no rules accept anything")
    func parseList() throws {
        let rule = try Rule.parseList(["required", "length:3..20", #"regex:[a-z0-9_]+ "Use a-z, 0-9 and _""#])
        #expect(rule.check("ada_99").isValid)
        #expect(rule.check("").failure?.message == "must not be blank")
        #expect(rule.check("ab").failure?.message == "must be 3 to 20 characters long")
        #expect(rule.check("Ada").failure?.message == "Use a-z, 0-9 and _")
        #expect(try Rule.parseList([]).check("anything").isValid)
        // A long list keeps its order: the first failing rule is the one reported.
        let many = try Rule.parseList((0..<100_000).map { "not:equals:\($0)" })
        #expect(many.check("99999").failure?.message == #"must not equal "99999""#)
        #expect(many.check("7").failure?.message == #"must not equal "7""#)
        #expect(many.check("x").isValid)
        #expect(!("99999".utf8.withContiguousStorageIfAvailable { many.accepts(utf8: UnsafeRawBufferPointer($0)) } ?? true))
        #expect(throws: RuleSyntaxError.self) { try Rule.parseList(["email", "lenght:3"]) }
    }

    @Test("odd text parses or fails with a column inside the text, never a crash", arguments: [
        "\0", "\u{FEFF}email", "email\0", "regex:\0", "contains:\0", "not:" + String(repeating: "not:", count: 200_000) + "email",
        "\"", "\"\"", " \"a\"", "email \"", "email \"\\\"", "one-of:\\", "one-of:,", "length:..", "length:....",
        "regex:" + String(repeating: "(", count: 10_000), "contains:" + String(repeating: "x", count: 1 << 20),
        "e\u{301}mail", "length:3\u{301}..4",
    ])
    func oddText(_ text: String) {
        do {
            let rule = try Rule.parse(text)
            _ = rule.check("value")
        } catch {
            #expect(error.column >= 1 && error.column <= text.count + 1, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }
}
