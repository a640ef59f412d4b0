// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// `switchboard form --schema` in tmux: `if`/`then`/`else` shown and hidden live through the review, an `if` the
// spec conditions say (several properties' constants, `required`) and one the validator decides (a bound).

private let conditionSchema = """
    {
      "type": "object",
      "required": ["environment", "public"],
      "properties": {
        "environment": {"title": "Environment", "enum": ["dev", "prod"]},
        "public": {"type": "boolean", "title": "Public"},
        "network": {
          "type": "object", "title": "Network",
          "properties": {"proxy": {"type": "string", "title": "Proxy"}},
          "if": {"required": ["proxy"]},
          "then": {"properties": {"proxy-port": {"type": "integer", "title": "Proxy port"}}, "required": ["proxy-port"]},
          "else": {"properties": {"direct": {"type": "boolean", "title": "Direct"}}}
        }
      },
      "if": {"properties": {"environment": {"const": "prod"}, "public": {"const": true}},
             "required": ["environment", "public"]},
      "then": {"properties": {"oncall": {"type": "string", "title": "On-call email"}}, "required": ["oncall"]},
      "else": {"properties": {"note": {"type": "string", "title": "Note"}}}
    }
    """

/// An `if` on a bound: decided by the validator on the answers so far.
private let portSchema = #"""
    {"type": "object", "required": ["port"],
     "properties": {"port": {"type": "integer", "title": "Port"}, "name": {"type": "string", "title": "Name"}},
     "if": {"properties": {"port": {"maximum": 1023}}, "required": ["port"]},
     "then": {"properties": {"reason": {"type": "string", "title": "Why a privileged port"}}, "required": ["reason"]},
     "else": {"properties": {"user": {"type": "string", "title": "User"}}}}
    """#

@Suite("form --schema in tmux: if/then/else live")
struct SchemaFormConditionScreenTests {
    @Test("if on two properties and if on required: then's and else's properties shown and hidden live")
    func conditions() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (screen, output) = try schemaFormScreen(conditionSchema, scratch)
        defer { screen.kill() }
        #expect(screen.waitFor("› dev\n  prod") != nil)
        screen.press("Down")
        screen.press("Enter")
        #expect(screen.waitFor("Public [y/n]") != nil)
        screen.press("y")
        #expect(screen.waitFor("Add Network? [y/N]") != nil)
        screen.press("y")
        #expect(screen.waitFor("Network\nProxy:") != nil)
        screen.type("proxy1")
        screen.press("Enter")
        #expect(screen.waitFor("Proxy port:") != nil)        // if: {required: [proxy]} holds
        screen.type("3128")
        screen.press("Enter")
        #expect(screen.waitFor("On-call email:") != nil)     // environment prod and public: the if holds
        screen.type("ops@example.com")
        screen.press("Enter")
        let first = screen.waitFor("Enter to submit:")
        #expect(latestScreen("Review:", in: first) == """
            Review:
              1. environment         prod             ✓
              2. public              yes              ✓
              3. add-network         yes              ✓
              4. network.proxy       proxy1           ✓
              5. network.proxy-port  3128             ✓
              6. oncall              ops@example.com  ✓
            Number or name to edit, Enter to submit:
            """)
        screen.type("public")                                // one of the two no longer holds: else
        screen.press("Enter")
        #expect(screen.waitFor("Public [Y/n]") != nil)
        screen.press("n")
        #expect(screen.waitFor("Public [Y/n] no\nNote:") != nil)
        screen.type("quiet")
        screen.press("Enter")
        #expect(screen.waitUntil { latestScreen("Review:", in: $0).contains("note ") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") } != nil)
        screen.type("network.proxy")                         // no proxy: its port hidden, direct asked
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("Proxy: proxy1", in: $0) } != nil)
        screen.press("C-u")
        screen.press("Enter")
        #expect(screen.waitFor("Direct (yes/no):") != nil)   // optional, no default: typed, may be left empty
        screen.type("y")
        screen.press("Enter")
        let second = screen.waitUntil { latestScreen("Review:", in: $0).contains("network.direct") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") }
        #expect(latestScreen("Review:", in: second) == """
            Review:
              1. environment     prod   ✓
              2. public          no     ✓
              3. add-network     yes    ✓
              4. network.proxy          ✓
              5. network.direct  yes    ✓
              6. note            quiet  ✓
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            {
              "environment": "prod",
              "public": false,
              "network": {
                "direct": true
              },
              "note": "quiet"
            }

            """)
    }

    @Test("an if on a bound, decided by the validator: then's question asked, else's once the answer changes")
    func validatorIf() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (screen, output) = try schemaFormScreen(portSchema, scratch)
        defer { screen.kill() }
        #expect(screen.waitFor("Port:") != nil)
        screen.type("80")
        screen.press("Enter")
        #expect(screen.waitFor("Name:") != nil)
        screen.type("web")
        screen.press("Enter")
        #expect(screen.waitFor("Why a privileged port:") != nil)   // port <= 1023: the if holds
        screen.type("legacy")
        screen.press("Enter")
        let first = screen.waitFor("Enter to submit:")
        #expect(latestScreen("Review:", in: first) == """
            Review:
              1. port    80      ✓
              2. name    web     ✓
              3. reason  legacy  ✓
            Number or name to edit, Enter to submit:
            """)
        screen.type("port")
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("Port: 80", in: $0) } != nil)
        screen.type("80")
        screen.press("Enter")
        #expect(screen.waitFor("Port: 8080\nUser:") != nil)           // no longer: else's question asked
        screen.type("bob")
        screen.press("Enter")
        let second = screen.waitUntil { latestScreen("Review:", in: $0).contains("user") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") }
        #expect(latestScreen("Review:", in: second) == """
            Review:
              1. port  8080  ✓
              2. name  web   ✓
              3. user  bob   ✓
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8)
                == "{\n  \"port\": 8080,\n  \"name\": \"web\",\n  \"user\": \"bob\"\n}\n")
    }
}
