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
}
