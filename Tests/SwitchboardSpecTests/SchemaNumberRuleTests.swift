// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

/// A number or integer question of a schema form is checked live as the validator will check the submitted
/// document (python-jsonschema's verdicts): `1.0` and `1e2` are integers from draft 6 on, `1e400` is a number.
@Suite("schema form: number and integer questions, live")
@MainActor
struct SchemaNumberRuleTests {
    private func form(_ properties: String, draft: String = "https://json-schema.org/draft/2020-12/schema") throws
        -> (SchemaForm, Form) {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(
            #"{"$schema": "\#(draft)", "type": "object", "properties": {\#(properties)}}"#), file: "s.json")
        return (schemaForm, schemaForm.makeForm())
    }

    @Test("integer: 1.0 and 1e2 pass live as they pass the validator; 1.5 and 1e-1 do not", arguments: [
        ("1", true), ("1.0", true), ("1e2", true), ("-0.0", true), ("12345678901234567891", true), ("1.5", false),
        ("1e-1", false), ("2.50e1", true), ("2.55e1", false),
    ])
    func integer(_ answer: String, _ expected: Bool) throws {
        let (schemaForm, form) = try form(#""n": {"type": "integer"}"#)
        #expect(form["n"]?.answer(answer).isValid == expected)
        #expect(schemaForm.schema.isValid(try JSONValue.parse(#"{"n": \#(answer)}"#)) == expected)
    }

    @Test("draft 4 integer: written without a fraction or exponent, live as in the validator", arguments: [
        ("1", true), ("1.0", false), ("1e2", false), ("-0", true),
    ])
    func draft4Integer(_ answer: String, _ expected: Bool) throws {
        let (schemaForm, form) = try form(#""n": {"type": "integer"}"#, draft: "http://json-schema.org/draft-04/schema#")
        #expect(form["n"]?.answer(answer).isValid == expected)
        #expect(schemaForm.schema.isValid(try JSONValue.parse(#"{"n": \#(answer)}"#)) == expected)
    }

    @Test("number: 1e400 is a number, kept as written in the document")
    func hugeNumber() throws {
        let (schemaForm, form) = try form(#""x": {"type": "number"}"#)
        #expect(form["x"]?.answer("1e400").isValid == true)
        #expect(form["x"]?.answer("-1e400").isValid == true)
        #expect(form["x"]?.answer("abc").isValid == false)
        form["x"]?.answer("1e400")
        #expect(schemaForm.document(of: form) == (try JSONValue.parse(#"{"x": 1e400}"#)))
        #expect(schemaForm.schema.isValid(schemaForm.document(of: form)))
    }

    @Test("bounds, exclusive ones too (draft 4's booleans and later numbers), live as in the validator", arguments: [
        (#""v": {"type": "number", "exclusiveMinimum": 0, "maximum": 10}"#, "https://json-schema.org/draft/2020-12/schema"),
        (#""v": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 10}"#, "http://json-schema.org/draft-04/schema#"),
        (#""v": {"type": "integer", "minimum": 1, "exclusiveMaximum": 10}"#, "http://json-schema.org/draft-07/schema#"),
        (#""v": {"type": "number", "minimum": 0.5}"#, "http://json-schema.org/draft-07/schema#"),
        (#""v": {"type": "integer", "maximum": 1e20}"#, "http://json-schema.org/draft-07/schema#"),
    ])
    func bounds(_ properties: String, _ draft: String) throws {
        let (schemaForm, form) = try form(properties, draft: draft)
        for answer in ["0", "0.5", "1", "1.0", "9", "9.5", "10", "10.0", "11", "1e20", "100000000000000000001", "-1"] {
            let live = form["v"]?.answer(answer).isValid
            let validator = schemaForm.schema.isValid(try JSONValue.parse(#"{"v": \#(answer)}"#))
            #expect(live == validator, "\(properties) \(answer)")
        }
    }

    @Test("the live message names the bounds as the library's int rule did")
    func messages() throws {
        let (_, form) = try form(#""port": {"type": "integer", "minimum": 1, "maximum": 65535}, "#
                                 + #""ratio": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}"#)
        #expect(form["port"]?.answer("0").failure?.message == "must be a whole number from 1 to 65535")
        #expect(form["ratio"]?.answer("1").failure?.message == "must be a number greater than 0 and less than 1")
    }
}
