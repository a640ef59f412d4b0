// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema
import SwitchboardSpec
import Testing

/// A map's entries edited through a form over the file: the changes follow the items, not the names, so a rename is
/// made in place, names swapped are renames (never values rewritten under the old names, which would leave the
/// members no question asks with the wrong entry), and the defaults of questions made later stay unwritten.
@MainActor
@Suite("a form over a document: a map's entries renamed, swapped and removed")
struct SchemaDocumentFormEntryTests {
    static let schema = """
        {"type": "object", "properties": {
           "apps": {"type": "object", "additionalProperties": {"type": "object", "required": ["image"],
                    "properties": {"image": {"type": "string"}, "port": {"type": "integer", "default": 8080},
                                   "replicas": {"type": "integer"},
                                   "tls": {"type": "object", "properties": {"cert": {"type": "string"}}}}}},
           "env": {"type": "object", "additionalProperties": {"type": "string"}}}}
        """

    static let text = """
        apps:
          web:   # main
            image: nginx   # c
            extra: [1, 2]
          api:
            image: pg
            more: {a: 1}
        env:
          multi: |
            line1
            line2
          k4: x

        """

    private func editing(_ text: String = Self.text) throws -> SchemaDocumentForm {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(Self.schema), file: "s.json")
        return SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml))
    }

    @Test("renamed, then a question with a default named: the entry stays in place with its members and comments")
    func renameThenDefault() throws {
        let editing = try editing()
        editing.form["apps.0.key"]!.answer("web2")
        let port = try #require(editing.form["apps.0.port"])   // made now, holding its default
        #expect(port.text.value == "8080")
        #expect(try editing.editedText() == Self.text.replacing("  web:   # main", with: "  web2:   # main"))
        port.answer("1")
        #expect(try editing.editedText() == Self.text.replacing("  web:   # main", with: "  web2:   # main")
                    .replacing("    extra: [1, 2]\n", with: "    extra: [1, 2]\n    port: 1\n"))
    }

    @Test("names swapped: two renames through a spare name; each entry keeps what the form does not ask")
    func swapped() throws {
        let editing = try editing()
        editing.form["apps.0.key"]!.answer("api")
        editing.form["apps.1.key"]!.answer("web")
        let edited = try editing.editedText()
        #expect(edited == Self.text.replacing("  web:   # main", with: "  api:   # main")
                    .replacing("  api:\n    image: pg", with: "  web:\n    image: pg"))
        #expect(editing.changes.count == 3)   // web to a spare name, api to web, the spare name to api
    }

    @Test("a draft's swap resumed: the same entries renamed, nothing else")
    func swapResumed() throws {
        let first = try editing()
        first.form["apps.0.key"]!.answer("api")
        first.form["apps.1.key"]!.answer("web")
        let edits = first.changes
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(Self.schema), file: "s.json")
        let resumed = try SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: Self.text, format: .yaml),
                                             resuming: edits)
        #expect(resumed.form["apps.0.key"]?.value == "api")
        #expect(try resumed.editedText() == first.editedText())
        #expect(resumed.changes.filter { if case .rename = $0.change { false } else { true } } == [])
    }

    @Test("an entry renamed to the name of one removed: the removal first, then the rename")
    func renamedOverRemoved() throws {
        let editing = try editing()
        editing.form["apps.0.key"]!.answer("api")
        #expect(editing.form.removeItem(1, from: editing.form.repeatNamed("apps")!))
        #expect(editing.changes == [.remove("/apps/api"), .rename("/apps/web", to: "api")])
        #expect(try editing.editedText() == Self.text.replacing("  web:   # main", with: "  api:   # main")
                    .replacing("  api:\n    image: pg\n    more: {a: 1}\n", with: ""))
    }

    @Test("an entry whose value the form keeps as written is renamed all the same")
    func renamedKeptValue() throws {
        let editing = try editing()
        #expect(editing.form["env.0.value"]?.isShown.value == false)   // several lines: kept as written
        editing.form["env.0.key"]!.answer("multi2")
        #expect(editing.changes == [.rename("/env/multi", to: "multi2")])
        #expect(try editing.editedText() == Self.text.replacing("  multi: |", with: "  multi2: |"))
    }

    @Test("an entry the file writes as text where the schema wants an object, once answered, is written whole")
    func scalarAnswered() throws {
        let text = "apps:\n  web: oops   # fix me\n  api:\n    image: a\n"
        let editing = try editing(text)
        editing.form["apps.0.image"]!.answer("img")
        #expect(editing.changes == [.set("/apps/web", to: try JSONValue.parse(#"{"image": "img"}"#))])
        #expect(editing.form.submitCheck?() == [])
        #expect(try editing.editedText() == "apps:\n  web:\n    image: img   # fix me\n  api:\n    image: a\n"
                || editing.submitted?.text.contains("image: img") == true)
    }

    @Test("a question named in the review is asked alone, not with every question its item makes then")
    func namedQuestionAskedAlone() throws {
        let editing = try editing()
        let prompter = ScriptedPrompter(lines: ["apps.1.port", "9000", ""])
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields
        flow.reviewListsEmptyAnswers = false
        #expect(flow.run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt).filter { $0.contains("apps 2") } == ["apps 2: port: "])
        #expect(try editing.editedText() == Self.text.replacing("    more: {a: 1}\n", with: "    more: {a: 1}\n    port: 9000\n"))
    }

    @Test("an entry given the name of another that keeps it: the changes are found, the submit names the renamed entry")
    func nameOfAnother() throws {
        let editing = try editing()
        editing.form["apps.0.key"]!.answer("api")   // apps.1 is `api` and stays so
        // Before, the renames looped for ever looking for a spare name (a hang at the submit or at Ctrl-C).
        #expect(!editing.changes.contains { if case .rename = $0.change { true } else { false } })
        let failures = editing.form.submitCheck?() ?? []
        // The entry renamed is the one named (and asked again), not the one that kept its name.
        #expect(failures.map(\.field) == ["apps.0.key"])
        #expect(failures.first?.message.contains("is given to another entry of apps") == true)
        #expect(editing.form["apps.1.key"]?.value == "api")
    }

    @Test("an entry given another's name, then Ctrl-C: the draft keeps its other answers under its own name, never a merge or a removal")
    func clashingNameInDraft() throws {
        let editing = try editing()
        editing.form["apps.0.key"]!.answer("api")
        editing.form["apps.0.replicas"]!.answer("4")
        // Before, the two entries were one member of the document: `web` removed, its answers written over `api`'s.
        #expect(editing.changes == [.set("/apps/web/replicas", to: .number(JSONNumber(4)))])
        // The later entry renamed to an earlier one's name: the same.
        let other = try self.editing()
        other.form["apps.1.key"]!.answer("web")
        #expect(other.changes.isEmpty)
        // A new entry of a name the file has: left out until its name is its own (it was written over the entry).
        let added = try self.editing()
        let apps = try #require(added.form.repeatNamed("apps"))
        let fields = added.form.addItem(to: apps)
        fields.first { $0.name == "apps.2.key" }?.answer("api")
        fields.first { $0.name == "apps.2.image" }?.answer("other")
        #expect(added.changes.isEmpty)
        #expect(added.form.submitCheck?().map(\.field) == ["apps.2.key"])
        fields.first { $0.name == "apps.2.key" }?.answer("api2")
        #expect(added.changes.map(\.pointer) == ["/apps/api2"])   // a new entry, written whole
    }

    @Test("a list's item removed and others edited: the item's lines removed, the others edited in place, what no question asks kept")
    func listItemsFollowed() throws {
        let schema = """
            {"type": "object", "properties": {"updates": {"type": "array", "items": {"type": "object",
             "properties": {"ecosystem": {"type": "string"}, "directory": {"type": "string"}}}}}}
            """
        let text = """
            updates:
              # entry 0
              - ecosystem: "npm"
                directory: "/a"
                labels: ["deps"]
              # entry 1
              - ecosystem: "pip"
                directory: "/b"
                labels: ["deps"]
              # entry 2
              - ecosystem: "docker"
                directory: "/c"
                labels: ["deps"]

            """
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(schema), file: "s.json")
        let editing = SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml))
        let updates = try #require(editing.form.repeatNamed("updates"))
        #expect(editing.form.removeItem(1, from: updates))
        editing.form["updates.0.directory"]!.answer("/x")
        editing.form["updates.1.directory"]!.answer("/y")   // entry 2, moved up
        // Before, the whole list was written again from the answers: labels, comments and quoting gone.
        #expect(editing.changes == [.remove("/updates/1"), .set("/updates/0/directory", to: .string("/x")),
                                    .set("/updates/1/directory", to: .string("/y"))])
        #expect(try editing.editedText() == text
                    .replacing("  # entry 1\n  - ecosystem: \"pip\"\n    directory: \"/b\"\n    labels: [\"deps\"]\n", with: "")
                    .replacing("\"/a\"", with: "\"/x\"").replacing("\"/c\"", with: "\"/y\""))
        // Resumed from a draft: the same item removed, the same answers.
        let draft = try SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml),
                                           resuming: editing.changes)
        #expect(try draft.editedText() == editing.editedText())
    }
}
