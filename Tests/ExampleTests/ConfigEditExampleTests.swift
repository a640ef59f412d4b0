// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `config-edit`: a config edited from Swift with DocumentEditor keeps every byte the edits do not touch.
@Suite("config-edit example")
struct ConfigEditExampleTests {
    static let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/config-edit/deploy.yaml").path

    @Test("sets, adds, appends and removes, the comments and the rest as they were")
    func edits() throws {
        let original = try String(contentsOfFile: Self.deploy, encoding: .utf8)
        let (status, output) = try runExample("config-edit", [Self.deploy, "/replicas=3", "/labels/env=\"prod\"",
                                                              "/ports/-=8443", "-/debug"])
        #expect(status == 0)
        #expect(output == original.replacing("replicas: 2", with: "replicas: 3")
            .replacing("  - 443\n", with: "  - 443\n  - 8443\n")
            .replacing("team: \"core\"}", with: "team: \"core\", env: prod}")
            .replacing("debug: false\n", with: ""))
    }

    @Test("an edit that cannot be made is refused with its place; nothing is printed")
    func refusal() throws {
        let (status, output) = try runExample("config-edit", [Self.deploy, "/name/first=\"x\""])
        #expect(status == 1)
        #expect(output.isEmpty)
    }
}
