// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

@Suite("PCRE2 regex")
struct PCRERegexTests {
    @Test("a pattern matches the whole value unless it anchors itself", arguments: [
        (#"\d{3}"#, true), (#"a|b"#, true), (#"(?i)yes"#, true), (#"\$"#, true), (#"a\\z"#, true),
        (#"^\d{3}"#, false), (#"\A\d"#, false), (#"\Gx"#, false), (#"(?i)^yes"#, false), (#"(*UCP)^\w"#, false),
        (#"\d+$"#, false), (#"\d+\z"#, false), (#"\d+\Z"#, false), (#"a\\$"#, false),
    ])
    func wholeValue(_ pattern: String, _ whole: Bool) throws {
        #expect(try PCRERegex(pattern).matchesWholeValue == whole)
    }

    @Test("$ is the end of the value, never before a final newline")
    func dollarEndOnly() throws {
        let regex = try PCRERegex("^abc$")
        #expect(regex.matches("abc"))
        #expect(!regex.matches("abc\n"))
        #expect(!regex.matches("abc\r\n"))
        #expect(!(try PCRERegex("abc")).matches("abc\n"))
    }

    @Test("PCRE syntax: classes, (?i), lookaround, Unicode properties, case-insensitive option")
    func syntax() throws {
        #expect(try PCRERegex(#"(?=.*\d)(?=.*[a-z]).{8,}"#).matches("passw0rdx"))
        #expect(!(try PCRERegex(#"(?=.*\d)(?=.*[a-z]).{8,}"#)).matches("password"))
        #expect(try PCRERegex(#"^(?!.*@example\.com$).*"#).matches("a@acme.com"))
        #expect(!(try PCRERegex(#"^(?!.*@example\.com$).*"#)).matches("a@example.com"))
        #expect(try PCRERegex(#"\p{Lu}\p{Ll}+"#).matches("Élodie"))
        #expect(try PCRERegex("yes", caseInsensitive: true).matches("YeS"))
        #expect(!(try PCRERegex(#"\w+"#)).matches("été"))  // \w is ASCII without (*UCP)
        #expect(try PCRERegex(#"(*UCP)\w+"#).matches("été"))
        #expect(try PCRERegex(#"(?i)^yes"#).matches("Yes please"))
        #expect(!(try PCRERegex(#"\d{3}-\d{4}"#)).matches("call 555-1234"))
    }

    @Test("raw bytes with invalid UTF-8 never match a character and never crash")
    func invalidUTF8() throws {
        func matches(_ pattern: String, _ bytes: [UInt8]) throws -> Bool {
            let regex = try PCRERegex(pattern)
            return bytes.withUnsafeBytes { regex.matches(utf8: $0) }
        }
        #expect(try !matches(".", [0xFF]))
        #expect(try !matches("a.c", [0x61, 0xFF, 0x63]))
        #expect(try matches("^a", [0x61, 0xFF]))
        #expect(try matches("a", [0x61]))
        #expect(try !matches(".*", [0xC0, 0x80]))  // overlong NUL
        #expect(try !matches(".", [0xED, 0xA0, 0x80]))  // a surrogate
        #expect(try matches("", []))
        #expect(try matches(#"a\x00b"#, [0x61, 0x00, 0x62]))
    }

    @Test("a compile error carries PCRE2's message, its byte offset and a character column")
    func compileErrors() {
        #expect(throws: PCRERegex.CompileError(pattern: "日本(", offset: 7, column: 4,
                                               message: "missing closing parenthesis")) {
            try PCRERegex("日本(")
        }
        do {
            _ = try PCRERegex("a(b")
            Issue.record("compiled a bad pattern")
        } catch {
            #expect(error.description == #"regex "a(b": at column 4: missing closing parenthesis"#)
        }
    }

    @Test("catastrophic backtracking ends in a failure with PCRE2's reason, not a hang or crash")
    func matchLimit() throws {
        let regex = try PCRERegex(#"(a|aa)+"#)
        let value = String(repeating: "a", count: 40) + "!"
        #expect(!regex.matches(value))
        #expect(throws: PCRERegex.MatchError.self) { try regex.evaluate(value) }
        let verdict = Rule.regex(regex).check(value)
        #expect(verdict.failure?.message == "regex could not finish matching: match limit exceeded")
    }

    @Test("one regex used from several threads at once gives the same answers")
    func concurrentUse() async throws {
        let regex = try PCRERegex(#"[a-z]+\d{2}"#)
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<64 {
                group.addTask {
                    var ok = true
                    for j in 0..<2000 { ok = ok && regex.matches("abc\((i + j) % 90 + 10)") && !regex.matches("abc1") }
                    return ok
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }

    @Test("the JIT compiles at the first match, once, even when many threads make it at the same moment")
    func lazyJITFromManyThreads() async throws {
        for round in 0..<20 {
            // A new regex each round: every task's first match races for the JIT compilation.
            let regex = try PCRERegex(#"(\w+)@(\w+)\.org\#(round)"#)
            let results = await withTaskGroup(of: Bool.self) { group in
                for i in 0..<8 {
                    group.addTask {
                        regex.matches("ada\(i)@example.org\(round)") && !regex.matches("ada@example.com\(round)")
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.count == 8 && results.allSatisfy { $0 })
            #expect(regex.isJITCompiled)
        }
    }

    @Test("an ECMA-262 pattern is searched for, with ECMA's white space and dot, and shows as written")
    func ecmaPattern() throws {
        let digit = try PCRERegex(ecmaPattern: "[0-9]")
        #expect(digit.matches("a1") && !digit.matches("ab") && !digit.matchesWholeValue)
        let word = try PCRERegex(ecmaPattern: #"^\S+$"#)
        #expect(word.matches("abc") && !word.matches("a\u{A0}b") && word.pattern == #"^\S+$"#)
        #expect(try PCRERegex(ecmaPattern: "^a.b$").matches("a\u{2028}b") == false)
        #expect(try PCRERegex(ecmaPattern: #"\u00e9"#).matches("café"))
        #expect(try PCRERegex(ecmaPattern: "[^]").matches("x") && !(try PCRERegex(ecmaPattern: "[]")).matches("x"))
    }

    // Expected verdicts from ECMA-262 (node's RegExp, no flags; python-jsonschema's `re` agrees on the classes and
    // refuses the unset back-reference, where Python differs from ECMA).
    @Test("ECMA-262: a back-reference to a group that did not match matches the empty string", arguments: [
        (#"^(a)?\1b$"#, "b", true), (#"^(?:(a)|b)\1$"#, "b", true), (#"^(a)?\1b$"#, "aab", true),
        (#"^(a)?\1b$"#, "ab", false),
    ])
    func unsetBackReference(_ pattern: String, _ value: String, _ expected: Bool) throws {
        #expect(try PCRERegex(ecmaPattern: pattern).matches(value) == expected)
    }

    @Test("ECMA-262: `[` inside a class is itself, not a POSIX class or collating element", arguments: [
        ("^[[:digit:]]$", "1", false), ("^[[:digit:]]$", "d]", true), ("^[[:digit:]]$", "[]", true),
        ("^[[.a.]]$", "a", false), ("^[[.a.]]$", ".]", true), ("^[[=a=]]$", "=]", true), ("^[[]$", "[", true),
    ])
    func bracketInClass(_ pattern: String, _ value: String, _ expected: Bool) throws {
        #expect(try PCRERegex(ecmaPattern: pattern).matches(value) == expected)
    }
}
