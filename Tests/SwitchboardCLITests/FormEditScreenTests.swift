// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TerminalTestSupport
import Testing

/// `switchboard form --edit FILE` at a terminal (tmux): the schema's form over a config's own values. One answer
/// changed in the review changes one line of the file; the file's invalid values are asked first; Ctrl-C and a
/// file changed on disk meanwhile leave the file as it was and the changed answers in a draft.
@Suite("form --edit in tmux")
struct FormEditScreenTests {
    static let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["name"],
         "properties": {"name": {"type": "string", "title": "Name"}, "replicas": {"type": "integer", "minimum": 1},
           "debug": {"type": "boolean"}, "restart": {"enum": ["always", "no"]},
           "owner": {"type": "object", "properties": {"email": {"type": "string"}}},
           "ports": {"type": "array", "items": {"type": "integer", "maximum": 65535}},
           "env": {"type": "object", "additionalProperties": {"type": "string"}}}}
        """

    static let config = """
        # yaml-language-server: $schema=service.schema.json
        # The service
        name: web # its name
        replicas: 2

        # Verbose logs
        debug: false
        restart: always
        ports:
          - 80
          - 443
        env:
          A: "1"   # first
          B: two
        x-extra: {keep: me}

        """

    private func setUp(_ config: String = Self.config) throws -> (Scratch, String) {
        let scratch = try Scratch()
        try scratch.file("service.schema.json", Self.schema)
        return (scratch, try scratch.file("app.yaml", config))
    }

    private func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func start(_ scratch: Scratch, _ arguments: String = "", width: Int = 100) throws -> TmuxScreen {
        try TmuxScreen(command: "cd " + shellQuote(scratch.url.path) + " && " + shellQuote(try switchboardPath())
                       + " form --edit app.yaml" + arguments, width: width, height: 40, environment: ["NO_COLOR": "1"])
    }

    /// The latest review is on the screen, waiting for its answer.
    private func reviewShown(_ screen: TmuxScreen, holding text: String = "") -> Bool {
        screen.waitUntil {
            let review = latestScreen("Review:", in: $0)
            return review.hasSuffix("Enter to submit:") && (text.isEmpty || review.contains(text))
        } != nil
    }

    @Test("a real config (this repository's CI workflow): one answer edited in the review, git diff shows one line")
    func realConfig() throws {
        let schema = repositoryFile(".schema-suite/schemastore/github-workflows.json")
        try #require(FileManager.default.fileExists(atPath: schema), "run scripts/fetch-schema-suite.sh first")
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let workflow = try String(contentsOfFile: repositoryFile(".github/workflows/ci.yml"), encoding: .utf8)
        let file = try scratch.file("ci.yml", workflow)
        try FileManager.default.copyItem(atPath: schema, toPath: scratch.path("github-workflows.json"))
        let git = { (arguments: [String]) throws -> String in
            try runTool("/usr/bin/git", ["-C", scratch.url.path, "-c", "user.email=t@example.com", "-c", "user.name=t"]
                        + arguments, input: "")
        }
        _ = try git(["init", "-q"])
        _ = try git(["add", "ci.yml"])
        _ = try git(["commit", "-qm", "the workflow"])
        let screen = try TmuxScreen(command: "cd " + shellQuote(scratch.url.path) + " && "
                                    + shellQuote(try switchboardPath())
                                    + " form --edit ci.yml --schema github-workflows.json",
                                    width: 120, height: 50, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        // Straight to the review: every answer from the file; the values one question cannot hold are named.
        #expect(reviewShown(screen, holding: "jobs.1.timeout-minutes  90"))
        let opening = screen.capture()
        #expect(opening.replacing("\n", with: "").contains("Kept as the file writes them (the form asks one value "
                                                           + "where the file holds more): on, concurrency, jobs.0.env, "
                                                           + "permissions"), "\(opening)")
        #expect(opening.contains("jobs.0.runs-on          ubuntu-latest"))
        screen.type("jobs.1.timeout-minutes")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("jobs 2: timeout-minutes: 90", in: $0) } != nil)
        screen.press("BSpace", "BSpace")
        screen.type("60")
        screen.press("Enter")
        #expect(reviewShown(screen, holding: "jobs.1.timeout-minutes  60"))
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(screen.capture().contains("ci.yml: 1 edit written"))
        let diff = try git(["diff", "-U0", "--no-color"])
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-"))
                                                           && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(changed == ["-    timeout-minutes: 90", "+    timeout-minutes: 60"], "\(diff)")
        #expect(try contents(file) == workflow.replacing("timeout-minutes: 90", with: "timeout-minutes: 60"))
    }

    @Test("a value the schema refuses is named at FILE:LINE:COLUMN and asked first; then the review; one line written")
    func invalidAskedFirst() throws {
        let (scratch, file) = try setUp(Self.config.replacing("replicas: 2", with: "replicas: 0"))
        defer { scratch.cleanUp() }
        let screen = try start(scratch)
        defer { screen.kill() }
        let first = screen.waitFor("replicas: 0")
        #expect(first?.contains("The schema refuses a value of the file (asked first):\n"
                                + "  app.yaml:4:11: /replicas: must be at least 1") == true, "\(first ?? "")")
        #expect(first?.contains("Review:") == false)
        screen.press("BSpace")
        screen.type("3")
        screen.press("Enter")
        #expect(reviewShown(screen, holding: "2. replicas     3"))
        let review = latestScreen("Review:", in: screen.capture())
        // The file's values with their verdicts; a map's entries as items; no empty question listed.
        #expect(review.contains(" 1. name         web     ✓"), "\(review)")
        #expect(review.contains(" 8. env.0.value  1       ✓"), "\(review)")
        #expect(!review.contains("add-owner"))
        #expect(review.contains("Empty questions not listed: 1 (type a name"), "\(review)")
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try contents(file) == Self.config.replacing("replicas: 2", with: "replicas: 3"))
    }

    @Test("submitting with no answer changed writes nothing and says so (exit 0)")
    func noChange() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        let screen = try start(scratch)
        defer { screen.kill() }
        #expect(reviewShown(screen))
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(screen.capture().contains("app.yaml: no answer changed; nothing written"))
        #expect(try contents(file) == Self.config)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
                == ["app.yaml", "service.schema.json"])
    }

    @Test("Ctrl-C after an answer changed and an item removed: exit 130, the file untouched, the edits in the --draft")
    func ctrlC() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let screen = try start(scratch, " --draft edit-draft.json")
        defer { screen.kill() }
        #expect(reviewShown(screen))
        screen.type("env.1.value")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("env 2: Value: two", in: $0) } != nil)
        screen.press("BSpace", "BSpace", "BSpace")
        screen.type("three")
        screen.press("Enter")
        #expect(reviewShown(screen, holding: "env.1.value  three"))
        screen.type("-ports.0")
        screen.press("Enter")
        #expect(reviewShown(screen, holding: "5. ports.0      443"))
        screen.press("C-c")
        #expect(screen.waitForExit() == 130)
        #expect(try contents(file) == Self.config)
        #expect(try contents(scratch.path("edit-draft.json")) == """
            {"edits": [
              {"remove": "/ports/0", "was": 80},
              {"set": "/env/B", "value": "three", "was": "two"}
            ]}

            """)
        // The next run makes the draft's edits (the item stays removed), and writes them.
        let again = try start(scratch, " --draft edit-draft.json")
        defer { again.kill() }
        #expect(reviewShown(again, holding: "env.1.value  three"))
        #expect(again.capture().contains("Edits from the draft edit-draft.json, in the answers: /ports/0 (removed), /env/B"))
        #expect(!again.capture().contains("ports.1"))
        again.press("Enter")
        #expect(again.waitForExit() == 0)
        #expect(try contents(file) == Self.config.replacing("B: two", with: "B: three")
            .replacing("  - 80\n", with: ""))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("edit-draft.json")))
    }

    @Test("the file changed on disk meanwhile: nothing overwritten, exit 2, the answers kept for the next run")
    func changedUnderneath() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let screen = try start(scratch, width: 250)   // the messages on one line each
        defer { screen.kill() }
        #expect(reviewShown(screen))
        screen.type("replicas")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("replicas: 2", in: $0) } != nil)
        screen.press("BSpace")
        screen.type("5")
        screen.press("Enter")
        #expect(reviewShown(screen, holding: "replicas     5"))
        // Someone else edits the file meanwhile.
        let theirs = Self.config.replacing("debug: false", with: "debug: true")
        _ = try scratch.file("app.yaml", theirs)
        screen.press("Enter")
        #expect(screen.waitForExit() == 2)
        let said = screen.capture()
        #expect(said.contains("changed on disk since it was read"), "\(said)")
        #expect(said.contains("your changes are kept in app.yaml.draft.json; run `switchboard form --edit "
                              + "app.yaml --draft app.yaml.draft.json`"), "\(said)")
        #expect(try contents(file) == theirs)
        #expect(try contents(scratch.path("app.yaml.draft.json"))
                == "{\"edits\": [\n  {\"set\": \"/replicas\", \"value\": 5, \"was\": 2}\n]}\n")
        // The next run applies the kept answer to their version.
        let again = try start(scratch, " --draft app.yaml.draft.json")
        defer { again.kill() }
        #expect(reviewShown(again, holding: "replicas     5"))
        again.press("Enter")
        #expect(again.waitForExit() == 0)
        #expect(try contents(file) == theirs.replacing("replicas: 2", with: "replicas: 5"))
    }

    /// A generated compose file of `services` services (15 lines each).
    static func compose(_ services: Int) -> String {
        var lines = ["# yaml-language-server: $schema=compose-spec.json", "services:"]
        for index in 0..<services {
            lines += ["  svc\(index):", "    image: registry.example.com/svc\(index):1.\(index % 10)",
                      "    restart: unless-stopped", "    ports:", "      - \"\(8000 + index):80\"", "    environment:",
                      "      LOG_LEVEL: info", "    labels:", "      team: t\(index % 5)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `form --edit compose.yaml` in tmux over a generated compose file of `services` services, checked by
    /// SchemaStore's compose-spec; `then`: shell commands run after it. The scratch folder, the file's text and
    /// path, the screen.
    private func composeEdit(_ services: Int, then: String) throws -> (Scratch, String, String, TmuxScreen) {
        let schema = repositoryFile(".schema-suite/schemastore/compose-spec.json")
        try #require(FileManager.default.fileExists(atPath: schema), "run scripts/fetch-schema-suite.sh first")
        let scratch = try Scratch()
        try FileManager.default.copyItem(atPath: schema, toPath: scratch.path("compose-spec.json"))
        let original = Self.compose(services)
        let file = try scratch.file("compose.yaml", original)
        let screen = try TmuxScreen(command: "cd " + shellQuote(scratch.url.path) + " && "
                                    + shellQuote(try switchboardPath()) + " form --edit compose.yaml; " + then,
                                    width: 120, height: 40, environment: ["NO_COLOR": "1"])
        return (scratch, original, file, screen)
    }

    @Test("Ctrl-C right after Enter in the review (while the edit is checked): the terminal echoes again, and the file is written only if the form ended with 0")
    func ctrlCWhileChecking() throws {
        // After the form: its status, and whether the terminal echoes (stty's own word for it: echo or -echo).
        // (On a line of its own: a form ended by Ctrl-C may leave the cursor after its prompt. A Ctrl-C that comes
        // after the form ended is ignored by what follows it: the shell's builtins until then catch it.)
        let (scratch, original, file, screen) = try composeEdit(333, then: "s=$?; trap '' INT; echo; echo status=$s; "
                                                                + "stty -a | tr ' ' '\\n' | grep -x -- '-*echo'")
        defer { scratch.cleanUp() }
        defer { screen.kill() }
        // The review is longer than the screen: its end, with the last service's answers, is what shows.
        let atReview = { (text: String) in
            screen.waitUntil { shown in
                shown.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("Enter to submit:")
                    && shown.contains(text)
            } != nil
        }
        #expect(atReview("services.332.image"))
        screen.type("services.332.image")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("services 333: image: registry", in: $0) } != nil)
        screen.press("C-u")
        screen.type("registry.example.com/svc332:2.0")
        screen.press("Enter")
        #expect(atReview("registry.example.com/svc332:2.0"))
        // Enter; once the review's line is done (the cursor at the start of the next row: no field reads now, and
        // the whole edited document is being checked), Ctrl-C.
        // (The review's prompt is at the bottom row: the screen scrolls, so the column tells, not the row.) Where the
        // check is over before the key comes, the form has written the file and ended with 0: that is checked too.
        screen.press("Enter")
        _ = screen.waitUntil { _ in screen.cursor().column == 0 }
        screen.press("C-c")
        let ended = screen.waitFor("[exit ")
        let lines = (ended ?? "").split(separator: "\n").map(String.init)
        let status = lines.first { $0.hasPrefix("status=") }.map { String($0.dropFirst("status=".count)) }
        #expect(lines.contains("echo"), "the terminal does not echo: \(ended ?? screen.capture())")
        if status == "0" {
            #expect(try contents(file) == original.replacing("svc332:1.2", with: "svc332:2.0"))
        } else {
            #expect(status == "130", "\(ended ?? "")")
            #expect(try contents(file) == original)
        }
    }

    @Test("Tab in the review completes the name of a held item's empty question and the list commands (worked out on Tab); named, it is asked")
    func tabCompletesHeldItemQuestion() throws {
        let (scratch, original, file, screen) = try composeEdit(40, then: "echo status=$?")
        defer { scratch.cleanUp() }
        defer { screen.kill() }
        #expect(screen.waitUntil { shown in
            shown.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("Enter to submit:")
                && shown.contains("services.39.image")
        } != nil)
        // The list commands too.
        screen.type("+servi")
        screen.press("Tab")
        #expect(screen.waitUntil { $0.contains("Enter to submit: +services") } != nil, "\(screen.capture())")
        screen.press("C-u")
        screen.type("services.7.privil")
        screen.press("Tab")
        #expect(screen.waitUntil { $0.contains("Enter to submit: services.7.privileged") } != nil, "\(screen.capture())")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("services 8: privileged", in: $0) } != nil, "\(screen.capture())")
        screen.press("C-c")
        #expect(screen.waitFor("status=130") != nil)
        #expect(try contents(file) == original)
    }

    @Test("--draft naming the edited file or a file that is not a draft: refused (exit 2), both files untouched")
    func draftNotADraft() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let notes = try scratch.file("notes.txt", "important: data\n")
        for draft in ["app.yaml", "notes.txt"] {
            let screen = try start(scratch, " --draft " + draft)
            defer { screen.kill() }
            // Before, the edited file was removed by the submit (its edits written, then the "draft" removed) and
            // replaced by the draft's JSON on Ctrl-C; notes.txt was removed by a submit with no change.
            #expect(screen.waitForExit() == 2, "\(screen.capture())")
            #expect(screen.capture().contains(draft == "app.yaml" ? "is the file being edited" : "does not hold a form's edits"))
        }
        #expect(try contents(file) == Self.config)
        #expect(try contents(notes) == "important: data\n")
    }

    @Test("a draft whose edits do not apply to the file as it is now is left as it is, after a submit too")
    func unusedDraftKept() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let saved = "{\"edits\": [\n  {\"remove\": \"/env/GONE\"}\n]}\n"
        let draft = try scratch.file("edit-draft.json", saved)
        let screen = try start(scratch, " --draft edit-draft.json")
        defer { screen.kill() }
        #expect(reviewShown(screen))
        #expect(screen.capture().contains("is not used, and left as it is"))
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        // Before, the submit with no change removed it.
        #expect(try contents(draft) == saved)
        #expect(try contents(file) == Self.config)
    }

    @Test("a draft resumed over a file changed where it edits (an item added before the edited one): not used, left as it is")
    func draftOverChangedValue() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let screen = try start(scratch, " --draft edit-draft.json")
        defer { screen.kill() }
        #expect(reviewShown(screen))
        screen.type("ports.1")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("ports 2: 443", in: $0) } != nil)
        screen.press("C-u")
        screen.type("8443")
        screen.press("Enter")
        #expect(reviewShown(screen, holding: "ports.1      8443"))
        screen.press("C-c")
        #expect(screen.waitForExit() == 130)
        let saved = try contents(scratch.path("edit-draft.json"))
        // A teammate adds a port before it: the draft's /ports/1 is now their port.
        let theirs = Self.config.replacing("  - 80\n", with: "  - 80\n  - 8080\n")
        _ = try scratch.file("app.yaml", theirs)
        let again = try start(scratch, " --draft edit-draft.json")
        defer { again.kill() }
        #expect(reviewShown(again))
        #expect(again.capture().contains("is not used, and left as it is"), "\(again.capture())")
        #expect(again.capture().contains("the file changed at \"/ports/1\""), "\(again.capture())")
        again.press("Enter")
        #expect(again.waitForExit() == 0)
        // Before, the teammate's 8080 was written over with 8443.
        #expect(try contents(file) == theirs)
        #expect(try contents(scratch.path("edit-draft.json")) == saved)
    }
}
