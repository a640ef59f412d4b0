// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The README's rules table is documentation a user copies from: every example in it runs through the built
/// `switchboard check`, so the table cannot say a value passes when it does not.
@Suite("README rules table")
struct ReadmeRulesTests {
    /// One row: the example rule and the values written as passing and as failing.
    struct Row {
        var rule: String
        var passing: [String]
        var failing: [String]
    }

    /// The rows of the table under "## Rules": `| names | `rule` | `pass`, ... / `fail`, ... |`.
    static func rows() throws -> [Row] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "\n## Rules\n") else { return [] }
        let section = text[start.upperBound...]
        var rows: [Row] = []
        for line in section.split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            // "", names, example, "pass / fail", "": skip the header and the separator row.
            guard cells.count == 5, let rule = codeSpans(cells[2]).first, cells[3].contains(" / ") else { continue }
            let sides = cells[3].components(separatedBy: " / ")
            rows.append(Row(rule: rule, passing: codeSpans(sides[0]).map(unquote),
                            failing: codeSpans(sides[1]).map(unquote)))
        }
        return rows
    }

    /// The texts between backticks.
    static func codeSpans(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// A value written in double quotes with `\t` escapes, or as it is.
    static func unquote(_ value: String) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        return String(value.dropFirst().dropLast())
            .replacingOccurrences(of: "\\t", with: "\t")
    }

    @Test("the table lists every built-in rule")
    func everyRule() throws {
        let rules = try Self.rows().map { $0.rule.split(separator: ":").first.map(String.init) ?? "" }
        for name in ["required", "length", "email", "int", "decimal", "one-of", "equals", "contains", "prefix",
                     "suffix", "regex", "pattern", "url", "no-control-characters", "not", "date", "time", "time-of-day",
                     "date-time", "duration", "ipv4", "ipv6", "ip", "cidr", "port", "hostname", "uri", "uri-reference",
                     "uuid", "semver", "json", "hex-color", "path", "file", "new-path", "executable", "ext"] {
            #expect(rules.contains(name), "README rules table has no row for \(name)")
        }
    }

    @Test("every example in the table passes or fails as the table says")
    func examplesHold() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 14)
        for row in rows {
            // One value per run, as one line (an empty value is an empty line, not an empty input).
            for value in row.passing {
                let run = try switchboard(["check", "--rule", row.rule, "--count"], input: value + "\n")
                #expect(run.status == 0, "\(row.rule) should pass \(value.debugDescription): \(run.stdout)")
            }
            for value in row.failing {
                let run = try switchboard(["check", "--rule", row.rule, "--count"], input: value + "\n")
                #expect(run.status == 1, "\(row.rule) should fail \(value.debugDescription): \(run.stdout)")
            }
        }
    }
}
