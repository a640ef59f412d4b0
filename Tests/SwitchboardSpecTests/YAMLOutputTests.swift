// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SwitchboardSchema
@testable import SwitchboardSpec
import TerminalTestSupport
import Testing

/// What `--output yaml` writes is read back as the same answers by the project's own YAML reading (Yams, through
/// `JSONValue.document(_:yaml:)`) and by PyYAML's `safe_load` (YAML 1.1), whatever the keys and strings hold.
@Suite("YAML output read back")
struct YAMLOutputTests {
    /// YAML's indicators, words and numbers other types claim in YAML 1.1 or 1.2, white space and characters a
    /// reader may refuse or take for a line break; each is a key and a value.
    static let tricky: [String] = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
        "- a", "-a", "? a", "?a", ":a", ": a", "a:", "a: b", "a:b", "a #b", "a#b", "#x", "&anchor", "*alias",
        "!tag", "!!str", ">-", "%YAML 1.2", "@typescript-eslint/no-unused-vars", "*.{js,ts}", "[a]", "{a: 1}",
        "a, b", "a ?", "a - b", "- - a", "key:", "a:\tb",
        "yes", "Yes", "NO", "on", "On", "Off", "OFF", "y", "N", "null", "Null", "NULL", "~", "true", "False",
        "1e3", "1E3", "1.0e+3", "0x1F", "0o7", "0b101", "017", ".inf", "-.inf", "+.INF", ".NaN", "1_000",
        "12:30", "190:20:30", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "+1", "-1", "1.5", "0", "007",
        "1.", ".5", "-0",
        "", " ", " a", "a ", "a  b", "\t", "a\tb", "line\nbreak", "a\r", "\r\n", "x\u{85}y", "x\u{2028}y",
        "\u{A0}", "\u{3000}x", "<<", "=", "---", "...", "--- a", "\\", "\\n", "a\"b", "a'b", "'a'", "\"a\"",
        "é", "日本語", "😀", "\u{FEFF}x", "x\u{FFFE}", "\u{FFFF}", "\u{1B}[31m", "\u{7F}", "\u{9B}", "\u{202E}x",
        "a\u{0}b", "$schema", "x-note", "first name", "no-unused-vars", "a/b", "port",
    ]

    @Test("a key or a string drawn from YAML's indicators and look-alikes reads back as written")
    func trickyStrings() throws {
        let documents = Self.tricky.enumerated().map { index, text in
            TypedAnswers([(text, .text(text)), ("k\(index)", .text(text)), (text + " ", .list([text, "b"]))])
        }
        try expectReadBack(documents)
    }

    @Test("generated keys and values (pieces of YAML syntax run together) read back as written")
    func generated() throws {
        var random = SplitMix64(seed: 0x5EED_0038)
        let pieces = ["-", "?", ":", " ", "#", "a", "b", "yes", "1", ".", "e3", "0x", "{", "}", "[", "]", ",",
                      "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`", "<<", "=", "~", "\t", "\n", "é", "😀",
                      "\u{85}", "\u{FEFF}", "null", "on", ": ", " #", "\\", "--- ", "..."]
        func text() -> String {
            (0..<(1 + random.next(4))).map { _ in pieces[random.next(pieces.count)] }.joined()
        }
        var documents: [TypedAnswers] = []
        for _ in 0..<300 {
            var pairs: [(String, TypedAnswer)] = []
            while pairs.count < 4 {
                let key = text()
                if pairs.contains(where: { $0.0 == key }) { continue }
                let values: [TypedAnswer] = [.text(text()), .list([text(), text()]), .bool(random.next(2) == 0),
                                             .null, .number(["7", "-3.5", "1e3", "20.0", "-0"][random.next(5)]),
                                             .object(TypedAnswers([(text(), .text(text()))])),
                                             .array([.object(TypedAnswers([(text(), .text(text())), ("x", .null)]))])]
                pairs.append((key, values[random.next(values.count)]))
            }
            documents.append(TypedAnswers(pairs))
        }
        try expectReadBack(documents)
    }

    @Test("a key longer than YAML's 1024-character implicit key is written as an explicit ? key")
    func longKeys() throws {
        let long = String(repeating: "k", count: 1500), wide = String(repeating: "é", count: 700)
        let documents = [
            TypedAnswers([(long, .text("v")), ("short", .number("1"))]),
            TypedAnswers([("list", .array([.object(TypedAnswers([(wide, .object(TypedAnswers([(long, .null)])))]))]))]),
        ]
        #expect(documents[0].yaml().hasPrefix("? \(long)\n: \"v\"\nshort: 1\n"))
        try expectReadBack(documents)
    }

    @Test("the keys of issue 38 are quoted, plain names are not")
    func keysOfTheIssue() {
        let answers = TypedAnswers([("@typescript-eslint/no-unused-vars", .text("error")), ("*.{js,ts}", .text("x")),
                                    ("a: b", .bool(true)), ("#x", .null), ("on", .number("1")), ("port", .number("8080")),
                                    ("first name", .text("Ada")), ("$schema", .text("s"))])
        #expect(answers.yaml() == """
            "@typescript-eslint/no-unused-vars": "error"
            "*.{js,ts}": "x"
            "a: b": true
            "#x": null
            "on": 1
            port: 8080
            first name: "Ada"
            $schema: "s"

            """)
    }

    @Test("a document (schema form) keeps its keys and numbers through yamlDocument, at the top level too")
    func documents() throws {
        let text = ##"{"@scope/rule": "error", "on": 20.0, "#x": {"a: b": [1234567890123456789012, -0, 1E+3]}}"##
        let document = try JSONValue.parse(text)
        let yaml = document.yamlDocument()
        #expect(yaml == """
            "@scope/rule": "error"
            "on": 20.0
            "#x":
              "a: b":
                - 1234567890123456789012
                - -0
                - 1.0e+3

            """)
        #expect(try JSONValue.document(yaml, yaml: true) == document)
        #expect(try JSONValue.parse("[\"yes\", 1e3, {\"~\": null}]").yamlDocument() == "- \"yes\"\n- 1.0e+3\n- \"~\": null\n")
        #expect(try JSONValue.parse("\"on\"").yamlDocument() == "\"on\"\n")
        #expect(try JSONValue.parse("1e3").yamlDocument() == "1.0e+3\n")
    }

    @Test("a schema form's number answers are written as typed; its property names quoted where YAML needs them")
    func schemaFormAnswers() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse("""
            {"type": "object", "required": ["big", "ratio", "on", "null"], "properties": {
              "big": {"type": "integer"}, "ratio": {"type": "number"}, "on": {"type": "boolean"},
              "null": {"type": "string"}}}
            """), file: "s.json")
        let form = schemaForm.makeForm()
        for (name, answer) in [("big", "1234567890123456789012"), ("ratio", " 20.0 "), ("on", "y"), ("null", "~")] {
            #expect(form[name]?.answer(answer).isValid == true, "\(name): \(answer)")
        }
        let document = schemaForm.document(of: form)
        #expect(document.yamlDocument() == """
            big: 1234567890123456789012
            ratio: 20.0
            "on": true
            "null": "~"

            """)
        #expect(document.prettyJSON() == """
            {
              "big": 1234567890123456789012,
              "ratio": 20.0,
              "on": true,
              "null": "~"
            }
            """)
    }

    /// Writes each document with `yaml()` and reads it back with the project's YAML reader and PyYAML: both must give the answers,
    /// keys in order, each value with its type.
    private func expectReadBack(_ documents: [TypedAnswers]) throws {
        let written = documents.map { $0.yaml() }
        for (answers, yaml) in zip(documents, written) {
            let read = try JSONValue.document(yaml, yaml: true)
            let want = expected(.object(answers))
            #expect(read.description == want.description, "YAMLReader read back:\n\(yaml)")
        }
        let stream = written.map { "---\n" + $0 }.joined()
        let pyyaml = try runProgram("/usr/bin/python3", ["-c", pyYAMLToJSON], input: Array(stream.utf8))
        try #require(pyyaml.status == 0, "PyYAML could not read the output: \(pyyaml.stderr)")
        guard case .array(let read) = try JSONValue.parse(pyyaml.stdout) else { Issue.record("not an array"); return }
        try #require(read.count == documents.count)
        for (index, answers) in documents.enumerated() {
            #expect(read[index].description == expected(.object(answers)).description,
                    "PyYAML read back:\n\(written[index])")
        }
    }
}


/// Reads a YAML stream with PyYAML's `safe_load_all` (and its libyaml loader, which must agree) and prints its documents as one JSON array; a key that is
/// not a string, or a value JSON cannot hold as PyYAML read it (a date, an infinite float), is shown as
/// `<<type:value>>` so that it differs from anything written.
let pyYAMLToJSON = """
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
    documents = [plain(d) for d in yaml.safe_load_all(text)]
    if [plain(d) for d in yaml.load_all(text, Loader=yaml.CSafeLoader)] != documents:
        sys.exit("PyYAML's libyaml loader (CSafeLoader) reads the stream otherwise than its Python loader")
    print(json.dumps(documents))
    """

/// The JSON value a typed answer stands for.
func expected(_ answer: TypedAnswer) -> JSONValue {
    switch answer {
    case .text(let text): .string(text)
    case .number(let literal): JSONNumber(literal).map(JSONValue.number) ?? .string("not a number: \(literal)")
    case .bool(let flag): .bool(flag)
    case .null: .null
    case .list(let values): .array(values.map(JSONValue.string))
    case .object(let members): .object(JSONObject(zip(members.names, members.values).map { (key: $0, value: expected($1)) }))
    case .array(let items): .array(items.map(expected))
    }
}

/// A small seeded generator, so that a failing case is the same on every run.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
