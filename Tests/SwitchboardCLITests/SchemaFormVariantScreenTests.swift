// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// `switchboard form --schema` in tmux for what issue 29 lists beside the service example: variants picked (by a
// `const` discriminator and by title), objects inside an array's items, an optional object holding a list.

/// The rows of the screen from the last one starting with `marker` on.
func latestScreen(_ marker: String, in screen: String?) -> String {
    guard let screen else { return "" }
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = rows.lastIndex(where: { $0.hasPrefix(marker) }) else { return "" }
    var shown = Array(rows[start...])
    while shown.last == "" { shown.removeLast() }
    return shown.joined(separator: "\n")
}

/// Whether a row below the latest review's input line starts with `prompt`: the question asked again from the
/// review. The same text above that line (from when the question was first asked) does not count: a wait satisfied
/// by it would type the next keys while the form goes from the review to the question, where the terminal is
/// cooked and takes Backspace, Ctrl-U and Enter as its own editing keys.
func askedAfterReview(_ prompt: String, in screen: String, review: String = "Number or name to edit") -> Bool {
    latestScreen(review, in: screen).split(separator: "\n").dropFirst().contains { $0.hasPrefix(prompt) }
}

/// A form of `schema` in tmux writing its document to `out.json` in `scratch`.
func schemaFormScreen(_ schema: String, _ scratch: Scratch) throws -> (TmuxScreen, String) {
    let file = try scratch.file("schema.json", schema)
    let output = scratch.path("out.json")
    let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form --schema " + shellQuote(file)
                                + " > " + shellQuote(output), width: 100, height: 50, environment: ["NO_COLOR": "1"])
    return (screen, output)
}

private let paymentSchema = """
    {
      "type": "object",
      "required": ["name", "payment"],
      "properties": {
        "name": {"type": "string", "title": "Name"},
        "payment": {
          "title": "Payment",
          "oneOf": [
            {"title": "Card", "type": "object", "required": ["method", "number"],
             "properties": {"method": {"const": "card", "title": "Method"},
                            "number": {"type": "string", "title": "Card number", "pattern": "^[0-9]{4}$"}}},
            {"$ref": "#/$defs/bank"}
          ]
        }
      },
      "$defs": {"bank": {"title": "Bank", "type": "object", "required": ["method", "iban"],
                         "properties": {"method": {"const": "bank"}, "iban": {"type": "string", "title": "IBAN"},
                                        "days": {"type": "integer", "title": "Days"}}}}
    }
    """



private let titledVariantSchema = """
    {
      "type": "object",
      "required": ["name", "connection"],
      "properties": {
        "name": {"type": "string", "title": "Name"},
        "connection": {
          "title": "Connection",
          "oneOf": [
            {"title": "TCP", "type": "object", "required": ["host", "tls"], "additionalProperties": false,
             "properties": {"host": {"type": "string", "title": "Host"},
                            "port": {"type": "integer", "title": "Port", "minimum": 1, "maximum": 65535},
                            "tls": {"type": "object", "title": "TLS", "required": ["cert"],
                                    "properties": {"cert": {"type": "string", "title": "Certificate"}}}}},
            {"type": "object", "required": ["socket"], "additionalProperties": false,
             "properties": {"socket": {"type": "string", "title": "Socket path", "pattern": "^/"}}}
          ]
        }
      }
    }
    """

private let itemObjectSchema = """
    {
      "type": "object",
      "properties": {
        "servers": {
          "type": "array", "title": "Servers",
          "items": {
            "type": "object", "required": ["name", "address"],
            "properties": {
              "name": {"type": "string", "title": "Name"},
              "address": {"type": "object", "title": "Address", "required": ["host"],
                          "properties": {"host": {"type": "string", "title": "Host"},
                                         "port": {"type": "integer", "title": "Port", "minimum": 1}}},
              "owner": {"type": "object", "title": "Owner", "required": ["email"],
                        "properties": {"email": {"type": "string", "title": "Email", "format": "email"}}}
            }
          }
        }
      }
    }
    """

/// An optional object holding a list, and a variant holding a list.
private let deploySchema = """
    {
      "type": "object",
      "required": ["name", "notify"],
      "properties": {
        "name": {"type": "string", "title": "Name"},
        "deploy": {"type": "object", "title": "Deploy", "required": ["hosts"],
                   "properties": {"strategy": {"title": "Strategy", "enum": ["rolling", "all"]},
                                  "hosts": {"type": "array", "title": "Hosts", "minItems": 1,
                                            "items": {"type": "string", "title": "Host"}}}},
        "notify": {"title": "Notify", "oneOf": [
          {"title": "Mail", "type": "object", "required": ["to"], "additionalProperties": false,
           "properties": {"to": {"type": "array", "title": "To", "items": {"type": "string", "format": "email"}}}},
          {"title": "Off", "type": "object", "additionalProperties": false, "properties": {"reason": {"type": "string", "title": "Reason"}}}
        ]}
      }
    }
    """

