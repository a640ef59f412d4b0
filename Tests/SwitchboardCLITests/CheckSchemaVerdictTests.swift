// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `check --schema` verdicts and `--format json` keywords as a script sees them (python-jsonschema 4.26's verdicts;
/// node's RegExp for the pattern it and Python read differently).
@Suite("check --schema: verdicts and keywords")
struct CheckSchemaVerdictTests {
    /// Each JSON line's `keyword`.
    private func keywords(_ json: String) -> [String] {
        json.split(separator: "\n").compactMap { line in
            guard let data = String(line).data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return object["keyword"] as? String
        }
    }

    @Test("--format json names the keyword that failed: enum, dependencies, items")
    func keywordsInJSON() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("k.json", #"{"$schema": "http://json-schema.org/draft-07/schema#", "enum": [{"a": 1}], "dependencies": {"a": ["b"]}, "properties": {"list": {"items": [{}], "additionalItems": false}}}"#)
        let run = try switchboard(["check", "--schema", schema, "--format", "json"], input: #"{"a": 2, "list": [1, 2]}"# + "\n")
        #expect(run.status == 1)
        #expect(keywords(run.stdout).sorted() == ["additionalItems", "dependencies", "enum"], "\(run.stdout)")
        let items = try scratch.file("i.json", #"{"items": false}"#)
        let itemsRun = try switchboard(["check", "--schema", items, "--format", "json"], input: "[1, 2]\n")
        #expect(keywords(itemsRun.stdout) == ["items"], "\(itemsRun.stdout)")
    }

    @Test("draft 4 integer in JSON and YAML documents; patterns with ECMA's [ in a class and unset back-references")
    func verdicts() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let draft4 = try scratch.file("d4.json", #"{"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"n": {"type": "integer"}}}"#)
        let lines = try switchboard(["check", "--schema", draft4], input: "{\"n\": 1}\n{\"n\": 1.0}\n{\"n\": 1e2}\n{\"n\": -0}\n")
        let failed = lines.stdout.split(separator: "\n").map { $0.prefix { $0 != ":" } }
        #expect(failed == ["2", "3"], "\(lines.stdout)")
        #expect(lines.stdout.contains("must be an integer written without a fraction or exponent part (draft 4), not 1.0"))
        let yaml = try scratch.file("d.yaml", "n: 1.0\n")
        #expect(try switchboard(["check", "--schema", draft4, yaml]).status == 1)
        let whole = try scratch.file("w.yaml", "n: 7\n")
        #expect(try switchboard(["check", "--schema", draft4, whole]).status == 0)
        let patterns = try scratch.file("p.json", #"{"properties": {"d": {"pattern": "^[[:digit:]]$"}, "r": {"pattern": "^(a)?\\1b$"}}}"#)
        let valid = try switchboard(["check", "--schema", patterns], input: #"{"d": "d]", "r": "b"}"# + "\n")
        #expect(valid.status == 0, "\(valid.stdout)")
        let invalid = try switchboard(["check", "--schema", patterns], input: #"{"d": "1"}"# + "\n")
        #expect(invalid.status == 1 && invalid.stdout.contains("/d: must match the pattern"), "\(invalid.stdout)")
    }
}
