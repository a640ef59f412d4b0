// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// `switchboard form --schema S --draft d.json`: list items typed before Ctrl-C come back in the next run (issue 38:
// the draft held `routes.0.path`, the next run asked "Routes 1: Path:" empty and submitting dropped the list).

private let schema = #"""
    {"type": "object", "required": ["name", "db"], "properties": {
      "name": {"type": "string", "title": "Name"},
      "db": {"type": "object", "title": "Database", "required": ["hosts"], "properties": {
        "hosts": {"type": "array", "title": "Hosts", "items": {"type": "string"}}}},
      "routes": {"type": "array", "title": "Routes", "items": {"type": "object", "required": ["path"], "properties": {
        "path": {"type": "string", "title": "Path"}, "weight": {"type": "integer", "title": "Weight"}}}}}}
    """#

@Suite("form --schema --draft resumes list items")
struct SchemaDraftResumeTests {
    private func run(in directory: String) throws -> PtySession {
        try PtySession("/bin/sh", arguments: ["-c", "cd \"$1\" && exec \"$0\" form --schema s.json --draft d.json",
                                              try switchboardPath(), directory],
                       environment: ["NO_COLOR": "1"], captureStdout: true)
    }

    @Test("a route and a nested list's hosts typed, Ctrl-C, run again: they are resumed and written")
    func resumesItems() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("s.json", schema)
        let first = try run(in: scratch.url.path)
        #expect(first.waitFor("Name: "))
        first.send("shop\r")
        #expect(first.waitFor("Hosts 1: "))
        first.send("db1\r")
        #expect(first.waitFor("Hosts 2: "))
        first.send("\r")
        #expect(first.waitFor("Routes 1: Path: "))
        first.send("/api\r")
        #expect(first.waitFor("Routes 1: Weight: "))
        first.send("2\r")
        #expect(first.waitFor("Routes 2: Path: "))
        first.send("\u{03}")
        #expect(first.waitForExit() == .exited(130))
        let draft = try String(contentsOfFile: scratch.path("d.json"), encoding: .utf8)
        #expect(draft.contains("\"routes.0.path\": \"/api\"") && draft.contains("\"db.hosts.0\": \"db1\""), "\(draft)")

        let again = try run(in: scratch.url.path)
        #expect(again.waitFor("Resuming from d.json"))
        #expect(again.waitFor("Hosts 2: "))                   // the hosts typed are kept: the next one is asked
        again.send("\r")
        #expect(again.waitFor("Routes 2: Path: "))             // the route typed is kept: the next one is asked
        again.send("\r")
        #expect(again.waitFor("Enter to submit"))
        again.send("\r")
        #expect(again.waitForExit() == .exited(0))
        let written = try JSONSerialization.jsonObject(with: Data(again.stdoutText.utf8)) as? NSDictionary
        let expected: NSDictionary = ["name": "shop", "db": ["hosts": ["db1"]], "routes": [["path": "/api", "weight": 2]]]
        #expect(written == expected, "\(again.stdoutText)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("d.json")))
    }
}
