// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema
import SwitchboardSpec
import Testing

/// `SchemaDocumentForm`: the schema's form over a file's values, as a CLI author uses it from code. Every question
/// prefilled from the document (groups, lists, maps, optional objects, variants), the file's invalid values asked
/// first, and the text changed only where an answer changed.
@MainActor
@Suite("a form over a document's values (SchemaDocumentForm)")
struct SchemaDocumentFormTests {
    static let schema = """
        {"type": "object", "required": ["name"],
         "properties": {
           "name": {"type": "string", "pattern": "^[a-z]+$"},
           "replicas": {"type": "integer", "minimum": 1},
           "debug": {"type": "boolean"},
           "stage": {"enum": ["dev", "prod"]},
           "contact": {"type": "string"},
           "regions": {"type": "array", "items": {"enum": ["eu", "us", "asia"]}},
           "hosts": {"type": "array", "items": {"type": "string"}},
           "owner": {"type": "object", "properties": {"email": {"type": "string"}, "team": {"type": "string"}}},
           "routes": {"type": "array", "items": {"type": "object", "required": ["path"],
                      "properties": {"path": {"type": "string"}, "weight": {"type": "integer"}}}},
           "env": {"type": "object", "additionalProperties": {"type": "string"}},
           "jobs": {"type": "object", "additionalProperties": {"type": "object", "required": ["image"],
                    "properties": {"image": {"type": "string"}, "retries": {"type": "integer"}}}},
           "store": {"oneOf": [
              {"title": "Disk", "type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}},
              {"title": "Bucket", "type": "object", "required": ["bucket"], "properties": {"bucket": {"type": "string"}}}]},
           "matrix": {"type": "array", "items": {"type": "array", "items": {"type": "integer", "maximum": 9}}}
         },
         "if": {"properties": {"stage": {"const": "prod"}}}, "then": {"required": ["contact"]}}
        """

    static let text = """
        # The service
        name: web   # its name
        replicas: 2
        debug: true
        stage: dev
        regions: [eu, asia]
        hosts:
          - a.example.com
          - b.example.com
        owner:
          email: ada@example.com
        routes:
          - path: /api
            weight: 3
          - path: /web
        env:
          LOG: info   # the level
          MODE: fast
        jobs:
          build:
            image: swift:6
            retries: 2
        store:
          bucket: logs
        matrix: [[1, 2], [3]]
        x-note: {kept: as it is}

        """

