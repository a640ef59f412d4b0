// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

// Objects built from shared pieces with `allOf` (travis's root, taskfile's, compose's service, renovate's managers):
// `form --schema` said "the schema has no properties to ask" for travis and taskfile, and asked only an object's
// own properties elsewhere.

@MainActor @Suite("form --schema on objects made of allOf pieces")
struct SchemaAllOfTests {
    @Test("a root made only of allOf pieces asks every piece's properties, each piece's required ones required")
    func rootPieces() throws {
        // travis: allOf [{$ref: job}, {type: object, properties: {...}}].
        let text = ##"{"allOf": [{"$ref": "#/definitions/job"}, {"type": "object", "required": ["notify"], "##
            + ##""properties": {"notify": {"type": "string", "title": "Notify"}, "##
            + ##""language": {"type": "string", "minLength": 5}}}], "##
            + ##""definitions": {"job": {"type": "object", "required": ["language"], "properties": {"##
            + ##""language": {"enum": ["ruby", "python"], "title": "Language"}, "##
            + ##""script": {"type": "string", "title": "Script"}}}}}"##
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "t.json")
        // The first piece's `language` is asked (its list); the second's keywords still hold on submit.
        #expect(schemaForm.spec.fields.map(\.name) == ["language", "script", "notify"])
        #expect(schemaForm.spec["language"]?.kind == .choice(["ruby", "python"]))
        #expect(schemaForm.spec["language"]?.isRequired == true)
        #expect(schemaForm.spec["script"]?.isRequired == false)
        #expect(schemaForm.spec["notify"]?.isRequired == true)

        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["python", "", "email", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"language":"python","notify":"email"}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)

        // `ruby` passes the first piece and fails the second (minLength 5): the submit sends it back to its
        // question, whose next answer is written.
        let again = schemaForm.makeForm()
        let second = ScriptedPrompter(lines: ["ruby", "", "email", "", "python", ""])
        #expect(FormFlow(again).run(prompter: second).status == .submitted)
        #expect(second.prompts.map(\.prompt).filter { $0.hasPrefix("Language") }.count == 2)
        #expect(schemaForm.document(of: again).description == #"{"language":"python","notify":"email"}"#)
    }

    @Test("an object with properties of its own and allOf pieces asks its own first, then each piece's; a nested one too")
    func ownAndPieces() throws {
        // compose's service: own properties beside allOf pieces holding more.
        let text = ##"{"type": "object", "required": ["service"], "##
            + ##""properties": {"service": {"type": "object", "title": "Service", "##
            + ##""properties": {"image": {"type": "string", "title": "Image"}}, "##
            + ##""allOf": [{"$ref": "#/$defs/ports"}, {"properties": {"image": {"type": "integer"}}}]}}, "##
            + ##""$defs": {"ports": {"required": ["port"], "properties": {"port": {"type": "integer", "title": "Port", "##
            + ##""minimum": 1, "maximum": 65535}}}}}"##
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "c.json")
        #expect(schemaForm.spec.fields.map(\.name) == ["service.image", "service.port"])
        #expect(schemaForm.spec["service.image"]?.kind == .text)   // the object's own definition, asked first
        #expect(schemaForm.spec["service.port"]?.isRequired == true)
        let form = schemaForm.makeForm()
        #expect(FormFlow(form).run(prompter: ScriptedPrompter(lines: ["", "8080", ""])).status == .submitted)
        #expect(schemaForm.document(of: form).description == #"{"service":{"port":8080}}"#)
    }

    @Test("pieces that refer back to the object being asked are not asked again (no endless mapping)")
    func recursivePieces() throws {
        let text = ##"{"type": "object", "required": ["child"], "properties": {"name": {"type": "string"}, "##
            + ##""child": {"$ref": "#/$defs/node"}}, "##
            + ##""$defs": {"node": {"allOf": [{"$ref": "#"}, "##
            + ##"{"properties": {"leaf": {"type": "boolean"}, "next": {"$ref": "#/$defs/node"}}}]}}}"##
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "r.json")
        #expect(schemaForm.spec.fields.map(\.name) == ["name", "child.leaf"])
    }
}
