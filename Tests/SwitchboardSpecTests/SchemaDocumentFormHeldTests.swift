// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema
import SwitchboardSpec
import Testing

/// Items of a document's lists held without questions (a compose file's hundreds of services): the review lists
/// their answers as it lists the questions' and the document is written the same; naming one of their questions
/// (by name or by its number in the review) makes the item's questions with its answers; an item holding a value
/// the schema refuses is made at once, to be asked first.
@MainActor
@Suite("a form over a document: items held without questions until named")
struct SchemaDocumentFormHeldTests {
    private func editing(_ text: String = SchemaDocumentFormTests.text) throws -> SchemaDocumentForm {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(SchemaDocumentFormTests.schema), file: "s.json")
        return SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml))
    }

    /// The names the review lists, in order.
    private func listedNames(_ review: String) -> [String] {
        review.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: " ").dropFirst().first.map(String.init)
        }
    }

    @Test("held items: no question made, the review's listing and the written text the same as with their questions")
    func heldListedAndWritten() throws {
        let editing = try editing()
        let form = editing.form
        #expect(!form.fields.contains { $0.name.hasPrefix("routes.") || $0.name.hasPrefix("jobs.") })
        let flow = FormFlow(form)
        flow.reviewListsEmptyAnswers = false
        let review = flow.reviewText()
        #expect(listedNames(review) == [
            "name", "replicas", "debug", "stage", "regions", "hosts.0", "hosts.1", "add-owner", "owner.email",
            "routes.0.path", "routes.0.weight", "routes.1.path", "env.0.key", "env.0.value", "env.1.key",
            "env.1.value", "jobs.0.key", "jobs.0.image", "jobs.0.retries", "add-store", "store.variant",
            "store.bucket",
        ])
        #expect(review.contains("routes.0.weight  3") && review.split(separator: "\n").allSatisfy { !$0.contains("✗") })
        #expect(editing.changes.isEmpty)
        #expect(try editing.editedText() == SchemaDocumentFormTests.text)
        // Named: made with the document's answers, in place; nothing to write, the same listing.
        let weight = try #require(form["routes.0.weight"])
        #expect(weight.value == "3" && weight.isAnswered.value && weight.verdict.value.isValid)
        #expect(form.fields.contains { $0.name == "routes.0.path" })
        #expect(editing.changes.isEmpty)
        #expect(flow.reviewText() == review)
        weight.answer("4")
        #expect(editing.changes == [.set("/routes/0/weight", to: .number(JSONNumber(4)))])
        #expect(try editing.editedText() == SchemaDocumentFormTests.text.replacing("weight: 3", with: "weight: 4"))
    }

    @Test("a held answer opened from the review by its number, or a held item's empty question by its name")
    func openedFromTheReview() throws {
        let editing = try editing()
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields
        flow.reviewListsEmptyAnswers = false
        let number = try #require(listedNames(flow.reviewText()).firstIndex(of: "jobs.0.retries")) + 1
        let prompter = ScriptedPrompter(lines: [String(number), "5", "routes.1.weight", "7", ""])
        #expect(flow.run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.isEmpty)
        #expect(prompter.prompts[1].initial == "2")   // the held answer, offered for editing
        let edited = try editing.editedText()
        #expect(edited == SchemaDocumentFormTests.text.replacing("retries: 2", with: "retries: 5")
                    .replacing("  - path: /web\n", with: "  - path: /web\n    weight: 7\n"))
    }

    @Test("an item holding a value the schema refuses is made with its questions and asked first")
    func refusedItemMade() throws {
        let text = SchemaDocumentFormTests.text.replacing("  - path: /web\n", with: "  - path: /web\n    weight: x\n")
        let editing = try editing(text)
        #expect(editing.form.fields.contains { $0.name == "routes.1.weight" })
        #expect(!editing.form.fields.contains { $0.name == "routes.0.path" })
        #expect(editing.refusedFields == ["routes.1.weight"])
        #expect(editing.changes.isEmpty)
    }

    @Test("held items removed: their lines go, the next items move up still held")
    func heldItemRemoved() throws {
        let editing = try editing()
        let env = try #require(editing.form.repeatNamed("env"))
        #expect(editing.form.removeItem(0, from: env))
        #expect(editing.changes == [.remove("/env/LOG")])
        #expect(!editing.form.fields.contains { $0.name.hasPrefix("env.") })
        #expect(editing.form["env.0.key"]?.value == "MODE")
        // A list's first item: the item's lines, not the list written again.
        let routes = try #require(editing.form.repeatNamed("routes"))
        #expect(editing.form.removeItem(0, from: routes))
        #expect(editing.changes == [.remove("/env/LOG"), .remove("/routes/0")])
        #expect(try editing.editedText() == SchemaDocumentFormTests.text
                    .replacing("  LOG: info   # the level\n", with: "")
                    .replacing("  - path: /api\n    weight: 3\n", with: ""))
    }

    @Test("a map of one value an entry writes as an object or a list (a Taskfile's tasks): kept as written, never asked empty")
    func objectWhereOneValue() throws {
        let schema = """
            {"type": "object", "properties": {"version": {"type": "string"}, "tasks": {"type": "object",
             "additionalProperties": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}},
               {"type": "object", "properties": {"cmds": {"type": "array"}}}]}}}}
            """
        let text = "version: '3'\ntasks:\n  str: echo hi\n  arr: [echo a, echo b]\n  obj:\n    cmds: [echo c]\n"
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(schema), file: "s.json")
        let editing = SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml))
        // Before, `tasks.1.value` and `tasks.2.value` were empty required questions, asked first; an answer was
        // written over the list and the object.
        #expect(editing.refusedFields.isEmpty)
        #expect(editing.form.isValid.value)
        #expect(editing.keptAsWritten == ["tasks.1.value", "tasks.2.value"])
        #expect(editing.changes.isEmpty)
        editing.form["tasks.0.value"]!.answer("echo bye")
        #expect(try editing.editedText() == text.replacing("str: echo hi", with: "str: echo bye"))
    }
}
