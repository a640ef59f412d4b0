// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import SwitchboardSchema
import SwitchboardSpec
import SwitchboardTerminal

// Issue 38 on real schemas: github-workflow trapped the user in the review (its required `jobs`, a map of job
// variants, was never asked), pre-commit-config was refused (a multi-line default) and its required `repos` (items
// that are variants) was never asked.

/// A prompter answering by prompt: the first answer listed for the first key a prompt starts with, then the next
/// one each time it is asked again; any other question keeps what it starts with (its default), as a user pressing Enter would. Ends the
/// input after 300 questions (a form that keeps asking is a failure, not a hang).
private final class PromptResponder: FormPrompter {
    var answers: [String: [String]]
    var prompts: [String] = []
    var shown: [String] = []

    init(_ answers: [String: [String]]) { self.answers = answers }

    func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                  check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        prompts.append(prompt)
        guard prompts.count < 300 else { throw .endOfInput }
        if let key = answers.keys.sorted().first(where: { prompt.hasPrefix($0) }), var listed = answers[key],
           !listed.isEmpty {
            let answer = listed.removeFirst()
            answers[key] = listed
            return answer
        }
        return initial
    }

    func show(_ text: String) { shown.append(text) }
}

@MainActor @Suite("form --schema on github-workflow and pre-commit-config's shapes (issue 38)")
struct SchemaFormRealTrapTests {
    @Test("github-workflow: the jobs are asked as named entries, each job's variant picked, and the form submits")
    func githubWorkflow() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".schema-suite/schemastore")
        let path = folder.appendingPathComponent("github-workflows.json").path
        guard let bytes = FileManager.default.contents(atPath: path) else {
            Issue.record("\(path) is missing: run scripts/fetch-schema-suite.sh (make test runs it)")
            return
        }
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(bytes: Array(bytes)), file: path)
        let form = schemaForm.makeForm()
        let prompter = PromptResponder(["on: ": ["push"], "jobs 1: Name: ": ["build"], "jobs 1: Variant": ["runs-on"],
                                        "jobs 1: runs-on: ": ["ubuntu-latest"], "jobs 2: Name: ": [""]])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted, "\(prompter.prompts) \(prompter.shown.suffix(8))")
        let document = schemaForm.document(of: form)
        #expect(document["jobs"]?["build"]?["runs-on"] == .string("ubuntu-latest"), "\(document)")
        #expect(document["on"] == .string("push"))
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("pre-commit-config's shape: a multi-line default asked, required repos of variants asked item by item")
    func preCommitShape() throws {
        let text = #"""
            {"type": "object", "required": ["repos"], "definitions": {
              "meta_repo": {"type": "object", "properties": {"repo": {"default": "meta", "enum": ["meta"]},
                "hooks": {"type": "array", "items": {"type": "object", "required": ["id"], "properties": {
                  "id": {"type": "string", "enum": ["identity"]}}}}}},
              "uri_repo": {"type": "object", "properties": {"repo": {"type": "string", "pattern": "^(?!(?:meta|local)$).*$"},
                "rev": {"type": "string"}, "hooks": {"type": "array", "items": {"type": "object"}}}}},
             "properties": {
              "ci": {"type": "object", "properties": {"autofix_commit_msg": {"type": "string",
                "default": "[pre-commit.ci] auto fixes\n\nfor more information, see https://pre-commit.ci"}}},
              "repos": {"type": "array", "items": {"anyOf": [{"$ref": "#/definitions/meta_repo"},
                                                              {"$ref": "#/definitions/uri_repo"}]}}}}
            """#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: ".pre-commit-config.yaml")
        #expect(schemaForm.spec["ci.autofix_commit_msg"]?.kind == .multiline)
        let form = schemaForm.makeForm()
        // A URL repository: `repo`, which the variants define differently (the meta repository's enum, a URL's
        // pattern), is asked as text; it was the meta repository's list, so no URL could be given.
        let prompter = PromptResponder(["Add an item to repos?": ["y"], "repos 1: Variant": ["repo, rev, hooks"],
                                        "repos 1: repo": ["https://github.com/psf/black"], "repos 1: rev": ["24.1.0"]])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted, "\(prompter.prompts) \(prompter.shown.suffix(5))")
        let document = schemaForm.document(of: form)
        #expect(prompter.prompts.contains { $0.hasPrefix("repos 1: Variant (repo, hooks, repo, rev, hooks): ") },
                "\(prompter.prompts)")
        #expect(document["repos"] == .array([.object(JSONObject([(key: "repo", value: .string("https://github.com/psf/black")),
                                                                  (key: "rev", value: .string("24.1.0"))]))]), "\(document)")
        #expect(schemaForm.schema.validate(document).isEmpty)
    }
}
