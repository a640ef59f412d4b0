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
        // A CRLF file's modeline below its first line (`\r\n` is one character: lines were once cut at `\n` only).
        let crlf = try scratch.file("config/crlf.yaml", "# A service\r\n\r\n# yaml-language-server: $schema=s.json\r\nname: f\r\n")
        let found = try switchboard(["check", "--print-schema", crlf])
        #expect(found.stdout == "\(crlf): \(scratch.path("config/s.json")) (the modeline on line 3)\n", "\(found.stderr)")
    }
}

@Suite("check: configs where they live, as a hostile user finds them")
struct CheckConfigsHostileTests {
    @Test("catalog globs: **/ is whole folders, braces expand, ten ** against a deep path are decided at once")
    func globs() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let deep = (0..<30).map { "d\($0)" }.joined(separator: "/")
        for folder in [".github/workflows/sub", "a/.github/workflows", deep, "x"] {
            try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        }
        try scratch.file("s.json", "{}")
        let catalog = try scratch.file("catalog.json", #"""
            {"schemas": [
              {"name": "never", "fileMatch": ["**/**/**/**/**/**/**/**/**/**/nomatch"], "url": "s.json"},
              {"name": "workflow", "fileMatch": ["**/.github/workflows/*.{yml,yaml}"], "url": "s.json"},
              {"name": "ci", "fileMatch": ["**/ci.yml"], "url": "s.json"}]}
            """#)
        let files = [".github/workflows/ci.yml", "a/.github/workflows/b.yaml", ".github/workflows/sub/x.yml",
                     "x/abci.yml", deep + "/ci.yml", deep + "/other.yml"]
        for file in files { try scratch.file(file, "a: 1\n") }
        let run = try switchboard(["check", "--print-schema", "--catalog", catalog] + files, directory: scratch.url.path)
        #expect(run.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == [
            ".github/workflows/ci.yml:", "a/.github/workflows/b.yaml:", deep + "/ci.yml:",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("ci.yml: \(scratch.path("s.json")) (the catalog's entry \"workflow\")"))
        // Not matched: a folder below workflows/, a name that only ends in ci.yml, another name in the deep folder.
        for missed in [".github/workflows/sub/x.yml", "x/abci.yml", deep + "/other.yml"] {
            #expect(run.stderr.contains("\(missed): no schema found"), "\(missed): \(run.stderr)")
        }
    }

    @Test("an unreadable input is named (exit 2) after the others are checked; SARIF is still written")
    func unreadableInput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", #"{"properties": {"port": {"minimum": 1024}}}"#)
        let bad = try scratch.file("bad.json", #"{"port": 80}"#)
        let good = try scratch.file("good.json", #"{"port": 8080}"#)
        let missing = scratch.path("missing.json")
        let text = try switchboard(["check", "--schema", schema, bad, missing, good])
        #expect(text.status == 2)
        #expect(text.stdout == "\(bad):1:10: /port: must be at least 1024\n")
        #expect(text.stderr.contains("cannot open \(missing)"), "\(text.stderr)")
        let sarif = try switchboard(["check", "--schema", schema, "--format", "sarif", bad, missing, good])
        #expect(sarif.status == 2)
        #expect(sarif.stdout.contains(#""startLine":1,"startColumn":10"#), "\(sarif.stdout)")
    }

    @Test("names as they are in json and sarif, control characters escaped in github; YAML told by its text")
    func namesAndFormats() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", #"{"additionalProperties": false, "properties": {"cff-version": {"type": "string"}}}"#)
        let tab = try scratch.file("x\ty.json", "{\"\\u001b]0;pwned\\u0007\": 1}")
        let json = try switchboard(["check", "--schema", schema, "--format", "json", tab])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(decoded?["file"] as? String == tab)
        let github = try switchboard(["check", "--schema", schema, "--format", "github", tab])
        #expect(!github.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0 == "\t" },
                "\(github.stdout.debugDescription)")
        #expect(github.stdout.contains("::/\\u{1b}]0;pwned\\u{7}: is not allowed"), "\(github.stdout.debugDescription)")
        // CITATION.cff and X.YML are YAML (told by the text, or the extension in any case).
        let citation = try scratch.file("CITATION.cff", "cff-version: 1.2.0\ntitle: x\n")
        let upper = try scratch.file("X.YML", "cff-version: 3\n")
        let yaml = try switchboard(["check", "--schema", schema, citation, upper])
        #expect(yaml.stdout == """
            \(citation):2:1: /title: is not allowed: the schema does not define this property
            \(upper):1:14: /cff-version: must be a string, not an integer

            """)
    }

    @Test("a catalog's relative url is beside the catalog; a $schema holding NUL is refused; flow YAML on stdin")
    func references() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("catalogs/schemas"), withIntermediateDirectories: true)
        try scratch.file("catalogs/schemas/app.json", #"{"properties": {"port": {"minimum": 1024}}}"#)
        let catalog = try scratch.file("catalogs/catalog.json",
                                       #"{"schemas": [{"name": "app", "fileMatch": ["app.yaml"], "url": "schemas/app.json"}]}"#)
        let app = try scratch.file("app.yaml", "port: 80\n")
        let run = try switchboard(["check", "--catalog", catalog, app])
        #expect(run.stdout == "\(app):1:7: /port: must be at least 1024\n", "\(run.stderr)")
        let nul = try scratch.file("nul.json", #"{"$schema": "catalogs/schemas/app.json\u0000/etc/passwd"}"#)
        let refused = try switchboard(["check", nul])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("holds a NUL character"), "\(refused.stderr)")
        let form = try switchboard(["form", "--schema", scratch.path("catalogs/schemas/app.json")], input: "{port: 80}")
        #expect(form.status == 1, "\(form.stderr)")
        #expect(form.stderr.contains("1:8: /port: must be at least 1024"), "\(form.stderr)")
    }
}
