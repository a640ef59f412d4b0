// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

// Issue 38: a required property the form never asks trapped the user in the review (the submit's failure named a
// property no question could give). Each such property is now asked (a map as entries, a read-only one by its
// value) or the schema is refused when it is read, naming the property.

/// The problems `SchemaForm` reports for `text`, or "" when it maps.
private func refusal(_ text: String) throws -> String {
    do {
        _ = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        return ""
    } catch let error as SpecError {
        return error.problems.map(\.message).joined(separator: "\n")
    }
}

@MainActor @Suite("form --schema: a required property is asked, or the schema is refused")
struct SchemaFormTrapTests {
    @Test("required properties no question can ask: refused at load, each named with why", arguments: [
        (#"{"type":"object","required":["a.b"],"properties":{"x":{"type":"string"},"a.b":{"type":"string"}}}"#,
         #"the required property "a.b" cannot be asked: its name holds a character"#),
        (#"{"type":"object","required":["id"],"properties":{"x":{"type":"string"},"id":{"type":"string","readOnly":true}}}"#,
         #"the required property "id" cannot be asked: it is readOnly, with no const or default"#),
        (#"{"type":"object","required":["m"],"properties":{"x":{"type":"string"},"m":{"type":"array","items":{"type":"array","items":{"type":"string"}}}}}"#,
         #"the required property "m" cannot be asked: it is a list whose items have nothing a form can ask"#),
        (#"{"type":"object","required":["y"],"properties":{"x":{"type":"string"}}}"#,
         #"the required property "y" cannot be asked: no question asks it"#),
        (#"{"type":"object","required":["r"],"properties":{"r":{"type":"array","items":{"type":"object","required":["t"],"properties":{"n":{"type":"string"},"t":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}}}}}}"#,
         #"the required property "r.N.t" cannot be asked: it is a list inside a list's item"#),
        (#"{"type":"object","required":["jobs"],"properties":{"x":{"type":"string"},"jobs":{"type":"object","patternProperties":{"^[a-z]+$":{"type":"array","items":{"type":"string"}}}}}}"#,
         #"the required property "jobs" cannot be asked: it is an object whose entries' names are not listed"#),
        (#"{"type":"object","required":["r"],"properties":{"r":{"type":"array","items":{"type":"object","required":["env"],"properties":{"n":{"type":"string"},"env":{"type":"object","additionalProperties":{"type":"string"}}}}}}}"#,
         #"the required property "r.N.env" cannot be asked: it is a map inside a list's item"#),
    ])
    func refused(_ schema: String, _ expected: String) throws {
        let message = try refusal(schema)
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("so the schema is refused"), "\(message)")
    }

    @Test("the same properties optional: the schema is asked, they are left out")
    func optionalUnaskableIsFine() throws {
        #expect(try refusal(#"{"type":"object","properties":{"x":{"type":"string"},"a.b":{"type":"string"},"id":{"type":"string","readOnly":true},"m":{"type":"array","items":{"type":"array","items":{"type":"string"}}}}}"#) == "")
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(#"{"type":"object","properties":{"x":{"type":"string"},"#
            + #""m":{"type":"array","items":{"type":"array","items":{"type":"string"}}}}}"#), file: "t.json")
        #expect(schemaForm.spec.fields.map(\.name) == ["x"])   // an array of arrays is not asked (was a spec error)
        #expect(schemaForm.spec.repeats.isEmpty)
    }

    @Test("an optional object or list holding a required property the form cannot ask is not asked (it could never be valid)")
    func optionalHolderLeftOut() throws {
        let text = #"{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"#
            + #""tls":{"type":"object","required":["id"],"properties":{"cert":{"type":"string"},"id":{"type":"string","readOnly":true}}},"#
            + #""projects":{"type":"array","items":{"type":"object","required":["key","parts"],"properties":{"#
            + #""key":{"type":"string"},"parts":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}}}}}}"#
        let spec = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json").spec
        #expect(spec.fields.map(\.name) == ["name"])
        #expect(spec.repeats.isEmpty)
    }

    @Test("a required read-only property with a const or default is not asked: the document holds its value")
    func readOnlyValue() throws {
        let text = #"{"type":"object","required":["kind","version","name"],"properties":{"kind":{"const":"Service","#
            + #""readOnly":true},"version":{"type":"integer","readOnly":true,"default":2},"name":{"type":"string"}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["web", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt) == ["name: ", "Number or name to edit, Enter to submit: "], "\(prompter.prompts)")
        #expect(schemaForm.document(of: form).description == #"{"name":"web","kind":"Service","version":2}"#)
    }

    @Test("a required deprecated property is asked all the same")
    func requiredDeprecated() throws {
        let text = #"{"type":"object","required":["old"],"properties":{"old":{"type":"string","deprecated":true},"#
            + #""gone":{"type":"string","deprecated":true}}}"#
        let spec = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json").spec
        #expect(spec.fields.map(\.name) == ["old"])
    }

    @Test("a required object of additionalProperties only: its entries asked as name and value, the document an object")
    func mapOfValues() throws {
        let text = #"{"type":"object","required":["env"],"properties":{"env":{"type":"object","title":"Env","#
            + #""minProperties":1,"propertyNames":{"pattern":"^[A-Z_]+$"},"additionalProperties":{"type":"integer"}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["low", "LOW", "1", "HIGH", "2", "", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt).prefix(5) == ["Env 1: Name: ", "Env 1: Value: ", "Env 2: Name: ",
                                                            "Env 2: Value: ", "Env 3: Name: "], "\(prompter.prompts)")
        #expect(prompter.refused.map(\.line) == ["low"])   // propertyNames' pattern, live
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"env":{"LOW":1,"HIGH":2}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("a map whose propertyNames is an enum: each entry's name is picked from the list")
    func mapNamesFromEnum() throws {
        let text = #"{"type":"object","properties":{"limits":{"type":"object","title":"Limits","#
            + #""propertyNames":{"enum":["cpu","memory"]},"additionalProperties":{"type":"string"}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        let form = schemaForm.makeForm()
        // A list whose first question is a choice starts with "Add an item to Limits?".
        let prompter = ScriptedPrompter(lines: ["y", "disk", "memory", "2Gi", "n", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.contains { $0.prompt == "Limits 1: Name (cpu, memory): " }, "\(prompter.prompts)")
        #expect(schemaForm.document(of: form).description == #"{"limits":{"memory":"2Gi"}}"#)
    }

    @Test("a required object that says nothing of its entries: asked as a map of text values; an optional one is not asked")
    func freeFormObject() throws {
        let text = #"{"type":"object","required":["labels"],"properties":{"labels":{"type":"object","title":"Labels"},"#
            + #""extra":{"type":"object","additionalProperties":true}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        #expect(schemaForm.spec.repeats.map(\.name) == ["labels"])
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["app", "web", "", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt).prefix(3) == ["Labels 1: Name: ", "Labels 1: Value: ", "Labels 2: Name: "])
        #expect(schemaForm.document(of: form).description == #"{"labels":{"app":"web"}}"#)
    }

    @Test("a map of objects: a submit failure inside an entry asks that entry's question; a repeated name is refused")
    func mapOfObjects() throws {
        let text = #"{"type":"object","required":["jobs"],"properties":{"jobs":{"type":"object","title":"Jobs","#
            + #""patternProperties":{"^[a-z]+$":{"type":"object","anyOf":[{"required":["image"]},{"required":["script"]}],"#
            + #""properties":{"image":{"type":"string","title":"Image"},"script":{"type":"string","title":"Script"}}}},"#
            + #""additionalProperties":false}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        let form = schemaForm.makeForm()
        // build (no image, no script), test (an image), end; submit: build's image asked; then the same name twice.
        let prompter = ScriptedPrompter(lines: ["build", "", "", "test", "alpine", "", "", "",
                                                "ubuntu", "jobs.1.key", "build", "", "check", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.shown.contains { $0.contains("jobs.0.image: must match at least one of") }, "\(prompter.shown)")
        #expect(prompter.shown.contains { $0.contains(#"jobs.1.key: the name "build" is given to an earlier entry of jobs"#) },
                "\(prompter.shown)")
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"jobs":{"build":{"image":"ubuntu"},"check":{"image":"alpine"}}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("a property a condition that holds requires is asked, not offered: no Add question")
    func requiredByCondition() throws {
        let text = #"{"type":"object","properties":{"env":{"enum":["dev","production"],"title":"Env"},"#
            + #""owner":{"type":"object","title":"Owner","properties":{"email":{"type":"string","title":"Email"}}}},"#
            + #""if":{"properties":{"env":{"const":"production"}}},"then":{"required":["owner"]}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        let production = schemaForm.makeForm()
        let asked = ScriptedPrompter(lines: ["production", "ops@example.com", ""])
        #expect(FormFlow(production).run(prompter: asked).status == .submitted)
        #expect(!asked.prompts.contains { $0.prompt.hasPrefix("Add Owner?") }, "\(asked.prompts)")
        #expect(schemaForm.document(of: production).description == #"{"env":"production","owner":{"email":"ops@example.com"}}"#)

        let dev = schemaForm.makeForm()
        let offered = ScriptedPrompter(lines: ["dev", "n", ""])
        #expect(FormFlow(dev).run(prompter: offered).status == .submitted)
        #expect(offered.prompts.contains { $0.prompt.hasPrefix("Add Owner?") }, "\(offered.prompts)")
        #expect(schemaForm.document(of: dev).description == #"{"env":"dev"}"#)
    }

    @Test("a property the object requires that only then defines is asked whatever the if decides, as required")
    func requiredDefinedInThen() throws {
        // It was asked only while a = x: with a = y the submit said "b: is required" and no question asked b.
        let text = #"{"type":"object","required":["a","b"],"properties":{"a":{"enum":["x","y"]}},"#
            + #""if":{"properties":{"a":{"const":"x"}}},"then":{"properties":{"b":{"type":"string","title":"B"}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["y", "", "z", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.map(\.line) == [""])   // required: an empty answer is refused
        #expect(schemaForm.document(of: form).description == #"{"a":"y","b":"z"}"#)
    }

    @Test("an optional default of several lines is a multi-line answer; a default with another control character is not offered")
    func multilineDefault() throws {
        let text = #"{"type":"object","properties":{"ci":{"type":"object","properties":{"msg":{"type":"string","#
            + #""default":"fixes\n\nsee https://x"},"bell":{"type":"string","default":"a\u0007b"}}}}}"#
        let spec = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json").spec
        #expect(spec["ci.msg"]?.kind == .multiline)
        #expect(spec["ci.bell"]?.kind == .text)
        #expect(spec["ci.bell"]?.defaultValue == nil)
    }
}
