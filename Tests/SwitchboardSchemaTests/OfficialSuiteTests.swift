// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwitchboardSchema
import Testing

/// The official JSON-Schema-Test-Suite (json-schema-org), from .schema-suite/ (scripts/fetch-schema-suite.sh): every
/// required test of the five drafts, and the optional format tests of the formats the rules assert.
@Suite("JSON-Schema-Test-Suite")
struct OfficialSuiteTests {
    static let drafts: [(folder: String, draft: SchemaDraft)] = [
        ("draft2020-12", .draft2020_12), ("draft2019-09", .draft2019_09), ("draft7", .draft7), ("draft6", .draft6),
        ("draft4", .draft4),
    ]

    struct Outcome {
        var passed = 0
        var failed: [String] = []
    }

    /// Runs every test of `file`; `assertsFormat` as the file expects.
    static func run(_ file: URL, draft: SchemaDraft, assertsFormat: Bool, into outcome: inout Outcome) throws {
        guard case .array(let groups) = try SuiteData.json(file) else { return }
        for group in groups {
            guard let schemaValue = group["schema"], case .array(let tests)? = group["tests"] else { continue }
            let name = "\(file.deletingPathExtension().lastPathComponent): \(group["description"]?.description ?? "")"
            let schema: JSONSchema
            do {
                schema = try JSONSchema(schemaValue, uri: "json-schema:///root.json", options: .init(
                    resolver: SuiteData.resolver, defaultDraft: draft, assertsFormat: assertsFormat))
            } catch {
                for test in tests { outcome.failed.append("\(name) / \(test["description"] ?? .null): load error: \(error)") }
                continue
            }
            for test in tests {
                guard let data = test["data"], case .bool(let valid)? = test["valid"] else { continue }
                let failures = schema.validate(data)
                let fast = schema.isValid(data)
                if failures.isEmpty == valid && fast == valid {
                    outcome.passed += 1
                } else {
                    outcome.failed.append("\(name) / \(test["description"] ?? .null): expected \(valid ? "valid" : "invalid"),"
                                          + " got \(failures.isEmpty ? "valid" : "invalid: \(failures.map(\.description))")"
                                          + (fast == failures.isEmpty ? "" : " (isValid disagrees)"))
                }
            }
        }
    }

    @Test("every required test of each draft", arguments: drafts.map(\.folder))
    func required(_ folder: String) throws {
        guard let tests = SuiteData.require(SuiteData.tests) else { return }
        let draft = Self.drafts.first { $0.folder == folder }!.draft
        let files = try FileManager.default.contentsOfDirectory(at: tests.appendingPathComponent(folder),
                                                                includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        #expect(files.count >= 30, "the suite folder \(folder) has only \(files.count) files")
        var outcome = Outcome()
        for file in files {
            // format.json: drafts 2019-09 and 2020-12 make format an annotation by default; the older drafts'
            // required format tests only check that other types are ignored.
            try Self.run(file, draft: draft, assertsFormat: false, into: &outcome)
        }
        print("suite \(folder): \(outcome.passed) passed, \(outcome.failed.count) failed")
        #expect(outcome.failed.isEmpty, Comment(rawValue: "\(folder): \(outcome.failed.count) of \(outcome.passed + outcome.failed.count) failed:\n"
                + outcome.failed.prefix(60).joined(separator: "\n")))
    }

    @Test("the optional format tests of the asserted formats", arguments: drafts.map(\.folder))
    func formats(_ folder: String) throws {
        guard let tests = SuiteData.require(SuiteData.tests) else { return }
        let draft = Self.drafts.first { $0.folder == folder }!.draft
        let formats = ["date", "time", "date-time", "duration", "ipv4", "ipv6", "hostname", "uuid", "uri", "uri-reference"]
        var outcome = Outcome()
        var files = 0
        for format in formats {
            let file = tests.appendingPathComponent("\(folder)/optional/format/\(format).json")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            files += 1
            try Self.run(file, draft: draft, assertsFormat: true, into: &outcome)
        }
        #expect(files >= 5)
        print("suite \(folder) optional formats: \(outcome.passed) passed, \(outcome.failed.count) failed")
        #expect(outcome.failed.isEmpty, Comment(rawValue: "\(folder) formats: \(outcome.failed.count) failed:\n"
                + outcome.failed.prefix(60).joined(separator: "\n")))
    }
}
