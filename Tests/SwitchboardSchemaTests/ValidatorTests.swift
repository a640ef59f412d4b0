// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// The validator through its API: messages, pointers, exact numbers, hostile schemas and documents.
@Suite("JSONSchema")
struct ValidatorTests {
    let schedule = """
        {"type": "object", "required": ["updates"],
         "properties": {"updates": {"type": "array", "items": {"type": "object", "required": ["schedule"],
           "properties": {"schedule": {"type": "object", "properties": {
             "interval": {"enum": ["daily", "weekly", "monthly"]}}}}}}}}
        """

    @Test("each failure names the instance location as a JSON pointer and says what is wrong")
    func messages() throws {
        let schema = try JSONSchema(json: schedule)
        let failures = schema.validate(try JSONValue.parse(#"{"updates": [{"schedule": {"interval": "hourly"}}, {}]}"#))
        #expect(failures.map(\.description) == [
            "/updates/0/schedule/interval: must be one of daily, weekly, monthly",
            "/updates/1: must have the property \"schedule\"",
        ])
        #expect(schema.validate(try JSONValue.parse("[]")).map(\.description) == ["(root): must be an object, not an array"])
        #expect(schema.isValid(try JSONValue.parse(#"{"updates": [{"schedule": {"interval": "daily"}}]}"#)))
    }

