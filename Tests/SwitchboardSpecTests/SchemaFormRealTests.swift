// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

// What real schemas (SchemaStore's github-issue-config, changie, github-actions...) showed in `form --schema`.

@MainActor @Suite("form --schema on shapes of real schemas")
struct SchemaFormRealTests {
    @Test("a list's first question shows its description each time, as the item's later questions do")
    func firstItemQuestionHelp() throws {
        // github-issue-config's contact_links: "contact links 2: name:" came without "A link title".
        let text = #"{"type": "object", "properties": {"links": {"type": "array", "title": "Links", "items": {"#
            + #""type": "object", "required": ["name"], "properties": {"#
            + #""name": {"type": "string", "title": "Name", "description": "A link title"},"#
            + #""url": {"type": "string", "title": "URL", "description": "A link URL"}}}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "l.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["Help", "https://example.com", "", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt).prefix(3) == ["Links 1: Name: ", "Links 1: URL: ", "Links 2: Name: "])
        #expect(prompter.shown.filter { $0 == "A link title" }.count == 2)   // before item 1's and item 2's name
        #expect(prompter.shown.filter { $0 == "A link URL" }.count == 1)
        #expect(schemaForm.document(of: form).description == #"{"links":[{"name":"Help","url":"https://example.com"}]}"#)
    }

    @Test("variants told apart by a property's enum in one and const in the others: the value picks the variant")
    func enumDiscriminator() throws {
        // github-actions' runs: "using, steps" was picked, then `using` offered only node12...node24 (JavaScript's
        // enum), and the submit said "runs.using: must be composite": no answer could be given.
        let text = #"{"type": "object", "required": ["runs"], "properties": {"runs": {"title": "Runs", "oneOf": ["#
            + #"{"type": "object", "required": ["using", "main"], "properties": {"using": {"title": "Using", "#
            + #""enum": ["node20", "node24"]}, "main": {"type": "string", "title": "Main"}}},"#
            + #"{"type": "object", "required": ["using", "steps"], "properties": {"using": {"const": "composite"},"#
            + #""steps": {"type": "array", "title": "Steps", "items": {"type": "object", "required": ["run"],"#
            + #""properties": {"run": {"type": "string", "title": "Run"}}}}}},"#
            + #"{"type": "object", "required": ["using", "image"], "properties": {"using": {"const": "docker"},"#
            + #""image": {"type": "string", "title": "Image"}}}]}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "a.json")
        #expect(schemaForm.spec["runs.using"]?.kind == .choice(["node20", "node24", "composite", "docker"]))
        #expect(schemaForm.spec["runs.variant"] == nil)

        let composite = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["composite", "echo hi", "", ""])
        #expect(FormFlow(composite).run(prompter: prompter).status == .submitted)
        #expect(!prompter.prompts.map(\.prompt).contains("Runs: Main: "))
        let document = schemaForm.document(of: composite)
        #expect(document.description == #"{"runs":{"using":"composite","steps":[{"run":"echo hi"}]}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)

        let node = schemaForm.makeForm()
        #expect(FormFlow(node).run(prompter: ScriptedPrompter(lines: ["node24", "index.js", ""])).status == .submitted)
        #expect(schemaForm.document(of: node).description == #"{"runs":{"using":"node24","main":"index.js"}}"#)
    }

    @Test("a default of a schema without a type keeps its JSON type; true/false are booleans when an alternative is one")
    func untypedDefault() throws {
        // github-actions' continue-on-error: the pre-filled `false` was written "false", which the schema refuses.
        let text = #"{"type": "object", "properties": {"continue-on-error": {"oneOf": [{"type": "boolean"},"#
            + #"{"type": "string", "pattern": "^\\$\\{\\{"}], "default": false},"#
            + #""retries": {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^\\$"}], "default": 3}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "d.json")
        let kept = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["false", "3", ""])    // Enter on the pre-filled defaults
        #expect(FormFlow(kept).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.prefix(2).map(\.initial) == ["false", "3"])
        let document = schemaForm.document(of: kept)
        #expect(document.description == #"{"continue-on-error":false,"retries":3}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)

        let typed = schemaForm.makeForm()
        #expect(FormFlow(typed).run(prompter: ScriptedPrompter(lines: ["true", "${{ x }}", ""])).status == .submitted)
        #expect(schemaForm.document(of: typed).description == #"{"continue-on-error":true,"retries":"${{ x }}"}"#)
    }

    @Test("an object whose $ref names an object being mapped (a recursive schema) is not asked: the form is made at once")
    func recursiveReferences() throws {
        // renovate: 130 of its 300 properties are objects {"$ref": "#"}, each holding them all again; the mapping
        // went on for minutes, gigabytes deep, with nothing on the screen.
        var properties = [##""name": {"type": "string", "title": "Name"}"##,
                          ##""rule": {"$ref": "#/definitions/rule"}"##]
        for index in 0..<40 { properties.append(##""sub\##(index)": {"type": "object", "$ref": "#"}"##) }
        let text = ##"{"type": "object", "definitions": {"rule": {"type": "object", "title": "Rule", "properties": {"##
            + ##""match": {"type": "string", "title": "Match"}, "then": {"$ref": "#/definitions/rule"},"##
            + ##""config": {"$ref": "#"}}}}, "properties": {"## + properties.joined(separator: ", ") + "}}"
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "r.json")
        #expect(schemaForm.spec.fields.map(\.name) == ["name", "add-rule", "rule.match"])
        let form = schemaForm.makeForm()
        #expect(FormFlow(form).run(prompter: ScriptedPrompter(lines: ["web", "y", "*.js", ""])).status == .submitted)
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"name":"web","rule":{"match":"*.js"}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("an optional boolean whose default is null is a typed yes/no an empty answer leaves out")
    func nullDefaultBoolean() throws {
        // renovate's skipInstalls ({"type": ["boolean", "null"], "default": null}) was a confirm: "[y/n]" refused Enter.
        let text = #"{"type": "object", "properties": {"skipInstalls": {"type": ["boolean", "null"], "default": null}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "b.json")
        #expect(schemaForm.spec["skipInstalls"]?.kind == .yesNo)
        let form = schemaForm.makeForm()
        #expect(FormFlow(form).run(prompter: ScriptedPrompter(lines: ["", ""])).status == .submitted)
        #expect(schemaForm.document(of: form).description == "{}")
    }

    @Test("an optional list with minItems may be left empty (and out); once it has items it holds minItems")
    func optionalListMinimum() throws {
        // citation-file-format's keywords (minItems 1, not required): "keywords 1:" refused an empty answer.
        let text = #"{"type": "object", "required": ["title"], "properties": {"title": {"type": "string"},"#
            + #""keywords": {"type": "array", "minItems": 2, "items": {"type": "string", "minLength": 1}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "k.json")
        let none = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["Soft", "", ""])
        #expect(FormFlow(none).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.isEmpty)
        let document = schemaForm.document(of: none)
        #expect(document.description == #"{"title":"Soft"}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)

        let some = schemaForm.makeForm()
        let two = ScriptedPrompter(lines: ["Soft", "a", "", "b", "", "-keywords.1", "-keywords.0", ""])
        #expect(FormFlow(some).run(prompter: two).status == .submitted)
        // One keyword is too few: the second item's empty answer and each removal (2 to 1) are refused.
        #expect(two.refused.map(\.line) == ["", "-keywords.1", "-keywords.0"])
        #expect(schemaForm.document(of: some).description == #"{"title":"Soft","keywords":["a","b"]}"#)
    }
}
