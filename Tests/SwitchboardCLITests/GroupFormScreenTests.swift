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

/// A YAML spec with a group and lists (Examples/groups/deploy.yaml), asked in tmux: the group's title, items one
/// by one, the review showing paths, items added, removed and edited from the review, nested JSON out.
@Suite("groups and repeats in tmux")
struct GroupFormScreenTests {
    @Test("items are asked one by one and added, removed and edited from the review; the output is nested")
    func groupsAndRepeats() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let output = scratch.path("out.json")
        let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form "
                                    + shellQuote(example("groups/deploy.yaml")) + " > " + shellQuote(output),
                                    width: 100, height: 60, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        #expect(screen.waitFor("App name:") != nil)
        screen.type("shop")
        screen.press("Enter")
        #expect(screen.waitFor("Server\n") != nil)   // the group's title, then its questions
        #expect(screen.waitFor("Host:") != nil)
        screen.type("db.example.com")
        screen.press("Enter")
        #expect(screen.waitFor("Port:") != nil)
        screen.type("8080")
        screen.press("Enter")
        #expect(screen.waitFor("(Enter on an empty answer ends Tags)") != nil)
        #expect(screen.waitFor("Tags 1:") != nil)
        screen.type("web")
        screen.press("Enter")
        #expect(screen.waitFor("Tags 2:") != nil)
        screen.press("Enter")                          // an empty answer ends the list
        #expect(screen.waitFor("Users 1: Name:") != nil)
        screen.press("Enter")                          // min: 1: the first user cannot be skipped
        #expect(screen.waitFor("must not be empty") != nil)
        screen.type("ada")
        screen.press("Enter")
        #expect(screen.waitFor("Users 1: Admin (yes/no):") != nil)
        screen.type("yes")
        screen.press("Enter")
        #expect(screen.waitFor("Users 2: Name:") != nil)
        screen.press("Enter")
        let first = screen.waitFor("Enter to submit:")
        #expect(latest("Review:", in: first) == """
            Review:
              1. app            shop            ✓
              2. server.host    db.example.com  ✓
              3. server.port    8080            ✓
              4. tags.0         web             ✓
              5. users.0.name   ada             ✓
              6. users.0.admin  yes             ✓
            +tags adds an item, -tags.N removes item N
            Number or name to edit, Enter to submit:
            """)

        // Add a user from the review.
        screen.type("+users")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("Users 2: Name:", in: $0) } != nil)
        screen.type("bob")
        screen.press("Enter")
        #expect(screen.waitFor("Users 2: Admin (yes/no):") != nil)
        screen.type("no")
        screen.press("Enter")
        #expect(screen.waitUntil { latest("Review:", in: $0).contains("users.1.name   bob") && latest("Review:", in: $0).hasSuffix("Enter to submit:") } != nil)

        // Remove the tag and the first user (bob moves up), then edit bob's name.
        screen.press("-")                              // (a leading - would be an option of send-keys)
        screen.type("tags.0")
        screen.press("Enter")
        #expect(screen.waitUntil { review in
            let shown = latest("Review:", in: review)
            return shown.contains("users.1.name") && !shown.contains("tags.0")
                && shown.hasSuffix("Enter to submit:")
        } != nil)
        screen.press("-")
        screen.type("users.0")
        screen.press("Enter")
        #expect(screen.waitUntil { review in
            let shown = latest("Review:", in: review)
            return shown.contains("users.0.name   bob") && !shown.contains("users.1")
                && shown.hasSuffix("Enter to submit:")
        } != nil)
        screen.press("-")
        screen.type("users.0")                          // the last user: refused live, at the minimum
        #expect(screen.waitFor("users cannot lose an item: it needs at least 1.") != nil)
        screen.press("C-u")
        screen.type("users.0.name")
        screen.press("Enter")
        #expect(screen.waitFor("Users 1: Name: bob") != nil)   // renumbered: bob is the first user now
        screen.press("C-u")
        screen.type("cy")
        screen.press("Enter")
        let last = screen.waitUntil { latest("Review:", in: $0).contains("users.0.name   cy") && latest("Review:", in: $0).hasSuffix("Enter to submit:") }
        #expect(latest("Review:", in: last) == """
            Review:
              1. app            shop            ✓
              2. server.host    db.example.com  ✓
              3. server.port    8080            ✓
              4. users.0.name   cy              ✓
              5. users.0.admin  no              ✓
            +tags adds an item, -tags.N removes item N
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            {
              "app": "shop",
              "server": {
                "host": "db.example.com",
                "port": 8080
              },
              "tags": [],
              "users": [
                {
                  "name": "cy",
                  "admin": false
                }
              ]
            }

            """)
    }

    @Test("headless: nested JSON in, nested YAML out; --output env is refused for nested answers")
    func headless() throws {
        let input = """
            {"app": "shop", "server": {"host": "h1", "port": 22}, "tags": ["a"], "users": [{"name": "u", "admin": "no"}]}
            """
        let run = try switchboard(["form", example("groups/deploy.yaml"), "--output", "yaml"], input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            app: "shop"
            server:
              host: "h1"
              port: 22
            tags:
              - "a"
            users:
              - name: "u"
                admin: false

            """)
        let bad = try switchboard(["form", example("groups/deploy.yaml")],
                                  input: #"{"app": "shop", "server": {"host": "h1", "port": 70000}, "users": []}"#)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("server.port"))
        #expect(bad.stderr.contains("users: needs at least 1 item"))
        let env = try switchboard(["form", example("groups/deploy.yaml"), "--output", "env"], input: input)
        #expect(env.status == 2)
        #expect(env.stderr.contains("--output env writes flat NAME='value' lines"))
        #expect(env.stderr.contains("group server, repeat tags, repeat users"))
    }
}
