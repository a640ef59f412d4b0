// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// Nanoseconds per value for each built-in rule and a regex rule, on typical values (a mix that passes and fails):
/// the byte fast path `accepts(utf8:)` (what `switchboard check` uses), `check(_:)` on a `String` (what a field
/// uses, message included), and the same test written as a Swift `Regex` (`wholeMatch`), side by side.
func runRulesBenchmarks() {
    print("\n== Rules: ns per value (best of 7 rounds); ratios against accepts(utf8:) ==")
    for bench in ruleBenches() where wantsCase(bench.name) {
        measure(bench)
    }
}

private struct RuleBench {
    let name: String
    let rule: Rule
    /// The same test as a Swift Regex, with any extra work a regex cannot do (a numeric range).
    let swiftRegex: Regex<AnyRegexOutput>
    let swiftExtra: ((Substring) -> Bool)?
    let values: [String]
}

private func ruleBenches() -> [RuleBench] {
    func bench(_ name: String, _ rule: String, _ swift: String, extra: ((Substring) -> Bool)? = nil,
               _ values: [String]) -> RuleBench {
        RuleBench(name: name, rule: try! Rule.parse(rule), swiftRegex: try! Regex(swift), swiftExtra: extra,
                  values: values)
    }
    let names = ["ada", "grace.hopper", "linus_t", "x", "a-very-long-user-name-indeed", "日本語", "Zoë", ""]
    let emails = ["ada@example.com", "grace.hopper@navy.mil", "bad@", "no-at-sign.example.com", "a@b",
                  "first.last+tag@sub.domain.org", "x@-bad.com", "user@xn--bcher-kva.de"]
    let numbers = ["42", "-7", "+120", "0", "121", "abc", "4.5", "99999999999999999999"]
    let decimals = ["3.14", "-0.5", ".5", "99.5", "100", "5.", "1e3", "12"]
    let colours = ["red", "green", "blue", "Red", "purple", "", "gren", "blue "]
    let urls = ["https://example.com", "http://localhost:8080/x?y=1", "ftp://x", "https://a.b/c d",
                "http://[::1]/", "example.com", "https://sub.domain.example.org/path/to/page#top", "http://"]
    let texts = ["hello world", "tab\there", "line\nbreak", "plain text value", "ESC\u{1B}[31m", "日本語のテキスト",
                 "quite a long line of ordinary text without controls", "x"]
    let phones = ["555-1234", "5551234", "555-12345", "abc-defg", "123-4567", "٥٥٥-١٢٣٤", "000-0000", "55-1234"]
    let addresses = emails + ["someone@example.com", "other@example.com"]
    return [
        bench("required", "required", #"(?s).*\S.*"#, names),
        bench("length:3..20", "length:3..20", #"(?s).{3,20}"#, names),
        bench("email", "email",
              #"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"#,
              emails),
        bench("int:1..120", "int:1..120", "[+-]?[0-9]+", extra: { Int($0).map { (1...120).contains($0) } ?? false },
              numbers),
        bench("decimal", "decimal", #"[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)"#, decimals),
        bench("one-of", "one-of:red,green,blue", "red|green|blue", colours),
        bench("one-of-ci", "one-of-ci:red,green,blue", "(?i)red|green|blue", colours),
        bench("equals", "equals:green", "green", colours),
        bench("not:contains", "not:contains:@example.com", #"(?s)(?!.*@example\.com).*"#, addresses),
        bench("prefix", "prefix:https://", #"(?s)https://.*"#, urls),
        bench("suffix", "suffix:.com", #"(?s).*\.com"#, addresses),
        bench("url", "url", #"(?i)https?://(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.?)+(?::[0-9]{1,5})?(?:[/?#][^\s]*)?"#,
              urls),
        bench("no-control-characters", "no-control-characters", "[^\\x00-\\x1F\\x7F\\u0080-\\u009F\\u2028\\u2029]*",
              texts),
        bench(#"regex:\d{3}-\d{4}"#, #"regex:\d{3}-\d{4}"#, #"[0-9]{3}-[0-9]{4}"#, phones),
    ]
}

private func measure(_ bench: RuleBench) {
    // 10,000 values, laid out as the CLI reads them: one byte buffer and the bounds of each value.
    let count = 10_000
    let strings = (0..<count).map { bench.values[$0 % bench.values.count] }
    var bytes: [UInt8] = []
    var bounds: [(Int, Int)] = []
    for value in strings {
        let start = bytes.count
        bytes.append(contentsOf: value.utf8)
        bounds.append((start, bytes.count))
    }
    let rule = bench.rule
    var expected = 0
    let fast = bytes.withUnsafeBytes { buffer in
        nanosPerIteration(iterations: count) { n in
            var passed = 0
            for i in 0..<n {
                let (start, end) = bounds[i % count]
                if rule.accepts(utf8: UnsafeRawBufferPointer(rebasing: buffer[start..<end])) { passed &+= 1 }
            }
            expected = passed
        }
    }
    var checked = 0
    let check = nanosPerIteration(iterations: count) { n in
        var passed = 0
        for i in 0..<n where rule.check(strings[i % count]).isValid { passed &+= 1 }
        checked = passed
    }
    let regex = bench.swiftRegex
    let extra = bench.swiftExtra
    var regexPassed = 0
    let swift = nanosPerIteration(iterations: count, rounds: 3) { n in
        var passed = 0
        for i in 0..<n {
            let value = strings[i % count]
            if let match = value.wholeMatch(of: regex), extra?(match.0) ?? true { passed &+= 1 }
        }
        regexPassed = passed
    }
    let agreement = expected == checked ? "" : "  (accepts/check disagree: \(expected) vs \(checked))"
    report("\(bench.name)  [\(expected) of \(count) pass; Swift Regex: \(regexPassed)]\(agreement)", [
        Row(name: "Rule.accepts(utf8:)", nanos: fast),
        Row(name: "Rule.check(String)", nanos: check),
        Row(name: "Swift Regex wholeMatch", nanos: swift),
    ])
}
