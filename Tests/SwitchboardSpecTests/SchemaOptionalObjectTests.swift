// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

private let serverSchema = """
    {
      "type": "object",
      "required": ["name"],
      "properties": {
        "name": {"type": "string", "title": "Name"},
        "server": {"type": "object", "title": "Server", "required": ["host"],
                   "properties": {"host": {"type": "string", "title": "Host"}, "port": {"type": "integer", "title": "Port"}}},
        "proxy": {"type": "object", "x-switchboard": {"add-prompt": "Use a proxy?"},
                  "properties": {"url": {"type": "string", "title": "URL"}}}
      }
    }
    """

@MainActor @Suite("an optional object asked only after a yes")
struct SchemaOptionalObjectTests {
    @Test("an optional object gets a confirm before its group; x-switchboard add-prompt replaces the words")
    func mapping() throws {
        let spec = try SchemaForm(schema: try JSONValue.parse(serverSchema), file: "o.json").spec
        #expect(spec.fields.map(\.name) == ["name", "add-server", "server.host", "server.port", "add-proxy", "proxy.url"])
        #expect(spec["add-server"]?.kind == .confirm && spec["add-server"]?.prompt == "Add Server?")
        #expect(spec["add-proxy"]?.prompt == "Use a proxy?")
        #expect(spec["server.host"]?.when?.references.map(\.field) == ["add-server"])
    }

    @Test("no: the object is not asked and not in the document; yes: it is asked and nested; the confirm is never output")
    func flow() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(serverSchema), file: "o.json")
        let skipped = schemaForm.makeForm()
        let quiet = ScriptedPrompter(lines: ["Ada", "", "n", ""])
        #expect(FormFlow(skipped).run(prompter: quiet).status == .submitted)
        #expect(!quiet.prompts.map(\.prompt).contains("Host: "))
        #expect(schemaForm.document(of: skipped).description == #"{"name":"Ada"}"#)

        let full = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["Ada", "y", "h1", "80", "", ""])
        #expect(FormFlow(full).run(prompter: prompter).status == .submitted)
        let document = schemaForm.document(of: full)
        #expect(document.description == #"{"name":"Ada","server":{"host":"h1","port":80}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }
}
