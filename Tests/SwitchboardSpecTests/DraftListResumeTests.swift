// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

// Issue 38: a draft kept list items (`routes.0.path`) but the next run did not make the items, so it asked
// "Routes 1: Path:" empty, and submitting dropped the list and deleted the draft.

private let listSchema = #"""
    {"type": "object", "required": ["name", "db"], "properties": {
      "name": {"type": "string", "title": "Name"},
      "db": {"type": "object", "title": "Database", "required": ["hosts"], "properties": {
        "hosts": {"type": "array", "title": "Hosts", "items": {"type": "string"}}}},
      "routes": {"type": "array", "title": "Routes", "items": {"type": "object", "required": ["path"], "properties": {
        "path": {"type": "string", "title": "Path"}, "weight": {"type": "integer", "title": "Weight"}}}}}}
    """#

@MainActor @Suite("a draft resumes a list's items")
struct DraftListResumeTests {
    @Test("items of a list and of a list in a group come back from the draft; the next run asks for more")
    func listsResume() throws {
        let path = "/tmp/sb-list-draft-\(UInt32.random(in: 0...UInt32.max)).json"
        let draft = Draft(path: path)
        defer { draft.remove() }
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(listSchema), file: "s.json")
        // Name, two hosts, end of hosts, one route (path and weight), then Ctrl-C at the second route.
        let first = ScriptedPrompter([.line("shop"), .line("db1"), .line("db2"), .line(""), .line("/api"), .line("2"),
                                      .interrupt(.cancelled)])
        #expect(FormFlow(schemaForm.makeForm(), draft: draft).run(prompter: first).status == .cancelled)
        let saved = try #require(try draft.load())
        #expect(saved["routes.0.path"] == "/api" && saved["db.hosts.1"] == "db2", "\(saved)")

        let form = schemaForm.makeForm()
        // Resumed: only the lists' new items are asked (each list's end), then the review.
        let second = ScriptedPrompter(lines: ["", "", ""])
        #expect(FormFlow(form, draft: draft).run(prompter: second).status == .submitted)
        #expect(second.prompts.map(\.prompt) == ["Hosts 3: ", "Routes 2: Path: ", "Number or name to edit, Enter to submit: "],
                "\(second.prompts)")
        #expect(schemaForm.document(of: form).description
                == #"{"name":"shop","db":{"hosts":["db1","db2"]},"routes":[{"path":"/api","weight":2}]}"#)
        #expect(try draft.load() == nil)
    }

    @Test("Form.resume makes the items the answers name")
    func resumeMakesItems() throws {
        let form = try FormSpec(yaml: nestedSpec).makeForm()
        let resumed = form.resume(from: Answers([("app", "a"), ("tags.0", "x"), ("tags.1", "y"),
                                                 ("users.0.name", "ada"), ("users.0.admin", "yes")]))
        #expect(resumed == ["app", "tags.0", "tags.1", "users.0.name", "users.0.admin"])
        #expect(form.repeatNamed("tags")?.items.count == 2)
        #expect(form["users.0.name"]?.value == "ada")
    }
}
