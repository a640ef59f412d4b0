// SPDX-License-Identifier: GPL-3.0-or-later
// Spec types select, multiselect and confirm; a multi-select's answer is a list in every format.
import Foundation
import Testing
@testable import SwitchboardSpec

private let listSpec = """
    title: Project
    fields:
      - name: language
        type: select
        choices: [Swift, Go, Rust]
      - name: tags
        type: multiselect
        choices: [api, cli, docs, web]
        min: 1
        max: 2
      - name: public
        type: confirm
    """

@MainActor @Suite struct ListFieldSpecTests {
    @Test func specTypesSelectMultiselectAndConfirm() throws {
        let spec = try FormSpec(yaml: listSpec, file: "p.yaml")
        #expect(spec.fields.map(\.kind) == [.choice(["Swift", "Go", "Rust"]),
                                            .multiselect(["api", "cli", "docs", "web"], minimum: 1, maximum: 2), .confirm])
        let form = spec.makeForm()
        let tags = try #require(form["tags"])
        #expect(tags.answer(["web", "api"]).isValid)
        #expect(tags.values == ["api", "web"])                    // list order
        #expect(tags.text.value == "api\nweb")
        #expect(tags.answer(["api", "cli", "web"]).failure?.message == "choose at most 2 (3 chosen)")
        #expect(tags.answer([]).failure?.message == "must not be empty")
        #expect(tags.answer("api\nmars").failure?.message == "\"mars\" is not one of api, cli, docs, web")
        #expect(try #require(form["public"]).answer("y").isValid)
        #expect(form["public"]?.value == "yes")
    }

    @Test func aMultiselectDefaultIsAList() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - name: tags
                type: multiselect
                choices: [api, cli, web]
                default: [web, api]
            """, file: "t.yaml")
        let form = spec.makeForm()
        #expect(form["tags"]?.values == ["api", "web"])
        #expect(form["tags"]?.verdict.value.isValid == true)
        #expect(specProblems("""
            fields:
              - name: tags
                type: multiselect
                choices: [api, cli]
                default: [web]
            """) == ["t.yaml:5:15: the default \"web\" is not one of the choices"])
    }

    @Test func specMistakesAreNamed() {
        #expect(specProblems("""
            fields:
              - name: tags
                type: multiselect
                choices: [a, b]
                min: 3
            """) == ["t.yaml:5:10: expected min: a whole number from 0 to 2 (the number of choices), got \"3\""])
        #expect(specProblems("""
            fields:
              - name: tags
                type: multiselect
                choices: [a, b]
                min: 2
                max: 1
            """) == ["t.yaml:5:10: min: 2 is more than max: 1"])
        #expect(specProblems("""
            fields:
              - name: tags
                type: multiselect
            """) == ["t.yaml:3:11: type: multiselect needs choices: (a list of values)"])
        #expect(specProblems("""
            fields:
              - name: name
                max: 2
            """) == ["t.yaml:3:10: max: only applies to type: multiselect, not text"])
    }

    @Test func jsonAndYamlWriteAnArrayAndHeadlessJSONTakesOne() throws {
        let form = try FormSpec(yaml: listSpec, file: "p.yaml").makeForm()
        let result = form.fill(from: #"{"language": "Go", "tags": ["web", "api"], "public": "no"}"#, format: .json)
        #expect(result.status == .submitted)
        #expect(form.typedAnswers.json(pretty: false) == #"{"language":"Go","tags":["api", "web"],"public":false}"#)
        #expect(form.typedAnswers.yaml() == "language: \"Go\"\ntags: [\"api\", \"web\"]\npublic: false\n")
        let bad = try FormSpec(yaml: listSpec, file: "p.yaml").makeForm()
            .fill(from: #"{"language": "Go", "tags": ["api", "mars"], "public": "no"}"#, format: .json)
        #expect(bad.status == .invalid)
        #expect(bad.report == [#"tags: "mars" is not one of api, cli, docs, web, got "api\nmars""#])
    }

    @Test func keyValueInputRepeatsTheKey() throws {
        let form = try FormSpec(yaml: listSpec, file: "p.yaml").makeForm()
        let result = form.fill(from: "language=Rust\ntags=docs\ntags=cli\npublic=yes\n", format: .keyValue)
        #expect(result.status == .submitted)
        #expect(form["tags"]?.values == ["cli", "docs"] || form["tags"]?.values == ["docs", "cli"])
        #expect(form.typedAnswers["tags"] == .list(form["tags"]!.values))
    }

    enum Tag: String, Decodable { case api, cli, docs, web }
    struct Project: Decodable {
        var language: String
        var tags: [Tag]
        var tagNames: Set<String>?
        var `public`: Bool
    }
    struct Names: Decodable { var tags: [String] }

    @Test func decodeFillsArraysSetsAndEnumArrays() throws {
        let form = try FormSpec(yaml: listSpec, file: "p.yaml").makeForm()
        form["language"]!.answer("Swift")
        form["tags"]!.answer(["web", "api"])
        form["public"]!.answer("y")
        let project = try form.answers.decode(Project.self)
        #expect(project.tags == [.api, .web])
        #expect(project.public)
        #expect(try form.answers.decode(Names.self).tags == ["api", "web"])
        struct AsSet: Decodable { var tags: Set<String> }
        #expect(try form.answers.decode(AsSet.self).tags == ["api", "web"])
        let wrong: Answers = ["language": "Go", "tags": "api\nmars", "public": "no"]
        #expect(throws: AnswerDecodingError.self) { try wrong.decode(Project.self) }
    }

    @Test func draftsKeepTheList() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("draft-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let form = try FormSpec(yaml: listSpec, file: "p.yaml").makeForm()
        form["tags"]!.answer(["docs", "api"])
        let draft = Draft(path: path)
        try draft.save(form.draftAnswers)
        let again = try FormSpec(yaml: listSpec, file: "p.yaml").makeForm()
        _ = again.fill(try #require(try draft.load()))
        #expect(again["tags"]?.values == ["api", "docs"])
    }

    @Test func formAPIEquivalents() {
        let form = Form("Project")
        form.select("language", from: ["Swift", "Go"])
        let tags = form.multiselect("tags", from: ["a", "b", "c"], minimum: 2)
        form.confirm("public")
        #expect(form.fields.map(\.kind.name) == ["choice", "multiselect", "confirm"])
        #expect(tags.answer(["a"]).failure?.message == "choose at least 2 (1 chosen)")
    }
}

/// The flow with a prompter that only reads lines: list questions fall back to lines (several values separated by
/// commas), checked by the field's verdict as they would be live.
@MainActor @Suite struct ListFieldFlowTests {
    @Test func aLinePrompterAnswersListsWithLines() {
        let form = Form("Project")
        form.select("language", from: ["Swift", "Go"])
        form.multiselect("tags", from: ["api", "cli", "web"], minimum: 1, maximum: 2)
        form.confirm("public")
        let prompter = ScriptedPrompter(lines: ["Go", "api, cli, web", "web, api", "maybe", "y", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.prompts.map(\.prompt).prefix(3) == ["language (Swift, Go): ", "tags (api, cli, web): ",
                                                             "public (yes/no): "])
        #expect(prompter.refused.map(\.message) == ["choose at most 2 (3 chosen)", "must be yes or no"])
        #expect(form["tags"]?.values == ["api", "web"])
        #expect(form.typedAnswers.json(pretty: false) == #"{"language":"Go","tags":["api", "web"],"public":true}"#)
    }
}
