// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// What `switchboard form` writes with --output json and yaml, read back: keys YAML would read as something else
// are quoted, numbers are written as they came in, and a lone surrogate is refused where it stands (issue 38).

private let schema = """
    {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
     "properties": {"big": {"type": "integer"}, "ratio": {"type": "number"}, "zero": {"type": "number"},
       "huge": {"type": "number", "minimum": 1e300}, "milli": {"type": "number"},
       "@typescript-eslint/no-unused-vars": {"enum": ["off", "warn", "error"]}, "*.{js,ts}": {"type": "string"},
       "on": {"type": "boolean"}, "#x": {"type": "string"}, "a: b": {"type": "array", "items": {"type": "number"}}}}
    """

private let document = """
    {"big": 1234567890123456789012, "ratio": 20.0, "zero": -0, "huge": 1e400, "milli": 1E-3,
     "@typescript-eslint/no-unused-vars": "error", "*.{js,ts}": "eslint --fix", "on": true, "#x": "yes",
     "a: b": [0.10, -0.0, 12345678901234567890.5]}
    """

/// PyYAML's `safe_load` of standard input as JSON (its libyaml loader must read the same); a key that is not a string or a value JSON cannot hold (an
/// infinite float, a date) is shown as `<<type:value>>`.
private let pyYAML = """
    import json, math, sys, yaml
    def plain(v):
        if isinstance(v, dict):
            return {(k if isinstance(k, str) else "<<%s:%r>>" % (type(k).__name__, k)): plain(x) for k, x in v.items()}
        if isinstance(v, list):
            return [plain(x) for x in v]
        if v is None or isinstance(v, (bool, int, str)) or (isinstance(v, float) and math.isfinite(v)):
            return v
        return "<<%s:%r>>" % (type(v).__name__, v)
    text = sys.stdin.buffer.read().decode("utf-8")
    document = plain(yaml.safe_load(text))
    if plain(yaml.load(text, Loader=yaml.CSafeLoader)) != document:
        sys.exit("PyYAML's libyaml loader (CSafeLoader) reads the text otherwise than its Python loader")
    print(json.dumps(document))
    """

@Suite("form --output json and yaml read back")
struct FormOutputRoundTripTests {
    @Test("a schema form writes each number as it came in, in JSON and in YAML, and quotes the keys YAML needs quoted")
    func schemaNumbersAndKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let path = try scratch.file("numbers.schema.json", schema)
        let json = try switchboard(["form", "--schema", path], input: document)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == """
            {
              "big": 1234567890123456789012,
              "ratio": 20.0,
              "zero": -0,
              "huge": 1e400,
              "milli": 1E-3,
              "@typescript-eslint/no-unused-vars": "error",
              "*.{js,ts}": "eslint --fix",
              "on": true,
              "#x": "yes",
              "a: b": [
                0.10,
                -0.0,
                12345678901234567890.5
              ]
            }

            """)
        let yaml = try switchboard(["form", "--schema", path, "--output", "yaml"], input: document)
        #expect(yaml.status == 0, "\(yaml.stderr)")
        // An exponent gets a `.` and a sign, so that YAML 1.1 reads a number too; every other number as written.
        #expect(yaml.stdout == """
            big: 1234567890123456789012
            ratio: 20.0
            zero: -0
            huge: 1.0e+400
            milli: 1.0e-3
            "@typescript-eslint/no-unused-vars": "error"
            "*.{js,ts}": "eslint --fix"
            "on": true
            "#x": "yes"
            "a: b":
              - 0.10
              - -0.0
              - 12345678901234567890.5

            """)

        // Read back by switchboard itself (Yams): the same document, the same numbers.
        let again = try switchboard(["form", "--schema", path], input: yaml.stdout)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == json.stdout.replacing("1e400", with: "1.0e+400").replacing("1E-3", with: "1.0e-3"))

        // Read back by PyYAML (YAML 1.1): every key a string, every number a number (1e400 is beyond a double).
        let python = try runTool("/usr/bin/python3", ["-c", pyYAML], input: yaml.stdout)
        #expect(python == """
            {"big": 1234567890123456789012, "ratio": 20.0, "zero": 0, "huge": "<<float:inf>>", "milli": 0.001, \
            "@typescript-eslint/no-unused-vars": "error", "*.{js,ts}": "eslint --fix", "on": true, "#x": "yes", \
            "a: b": [0.1, -0.0, 1.2345678901234567e+19]}

            """)
    }

    @Test("a spec form's number fields keep the answer's text; field names YAML would misread are quoted")
    func specNumbersAndKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("numbers.yaml", """
            fields:
              - name: big
                type: number
              - name: ratio
                type: number
              - name: "on"
                type: yesno
              - name: "1e3"
              - name: "null"
                type: number
                required: false
            """)
        let answers = ##"{"big": 1234567890123456789012, "ratio": 20.0, "on": "yes", "1e3": "#x: y", "null": -0}"##
        let json = try switchboard(["form", spec], input: answers)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == """
            {
              "big": 1234567890123456789012,
              "ratio": 20.0,
              "on": true,
              "1e3": "#x: y",
              "null": -0
            }

            """)
        let yaml = try switchboard(["form", spec, "--output", "yaml"], input: answers)
        #expect(yaml.status == 0, "\(yaml.stderr)")
        #expect(yaml.stdout == "big: 1234567890123456789012\nratio: 20.0\n\"on\": true\n\"1e3\": \"#x: y\"\n\"null\": -0\n")
        let python = try runTool("/usr/bin/python3", ["-c", pyYAML], input: yaml.stdout)
        #expect(python == ##"{"big": 1234567890123456789012, "ratio": 20.0, "on": true, "1e3": "#x: y", "null": 0}"## + "\n")
    }

    @Test("a lone surrogate in a document or a schema is refused, naming the file, line and column")
    func loneSurrogate() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let path = try scratch.file("numbers.schema.json", schema)
        let run = try switchboard(["form", "--schema", path], input: ##"{"#x": "a\ud800"}"##)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains(#"standard input: line 1, column 10: not valid JSON: \ud800 in a string is a lone surrogate"#),
                "\(run.stderr)")
        let bad = try scratch.file("bad.schema.json", #"{"type": "object", "properties": {"name": {"default": "\udc00"}}}"#)
        let schemaRun = try switchboard(["form", "--schema", bad], input: #"{"name": "x"}"#)
        #expect(schemaRun.status == 2)
        #expect(schemaRun.stderr.contains(#"bad.schema.json: not valid JSON: line 1, column 56: \udc00 in a string is a lone surrogate"#),
                "\(schemaRun.stderr)")
    }
}