@Suite("form --schema in tmux: variants, objects in items, conditions")
struct SchemaFormVariantScreenTests {
    @Test("a variant picked by its const discriminator: only its properties asked and written")
    func discriminator() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (screen, output) = try schemaFormScreen(paymentSchema, scratch)
        defer { screen.kill() }
        #expect(screen.waitFor("Name:") != nil)
        screen.type("Ada")
        screen.press("Enter")
        #expect(screen.waitFor("Payment\nMethod:\n↑↓ move · Enter picks\n› card\n  bank") != nil)   // the constants
        screen.press("Down")
        screen.press("Enter")
        #expect(screen.waitFor("Method: bank\nIBAN:") != nil)   // the bank's properties, not the card's
        screen.type("DE89")
        screen.press("Enter")
        #expect(screen.waitFor("Days:") != nil)
        screen.type("30")
        screen.press("Enter")
        let review = screen.waitFor("Enter to submit:")
        #expect(latestScreen("Review:", in: review) == """
            Review:
              1. name            Ada   ✓
              2. payment.method  bank  ✓
              3. payment.iban    DE89  ✓
              4. payment.days    30    ✓
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8)
                == "{\n  \"name\": \"Ada\",\n  \"payment\": {\n    \"method\": \"bank\",\n    \"iban\": \"DE89\",\n"
                + "    \"days\": 30\n  }\n}\n")
    }

    @Test("variants without a discriminator: picked by title (or their properties), changed from the review")
    func byTitle() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (screen, output) = try schemaFormScreen(titledVariantSchema, scratch)
        defer { screen.kill() }
        #expect(screen.waitFor("Name:") != nil)
        screen.type("db")
        screen.press("Enter")
        #expect(screen.waitFor("Connection\nConnection:\n↑↓ move · Enter picks\n› TCP\n  socket") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Connection: TCP\nHost:") != nil)
        screen.type("db1")
        screen.press("Enter")
        #expect(screen.waitFor("Port:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("TLS\nCertificate:") != nil)      // an object inside the variant, under its title
        screen.type("/etc/c.pem")
        screen.press("Enter")
        let first = screen.waitFor("Enter to submit:")
        #expect(latestScreen("Review:", in: first) == """
            Review:
              1. name                 db          ✓
              2. connection.variant   TCP         ✓
              3. connection.host      db1         ✓
              4. connection.port                  ✓
              5. connection.tls.cert  /etc/c.pem  ✓
            Number or name to edit, Enter to submit:
            """)
        screen.type("connection.variant")                       // the other variant, from the review
        screen.press("Enter")
        #expect(screen.waitFor("› TCP\n  socket") != nil)
        screen.press("Down")
        screen.press("Enter")
        #expect(screen.waitFor("Connection: socket\nSocket path:") != nil)
        screen.type("run")
        #expect(screen.waitFor("must match the pattern") != nil) // the variant's own rules, live
        screen.press("C-u")
        screen.type("/run/db.sock")
        screen.press("Enter")
        let second = screen.waitUntil { latestScreen("Review:", in: $0).contains("connection.socket") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") }
        #expect(latestScreen("Review:", in: second) == """
            Review:
              1. name                db            ✓
              2. connection.variant  socket        ✓
              3. connection.socket   /run/db.sock  ✓
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        // The pick is not a property: only the socket variant's properties are written.
        #expect(try String(contentsOfFile: output, encoding: .utf8)
                == "{\n  \"name\": \"db\",\n  \"connection\": {\n    \"socket\": \"/run/db.sock\"\n  }\n}\n")
    }

    @Test("objects inside an array's items: asked in the item (an optional one after a yes), the path in the review, edited, nested output")
    func itemObjects() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (screen, output) = try schemaFormScreen(itemObjectSchema, scratch)
        defer { screen.kill() }
        #expect(screen.waitFor("Servers 1: Name:") != nil)
        screen.type("web")
        screen.press("Enter")
        #expect(screen.waitFor("Servers 1: Address: Host:") != nil)
        screen.type("10.0.0.1")
        screen.press("Enter")
        #expect(screen.waitFor("Servers 1: Address: Port:") != nil)
        screen.type("80")
        screen.press("Enter")
        #expect(screen.waitFor("Servers 1: Add Owner? [y/N]") != nil)   // optional object: after a yes
        screen.press("Enter")
        #expect(screen.waitFor("Servers 2: Name:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Enter to submit:") != nil)
        screen.type("servers.0.address.port")                       // a nested answer of an item, edited
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("Servers 1: Address: Port: 80", in: $0) } != nil)
        screen.press("BSpace", "BSpace")
        screen.type("8080")
        screen.press("Enter")
        #expect(screen.waitUntil { latestScreen("Review:", in: $0).contains("8080") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") } != nil)
        screen.type("+servers")                                     // another item from the review
        screen.press("Enter")
        #expect(screen.waitUntil { askedAfterReview("Servers 2: Name:", in: $0) } != nil)
        screen.type("api")
        screen.press("Enter")
        #expect(screen.waitFor("Servers 2: Address: Host:") != nil)
        screen.type("10.0.0.2")
        screen.press("Enter")
        #expect(screen.waitFor("Servers 2: Address: Port:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Servers 2: Add Owner? [y/N]") != nil)
        screen.press("y")
        #expect(screen.waitFor("Servers 2: Owner: Email:") != nil)
        screen.type("x")
        #expect(screen.waitFor("must be a valid email address") != nil)   // the nested field's format, live
        screen.press("BSpace")
        screen.type("ops@example.com")
        screen.press("Enter")
        let review = screen.waitUntil { latestScreen("Review:", in: $0).contains("servers.1.owner.email") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") }
        #expect(latestScreen("Review:", in: review) == """
            Review:
              1. servers.0.name          web              ✓
              2. servers.0.address.host  10.0.0.1         ✓
              3. servers.0.address.port  8080             ✓
              4. servers.0.add-owner     no               ✓
              5. servers.1.name          api              ✓
              6. servers.1.address.host  10.0.0.2         ✓
              7. servers.1.address.port                   ✓
              8. servers.1.add-owner     yes              ✓
              9. servers.1.owner.email   ops@example.com  ✓
            +servers adds an item, -servers.N removes item N
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            {
              "servers": [
                {
                  "name": "web",
                  "address": {
                    "host": "10.0.0.1",
                    "port": 8080
                  }
                },
                {
                  "name": "api",
                  "address": {
                    "host": "10.0.0.2"
                  },
                  "owner": {
                    "email": "ops@example.com"
                  }
                }
              ]
            }

            """)
    }

    @Test("an optional object holding a list: asked after the yes; a no from the review hides the list")
    func optionalObjectList() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let (screen, output) = try schemaFormScreen(deploySchema, scratch)
        defer { screen.kill() }
        #expect(screen.waitFor("Name:") != nil)
        screen.type("app")
        screen.press("Enter")
        #expect(screen.waitFor("Add Deploy? [y/N]") != nil)
        screen.press("y")
        #expect(screen.waitFor("Deploy\nStrategy:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Hosts\nHosts 1:") != nil)      // the object's list, after the yes
        screen.type("h1")
        screen.press("Enter")
        #expect(screen.waitFor("Hosts 2:") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("› Mail\n  Off") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("To\n(Enter on an empty answer ends To)\nTo 1:") != nil)   // a variant's list
        screen.type("a@example.com")
        screen.press("Enter")
        #expect(screen.waitFor("To 2:") != nil)
        screen.press("Enter")
        #expect(screen.waitUntil { latestScreen("Review:", in: $0).contains("deploy.hosts.0   h1") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") } != nil)
        screen.type("add-deploy")
        screen.press("Enter")
        #expect(screen.waitFor("Add Deploy? [Y/n]") != nil)
        screen.press("n")
        let review = screen.waitUntil { latestScreen("Review:", in: $0).contains("add-deploy      no") && latestScreen("Review:", in: $0).hasSuffix("Enter to submit:") }
        #expect(latestScreen("Review:", in: review) == """
            Review:
              1. name            app            ✓
              2. add-deploy      no             ✓
              3. notify.variant  Mail           ✓
              4. notify.to.0     a@example.com  ✓
            +notify.to adds an item, -notify.to.N removes item N
            Number or name to edit, Enter to submit:
            """)
        screen.type("+deploy.hosts")                              // a hidden list takes no items
        #expect(screen.waitFor("No item \"+deploy.hosts\"") != nil)
        screen.press("C-u")
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8)
                == "{\n  \"name\": \"app\",\n  \"notify\": {\n    \"to\": [\n      \"a@example.com\"\n    ]\n  }\n}\n")
    }
}