    private func editing(_ text: String = Self.text) throws -> SchemaDocumentForm {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(Self.schema), file: "s.json")
        return SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml))
    }

    @Test("every kind of question is prefilled from the document, named as the form names it")
    func prefilled() throws {
        let editing = try editing()
        let form = editing.form
        let expected: [(String, String)] = [
            ("name", "web"), ("replicas", "2"), ("debug", "yes"), ("stage", "dev"), ("regions", "eu\nasia"),
            ("hosts.0", "a.example.com"), ("hosts.1", "b.example.com"), ("add-owner", "yes"),
            ("owner.email", "ada@example.com"), ("routes.0.path", "/api"), ("routes.0.weight", "3"),
            ("routes.1.path", "/web"), ("env.0.key", "LOG"), ("env.0.value", "info"), ("env.1.key", "MODE"),
            ("env.1.value", "fast"), ("jobs.0.key", "build"), ("jobs.0.image", "swift:6"), ("jobs.0.retries", "2"),
            ("add-store", "yes"), ("store.variant", "Bucket"), ("store.bucket", "logs"),
        ]
        for (name, value) in expected {
            #expect(form[name]?.value == value, "\(name)")
            #expect(form[name]?.isAnswered.value == true, "\(name)")
        }
        // Left empty by the file: not answered, not listed as prefilled.
        #expect(form["contact"]?.isAnswered.value == false)
        #expect(form["owner.team"]?.isAnswered.value == false)
        #expect(!editing.prefilledFields.contains("contact"))
        #expect(form.isValid.value)
        #expect(editing.changes.isEmpty)
        #expect(try editing.editedText() == Self.text)
    }

    @Test("one answer changed: one edit, one line of the text; values no question asks kept")
    func oneChange() throws {
        let editing = try editing()
        editing.form["env.1.value"]!.answer("slow")
        #expect(editing.changes == [.set("/env/MODE", to: .string("slow"))])
        let edited = try editing.editedText()
        #expect(edited == Self.text.replacing("MODE: fast", with: "MODE: slow"))
        #expect(editing.form.submitCheck?() == [])
        #expect(editing.submitted?.text == edited)
    }

    @Test("a list item removed and an optional object added: only their lines change")
    func listAndObject() throws {
        let editing = try editing()
        #expect(editing.form.removeItem(1, from: editing.form.repeatNamed("routes")!))
        editing.form["owner.team"]!.answer("core")
        let edited = try editing.editedText()
        #expect(edited == Self.text.replacing("  - path: /web\n", with: "")
            .replacing("  email: ada@example.com\n", with: "  email: ada@example.com\n  team: core\n"))
    }

    @Test("the file's invalid values are the fields asked first: a rule of the field's own and an if/then")
    func refused() throws {
        let text = Self.text.replacing("name: web", with: "name: Web").replacing("stage: dev", with: "stage: prod")
        let editing = try editing(text)
        #expect(editing.refusedFields == ["name", "contact"])
        #expect(editing.documentFailures.map(\.pointer).sorted() == ["", "/name"])
        #expect(editing.form["name"]?.verdict.value.isValid == false)
        // The flow asks them, then goes to the review (nothing else is asked).
        let prompter = ScriptedPrompter(lines: ["web", "ops@example.com", ""])
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields
        #expect(flow.run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt) == ["name: ", "contact: ", "Number or name to edit, Enter to submit: "])
        #expect(prompter.prompts[0].initial == "Web")
        #expect(try editing.editedText() == text.replacing("name: Web", with: "name: web")
            .replacing("stage: prod\n", with: "stage: prod\ncontact: ops@example.com\n"))
    }

    @Test("submitting checks the whole edited document, values the form does not ask included")
    func wholeDocumentChecked() throws {
        let editing = try editing(Self.text.replacing("matrix: [[1, 2], [3]]", with: "matrix: [[1, 2], [30]]"))
        #expect(editing.form.isValid.value)   // no question holds the matrix
        // Nothing changed: nothing to write, so nothing refuses leaving.
        #expect(editing.form.submitCheck?() == [])
        #expect(editing.submitted?.changes == [])
        editing.form["replicas"]!.answer("3")
        let failures = editing.form.submitCheck?() ?? []
        #expect(failures.map(\.message) == ["must be at most 9"])
        #expect(failures.map(\.field) == ["matrix.1.0"])
        #expect(editing.submitted == nil)
    }

    @Test("the review lists the file's answers only; the empty questions by name, said in a line")
    func reviewListsAnswers() throws {
        let editing = try editing()
        let prompter = ScriptedPrompter(lines: ["contact", "ops@example.com", "99", ""])
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields
        flow.reviewListsEmptyAnswers = false
        #expect(flow.run(prompter: prompter).status == .submitted)
        let review = try #require(prompter.shown.first { $0.hasPrefix("Review:") })
        #expect(review.contains("1. name"))
        #expect(!review.contains("contact"))
        // As many as the schema's form made whole over the same document leaves empty (the edit's form makes an
        // item's empty questions when one is named), and `contact`, answered since.
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(Self.schema), file: "s.json")
        let whole = schemaForm.makeForm()
        schemaForm.prefill(whole, from: try DocumentEditor(text: Self.text, format: .yaml).value)
        let unlisted = whole.shownFields.filter { !$0.isAnswered.value }.count
        #expect(review.contains("Empty questions not listed: \(unlisted) (type a name to answer one"))
        // The numbers count the answers listed: 99 picks none.
        #expect(prompter.refused.map(\.line) == ["99"])
        let edited = try editing.editedText()
        #expect(edited.contains("stage: dev\ncontact: ops@example.com\n"), "\(edited)")
    }

    @Test("a map's entry renamed keeps its place, its value and its comment; a draft keeps the rename")
    func entryRenamed() throws {
        let editing = try editing()
        editing.form["env.0.key"]!.answer("LEVEL")
        editing.form["jobs.0.key"]!.answer("compile")
        #expect(editing.changes == [.rename("/env/LOG", to: "LEVEL"), .rename("/jobs/build", to: "compile")])
        let edited = try editing.editedText()
        #expect(edited == Self.text.replacing("  LOG: info   # the level", with: "  LEVEL: info   # the level")
                    .replacing("  build:\n", with: "  compile:\n"))
        let draft = Draft(path: "/tmp/sb-rename-draft-\(UInt32.random(in: 0...UInt32.max)).json")
        defer { draft.remove() }
        try draft.save(edits: editing.changes)
        #expect(try draft.loadEdits() == editing.changes)
    }

    @Test("an item's questions the file leaves empty are made when first named, in their place, and written there")
    func emptyItemQuestionsMadeWhenNamed() throws {
        let editing = try editing()
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(Self.schema), file: "s.json")
        let whole = schemaForm.makeForm()
        schemaForm.prefill(whole, from: try DocumentEditor(text: Self.text, format: .yaml).value)
        #expect(whole["routes.1.weight"] != nil)
        // Not made with the item (the file has no weight for /web): a form over a compose file's services would
        // otherwise make about 120 questions a service.
        #expect(!editing.form.fields.contains { $0.name == "routes.1.weight" })
        #expect(editing.form.fields.count < whole.fields.count)
        let weight = try #require(editing.form["routes.1.weight"])   // named: made
        // The items whose values are all plain and valid are held without questions until one is named.
        #expect(editing.form.fields.map(\.name) == whole.fields.map(\.name).filter { name in
            !["routes.0.", "env.", "jobs."].contains { name.hasPrefix($0) }
        })
        for name in whole.fields.map(\.name) { _ = editing.form[name] }
        #expect(editing.form.fields.map(\.name) == whole.fields.map(\.name))
        #expect(weight.prompt == whole["routes.1.weight"]!.prompt)
        #expect(!weight.isAnswered.value && weight.verdict.value.isValid && weight.isShown.value)
        #expect(editing.changes == [])   // made, still empty: nothing to write
        weight.answer("5")
        #expect(editing.changes.map(\.pointer) == ["/routes/1/weight"])
        #expect(try editing.editedText().contains("  - path: /web\n    weight: 5\n"))
        // A removed item's questions go with it; the next item's are made by their new names.
        #expect(editing.form.removeItem(0, from: editing.form.repeatNamed("env")!))
        #expect(editing.form["env.0.key"]?.value == "MODE")
    }

    @Test("an item's questions made later bring their defaults as the file's: a default is not written unasked")
    func laterQuestionsKeepDefaultsUnwritten() throws {
        let schema = """
            {"type": "object", "properties": {"routes": {"type": "array", "items": {"type": "object",
              "required": ["path"], "properties": {
                "path": {"type": "string"}, "timeout": {"type": "integer", "default": 30},
                "tls": {"type": "object", "required": ["cert"], "properties": {"cert": {"type": "string"}}},
                "weight": {"type": "integer"}}}}}}
            """
        let text = "routes:\n  - path: /api\n    weight: 3\n  - path: /web\n"
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(schema), file: "s.json")
        let editing = SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml))
        #expect(!editing.form.fields.contains { $0.name == "routes.1.timeout" })
        let timeout = try #require(editing.form["routes.1.timeout"])
        #expect(timeout.text.value == "30")
        #expect(editing.changes == [])
        #expect(try editing.editedText() == text)
        // The item's optional object is asked by its yes, made with the item's other questions.
        let addTLS = try #require(editing.form["routes.1.add-tls"])
        #expect(editing.form["routes.1.tls.cert"]?.isShown.value == false)
        addTLS.answer("yes")
        editing.form["routes.1.tls.cert"]!.answer("web.pem")
        editing.form["routes.1.weight"]!.answer("1")
        #expect(try editing.editedText() == text + "    tls:\n      cert: web.pem\n    weight: 1\n")
    }

    @Test("a draft's edits resumed over the file as it is now: a removed item stays removed, a set value set")
    func resumed() throws {
        let editing = try editing()
        #expect(editing.form.removeItem(0, from: editing.form.repeatNamed("hosts")!))
        editing.form["replicas"]!.answer("4")
        let edits = editing.changes
        // Someone else changed the file meanwhile (a comment); the edits are made in the new version.
        let theirs = Self.text.replacing("# The service", with: "# The web service")
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(Self.schema), file: "s.json")
        let again = try SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: theirs, format: .yaml),
                                           resuming: edits)
        #expect(again.form["replicas"]?.value == "4")
        #expect(again.form["hosts.0"]?.value == "b.example.com")
        #expect(again.form["hosts.1"] == nil)
        #expect(Set(again.changes) == Set(edits))
        #expect(try again.editedText() == theirs.replacing("replicas: 2", with: "replicas: 4")
            .replacing("  - a.example.com\n", with: ""))
        // Edits that no longer apply (an item that is not there now) are refused, not guessed.
        #expect(throws: DocumentEditError.self) {
            try SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: theirs, format: .yaml),
                                   resuming: [.remove("/routes/5")])
        }
    }

    @Test("a value of the wrong type (a string where the schema says integer) is asked first and written typed when kept")
    func wrongTypeWrittenTyped() throws {
        let text = Self.text.replacing("replicas: 2", with: "replicas: \"3\"")
            .replacing("debug: true", with: "debug: \"true\"")
        let editing = try editing(text)
        #expect(editing.refusedFields == ["replicas", "debug"])
        // Kept as they are (the questions hold them as a number and a yes): written as the schema wants them.
        #expect(editing.changes == [.set("/replicas", to: .number(JSONNumber(3))), .set("/debug", to: .bool(true))])
        #expect(editing.form.submitCheck?() == [])
        #expect(try editing.editedText() == Self.text.replacing("replicas: 2", with: "replicas: 3"))
    }

    @Test("text a one-line question cannot hold (several lines, a tab) is kept as written, not asked")
    func multiLineKept() throws {
        let text = Self.text.replacing("stage: dev", with: "stage: dev\ncontact: |\n  ops@example.com\n  second line")
            .replacing("MODE: fast", with: "MODE: \"a\\tb\"")
        let editing = try editing(text)
        #expect(editing.keptAsWritten.sorted() == ["contact", "env.1.value"])
        #expect(editing.form["contact"]?.isShown.value == false)
        #expect(editing.refusedFields.isEmpty)
        #expect(editing.form.isValid.value)
        editing.form["replicas"]!.answer("5")
        #expect(editing.changes == [.set("/replicas", to: .number(JSONNumber(5)))])
        #expect(try editing.editedText() == text.replacing("replicas: 2", with: "replicas: 5"))
    }

    @Test("a secret (writeOnly) opened from the review and left empty is kept, not removed")
    func secretKept() throws {
        let schema = #"{"type": "object", "properties": {"user": {"type": "string"}, "token": {"type": "string", "writeOnly": true, "minLength": 8}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(schema), file: "s.json")
        let text = "user: ada\ntoken: LongEnough1   # rotate yearly\n"
        let editing = SchemaDocumentForm(schemaForm, editing: try DocumentEditor(text: text, format: .yaml))
        let prompter = ScriptedPrompter(lines: ["token", "", ""])
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields
        #expect(flow.run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.initial) == ["", "", ""])   // the secret is never shown
        #expect(editing.form["token"]?.value == "LongEnough1")
        #expect(editing.changes.isEmpty)
        #expect(try editing.editedText() == text)
    }

    @Test("a list longer than answers make items for (10,000) is kept as written, not cut short")
    func longListKept() throws {
        let hosts = (0..<10_001).map { "  - h\($0).example.com" }.joined(separator: "\n")
        let text = Self.text.replacing("hosts:\n  - a.example.com\n  - b.example.com", with: "hosts:\n" + hosts)
        let editing = try editing(text)
        #expect(editing.keptAsWritten == ["hosts"])
        #expect(editing.form["hosts.0"]?.isShown.value != true)
        editing.form["replicas"]!.answer("5")
        #expect(editing.changes == [.set("/replicas", to: .number(JSONNumber(5)))])
        #expect(try editing.editedText() == text.replacing("replicas: 2", with: "replicas: 5"))
    }

    @Test("the review quotes an answer with spaces at an end, so that they show")
    func spacesShown() throws {
        let editing = try editing(Self.text.replacing("MODE: fast", with: "MODE: \" fast \""))
        let prompter = ScriptedPrompter(lines: [""])
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields
        flow.reviewListsEmptyAnswers = false
        #expect(flow.run(prompter: prompter).status == .submitted)
        let review = try #require(prompter.shown.first { $0.hasPrefix("Review:") })
        #expect(review.contains("env.1.value      \" fast \"  "), "\(review)")
    }
}
