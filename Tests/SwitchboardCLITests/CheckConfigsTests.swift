// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Issue 39: configs checked where they live, as CI and pre-commit call `check`: the schema found by itself,
// GitHub annotations, SARIF, every failure at FILE:LINE:COLUMN.

private let portSchema = #"""
    {"type": "object", "required": ["name"],
     "properties": {"name": {"type": "string"}, "port": {"type": "integer", "minimum": 1024},
                    "mode": {"enum": ["100%", "fast"]}}}
    """#

@Suite("check: configs where they live")
struct CheckConfigsTests {
    @Test("--format github: workflow commands with file, line and col, escaped as GitHub documents")
    func githubAnnotations() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", portSchema)
        let config = try scratch.file("a,b:c.yaml", "name: app\nport: 80\nmode: slow\n")
        let run = try switchboard(["check", "--schema", schema, "--format", "github", config])
        #expect(run.status == 1)
        let file = config.replacing(",", with: "%2C").replacing(":", with: "%3A")
        #expect(run.stdout == """
            ::error file=\(file),line=2,col=7,title=minimum::/port: must be at least 1024
            ::error file=\(file),line=3,col=7,title=enum::/mode: must be one of "100%25", fast

            """)
    }

    @Test("--format sarif: a SARIF 2.1.0 log that our validator and python-jsonschema accept, each result placed")
    func sarif() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", portSchema)
        let yaml = try scratch.file("app config.yaml", "name: app\nport: 80\n---\nport: 2000\n")
        let json = try scratch.file("b.json", "{\n  \"name\": 3\n}\n")
        let run = try switchboard(["check", "--schema", schema, "--format", "sarif", yaml, json])
        #expect(run.status == 1)
        let log = try scratch.file("out.sarif", run.stdout)
        let sarifSchema = repositoryFile(".schema-suite/sarif-2.1.0.json")
        let ours = try switchboard(["check", "--schema", sarifSchema, log])
        #expect(ours.status == 0, "\(ours.stdout)\(ours.stderr)")
        let python = try runProgram("/usr/bin/env", ["python3", "-c", """
            import json, sys, jsonschema
            jsonschema.Draft4Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
            """, sarifSchema, log])
        #expect(python.status == 0, "\(python.stderr)")
        struct Log: Decodable {
            struct Run: Decodable { var results: [Result] }
            struct Result: Decodable {
                var ruleId: String
                var locations: [Location]
            }
            struct Location: Decodable { var physicalLocation: Physical }
            struct Physical: Decodable {
                var artifactLocation: Artifact
                var region: Region
            }
            struct Artifact: Decodable { var uri: String }
            struct Region: Decodable {
                var startLine: Int
                var startColumn: Int
            }
            var runs: [Run]
        }
        let results = try JSONDecoder().decode(Log.self, from: Data(run.stdout.utf8)).runs[0].results
        let places = results.map { r in
            let place = r.locations[0].physicalLocation
            return "\(place.artifactLocation.uri.split(separator: "/").last ?? ""):\(place.region.startLine):\(place.region.startColumn) \(r.ruleId)"
        }
        #expect(places == ["app%20config.yaml:2:7 minimum", "app%20config.yaml:4:1 required", "b.json:2:11 type"])
    }

    @Test("no --schema: the document's $schema (relative to it), a modeline, then the catalog; --print-schema says why")
    func discovery() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("config/.github/workflows"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("schemas"), withIntermediateDirectories: true)
        try scratch.file("config/s.json", portSchema)
        try scratch.file("schemas/app.json", portSchema)
        let named = try scratch.file("config/named.json", #"{"$schema": "s.json", "name": "a", "port": 80}"#)
        let modeline = try scratch.file("config/modeline.yaml", "# yaml-language-server: $schema=s.json\nname: b\nport: 81\n")
        let jetbrains = try scratch.file("config/jetbrains.yaml", "# $schema: ../schemas/app.json\nname: c\n")
        let caught = try scratch.file("config/.github/workflows/ci.yml", "name: d\nport: 82\n")
        let skipped = try scratch.file("config/.github/workflows/skip.yml", "name: e\n")
        let meta = try scratch.file("config/meta.json", #"{"$schema": "http://json-schema.org/draft-07/schema#", "type": 3}"#)
        let catalog = try scratch.file("catalog.json", #"""
            {"schemas": [{"name": "App workflows", "fileMatch": ["**/.github/workflows/*.{yml,yaml}", "!**/skip.yml"],
                          "url": "https://example.invalid/schemas/app.json"}]}
            """#)
        let files = [named, modeline, jetbrains, caught, skipped, meta]
        let print = try switchboard(["check", "--print-schema", "--catalog", catalog,
                                     "--schema-dir", scratch.path("schemas")] + files)
        #expect(print.status == 2)
        #expect(print.stdout == """
            \(named): \(scratch.path("config/s.json")) (the document's $schema)
            \(modeline): \(scratch.path("config/s.json")) (the modeline on line 1)
            \(jetbrains): \(scratch.path("config/../schemas/app.json")) (the modeline on line 1)
            \(caught): \(scratch.path("schemas/app.json")) (the catalog's entry "App workflows" https://example.invalid/schemas/app.json, read from --schema-dir)
            \(meta): http://json-schema.org/draft-07/schema# (the document's $schema (a built-in metaschema))

            """)
        #expect(print.stderr.contains("\(skipped): no schema found"), "\(print.stderr)")
        let run = try switchboard(["check", "--catalog", catalog, "--schema-dir", scratch.path("schemas")] + files)
        #expect(run.status == 2, "no schema for one file is a usage error, after the others are checked")
        #expect(run.stdout == """
            \(named):1:44: /port: must be at least 1024
            \(modeline):3:7: /port: must be at least 1024
            \(caught):2:7: /port: must be at least 1024
            \(meta):1:64: /type: must match at least one of the 2 alternatives (anyOf)

            """)
        let noDirectory = try switchboard(["check", "--catalog", catalog, caught])
        #expect(noDirectory.status == 2)
        #expect(noDirectory.stderr.contains("https://example.invalid/schemas/app.json, which is not fetched"))
        let valid = try switchboard(["check", jetbrains])
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
    }
}