    @Test("numbers are exact: bounds and multipleOf on big and decimal numbers, 1.0 is an integer")
    func numbers() throws {
        let schema = try JSONSchema(json: #"{"type": "integer", "maximum": 18446744073709551616, "multipleOf": 0.5}"#)
        #expect(schema.isValid(try JSONValue.parse("18446744073709551616")))
        #expect(!schema.isValid(try JSONValue.parse("18446744073709551617")))
        #expect(schema.isValid(try JSONValue.parse("1.0")))
        #expect(!schema.isValid(try JSONValue.parse("1.5")))   // a multiple of 0.5, but not an integer
        let tenth = try JSONSchema(json: #"{"multipleOf": 0.1}"#)
        #expect(tenth.isValid(try JSONValue.parse("0.3")))        // 0.3 / 0.1 in floating point is 2.9999999999999996
        #expect(!tenth.isValid(try JSONValue.parse("0.35")))
        #expect(tenth.isValid(try JSONValue.parse("1e308")))   // exactly 10^309 tenths
        let exclusive = try JSONSchema(json: #"{"exclusiveMinimum": 0.1}"#)
        #expect(exclusive.validate(try JSONValue.parse("0.10")).map(\.description) == ["(root): must be greater than 0.1"])
    }

    @Test("pattern has ECMA-262 meaning: searched, $ at the end only, \\s Unicode, \\d ASCII")
    func ecmaPatterns() throws {
        func passes(_ pattern: String, _ value: String) throws -> Bool {
            try JSONSchema(.object(JSONObject([("pattern", .string(pattern))]))).isValid(.string(value))
        }
        #expect(try passes("[0-9]", "abc1"))
        #expect(try !passes("^abc$", "abc\n"))
        #expect(try passes(#"^\s$"#, "\u{A0}"))
        #expect(try passes(#"^\s$"#, "\u{FEFF}"))
        #expect(try !passes(#"^\d$"#, "\u{0664}"))   // ARABIC-INDIC DIGIT FOUR: not a digit in ECMA
        #expect(try !passes("^.$", "\n"))
        #expect(try passes(#"^\u0041$"#, "A"))
        #expect(try passes("^[^]$", "\n"))
    }

    @Test("a schema that cannot be used is a load error naming the place")
    func loadErrors() throws {
        #expect(throws: SchemaError(location: "#/properties/a/minLength", message: "must be a non-negative integer, got \"3\"")) {
            try JSONSchema(json: #"{"properties": {"a": {"minLength": "3"}}}"#)
        }
        #expect(throws: SchemaError(location: "#/type", message: "unknown type \"strin\"; give one of null, boolean, object, "
                                    + "array, number, string, integer (or an array of them)")) {
            try JSONSchema(json: #"{"type": "strin"}"#)
        }
        let http = #expect(throws: SchemaError.self) { try JSONSchema(json: #"{"$ref": "https://example.com/s.json"}"#) }
        #expect(http?.description.contains("cannot load https://example.com/s.json") == true)
        let draft3 = #expect(throws: SchemaError.self) { try JSONSchema(json: #"{"divisibleBy": 2}"#) }
        #expect(draft3?.location == "#/divisibleBy")
        let regex = #expect(throws: SchemaError.self) { try JSONSchema(json: #"{"pattern": "a("}"#) }
        #expect(regex?.location == "#/pattern")
    }

    @Test("hostile: a reference loop that never moves into the instance is refused at load")
    func cyclicReference() throws {
        let loop = #expect(throws: SchemaError.self) {
            try JSONSchema(json: ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##)
        }
        #expect(loop?.message.contains("refers to itself without moving into the instance") == true)
        #expect(throws: SchemaError.self) { try JSONSchema(json: ##"{"$ref": "#"}"##) }
        // Recursion through the instance is fine.
        let tree = try JSONSchema(json: ##"{"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": false}"##)
        #expect(tree.isValid(try JSONValue.parse(#"{"child": {"child": {}}}"#)))
        #expect(!tree.isValid(try JSONValue.parse(#"{"child": {"x": 1}}"#)))
    }

    @Test("hostile: 10,000-deep nesting is refused with a clear error, in schemas and documents alike")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
        #expect(error?.message == "arrays and objects nested deeper than 256 levels")
        let deepSchema = String(repeating: #"{"not":"#, count: 10_000) + "{}" + String(repeating: "}", count: 10_000)
        #expect(throws: SchemaError.self) { try JSONSchema(json: deepSchema) }
        // The deepest allowed document against a recursive schema: decided, no stack overflow.
        let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        let nested = try JSONSchema(json: ##"{"items": {"$ref": "#"}, "type": "array"}"##)
        #expect(nested.isValid(try JSONValue.parse(allowed)))
    }

    @Test("hostile: a regex that cannot be decided is a failure, never a pass")
    func undecidableRegex() throws {
        let schema = try JSONSchema(json: #"{"pattern": "^(a|a)*$"}"#)
        let value = JSONValue.string(String(repeating: "a", count: 40) + "b")
        let failures = schema.validate(value)
        #expect(failures.count == 1)
        #expect(failures.first?.isUndecided == true)
        #expect(failures.first?.message.contains("could not be checked against the pattern") == true)
        #expect(!schema.isValid(value))
    }

    @Test("hostile: nested anyOf failing deep is explained in linear time (explaining each level took 2^depth)")
    func nestedAlternatives() throws {
        var schema = #"{"type": "string"}"#
        for _ in 0..<40 { schema = #"{"anyOf": [{"type": "integer"}, {"properties": {"a": "# + schema + "}}]}" }
        let validator = try JSONSchema(json: schema)
        var document = "1.5"
        for _ in 0..<40 { document = #"{"a": "# + document + "}" }
        let failures = validator.validate(try JSONValue.parse(document))
        #expect(failures.count == 1)
        #expect(failures.first?.pointer == "/a")
    }

    @Test("hostile: a huge enum is hashed")
    func hugeEnum() throws {
        let values = (0..<100_000).map { "\"v\($0)\"" }.joined(separator: ",")
        let schema = try JSONSchema(json: #"{"enum": ["# + values + "]}")
        #expect(schema.isValid(.string("v99999")))
        #expect(!schema.isValid(.string("v100000")))
        let message = schema.validate(.string("x")).first?.message ?? ""
        #expect(message.hasPrefix("must be one of v0, v1, "))
        #expect(message.hasSuffix("… (100000 in all)"))
    }

    @Test("format is asserted by the rules; unknown formats are annotations")
    func formats() throws {
        let schema = try JSONSchema(json: #"{"properties": {"d": {"format": "date"}, "n": {"format": "int32"}}}"#)
        #expect(schema.validate(try JSONValue.parse(#"{"d": "2020-02-30", "n": "x"}"#)).map(\.pointer) == ["/d"])
        let annotated = try JSONSchema(json: #"{"format": "date"}"#, options: .init(assertsFormat: false))
        #expect(annotated.isValid(.string("2020-02-30")))
    }
}
