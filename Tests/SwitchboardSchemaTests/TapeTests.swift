// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwitchboardSchema
import Testing

/// Documents decided on a tape (`JSONTape`, `JSONSchema.isValid(tape:)`, the JSON Lines batches of `check --schema`)
/// against the tree (`JSONValue.parse`, `JSONSchema.isValid`): the tape reads only what the parser reads, and each
/// verdict is the tree's.
@Suite("Tape verdicts")
struct TapeTests {
    /// The tape's verdict of `text` (nil: the tape refused it).
    private static func tapeVerdict(_ schema: JSONSchema, _ text: String) -> Bool? {
        let bytes = Array(text.utf8)
        var tape = JSONTape()
        guard tape.read(bytes, in: bytes.indices) else { return nil }
        return schema.isValid(tape: tape)
    }

    @Test("every document of the official suite gets the tree's verdict on a tape",
          arguments: OfficialSuiteTests.drafts.map(\.folder))
    func officialSuite(_ folder: String) throws {
        guard let tests = SuiteData.require(SuiteData.tests) else { return }
        let draft = OfficialSuiteTests.drafts.first { $0.folder == folder }!.draft
        var files = try FileManager.default.contentsOfDirectory(at: tests.appendingPathComponent(folder),
                                                                includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.map { ($0, false) }
        let formats = tests.appendingPathComponent("\(folder)/optional/format")
        files += ((try? FileManager.default.contentsOfDirectory(at: formats, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" }.map { ($0, true) }
        var compared = 0, refused = 0
        var disagreements: [String] = []
        for (file, assertsFormat) in files {
            guard case .array(let groups) = try SuiteData.json(file) else { continue }
            for group in groups {
                guard let schemaValue = group["schema"], case .array(let cases)? = group["tests"],
                      let schema = try? JSONSchema(schemaValue, uri: "json-schema:///root.json", options: .init(
                          resolver: SuiteData.resolver, defaultDraft: draft, assertsFormat: assertsFormat))
                else { continue }
                for test in cases {
                    guard let data = test["data"] else { continue }
                    let text = data.description
                    guard let onTape = Self.tapeVerdict(schema, text) else {
                        refused += 1
                        continue
                    }
                    compared += 1
                    if onTape != schema.isValid(data) {
                        disagreements.append("\(file.lastPathComponent): \(group["description"] ?? .null) / "
                                             + "\(test["description"] ?? .null): tape says \(onTape) for \(text)")
                    }
                }
            }
        }
        print("tape \(folder): \(compared) documents compared, \(refused) left to the tree")
        #expect(compared > 500)
        #expect(disagreements.isEmpty, Comment(rawValue: disagreements.prefix(40).joined(separator: "\n")))
    }

    @Test("every SchemaStore case gets python-jsonschema's verdict on a tape")
    func schemaStore() throws {
        guard let folder = SuiteData.require(SuiteData.schemaStore) else { return }
        var compared = 0, valid = 0
        var disagreements: [String] = []
        for item in try SuiteData.schemaStoreCases(in: folder).cases {
            let (file, schema, document, expected) = (item.file, item.schema, item.document, item.valid)
            guard let onTape = Self.tapeVerdict(schema, document.description) else { continue }
            compared += 1
            if onTape { valid += 1 }
            if onTape != expected {
                disagreements.append("\(file): python says \(expected), the tape \(onTape): "
                                     + String(document.description.prefix(300)))
            }
        }
        #expect(compared > 1000 && valid > 100 && compared - valid > 100)
        #expect(disagreements.isEmpty, Comment(rawValue: disagreements.prefix(30).joined(separator: "\n")))
    }
}

extension TapeTests {
    /// Texts at the edges of the grammar: each is read by the tape exactly when the parser reads it, unless the tape
    /// leaves it to the tree (a name escaped, not ASCII or repeated).
    static let edges: [String] = [
        // Strings: escapes, surrogate pairs and lone halves, control bytes.
        #""a\nb\t\"\\\/\b\f\r""#, #""\u00e9\u212A""#, #""\ud83d\ude00""#, #""\ud83d""#, #""\ude00""#,
        #""\ud83dx""#, #""\ud83d\u0041""#, #""\ud83d\uZZZZ""#, #""\u00""#, #""\x""#, "\"a\u{01}\"", #""abc"#,
        #""é\n""#, #""caf\u00e9 é""#, "\"\\", "\"",
        // Numbers.
        "0", "-0", "-0.0", "1.0", "1e2", "1E+2", "1.5e-3", "12345678901234567890123", "1234567890123456789.0",
        "0.00000000000000000000000000001", "1e400", "-1e-400", "01", "1.", ".5", "-", "1e", "1e+", "+1", "2.50",
        "100000000000000000000", "18446744073709551616", "9999999999999999999", "-9223372036854775808",
        // Literals, containers, whitespace, what follows.
        "true", "false", "null", "tru", "nul", "fals", "falsey", "[]", "[1,]", "[,1]", "{}", #"{"a":1,}"#, #"{"a"}"#,
        #"{"a" : 1 , "b":[ 1 , {"c" : null} ] }"#, " \t\r\n[1]\n ", "[1] x", "[1][2]", "", " ", "{1: 2}",
        "\u{FEFF}{}", #"{"a":1"#, "[1", #"{"a":1 "b":2}"#,
        // Names: repeated, escaped, not ASCII (the tree's way), the Kelvin sign.
        #"{"a": 1, "a": 2}"#, #"{"a": 1, "b": 2, "a": 3}"#, #"{"a\u0062": 1}"#, #"{"ab": 1, "a\u0062": 2}"#,
        #"{"café": 1}"#, #"{"\u212A": 1}"#, #"{"K": 1, "\u212A": 2}"#, #"{"x": {"K": 1}}"#,
    ]

    @Test("the tape reads only what the parser reads, and refuses what it leaves to the tree")
    func acceptance() throws {
        for text in Self.edges + Self.invalidUTF8.map({ String(decoding: $0, as: UTF8.self) }) {
            let bytes = Array(text.utf8)
            var tape = JSONTape()
            let read = tape.read(bytes, in: bytes.indices)
            let parsed = (try? JSONValue.parse(bytes: bytes)) != nil
            if read { #expect(parsed, "the tape read \(text), which the parser refuses") }
            if parsed && !read {
                // Only names escaped, not ASCII or repeated are left to the tree.
                #expect(text.contains("\\u0062") || text.contains("é\":") || text.contains("\\u212A\":")
                        || text.contains("\"a\": 1, \"a\"") || text.contains("\"a\": 1, \"b\": 2, \"a\""),
                        "the tape refused \(text), which the parser reads")
            }
        }
        // Invalid UTF-8, as raw bytes (the strings above are valid by construction).
        for bytes in Self.invalidUTF8 {
            var tape = JSONTape()
            let read = tape.read(bytes, in: bytes.indices)
            #expect(!read, "\(bytes)")
            #expect((try? JSONValue.parse(bytes: bytes)) == nil, "\(bytes)")
        }
    }

    static let invalidUTF8: [[UInt8]] = [
        [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22], [0x22, 0x61, 0x5C, 0x6E, 0x62, 0xFF, 0x63, 0x22],
        [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D],
    ]

    @Test("nesting: as deep as the parser reads, and no deeper")
    func depth() throws {
        for depth in [1, 100, JSONValue.maximumDepth, JSONValue.maximumDepth + 1, 1000] {
            for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
                let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                let bytes = Array(text.utf8)
                var tape = JSONTape()
                let read = tape.read(bytes, in: bytes.indices)
                #expect(read == (depth <= JSONValue.maximumDepth), "\(depth) \(open)")
                #expect(((try? JSONValue.parse(text)) != nil) == (depth <= JSONValue.maximumDepth))
            }
        }
    }

    /// Schemas whose checks read strings, numbers, names and sizes, each with the edges above that both read.
    static let schemas: [String] = [
        #"{"type": "integer"}"#, #"{"type": ["number", "null"]}"#,
        #"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}"#,
        #"{"minimum": 1e-30, "maximum": 18446744073709551616}"#, #"{"multipleOf": 0.5}"#,
        #"{"exclusiveMinimum": 0}"#, #"{"enum": ["a\nb\t\"\\/\b\f\r", "é", "K", "\u212A", 1, 1.0, [1], {"a": 1}, null]}"#,
        #"{"const": "\u212A"}"#, #"{"const": "K"}"#, #"{"const": 100000000000000000000}"#, #"{"const": {"x": {"K": 1}}}"#,
        #"{"const": [1, "a"]}"#, #"{"const": false}"#, #"{"minLength": 2}"#, #"{"maxLength": 1}"#,
        #"{"pattern": "^\\w+$"}"#, #"{"pattern": "^[Ee][Ss]20(1[5-9])?$"}"#, #"{"format": "date"}"#,
        #"{"uniqueItems": true}"#, #"{"required": ["K"]}"#,
        #"{"required": ["\u212A"]}"#, #"{"required": ["a", "b"]}"#, #"{"maxProperties": 1}"#,
        #"{"properties": {"K": false, "a": {"type": "string"}}, "additionalProperties": {"type": "integer"}}"#,
        #"{"patternProperties": {"^x": {"type": "object"}}, "additionalProperties": false}"#,
        #"{"propertyNames": {"maxLength": 1}}"#, #"{"propertyNames": {"enum": ["a", "\u212A"]}}"#,
        #"{"dependentRequired": {"a": ["K"]}}"#, #"{"dependentSchemas": {"x": {"required": ["y"]}}}"#,
        #"{"items": {"type": "integer"}, "minItems": 1, "contains": {"const": 1}, "maxContains": 1}"#,
        #"{"prefixItems": [true], "items": false}"#, #"{"anyOf": [{"required": ["a"]}, {"required": ["K"]}]}"#,
        #"{"oneOf": [{"type": "integer"}, {"minimum": 1}]}"#, #"{"not": {"type": "string"}}"#,
        #"{"if": {"type": "object"}, "then": {"minProperties": 1}, "else": {"type": "array"}}"#,
        #"{"unevaluatedProperties": false, "properties": {"a": true}}"#,
        #"{"properties": {"x": {"unevaluatedProperties": false, "properties": {"K": true}}}}"#,
        ##"{"$defs": {"n": {"$dynamicAnchor": "n", "type": "integer"}}, "$dynamicRef": "#n"}"##,
    ]

    @Test("strings, numbers and names at the edges get the tree's verdict, for schemas that read them")
    func edgeVerdicts() throws {
        var compared = 0
        let documents = Self.edges + [#"{"a": 1, "b": "x"}"#, #"{"a": "x", "K": 1}"#, #"{"x": {"K": 1}}"#, "[1, 1]",
                                      "[\"a\", \"b\", \"a\"]", #"["\u0061", "a"]"#, "[1, 1.0]", #"{"x": 1}"#,
                                      #"{"x": 1, "y": 2}"#, #"["2024-02-30"]"#, #""2024-02-29""#, "[1, \"a\"]",
                                      #""ES2016""#, #""es20""#, #""e""#, #""xES20""#, #""E\u0053""#,
                                      #"{"xa": {}, "y": 1}"#,
                                      "[" + (0..<40).map { "\"s\($0 % 39)\"" }.joined(separator: ",") + "]",
                                      "[" + (0..<40).map { "\"s\($0)\"" }.joined(separator: ",") + "]"]
        for source in Self.schemas {
            let schema = try JSONSchema(json: source)
            for text in documents {
                guard let value = try? JSONValue.parse(text), let onTape = Self.tapeVerdict(schema, text) else { continue }
                compared += 1
                #expect(onTape == schema.isValid(value), "\(source) on \(text)")
            }
        }
        #expect(compared > 1500)
        // Some verdicts themselves, not only their agreement: the Kelvin sign is K as a Swift string (required and
        // const compare names and strings so), but not as a name of `properties` or a value of `enum` (looked up by
        // their UTF-8 bytes, a different length; a one-value enum is a const).
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"required": ["\u212A"]}"#), #"{"K": 1}"#) == true)
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"const": "\u212A"}"#), #""K""#) == true)
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"enum": ["\u212A", "x"]}"#), #""K""#) == false)
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"uniqueItems": true}"#), #"["\u0061", "a"]"#) == false)
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"type": "integer"}"#), "1.0") == true)
        let draft4 = #"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}"#
        #expect(Self.tapeVerdict(try JSONSchema(json: draft4), "1.0") == false)
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"const": 100000000000000000000}"#), "1e20") == true)
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"minimum": 2}"#), "12345678901234567890123") == true)
        #expect(Self.tapeVerdict(try JSONSchema(json: #"{"maximum": 2}"#), "12345678901234567890123") == false)
    }

    @Test("the tape's program: name tables of many keys of one length, a key longer than 255 bytes, lists of keys")
    func programTables() throws {
        // 64 names of 4 letters (their key filter bits collide), one of 300 bytes (a table of its own kind).
        let names = (0..<64).map { "k" + String($0 + 100) }
        let long = String(repeating: "L", count: 300)
        let properties = (names + [long]).map { "\"\($0)\": {\"type\": \"integer\"}" }.joined(separator: ", ")
        let enumeration = (names + [long, "K"]).map { "\"\($0)\"" }.joined(separator: ", ")
        let single = names.prefix(20).map { "{\"required\": [\"\($0)\"]}" }.joined(separator: ", ")
        let schemas = [
            "{\"properties\": {\(properties)}, \"additionalProperties\": false}",
            "{\"items\": {\"enum\": [\(enumeration)]}}",
            "{\"not\": {\"anyOf\": [\(single)]}}",
            "{\"oneOf\": [\(single)]}",
            "{\"required\": [\"k100\", \"k163\"], \"dependentRequired\": {\"k101\": [\"k102\", \"\\u212A\"]}}",
            "{\"patternProperties\": {\"^k1[0-2]\": {\"type\": \"string\"}}, \"propertyNames\": {\"maxLength\": 4}}",
            "{\"contains\": {\"const\": \"k100\"}, \"maxContains\": 1, \"items\": {\"pattern\": \"^k1[0-6]\"}}",
        ]
        let documents = [
            "{}", "{\"k100\": 1}", "{\"k100\": \"x\"}", "{\"k1000\": 1}", "{\"\(long)\": 1}", "{\"\(long)x\": 1}",
            "{\"k100\": 1, \"k163\": 2}", "{\"k100\": 1, \"k163\": 2, \"k101\": 3, \"k102\": 4, \"K\": 5}",
            "{\"k100\": 1, \"k163\": 2, \"k101\": 3, \"k102\": 4}", "{\"k119\": 1}", "{\"k120\": 1}",
            "{\"k119\": 1, \"k118\": 2}", "[\"k100\", \"k163\", \"\(long)\"]", "[\"k164\"]", "[\"K\"]", "[\"\\u212A\"]",
            "[\"k100\", \"k100\"]", "[\"k1\"]", "[\"\"]", "[\"k170\"]", "{\"k12\": \"x\", \"k129x\": 1}",
        ]
        var compared = 0
        for source in schemas {
            let schema = try JSONSchema(json: source)
            for text in documents {
                guard let value = try? JSONValue.parse(text), let onTape = Self.tapeVerdict(schema, text) else { continue }
                compared += 1
                #expect(onTape == schema.isValid(value), "\(source) on \(text)")
            }
        }
        #expect(compared == schemas.count * documents.count)
        #expect(Self.tapeVerdict(try JSONSchema(json: schemas[0]), "{\"\(long)\": 1, \"k163\": 2}") == true)
        #expect(Self.tapeVerdict(try JSONSchema(json: schemas[0]), "{\"k164\": 2}") == false)
        #expect(Self.tapeVerdict(try JSONSchema(json: schemas[1]), "[\"\(long)\", \"k163\"]") == true)
    }

    @Test("strings whose ASCII run stops at every offset of the eight-byte words it is read in (a quote, an escape, a byte not ASCII, a control byte)")
    func stringRuns() throws {
        for length in 0...17 {
            let run = String(repeating: "a", count: length)
            for tail in ["", #"\n"#, "é", "\u{01}", "\u{1F}", #"\""#, "é\\t", "\u{7F}", "\u{80}", "~", " ", "!", "#", "]", "[\\"] {
                let text = "\"" + run + tail + "b\""
                let bytes = Array(text.utf8)
                var tape = JSONTape()
                let read = tape.read(bytes, in: bytes.indices)
                let parsed = try? JSONValue.parse(bytes: bytes)
                #expect(read == (parsed != nil), "\(text)")
                guard case .string(let value)? = parsed else { continue }
                let quoted = JSONValue.string(value).description
                for source in [#"{"const": \#(quoted)}"#, #"{"maxLength": \#(value.count)}"#,
                               #"{"minLength": \#(value.count + 1)}"#, #"{"enum": [\#(quoted), "x"]}"#] {
                    let schema = try JSONSchema(json: source)
                    #expect(Self.tapeVerdict(schema, text) == schema.isValid(.string(value)), "\(source) on \(text)")
                }
            }
        }
    }

    @Test("documents longer than the tape's limit are left to the tree")
    func long() throws {
        for count in [JSONTape.maximumLength / 2 - 1, JSONTape.maximumLength / 2 + 1] {
            let bytes = Array(("[" + Array(repeating: "1", count: count).joined(separator: ",") + "]").utf8)
            var tape = JSONTape()
            let read = tape.read(bytes, in: bytes.indices)
            #expect(read == (bytes.count <= JSONTape.maximumLength), "\(bytes.count) bytes")
        }
    }

    @Test("one tape reads document after document from one buffer")
    func reused() throws {
        let lines = [#"{"a": [1, 2, {"b": "x"}]}"#, "3", #"{"a": 1, "a": 2}"#, #"{"a": []}"#, "[", #""é\n""#]
        let buffer = Array(lines.joined(separator: "\n").utf8)
        let schema = try JSONSchema(json: #"{"properties": {"a": {"type": "array"}}, "required": ["a"]}"#)
        var tape = JSONTape()
        var start = 0
        var verdicts: [Bool?] = []
        for line in lines {
            let range = start..<(start + line.utf8.count)
            start = range.upperBound + 1
            verdicts.append(tape.read(buffer, in: range) ? schema.isValid(tape: tape) : nil)
        }
        #expect(verdicts == [true, true, nil, true, nil, true])
    }
}
