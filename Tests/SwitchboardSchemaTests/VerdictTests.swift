// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// Verdicts that once differed from the reference implementation. Each expectation is python-jsonschema 4.26's
/// verdict on the same schema and document (where ECMA-262 and Python differ, on patterns, node's RegExp decides).
@Suite("JSONSchema verdicts")
struct VerdictTests {
    private func valid(_ schema: String, _ document: String) throws -> Bool {
        try JSONSchema(json: schema).isValid(try JSONValue.parse(document))
    }

    @Test("draft 4's integer is a number written without a fraction or exponent part; later drafts take 1.0",
          arguments: [("1", true, true), ("1.0", false, true), ("-0.0", false, true), ("1e2", false, true),
                      ("-0", true, true), ("12345678901234567891", true, true), ("1.5", false, false),
                      ("1E2", false, true), ("100", true, true)])
    func integer(_ document: String, _ draft4: Bool, _ draft7: Bool) throws {
        let four = #"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}"#
        let seven = #"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "integer"}"#
        #expect(try valid(four, document) == draft4)
        #expect(try valid(seven, document) == draft7)
        let mixed = #"{"$schema": "http://json-schema.org/draft-04/schema#", "type": ["integer", "string"]}"#
        #expect(try valid(mixed, document) == draft4)
        if !draft4 {
            let failures = try JSONSchema(json: four).validate(try JSONValue.parse(document))
            #expect(failures.map(\.keyword) == ["type"])
            #expect(failures.first?.message.hasPrefix("must be an integer") == true)
            if document != "1.5" {
                #expect(failures.first?.message
                        == "must be an integer written without a fraction or exponent part (draft 4), not \(document)")
            }
        }
    }

    @Test("a number written with a fraction equals the same integer (enum, const, uniqueItems)")
    func fractionIsSameValue() throws {
        #expect(try JSONValue.parse("1.0") == JSONValue.parse("1"))
        #expect(try valid(#"{"$schema": "http://json-schema.org/draft-04/schema#", "enum": [1]}"#, "1.0"))
        #expect(!(try valid(#"{"uniqueItems": true}"#, "[1, 1.0, 1e0]")))
        #expect(JSONNumber("3")!.isIntegerLiteral && !JSONNumber("3.0")!.isIntegerLiteral && JSONNumber("3.0")!.isInteger)
    }

    @Test("multipleOf is decided exactly on integers of any length", arguments: [
        (#"{"multipleOf": 2}"#, "12345678901234567891", false),
        (#"{"multipleOf": 2}"#, "12345678901234567892", true),
        (#"{"multipleOf": 2}"#, "123456789012345678901234567890123456789", false),
        (#"{"multipleOf": 12345678901234567891}"#, "24691357802469135782", true),
        (#"{"multipleOf": 12345678901234567891}"#, "24691357802469135783", false),
        (#"{"multipleOf": 12345678901234567891}"#, "246913578024691357820000000000", true),
        (#"{"multipleOf": 12345678901234567891}"#, "12345678901234567891", true),
        (#"{"multipleOf": 7}"#, "7000000000000000000000000000000", true),
        (#"{"multipleOf": 7}"#, "1000000000000000000000000000000", false),
        (#"{"multipleOf": 3}"#, "1e200000", false),
        (#"{"multipleOf": 5}"#, "1e200000", true),
        (#"{"multipleOf": 123456789012345678912}"#, "123456789012345678912e300000", true),
        (#"{"multipleOf": 123456789012345678912}"#, "3e300000", false),
        (#"{"multipleOf": 1024}"#, "1e10", true),
        (#"{"multipleOf": 1024}"#, "1e9", false),
        (#"{"multipleOf": 12345678901234567891}"#, "12345678901234567891e-5", false),
    ])
    func multipleOf(_ schema: String, _ document: String, _ expected: Bool) throws {
        #expect(try valid(schema, document) == expected)
    }

    @Test("a repeated member name: the last value wins, in place of the first (as json.loads and python-jsonschema)")
    func duplicateKeys() throws {
        let schema = #"{"properties": {"a": {"type": "integer"}}}"#
        #expect(try valid(schema, #"{"a": "x", "a": 1}"#))
        #expect(!(try valid(schema, #"{"a": 1, "a": "x"}"#)))
        #expect(!(try valid(#"{"minProperties": 2}"#, #"{"a": 1, "a": 2}"#)))
        #expect(!(try valid(#"{"uniqueItems": true}"#, #"[{"a": 1, "a": 2}, {"a": 2}]"#)))
        let parsed = try JSONValue.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        guard case .object(let object) = parsed else { Issue.record("not an object"); return }
        #expect(object.members.map(\.key) == ["a", "b"])
        #expect(object["a"] == .number(JSONNumber(3)))
        // Past the point where a dictionary of places takes over from scanning (and names that are not ASCII).
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        guard case .object(let big) = try JSONValue.parse("{\(many), \"k3\": \"x\", \"é\": 1, \"é\": 2}") else {
            Issue.record("not an object"); return
        }
        #expect(big.count == 41 && big["k3"] == .string("x") && big["é"] == .number(JSONNumber(2)))
        #expect(big.members[3].key == "k3" && big.members.last?.key == "é")
        // The same through a schema: the document is validated as python-jsonschema sees it.
        #expect(try valid(#"{"additionalProperties": {"type": "string"}}"#, "{\(many.replacingNumbers), \"k3\": \"x\"}"))
    }

    @Test("a reference //host/x.json is a network reference: refused, never read as a local path")
    func networkPathReference() throws {
        for reference in ["//example.com/x.json", "//localhost.example/s.json#/a", "file://example.com/x.json"] {
            let error = #expect(throws: SchemaError.self) { try JSONSchema(json: #"{"$ref": "\#(reference)"}"#) }
            #expect(error?.description.contains("not fetched over the network") == true)
        }
    }

    @Test("--format json keywords: a one-value enum is enum, draft 7 dependencies is dependencies, items: false is items")
    func keywords() throws {
        func keywords(_ schema: String, _ document: String) throws -> [String] {
            try JSONSchema(json: schema).validate(try JSONValue.parse(document)).map(\.keyword)
        }
        #expect(try keywords(#"{"enum": ["x"]}"#, #""y""#) == ["enum"])
        #expect(try keywords(#"{"const": "x"}"#, #""y""#) == ["const"])
        let d7 = #"{"$schema": "http://json-schema.org/draft-07/schema#", "#
        #expect(try keywords(d7 + #""dependencies": {"a": ["b"]}}"#, #"{"a": 1}"#) == ["dependencies"])
        #expect(try keywords(#"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#) == ["dependentRequired"])
        #expect(try keywords(#"{"items": false}"#, "[1]") == ["items"])
        #expect(try keywords(#"{"prefixItems": [{}], "items": false}"#, "[1, 2, 3]") == ["items"])
        #expect(try keywords(#"{"prefixItems": [{}], "items": false}"#, "[1]") == [])
        #expect(try keywords(d7 + #""items": [{}], "additionalItems": false}"#, "[1, 2]") == ["additionalItems"])
        let failure = try JSONSchema(json: #"{"items": false}"#).validate(try JSONValue.parse("[1, 2]"))
        #expect(failure.map(\.description) == ["(root): must have at most 0 items (items is false), not 2"])
    }

    @Test("$schema of draft 3 or older is refused by name, not looked for as a file", arguments: [
        "http://json-schema.org/draft-03/schema#", "https://json-schema.org/draft-03/schema", "draft-03",
        "http://json-schema.org/draft-02/hyper-schema#",
    ])
    func olderDraft(_ metaschema: String) throws {
        let error = #expect(throws: SchemaError.self) {
            try JSONSchema(json: #"{"$schema": "\#(metaschema)", "type": "string"}"#)
        }
        #expect(error?.description.contains("is draft ") == true)
        #expect(error?.description.contains("not supported") == true)
        #expect(error?.description.contains("file") == false)
    }

    @Test("failures found again through allOf are listed once, and at most maximumFailures are collected")
    func failureCap() throws {
        // 19 levels of allOf, each applying the level below twice: 2^19 = 524,288 applications of type: integer.
        var definitions = [#""l0": {"type": "integer"}"#]
        for level in 1...19 {
            definitions.append(##""l\##(level)": {"allOf": [{"$ref": "#/$defs/l\##(level - 1)"}, {"$ref": "#/$defs/l\##(level - 1)"}]}"##)
        }
        let schema = try JSONSchema(json: ##"{"$ref": "#/$defs/l19", "$defs": {\##(definitions.joined(separator: ", "))}}"##)
        let failures = schema.validate(.string(""))
        #expect(failures.count == 2)
        #expect(failures.first?.description == "(root): must be an integer, not a string")
        #expect(failures.last?.keyword == "maximumFailures")
        #expect(failures.last?.message.contains("\(JSONSchema.maximumFailures)") == true)
        #expect(!schema.isValid(.string("")))
        // Few failures: all of them, each once, no note.
        let few = try JSONSchema(json: #"{"allOf": [{"type": "integer"}, {"type": "integer"}, {"minimum": 3}]}"#)
        #expect(few.validate(.string("")).map(\.keyword) == ["type"])
        #expect(few.validate(try JSONValue.parse("1")).map(\.keyword) == ["minimum"])
    }
}

private extension String {
    /// `"k0": 0, "k1": 1` as `"k0": "0", "k1": "1"`.
    var replacingNumbers: String {
        split(separator: ", ").map { pair in
            let parts = pair.split(separator: ": ")
            return "\(parts[0]): \"\(parts[1])\""
        }.joined(separator: ", ")
    }
}
