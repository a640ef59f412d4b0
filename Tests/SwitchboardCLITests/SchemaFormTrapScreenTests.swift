// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Issue 38, item 1: `form --schema github-workflow.json` trapped the user: Enter at the review said
// `(document): must have the property "jobs"` and showed the review again; no question asked `jobs`, `+jobs` was
// refused, only Ctrl-C left. A required map is now asked entry by entry; one the form cannot ask refuses the schema.

@Suite("form --schema: never a review that cannot be left (tmux)")
struct SchemaFormTrapScreenTests {
    @Test("a required map of jobs: asked entry by entry (name, then the job's questions), submitted as an object")
    func requiredMapAsked() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("wf.json", #"""
            {"type": "object", "required": ["on", "jobs"], "properties": {
              "on": {"title": "On", "enum": ["push", "pull_request"]},
              "jobs": {"type": "object", "title": "Jobs", "minProperties": 1, "additionalProperties": false,
                       "patternProperties": {"^[_a-zA-Z][a-zA-Z0-9_-]*$": {"type": "object", "required": ["runs-on"],
                         "properties": {"runs-on": {"type": "string", "title": "Runs on"},
                                        "timeout-minutes": {"type": "integer", "title": "Timeout"}}}}}}}
            """#)
        let output = scratch.path("out.json")
        let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form --schema " + shellQuote(schema)
                                    + " > " + shellQuote(output), width: 100, height: 40, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        #expect(screen.waitFor("› push") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Jobs 1: Name:") != nil)               // the map's first entry: its name
        screen.type("9build")
        #expect(screen.waitFor("must match the pattern") != nil)      // patternProperties' pattern, live
        screen.press("Home")
        screen.press("Delete")
        screen.press("Enter")
        #expect(screen.waitFor("Jobs 1: Runs on:") != nil)             // then the job's own questions
        screen.type("ubuntu-latest")
        screen.press("Enter")
        #expect(screen.waitFor("Jobs 1: Timeout:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Jobs 2: Name:") != nil)
        screen.press("Enter")                                          // ends the map
        #expect(screen.waitFor("Enter to submit:") != nil)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)                             // not trapped: submitted
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            {
              "on": "push",
              "jobs": {
                "build": {
                  "runs-on": "ubuntu-latest"
                }
              }
            }

            """)
    }

    @Test("a required property the form cannot ask: refused before the first question, named, exit 2")
    func unaskableRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("ro.json", #"{"type": "object", "required": ["id"], "properties": {"#
            + #""name": {"title": "Name"}, "id": {"type": "string", "readOnly": true}}}"#)
        let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form --schema " + shellQuote(schema)
                                    + "; echo \"exit $?\"", width: 200, height: 20, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        let shown = screen.waitFor("exit 2")
        #expect(shown?.contains(#"the required property "id" cannot be asked: it is readOnly"#) == true, "\(shown ?? "")")
        #expect(shown?.contains("Name:") == false)
    }
}
