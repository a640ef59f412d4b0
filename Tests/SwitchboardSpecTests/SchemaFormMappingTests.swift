// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec
import SwitchboardTerminal

private let serviceSchema = """
    {
      "title": "Service",
      "type": "object",
      "required": ["name", "port", "environment", "database"],
      "properties": {
        "id": {"type": "string", "readOnly": true},
        "old": {"type": "string", "deprecated": true},
        "name": {"type": "string", "title": "Service name", "pattern": "^[a-z][a-z0-9-]*$", "maxLength": 30},
        "port": {"type": "integer", "title": "Port", "minimum": 1, "maximum": 65535, "default": 8080},
        "environment": {"title": "Environment", "enum": ["dev", "staging", "prod"]},
        "level": {"oneOf": [{"const": 1}, {"const": 2}]},
        "public": {"type": "boolean", "title": "Public"},
        "contact": {"type": "string", "title": "Contact email", "format": "email"},
        "token": {"type": "string", "writeOnly": true},
        "regions": {"type": "array", "items": {"enum": ["eu", "us", "asia"]}, "minItems": 1, "maxItems": 2},
        "database": {"$ref": "#/$defs/database"},
        "routes": {"type": "array", "maxItems": 3,
                   "items": {"type": "object", "required": ["path"],
                             "properties": {"path": {"type": "string", "pattern": "^/"}, "weight": {"type": "integer"}}}},
        "ports": {"type": "array", "items": {"type": "integer", "minimum": 1}}
      },
      "$defs": {"database": {"type": "object", "title": "Database", "required": ["host"],
                             "properties": {"host": {"type": "string", "x-switchboard": {"prompt": "DB host"}}}}},
      "if": {"properties": {"environment": {"const": "prod"}}},
      "then": {"required": ["contact"]}
    }
    """

