// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

/// An optional object holding a list, and a variant holding a list.
let deploySchema = """
    {
      "type": "object",
      "required": ["name", "notify"],
      "properties": {
        "name": {"type": "string", "title": "Name"},
        "deploy": {"type": "object", "title": "Deploy", "required": ["hosts"],
                   "properties": {"strategy": {"title": "Strategy", "enum": ["rolling", "all"]},
                                  "hosts": {"type": "array", "title": "Hosts", "minItems": 1,
                                            "items": {"type": "string", "title": "Host"}}}},
        "notify": {"title": "Notify", "oneOf": [
          {"title": "Mail", "type": "object", "required": ["to"], "additionalProperties": false,
           "properties": {"to": {"type": "array", "title": "To", "items": {"type": "string", "format": "email"}}}},
          {"title": "Off", "type": "object", "additionalProperties": false, "properties": {"reason": {"type": "string", "title": "Reason"}}}
        ]}
      }
    }
    """

@MainActor @Suite("lists under a condition: an optional object's list, a variant's list, a spec's repeat with when:")
struct SchemaConditionalListTests {
    @Test("an optional object holding a list is asked only after a yes; no leaves it out")
    func optionalObjectList() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(deploySchema), file: "d.json")
        #expect(schemaForm.spec.fields.map(\.name).prefix(3) == ["name", "add-deploy", "deploy.strategy"])
        #expect(schemaForm.spec.repeats.map(\.name) == ["deploy.hosts", "notify.to"])
        #expect(schemaForm.spec.repeats.first?.when?.references.map(\.field) == ["add-deploy"])

        let skipped = schemaForm.makeForm()
        let no = ScriptedPrompter(lines: ["app", "n", "Off", "", ""])
        #expect(FormFlow(skipped).run(prompter: no).status == .submitted)
        #expect(!no.prompts.map(\.prompt).contains { $0.hasPrefix("Hosts 1") })
        #expect(schemaForm.document(of: skipped).description == #"{"name":"app","notify":{}}"#)

        let asked = schemaForm.makeForm()
        let yes = ScriptedPrompter(lines: ["app", "y", "rolling", "", "h1", "h2", "", "Mail", "a@example.com", "", ""])
        #expect(FormFlow(asked).run(prompter: yes).status == .submitted)
        #expect(yes.refused.map(\.line) == [""])                        // minItems 1: the first host is needed
        let document = schemaForm.document(of: asked)
        #expect(document.description
                == #"{"name":"app","deploy":{"strategy":"rolling","hosts":["h1","h2"]},"notify":{"to":["a@example.com"]}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("the gate answered no from the review hides the list: not reviewed, not counted, not written")
    func gateFromReview() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(deploySchema), file: "d.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["app", "y", "all", "h1", "", "Off", "", "add-deploy", "n", "+deploy.hosts", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.map(\.line) == ["+deploy.hosts"])       // a hidden list takes no items
        #expect(form.repeatNamed("deploy.hosts")?.isShown.value == false)
        #expect(form["deploy.hosts.0"]?.isShown.value == false)
        #expect(schemaForm.document(of: form).description == #"{"name":"app","notify":{}}"#)
    }

    @Test("a spec's repeat with when: asked only while it holds; it reads earlier fields only")
    func specWhen() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - name: more
                type: yesno
              - name: hosts
                when: more
                repeat:
                  prompt: Host
            """, file: "s.yaml")
        let form = spec.makeForm()
        let prompter = ScriptedPrompter(lines: ["no", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.count == 2)                            // more, then the review
        #expect(form.typedAnswers.names == ["more"])
        let later = #expect(throws: SpecError.self) {
            try FormSpec(yaml: "fields:\n  - name: hosts\n    when: more\n    repeat: {prompt: Host}\n  - name: more\n", file: "s.yaml")
        }
        #expect(later?.description.contains("when: no field named \"more\" before the list \"hosts\"") == true)
    }
}
