// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Issue 38, item 5: one YAML, read one way. `check --schema`, headless `form --schema`, a spec and a schema file
// read the same YAML text to the same values (YAML 1.2's core schema, merge keys, tags, a byte order mark).

/// Country is text, port an integer, tag a string: what every reader must agree on.
private let schema = #"""
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "additionalProperties": false,
     "properties": {"country": {"type": "string"}, "port": {"type": "integer"}, "tag": {"type": "string"},
                    "count": {"type": "integer"}, "enabled": {"type": "boolean"}},
     "required": ["country"]}
    """#

@Suite("one YAML reader for check, form, specs and schemas")
struct YAMLOneReaderTests {
    @Test("country: NO is text to check and to form (YAML 1.2), tags honoured, hex read exactly")
    func coreSchemaAndTags() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schemaPath = try scratch.file("s.json", schema)
        let yaml = "country: NO\nport: 0x1F\ntag: !!str 123\ncount: !!int \"42\"\nenabled: true\n"
        let document = try scratch.file("c.yaml", yaml)
        let check = try switchboard(["check", "--schema", schemaPath, document])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let form = try switchboard(["form", "--schema", schemaPath], input: yaml)
        #expect(form.status == 0, "\(form.stderr)")
        #expect(form.stdout == """
            {
              "country": "NO",
              "port": 31,
              "tag": "123",
              "count": 42,
              "enabled": true
            }

            """)
        // The YAML 1.1 reading (a boolean) would fail `type: string` in both.
        let untagged = try switchboard(["check", "--schema", schemaPath, try scratch.file("t.yaml", "country: NO\ntag: 123\n")])
        #expect(untagged.status == 1)
        #expect(untagged.stdout.contains("/tag: must be a string, not an integer"), "\(untagged.stdout)")
    }

    @Test("merge keys are merged (a compose file's <<: *common), never a literal \"<<\" key")
    func mergeKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let compose = #"""
            {"type": "object", "properties": {"services": {"type": "object", "additionalProperties": {
               "type": "object", "additionalProperties": false,
               "properties": {"image": {"type": "string"}, "restart": {"enum": ["always", "no"]},
                              "ports": {"type": "array", "items": {"type": "string"}}}}}}}
            """#
        let schemaPath = try scratch.file("compose.json", compose)
        let yaml = """
            x-common: &common
              restart: always
              image: base
            services:
              web:
                <<: *common
                image: web
                ports: ["80:80"]
              db:
                <<: *common

            """
        let check = try switchboard(["check", "--schema", schemaPath, try scratch.file("compose.yaml", yaml)])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let form = try switchboard(["form", "--schema", schemaPath, "--output", "yaml"], input: yaml)
        #expect(form.status == 0, "\(form.stderr)")
        #expect(!form.stdout.contains("<<"), "\(form.stdout)")
        #expect(form.stdout.contains("restart"), "\(form.stdout)")
    }

    @Test("a byte order mark: YAML of many lines and JSON accepted by check, form and as a schema")
    func byteOrderMark() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let schemaJSON = try scratch.file("s.json", bom + Array(schema.utf8))
        let schemaYAML = try scratch.file("s.yaml", bom + Array("type: object\nrequired: [country]\nproperties:\n  country: {type: string}\n".utf8))
        let yaml = try scratch.file("c.yaml", bom + Array("country: NO\nport: 22\n".utf8))
        let json = try scratch.file("c.json", bom + Array(#"{"country": "NO", "port": 22}"#.utf8))
        for schemaPath in [schemaJSON, schemaYAML] {
            let check = try switchboard(["check", "--schema", schemaPath, yaml, json])
            #expect(check.status == 0, "\(schemaPath): \(check.stdout)\(check.stderr)")
            for document in [yaml, json] {
                let form = try switchboard(["form", "--schema", schemaPath],
                                           input: Array(try Data(contentsOf: URL(fileURLWithPath: document))))
                #expect(form.status == 0, "\(schemaPath) < \(document): \(form.stderr)")
                #expect(form.stdout.contains(#""country": "NO""#), "\(form.stdout)")
            }
        }
    }

    @Test("a spec reads YAML the same way: merge keys in a field, a byte order mark, NO as a default's text")
    func specs() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("spec.yaml", [0xEF, 0xBB, 0xBF] + Array("""
            title: Merge
            x-field: &country {prompt: Country, default: NO}
            fields:
              - name: country
                <<: *country
              - name: city

            """.utf8))
        // `x-field` is not a spec key: the spec is refused there, and only there.
        let refused = try switchboard(["form", spec], input: "\nParis\n")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(spec):2:1: unknown key \"x-field\""), "\(refused.stderr)")
        let merged = try scratch.file("merged.yaml", """
            fields:
              - &base {name: first, prompt: First, default: NO, required: false}
              - name: second
                <<: *base

            """)
        let answers = try switchboard(["form", merged], input: "\n\n")
        #expect(answers.status == 0, "\(answers.stderr)")
        #expect(answers.stdout == "{\n  \"first\": \"NO\",\n  \"second\": \"NO\"\n}\n")
    }

    @Test("YAML check cannot read is reported in one line of our words at FILE:LINE:COLUMN, exit 1; the other files are checked")
    func problemsInOurWords() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schemaPath = try scratch.file("s.json", schema)
        let documents = try scratch.file("m.yaml", "---\ncountry: a\n---\ncountry: 3\n")
        let bad = try scratch.file("bad.yaml", "country: a: b\n")
        let good = try scratch.file("good.yaml", "country: x\nport: NO\n")
        let run = try switchboard(["check", "--schema", schemaPath, documents, bad, good])
        #expect(run.status == 1)
        #expect(run.stdout == """
            \(documents):4:10: /country: must be a string, not an integer
            \(bad):1:11: (root): not valid YAML: a `key: value` is not allowed here (a value holding `: ` must be quoted, or the line is indented wrongly)
            \(good):2:7: /port: must be an integer, not a string

            """)
        #expect(!run.stdout.contains("\\n"), "\(run.stdout)")
    }

    @Test("an alias bomb as a document is refused by check and form in bounded memory")
    func aliasBomb() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        var lines = ["country: x", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let text = lines.joined(separator: "\n") + "\n"
        let bomb = try scratch.file("bomb.yaml", text)
        let permissive = try scratch.file("p.json", #"{"type": "object"}"#)
        let script = "ulimit -v 2097152; exec timeout -s KILL 30 \"$0\" \"$@\""
        let check = try runProgram("/bin/sh", ["-c", script, try switchboardPath(), "check", "--schema", permissive, bomb])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasPrefix("\(bomb):7:5: (root): "), "\(check.stdout)")
        #expect(check.stdout.contains("the aliases here expand to more than 1000000 values"), "\(check.stdout)")
        let form = try runProgram("/bin/sh", ["-c", script, try switchboardPath(), "form", "--schema", permissive],
                                  input: Array(text.utf8))
        #expect(form.status == 2, "\(form.stderr)")
        #expect(form.stderr.contains("the aliases here expand to more than 1000000 values"), "\(form.stderr)")
    }
}