@MainActor @Suite("a form from a JSON Schema")
struct SchemaFormMappingTests {
    @Test("keywords map to questions: kinds, required, defaults, bounds live, groups, lists; readOnly and deprecated not asked")
    func mapping() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(serviceSchema), file: "s.json")
        let spec = schemaForm.spec
        #expect(spec.title == "Service")
        #expect(spec.fields.map(\.name) == ["name", "port", "environment", "level", "public", "contact", "token",
                                            "regions", "database.host"])
        #expect(spec.repeats.map(\.name) == ["routes", "ports"])
        #expect(spec["name"]?.prompt == "Service name" && spec["name"]?.isRequired == true)
        #expect(spec["contact"]?.isRequired == false)
        #expect(spec["port"]?.kind == .number && spec["port"]?.defaultValue == .literal("8080"))
        #expect(spec["environment"]?.kind == .choice(["dev", "staging", "prod"]))
        #expect(spec["level"]?.kind == .choice(["1", "2"]))
        #expect(spec["public"]?.kind == .yesNo)   // optional, no default: a typed yes/no that may be left empty
        #expect(spec["token"]?.kind == .masked)
        #expect(spec["regions"]?.kind == .multiselect(["eu", "us", "asia"], minimum: 1, maximum: 2))
        #expect(spec["database.host"]?.prompt == "DB host")
        let form = schemaForm.makeForm()
        #expect(form["port"]?.answer("70000").isValid == false)   // the bounds, live
        #expect(form["name"]?.answer("Shop").isValid == false)    // the pattern, live
        #expect(form["contact"]?.answer("nope").isValid == false) // the format, live
    }

    @Test("a pattern is checked live as the validator reads it: ECMA-262, found anywhere unless anchored")
    func patternAsTheValidatorReadsIt() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(#"""
            {"type": "object", "properties": {
              "code": {"type": "string", "pattern": "[0-9]"},
              "word": {"type": "string", "pattern": "^\\S+$"}}}
            """#), file: "s.json")
        let form = schemaForm.makeForm()
        // "a1" contains a digit: the schema accepts it, so the live check must too (a whole-value regex refused it).
        #expect(form["code"]?.answer("a1").isValid == true)
        #expect(form["code"]?.answer("ab").failure?.message == "must match the pattern [0-9]")
        // ECMA's \S: a no-break space is white space.
        #expect(form["word"]?.answer("a\u{A0}b").isValid == false)
        for value in ["a1", "ab", "x 1"] {
            let live = form["code"]?.answer(value).isValid
            let validator = schemaForm.schema.validate(.object(JSONObject([(key: "code", value: .string(value))]))).isEmpty
            #expect(live == validator, "\(value)")
        }
    }

    @Test("on submit the whole document is checked; a failure goes back to its question; the output is typed")
    func submitCheck() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(serviceSchema), file: "s.json")
        let form = schemaForm.makeForm()
        // name, port (default), environment prod, level 2, public (confirm), contact empty, token, regions,
        // database.host, routes: one then end, ports: end; review Enter -> contact is required (if/then) -> asked.
        let prompter = ScriptedPrompter(lines: ["shop", "8080", "prod", "2", "yes", "", "s3cret", "eu", "db1",
                                                "/api", "", "", "", "", "ops@example.com", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.shown.contains("contact: is required"))
        #expect(prompter.prompts.filter { $0.prompt == "Contact email: " }.count == 2)
        #expect(schemaForm.document(of: form).description
                == #"{"name":"shop","port":8080,"environment":"prod","level":2,"public":true,"contact":"ops@example.com","token":"s3cret","regions":["eu"],"database":{"host":"db1"},"routes":[{"path":"/api"}]}"#)
        #expect(schemaForm.schema.validate(schemaForm.document(of: form)).isEmpty)
    }

    @Test("a schema compiled while its form is made: the form is made first; a schema that does not compile is reported before asking and refuses every document")
    @MainActor func compiledWhileMade() throws {
        let document = try JSONValue.parse(#"{"type": "object", "properties": {"name": {"type": "string"}}}"#)
        let made = try SchemaForm(schema: document, file: "s.json", compiling: { () throws(SchemaError) in try JSONSchema(document) })
        let form = made.makeForm()
        form["name"]?.answer("ada")
        #expect(try made.compiledSchema().validate(made.document(of: form)).isEmpty)
        #expect(form.submitCheck?() == [])

        // Mapped (it has a property to ask), but a keyword the form does not read is wrong: the compile fails on the
        // other thread.
        let broken = try JSONValue.parse(#"{"type": "object", "minProperties": -1, "properties": {"name": {"type": "string"}}}"#)
        let schemaForm = try SchemaForm(schema: broken, file: "b.json", compiling: { () throws(SchemaError) in try JSONSchema(broken) })
        let brokenForm = schemaForm.makeForm()
        #expect(throws: SchemaError.self) { try schemaForm.compiledSchema() }
        #expect(!schemaForm.schema.validate(.object(JSONObject([(key: "name", value: .string("ada"))]))).isEmpty)
        brokenForm["name"]?.answer("ada")
        let failures = brokenForm.submitCheck?() ?? []
        #expect(failures.map(\.field) == ["(document)"])
        #expect(failures.first?.message.hasPrefix("the schema cannot be compiled: ") == true)

        // Nothing to ask, and not compiling either: the schema's own error, not "no properties".
        let empty = try JSONValue.parse(#"{"type": "object", "minProperties": -1}"#)
        #expect(throws: SchemaError.self) { try SchemaForm(schema: empty, file: "e.json", compiling: { () throws(SchemaError) in try JSONSchema(empty) }) }
    }

    @Test("an array item asks a required property first (an empty first answer ends the list), the rest in order")
    func itemRequiredFirst() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse("""
            {"type": "object", "properties": {"updates": {"type": "array", "items": {
              "type": "object", "required": ["ecosystem"],
              "properties": {"label": {"type": "string"}, "ecosystem": {"type": "string", "minLength": 1},
                             "limit": {"type": "integer"}}}}}}
            """), file: "u.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["pip", "", "3", "", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.prompts.map(\.prompt).prefix(3) == ["updates 1: ecosystem: ", "updates 1: label: ",
                                                            "updates 1: limit: "])
        #expect(schemaForm.document(of: form).description == #"{"updates":[{"ecosystem":"pip","limit":3}]}"#)
    }

    @Test("an optional boolean without a default can be left out (Enter); a required one is a one-key confirm")
    func optionalBoolean() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse("""
            {"type": "object", "required": ["agree"],
             "properties": {"beta": {"type": "boolean"}, "agree": {"type": "boolean"},
                            "debug": {"type": "boolean", "default": false}}}
            """), file: "b.json")
        #expect(schemaForm.spec["beta"]?.kind == .yesNo)
        #expect(schemaForm.spec["agree"]?.kind == .confirm && schemaForm.spec["debug"]?.kind == .confirm)
        let form = schemaForm.makeForm()
        let result = FormFlow(form).run(prompter: ScriptedPrompter(lines: ["", "yes", "", ""]))
        #expect(result.status == .submitted)
        #expect(schemaForm.document(of: form).description == #"{"agree":true,"debug":false}"#)
    }
}

private let conditionalSchema = """
    {
      "type": "object",
      "required": ["kind"],
      "properties": {"kind": {"enum": ["person", "company"]}, "name": {"type": "string"}},
      "if": {"properties": {"kind": {"const": "company"}}},
      "then": {"required": ["vat"], "properties": {"vat": {"type": "string", "title": "VAT number", "minLength": 4}}},
      "else": {"properties": {"age": {"type": "integer", "title": "Age", "minimum": 0}}}
    }
    """

@MainActor @Suite("if/then/else of a schema as conditions")
struct SchemaConditionTests {
    @Test("a property only then defines is asked while the if holds, else's otherwise, live through the review")
    func ifThenElse() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(conditionalSchema), file: "c.json")
        #expect(schemaForm.spec["vat"]?.when != nil && schemaForm.spec["vat"]?.isRequired == true)
        #expect(schemaForm.spec["age"]?.when != nil && schemaForm.spec["age"]?.isRequired == false)
        let form = schemaForm.makeForm()
        // kind person: age asked, vat not; then the review changes kind to company: vat asked at once, age hidden.
        let prompter = ScriptedPrompter(lines: ["person", "Ada", "36", "kind", "company", "abc", "BE0123", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.prompts.map(\.prompt).filter { $0 == "VAT number: " }.count == 1)   // asked once the kind changed
        #expect(prompter.refused.map(\.line) == ["abc"])
        #expect(schemaForm.document(of: form).description == #"{"kind":"company","name":"Ada","vat":"BE0123"}"#)
    }
}
