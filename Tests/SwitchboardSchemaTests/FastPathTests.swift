// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// The validator's shortcuts (issue 42) against the long way round: each schema is checked next to a twin that
/// means the same but that no shortcut applies to, on the same documents; the verdicts and the failures must agree.
@Suite("Validator shortcuts")
struct FastPathTests {
    private static let documents = [
        "null", "true", "1", "1.0", "-2.5", #""""#, #""x""#, "[]", #"["a", "b"]"#, "[1]", "{}", #"{"a": 1}"#,
        #"{"b": 1, "c": 2}"#, #"{"a": 1, "b": 2, "c": 3}"#, #"{"d": [], "a": null}"#, #"{"x": {"a": 1}}"#,
        #"{"\u212A": 1}"#, #"{"caf\u00e9": 1, "K": 2}"#, #"{"x": {"\u212A": 1, "b": 2}}"#,
    ]

    /// The same verdict and failures for every document.
    private func agree(_ fast: String, _ slow: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let quick = try JSONSchema(json: fast), long = try JSONSchema(json: slow)
        for text in Self.documents {
            let document = try JSONValue.parse(text)
            #expect(quick.isValid(document) == long.isValid(document), "\(text)", sourceLocation: sourceLocation)
            #expect(quick.validate(document).map(\.description) == long.validate(document).map(\.description),
                    "\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("anyOf and oneOf of `required` alone (looked up, not evaluated), also under not")
    func requiredAlternatives() throws {
        // `"minProperties": 0` passes everything and makes an alternative more than `required`. One name each (the
        // instance's names are looked up among them, a name not ASCII the long way), or several.
        for lists in [[#"["a"]"#, #"["b", "c"]"#, #"["d"]"#], [#"["a"]"#, #"["K"]"#, #"["d"]"#, #"["b"]"#],
                      [#"["a"]"#, #"["caf\u00e9"]"#]] {
            let fast = lists.map { #"{"required": \#($0)}"# }.joined(separator: ", ")
            let slow = lists.map { #"{"required": \#($0), "minProperties": 0}"# }.joined(separator: ", ")
            try agree(#"{"anyOf": [\#(fast)]}"#, #"{"anyOf": [\#(slow)]}"#)
            try agree(#"{"oneOf": [\#(fast)]}"#, #"{"oneOf": [\#(slow)]}"#)
            try agree(#"{"not": {"anyOf": [\#(fast)]}}"#, #"{"not": {"anyOf": [\#(slow)]}}"#)
            try agree(#"{"properties": {"x": {"anyOf": [\#(fast)]}}}"#, #"{"properties": {"x": {"anyOf": [\#(slow)]}}}"#)
        }
        let fast = [#"["a"]"#, #"["b", "c"]"#, #"["d"]"#].map { #"{"required": \#($0)}"# }.joined(separator: ", ")
        // The verdicts themselves, not only their agreement.
        let anyOf = try JSONSchema(json: #"{"anyOf": [\#(fast)]}"#)
        #expect(try anyOf.isValid(JSONValue.parse(#"{"b": 1, "c": 2}"#)))
        #expect(try !anyOf.isValid(JSONValue.parse(#"{"b": 1}"#)))
        #expect(try anyOf.isValid(JSONValue.parse("[]")))   // required ignores what is not an object
        let oneOf = try JSONSchema(json: #"{"oneOf": [\#(fast)]}"#)
        #expect(try !oneOf.isValid(JSONValue.parse(#"{"a": 1, "d": 2}"#)))
        #expect(try oneOf.isValid(JSONValue.parse(#"{"a": 1, "b": 2}"#)))
        #expect(try !oneOf.isValid(JSONValue.parse("3")))    // every alternative passes a number
    }

    @Test("oneOf and anyOf alternatives of another type fail without being evaluated")
    func typedAlternatives() throws {
        // The twin states each type inside allOf, where the alternative's own checks do not show it.
        let fast = #"""
            {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string", "minLength": 1},
                       {"type": ["integer", "null"]}, {"type": "object", "required": ["a"]}, {"minimum": 0}]}
            """#
        let slow = #"""
            {"oneOf": [{"allOf": [{"type": "array"}], "items": {"type": "string"}},
                       {"allOf": [{"type": "string"}], "minLength": 1}, {"allOf": [{"type": ["integer", "null"]}]},
                       {"allOf": [{"type": "object"}], "required": ["a"]}, {"minimum": 0}]}
            """#
        try agree(fast, slow)
        try agree(fast.replacing("oneOf", with: "anyOf"), slow.replacing("oneOf", with: "anyOf"))
        // Draft 4's integer (no fraction written) through the type filter.
        let four = #"{"$schema": "http://json-schema.org/draft-04/schema#", "#
        try agree(four + #""oneOf": [{"type": "integer"}, {"type": "number", "minimum": 1}]}"#,
                  four + #""oneOf": [{"allOf": [{"type": "integer"}]}, {"allOf": [{"type": "number"}], "minimum": 1}]}"#)
        let oneOf = try JSONSchema(json: fast)
        // minimum passes whatever is not a number: with the array, or the string, that is two.
        #expect(try !oneOf.isValid(JSONValue.parse(#"["a"]"#)) && !oneOf.isValid(JSONValue.parse(#""a""#)))
        #expect(try oneOf.isValid(JSONValue.parse("-2.5")) == false)
        #expect(try !oneOf.isValid(JSONValue.parse("1")))    // an integer and at least 0: two alternatives
        #expect(try oneOf.isValid(JSONValue.parse("-1")))
    }

    @Test("property counts and names of an object made with a repeated name count the name once")
    func repeatedNames() throws {
        let repeated = JSONValue.object(JSONObject([(key: "a", value: .null), (key: "b", value: .null),
                                                    (key: "a", value: .bool(true))]))
        #expect(try JSONSchema(json: #"{"maxProperties": 2}"#).isValid(repeated))
        #expect(try !JSONSchema(json: #"{"minProperties": 3}"#).isValid(repeated))
        if case .object(let object) = repeated {
            #expect(object.keys == ["a", "b"])
            #expect(object["a"] == .bool(true))
        }
        let nameFailures = try JSONSchema(json: #"{"propertyNames": {"maxLength": 0}}"#).validate(repeated)
        #expect(nameFailures.map(\.message) == [#"has the property name "a", which must be at most 0 characters long"#,
                                         #"has the property name "b", which must be at most 0 characters long"#])
        // A repeated name in a large object (its places are kept in a dictionary from the 16th member on) keeps its
        // first place and takes its last value.
        let names = (0..<30).map { "k\($0)" } + ["k3", "k29"] + (30..<36).map { "k\($0)" }
        let text = "{" + names.enumerated().map { #""\#($0.element)": \#($0.offset)"# }.joined(separator: ", ") + "}"
        guard case .object(let large) = try JSONValue.parse(text) else { throw LargeObjectNotParsed() }
        #expect(large.keys == (0..<36).map { "k\($0)" })
        #expect(large.members[3].key == "k3" && large["k3"] == .number(JSONNumber(30)))
        #expect(large["k29"] == .number(JSONNumber(31)))
        #expect(try JSONSchema(json: #"{"maxProperties": 36}"#).isValid(.object(large)))
        #expect(try !JSONSchema(json: #"{"maxProperties": 35}"#).isValid(.object(large)))
        let distinct = JSONValue.object(JSONObject([(key: "a", value: .null), (key: "b", value: .null)]))
        #expect(try !JSONSchema(json: #"{"maxProperties": 1}"#).isValid(distinct))
    }

    @Test("strings with escapes between long plain runs, and errors after them at their column")
    func escapedRuns() throws {
        let plain = String(repeating: "abcdefgh", count: 8)
        let text = "\"\(plain)\\n\(plain)\\u00e9é\\\"\(plain)\""
        #expect(try JSONValue.parse(text) == .string(plain + "\n" + plain + "éé\"" + plain))
        #expect(try JSONValue.parse(#"{"k\tey": "run\\ run"}"#.replacing("\t", with: "\\t"))
                == .object(JSONObject([(key: "k\tey", value: .string("run\\ run"))])))
        do {
            _ = try JSONValue.parse("\"abc\\ndef\u{01}\"")
            Issue.record("a control byte after an escape was accepted")
        } catch {
            #expect(error.column == 10)
            #expect(error.message == "a control character (byte 1) in a string must be escaped")
        }
        do {
            _ = try JSONValue.parse(bytes: [0x22, 0x61, 0x5C, 0x6E, 0x62, 0xFF, 0x63, 0x22])
            Issue.record("invalid UTF-8 after an escape was accepted")
        } catch {
            #expect(error.message == "a string is not valid UTF-8")
        }
    }
}

extension FastPathTests {
    @Test("a line in the middle of a buffer: failures placed at their keys and values, names with escaped quotes too")
    func lineOfABuffer() throws {
        // The parser reads an array; the locator hands it each key alone. The line is a slice of a larger buffer.
        let buffer = Array(#"{"skip": 1}"# .utf8) + [0x0A] + Array(#"{"a\"b": 1, "c": "x", "d\\": true}"#.utf8) + [0x0A]
        let line = buffer[12..<(buffer.count - 1)]
        let schema = try JSONSchema(json: #"""
            {"properties": {"c": {"type": "integer"}}, "propertyNames": {"maxLength": 2}, "additionalProperties": false,
             "patternProperties": {"^[a-c]": true}}
            """#)
        let document = try LocatedDocument.json(line, line: 2)
        let placed = document.validate(with: schema).map { "\($0.location.map(\.description) ?? "-") \($0.pointer) \($0.keyword)" }
        // c's value and d\'s key are found past the name a"b, whose escaped quote does not end it.
        #expect(placed == ["2:18 /c type", "2:23 /d\\ additionalProperties", "2:1  propertyNames"])
    }
}

extension FastPathTests {
    @Test("names kept for the next documents: names of one slot (same length, first and last bytes) stay apart")
    func nameCache() throws {
        var names = JSONNameCache()
        let lines = [#"{"abc": 1, "adc": 2}"#, #"{"adc": 3}"#, #"{"abc": 4, "a\u0062c": 5}"#, #"{"ábc": 6, "abc": 7}"#,
                     #"{"\#(String(repeating: "k", count: 40))": 8, "": 9}"#, #"{"abc": 10}"#]
        var seen: [[String]] = []
        for line in lines {
            let bytes = Array(line.utf8)
            guard case .object(let object) = try JSONValue.parse(bytes: bytes, in: bytes.indices, names: &names) else {
                throw LargeObjectNotParsed()
            }
            #expect(object == (try JSONValue.parse(line)).objectValue, "\(line)")
            seen.append(object.keys)
        }
        #expect(seen == [["abc", "adc"], ["adc"], ["abc"], ["ábc", "abc"], [String(repeating: "k", count: 40), ""],
                         ["abc"]])
    }
}

private extension JSONValue {
    var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}

private struct LargeObjectNotParsed: Error {}
