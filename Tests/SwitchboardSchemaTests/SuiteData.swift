// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwitchboardSchema
import Testing

/// Where scripts/fetch-schema-suite.sh puts the test data (git-ignored).
enum SuiteData {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let cache = repository.appendingPathComponent(".schema-suite")
    static let tests = cache.appendingPathComponent("json/tests")
    static let remotes = cache.appendingPathComponent("json/remotes")
    static let schemaStore = cache.appendingPathComponent("schemastore")

    /// The folder, or a failure saying how to fetch it: a missing suite never passes.
    static func require(_ folder: URL) -> URL? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return folder
        }
        Issue.record(Comment(rawValue: "\(folder.path) is missing: run scripts/fetch-schema-suite.sh (make test runs it) to fetch the "
                     + "JSON-Schema-Test-Suite and the SchemaStore cases"))
        return nil
    }

    /// The suite's resolver: http://localhost:1234/ served from remotes/.
    static var resolver: SchemaResolver {
        SchemaResolver.files.mapping("http://localhost:1234/", toDirectory: remotes.path)
    }

    static func json(_ url: URL) throws -> JSONValue {
        try JSONValue.parse(bytes: Array(try Data(contentsOf: url)))
    }

    /// One of SchemaStore's cases (`cases.jsonl`): a schema file, a document, and python-jsonschema's verdict.
    struct SchemaStoreCase {
        var file: String
        var schema: JSONSchema
        var document: JSONValue
        var valid: Bool
    }

    /// SchemaStore's cases in `folder` (`schemaStore`), each schema compiled once (formats not asserted, as python
    /// checked them), and how many schemas they use.
    static func schemaStoreCases(in folder: URL) throws -> (cases: [SchemaStoreCase], schemas: Int) {
        let text = try String(contentsOf: folder.appendingPathComponent("cases.jsonl"), encoding: .utf8)
        var schemas: [String: JSONSchema] = [:]
        var cases: [SchemaStoreCase] = []
        for line in text.split(separator: "\n") {
            let item = try JSONValue.parse(String(line))
            guard case .string(let file)? = item["schema"], let document = item["document"],
                  case .bool(let valid)? = item["valid"] else { continue }
            let schema: JSONSchema
            if let loaded = schemas[file] {
                schema = loaded
            } else {
                schema = try JSONSchema(contentsOf: folder.appendingPathComponent(file).path,
                                        options: .init(assertsFormat: false))
                schemas[file] = schema
            }
            cases.append(SchemaStoreCase(file: file, schema: schema, document: document, valid: valid))
        }
        return (cases, schemas.count)
    }
}
