// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// The rows of the screen from the last one starting with `marker` on.
private func latest(_ marker: String, in screen: String?) -> String {
    guard let screen else { return "" }
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = rows.lastIndex(where: { $0.hasPrefix(marker) }) else { return "" }
    var shown = Array(rows[start...])
    while shown.last == "" { shown.removeLast() }
    return shown.joined(separator: "\n")
}

/// `switchboard form --schema Examples/schema/service.schema.json` in tmux: the schema's keywords live while
/// typing, a nested object under its title, a list of objects asked and added to from the review, and the
/// schema's if/then failing on submit, sent back to its question.
@Suite("form --schema in tmux")
struct SchemaFormScreenTests {
    @Test("a schema's form: bounds and pattern live, groups, items, a submit failure back to its question")
    func serviceSchema() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let output = scratch.path("out.json")
        let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form --schema "
                                    + shellQuote(example("schema/service.schema.json")) + " > " + shellQuote(output),
                                    width: 100, height: 60, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        #expect(screen.waitFor("Service name:") != nil)          // the title as the prompt; readOnly id not asked
        screen.type("Shop")
        #expect(screen.waitFor("must match the pattern") != nil) // the pattern, live
        screen.press("BSpace", "BSpace", "BSpace", "BSpace")
        screen.type("shop")
        screen.press("Enter")
        #expect(screen.waitFor("Port: 8080") != nil)             // the default, pre-filled
        screen.type("0")
        #expect(screen.waitFor("must be a whole number from 1 to 65535") != nil)   // the bounds, live
        screen.press("BSpace")
        screen.press("Enter")
        #expect(screen.waitFor("› dev") != nil)                  // the enum as a list
        screen.type("prod")
        screen.press("Enter")
        #expect(screen.waitFor("Public (yes/no):") != nil)       // an optional boolean: typed yes/no, may be empty
        screen.type("y")
        screen.press("Enter")
        #expect(screen.waitFor("Contact email:") != nil)
        screen.press("Enter")                                    // optional: left empty (the if/then wants it)
        #expect(screen.waitFor("Regions:") != nil)               // an array of enums as a multi-select
        screen.press("Tab")
        screen.press("Enter")
        #expect(screen.waitFor("Database\nHost:") != nil)        // a nested object under its title
        screen.type("db1")
        screen.press("Enter")
        #expect(screen.waitFor("Replicas:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Routes 1: Path:") != nil)        // an array of objects, item by item
        screen.type("/api")
        screen.press("Enter")
        #expect(screen.waitFor("Routes 1: Weight:") != nil)
        screen.type("2")
        screen.press("Enter")
        #expect(screen.waitFor("Routes 2: Path:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Enter to submit:") != nil)
        screen.type("+routes")                                   // another route from the review
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("Routes 2: Path:", in: $0) } != nil)
        screen.type("/web")
        screen.press("Enter")
        #expect(screen.waitFor("Routes 2: Weight:") != nil)
        screen.press("Enter")
        #expect(screen.waitUntil { latest("Review:", in: $0).contains("routes.1.path      /web") && latest("Review:", in: $0).hasSuffix("Enter to submit:") } != nil)
        screen.type("routes.0.weight")                          // an item's answer edited from the review
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("Routes 1: Weight: 2", in: $0) } != nil)
        screen.press("BSpace")
        screen.type("5")
        screen.press("Enter")
        let review = screen.waitUntil { latest("Review:", in: $0).contains("routes.0.weight    5") && latest("Review:", in: $0).hasSuffix("Enter to submit:") }
        #expect(latest("Review:", in: review) == """
            Review:
               1. name               shop  ✓
               2. port               8080  ✓
               3. environment        prod  ✓
               4. public             yes   ✓
               5. contact                  ✓
               6. regions            eu    ✓
               7. database.host      db1   ✓
               8. database.replicas        ✓
               9. routes.0.path      /api  ✓
              10. routes.0.weight    5     ✓
              11. routes.1.path      /web  ✓
              12. routes.1.weight          ✓
            +routes adds an item, -routes.N removes item N
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")                                    // the schema refuses: prod needs a contact
        #expect(screen.waitFor("contact: is required\nContact email:") != nil)
        screen.type("ops@example.com")
        screen.press("Enter")
        #expect(screen.waitUntil { latest("Review:", in: $0).contains("contact            ops@example.com") && latest("Review:", in: $0).hasSuffix("Enter to submit:") } != nil)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            {
              "name": "shop",
              "port": 8080,
              "environment": "prod",
              "public": true,
              "contact": "ops@example.com",
              "regions": [
                "eu"
              ],
              "database": {
                "host": "db1"
              },
              "routes": [
                {
                  "path": "/api",
                  "weight": 5
                },
                {
                  "path": "/web"
                }
              ]
            }

            """)
    }

    @Test("an optional choice can be left unanswered: its first row, highlighted, leaves the property out")
    func optionalChoiceLeftOut() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("opt.json", """
            {"type": "object", "required": ["size"], "properties": {
              "level": {"title": "Level", "enum": ["low", "high"]},
              "include": {"title": "Include", "const": "scope"},
              "size": {"title": "Size", "enum": ["s", "m"]},
              "mode": {"title": "Mode", "enum": ["fast", "safe"], "default": "safe"}}}
            """)
        let output = scratch.path("out.json")
        let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form --schema " + shellQuote(schema)
                                    + " > " + shellQuote(output), width: 80, height: 30, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        #expect(screen.waitFor("› (no answer)\n  low\n  high") != nil)   // optional: the no-answer row first
        screen.press("Enter")
        #expect(screen.waitFor("› (no answer)\n  scope") != nil)          // a const too
        screen.press("Down")
        screen.press("Enter")
        #expect(screen.waitFor("› s\n  m") != nil)                        // required: no such row
        screen.press("Enter")
        #expect(screen.waitFor("  (no answer)\n  fast\n› safe") != nil)  // a default stays highlighted
        screen.press("Enter")
        #expect(screen.waitFor("Enter to submit:") != nil)
        screen.type("level")                                              // picked from the review after all
        screen.press("Enter")
        #expect(screen.waitFor("› (no answer)") != nil)
        screen.press("Down", "Down")
        screen.press("Enter")
        #expect(screen.waitUntil { latest("Review:", in: $0).contains("level    high") && latest("Review:", in: $0).hasSuffix("Enter to submit:") } != nil)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            {
              "level": "high",
              "include": "scope",
              "size": "s",
              "mode": "safe"
            }

            """)
    }

    @Test("at a terminal, a schema that maps to questions but does not compile is refused before the first question: exit 2, named")
    func compileFailureBeforeAsking() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // The form maps (it has a property to ask); the validator, compiled meanwhile, refuses the root's keyword.
        let schema = try scratch.file("bad.json", #"{"type": "object", "minProperties": -1, "properties": {"name": {"title": "Name"}}}"#)
        let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form --schema " + shellQuote(schema)
                                    + "; echo \"exit $?\"", width: 100, height: 20, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        let shown = screen.waitFor("exit 2")
        #expect(shown?.contains("bad.json: #/minProperties") == true)
        #expect(shown?.contains("Name:") == false)
    }
}
