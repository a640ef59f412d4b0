// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

/// A value for which `(a+)+$` hits PCRE2's match limit.
private let catastrophic = String(repeating: "a", count: 30) + "!"
private let reason = "regex could not finish matching: match limit exceeded"

@Suite("undecided rules")
struct UndecidedRuleTests {
    private func accepts(_ rule: Rule, _ value: String) -> Bool {
        var value = value
        return value.withUTF8 { rule.accepts(utf8: UnsafeRawBufferPointer($0)) }
    }

    @Test("not:, AND and OR never turn a regex that hit a limit into a pass, on both paths")
    func compositions() throws {
        let limited = try Rule.regex("(a+)+$")
        let cases: [(String, Rule)] = [
            ("not", !limited),
            ("not not", !(!limited)),
            ("and", Rule.required && !limited),
            ("or, undecided first", !limited || Rule.required),
            ("or, failing then undecided", Rule.email || !limited),
            ("custom message", (!limited).message("no")),
            ("parsed", try Rule.parse("not:regex:(a+)+$ \"no\"")),
            ("list", Rule.all([.required, !limited])),
        ]
        for (name, rule) in cases {
            let verdict = rule.check(catastrophic)
            #expect(!verdict.isValid, "\(name)")
            #expect(verdict.isUndecided, "\(name)")
            #expect(verdict.failure?.message == reason, "\(name)")
            #expect(!rule.accepts(catastrophic), "\(name)")
            #expect(!accepts(rule, catastrophic), "\(name)")
            #expect(!rule.condition.evaluate(catastrophic), "\(name)")
        }
        // A passing left side settles an OR without asking the right one; a failing AND does not reach it.
        #expect((Rule.required || !limited).check(catastrophic).isValid)
        #expect(accepts(Rule.required || !limited, catastrophic))
        #expect((Rule.email && !limited).check(catastrophic).failure?.isUndecided == false)
        // Decided values behave as before.
        #expect((!limited).check("aaa!").isValid)
        #expect(accepts(!limited, "aaa!"))
    }

    @Test("a value too long for the default JIT stack is decided on a larger one")
    func longValues() throws {
        let regex = try PCRERegex("^(a|b)+$")
        let value = String(repeating: "ab", count: 2 << 20)   // 4 MB: past the 32 MB stack
        #expect(try regex.evaluate(value))
        #expect(try !regex.evaluate(value + "c"))
    }
}
