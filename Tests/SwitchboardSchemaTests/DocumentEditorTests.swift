// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwitchboardSchema
import Testing

/// The span editor through its API: each edit changes the bytes of one span, everything else stays byte for byte,
/// and the result reads back (with our reader and PyYAML) as the value asked for.
@Suite("DocumentEditor")
struct DocumentEditorTests {
    private func edit(_ text: String, _ edits: [DocumentEdit], format: DocumentEditor.Format? = nil) throws -> String {
        try DocumentEditor(text: text, format: format).applying(edits)
    }

    private func refusal(_ text: String, _ edits: [DocumentEdit]) -> DocumentEditError? {
        do {
            _ = try edit(text, edits)
            return nil
        } catch let error as DocumentEditError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    private static let config = """
        # Service settings
        name: web   # the service's name
        replicas: 2

        # Who to call
        owner:
          name: 'Ada'
          email: "ada@example.com"
        ports:
          - 80
          # the TLS port
          - 443
        tags: [a, b]
        labels: {tier: front}
        script: |
          echo one
          echo two

        debug: false
        """ + "\n"

    @Test("no edit, or an edit to the value already there: the same bytes")
    func unchanged() throws {
        #expect(try edit(Self.config, []) == Self.config)
        #expect(try edit(Self.config, [.set("/replicas", to: .number(JSONNumber(2)))]) == Self.config)
        #expect(try edit(Self.config, [.set("/owner/name", to: .string("Ada"))]) == Self.config)
    }

    @Test("a changed scalar replaces only its own bytes, in its own quoting style")
    func scalars() throws {
        let replicas = try edit(Self.config, [.set("/replicas", to: .number(JSONNumber(3)))])
        #expect(replicas == Self.config.replacing("replicas: 2", with: "replicas: 3"))
        let name = try edit(Self.config, [.set("/name", to: .string("api"))])
        #expect(name == Self.config.replacing("name: web   #", with: "name: api   #"))
        let single = try edit(Self.config, [.set("/owner/name", to: .string("Grace O'Neil"))])
        #expect(single == Self.config.replacing("'Ada'", with: "'Grace O''Neil'"))
        let double = try edit(Self.config, [.set("/owner/email", to: .string("grace@example.com"))])
        #expect(double == Self.config.replacing("\"ada@example.com\"", with: "\"grace@example.com\""))
        let item = try edit(Self.config, [.set("/ports/1", to: .number(JSONNumber(8443)))])
        #expect(item == Self.config.replacing("- 443", with: "- 8443"))
        let flow = try edit(Self.config, [.set("/tags/1", to: .string("b, c"))])
        #expect(flow == Self.config.replacing("[a, b]", with: "[a, \"b, c\"]"))
        let boolean = try edit(Self.config, [.set("/debug", to: .bool(true))])
        #expect(boolean == Self.config.replacing("debug: false", with: "debug: true"))
    }

    @Test("text YAML would read as something else is quoted: yes, no, 1e3, null, : x, #x stay strings")
    func quotedWhereNeeded() throws {
        for text in ["yes", "no", "1e3", "null", ": x", "#x", "on", "true", "12", "a: b", "x #y", "", " lead", "-", "*a", "&a", "!t", "~"] {
            let out = try edit(Self.config, [.set("/name", to: .string(text))])
            let value = try JSONValue.document(out, yaml: true)
            #expect(value["name"] == .string(text), "\(text): \(out)")
            #expect(out.hasPrefix("# Service settings\nname: \"") && out.contains("\"   # the service's name\n"), "\(text)")
        }
        // In a flow collection, the flow indicators are quoted too.
        let out = try edit("tags: [a, b]\n", [.set("/tags/0", to: .string("x]"))])
        #expect(out == "tags: [\"x]\", b]\n")
    }

    @Test("a number replacing quoted text is written plain; text replacing a number is plain where it can be")
    func typesChange() throws {
        #expect(try edit("a: \"1\"\n", [.set("/a", to: .number(JSONNumber(2)))]) == "a: 2\n")
        #expect(try edit("a: 1\n", [.set("/a", to: .string("two"))]) == "a: two\n")
        #expect(try edit("a: 1\n", [.set("/a", to: .string("2"))]) == "a: \"2\"\n")
        #expect(try edit("a: 1\n", [.set("/a", to: .null)]) == "a: null\n")
        // An exponent as YAML 1.1 (PyYAML) reads a number too; JSON keeps the text.
        #expect(try edit("a: 1\n", [.set("/a", to: .number(JSONNumber("1e3")!))]) == "a: 1.0e+3\n")
        #expect(try edit("{\"a\": 1}", [.set("/a", to: .number(JSONNumber("1e3")!))]) == "{\"a\": 1e3}")
        #expect(try edit("a:\nb: 2\n", [.set("/a", to: .number(JSONNumber(1)))]) == "a: 1\nb: 2\n")
        #expect(try edit("- \n- b\n", [.set("/0", to: .string("a"))]) == "- a\n- b\n")
        #expect(try edit("a: \nb: 2\n", [.set("/a", to: .string("x"))]) == "a: x\nb: 2\n")
        #expect(try edit("a: !!str 1\n", [.set("/a", to: .number(JSONNumber(2)))]) == "a: 2\n")
        #expect(try edit("a: !Ref x\n", [.set("/a", to: .string("z"))]) == "a: !Ref z\n")
        #expect(try edit("a: &x 1\n", [.set("/a", to: .number(JSONNumber(2)))]) == "a: &x 2\n")
        // A plain scalar stays plain where YAML 1.2 and 1.1 read the new text as it is: an image, a path, a URL
        // (they were double-quoted); text that would read otherwise is still quoted.
        #expect(try edit("image: nginx:1.25\n", [.set("/image", to: .string("nginx:1.27"))]) == "image: nginx:1.27\n")
        #expect(try edit("build: ./app\n", [.set("/build", to: .string("./app2"))]) == "build: ./app2\n")
        #expect(try edit("u: x\n", [.set("/u", to: .string("https://a.example/b#c"))]) == "u: https://a.example/b#c\n")
        for (text, written) in [("a: b", "\"a: b\""), ("a #b", "\"a #b\""), ("a:", "\"a:\""), (".5", "\".5\""),
                                (".inf", "\".inf\""), ("1:20", "\"1:20\""), ("#x", "\"#x\""), ("yes", "\"yes\""),
                                (": x", "\": x\"")] {
            #expect(try edit("a: x\n", [.set("/a", to: .string(text))]) == "a: \(written)\n", "\(text)")
        }
        // In a flow collection, as before.
        #expect(try edit("a: [x]\n", [.set("/a/0", to: .string("n:1"))]) == "a: [\"n:1\"]\n")
    }

    @Test("a block scalar stays a literal block with its indentation")
    func blockScalars() throws {
        let out = try edit(Self.config, [.set("/script", to: .string("echo three\n"))])
        #expect(out == Self.config.replacing("script: |\n  echo one\n  echo two\n", with: "script: |\n  echo three\n"))
        let strip = try edit(Self.config, [.set("/script", to: .string("a\n\nb"))])
        #expect(strip == Self.config.replacing("script: |\n  echo one\n  echo two\n", with: "script: |-\n  a\n\n  b\n"))
        // A first line starting with a space would need an indentation indicator: double-quoted instead.
        let indented = try edit(Self.config, [.set("/script", to: .string("  x\ny\n"))])
        #expect(indented == Self.config.replacing("script: |\n  echo one\n  echo two\n", with: "script: \"  x\\ny\\n\"\n"))
        let nested = try edit("a:\n  s: |\n    x\n", [.set("/a/s", to: .string("p\n  q\n"))])
        #expect(nested == "a:\n  s: |\n    p\n      q\n")
        // `|+` keeps its blank lines: a member added after it goes after them, and removing it removes them.
        let keep = "a:\n  s: |+\n    x\n\n  t: 1\nb:\n  s: |+\n    y\n\n"
        #expect(try edit(keep, [.set("/b/u", to: .number(JSONNumber(2)))]) == keep + "  u: 2\n")
        #expect(try edit(keep, [.remove("/a/s")]) == "a:\n  t: 1\nb:\n  s: |+\n    y\n\n")
        #expect(try edit(keep, [.set("/a/s", to: .string("z\n"))]) == "a:\n  s: |\n    z\n\n  t: 1\nb:\n  s: |+\n    y\n\n")
        #expect(try edit(keep, [.set("/b", to: .array([.number(JSONNumber(1))]))]) == "a:\n  s: |+\n    x\n\n  t: 1\nb:\n  - 1\n\n")
        #expect(try edit("- |+\n  x\n\n- 2\n", [.set("/0", to: .object(JSONObject([("k", .null)])))]) == "- k: null\n\n- 2\n")
        let quoted = try edit(Self.config, [.set("/script", to: .string("a\r\nb"))])
        #expect(quoted == Self.config.replacing("script: |\n  echo one\n  echo two\n", with: "script: \"a\\r\\nb\"\n"))
    }

    @Test("an added member goes after its siblings with their indentation and style")
    func addMembers() throws {
        let root = try edit(Self.config, [.set("/region", to: .string("eu-west-1"))])
        #expect(root == Self.config + "region: eu-west-1\n")
        let nested = try edit(Self.config, [.set("/owner/phone", to: .string("+44 20"))])
        #expect(nested == Self.config.replacing("  email: \"ada@example.com\"\n", with: "  email: \"ada@example.com\"\n  phone: \"+44 20\"\n"))
        let flow = try edit(Self.config, [.set("/labels/app", to: .string("web"))])
        #expect(flow == Self.config.replacing("{tier: front}", with: "{tier: front, app: web}"))
        let deep = try edit("a:\n    b: 1\n", [.set("/c/d/e", to: .array([.number(JSONNumber(1)), .object(JSONObject([("x", .string("w")), ("z", .null)]))]))])
        #expect(deep == "a:\n    b: 1\nc:\n    d:\n        e:\n            - 1\n            - x: w\n              z: null\n")
        let afterBlock = try edit("a: |\n  x\n\nb: 1\n", [.set("/c", to: .number(JSONNumber(2)))])
        #expect(afterBlock == "a: |\n  x\n\nb: 1\nc: 2\n")
        let lastBlock = try edit("a:\n  s: |\n    x\n\n# tail\n", [.set("/a/t", to: .number(JSONNumber(2)))])
        #expect(lastBlock == "a:\n  s: |\n    x\n  t: 2\n\n# tail\n")
        let compact = try edit("- a: 1\n  b: 2\n- c\n", [.set("/0/z", to: .bool(false))])
        #expect(compact == "- a: 1\n  b: 2\n  z: false\n- c\n")
        let quotedKey = try edit("a: 1\n", [.set("/on", to: .string("x")), .set("/a b", to: .number(JSONNumber(1)))])
        #expect(quotedKey == "a: 1\n\"on\": x\na b: 1\n")
        let emptyFlow = try edit("a: {}\n", [.set("/a/b", to: .number(JSONNumber(1)))])
        #expect(emptyFlow == "a: {b: 1}\n")
    }

    @Test("a new member in schema order where its siblings follow that order, else after them")
    func memberOrder() throws {
        let order: (String) -> [String]? = { pointer in
            pointer == "" ? ["name", "replicas", "ports", "owner"] : pointer == "/owner" ? ["name", "email"] : nil
        }
        let text = "# The service\nname: web\n\n# Where it listens\nports: [80]\nowner:\n  email: a@b.c\n"
        // Before `ports`, and before the comment lines that are `ports`'s.
        #expect(try DocumentEditor(text: text).applying([.set("/replicas", to: .number(JSONNumber(2)))], memberOrder: order)
                == "# The service\nname: web\n\nreplicas: 2\n# Where it listens\nports: [80]\nowner:\n  email: a@b.c\n")
        // Nested, by the nested mapping's pointer.
        #expect(try DocumentEditor(text: text).applying([.set("/owner/name", to: .string("Ada"))], memberOrder: order)
                == text.replacing("owner:\n  email", with: "owner:\n  name: Ada\n  email"))
        // Siblings written in another order than the schema's: the new member goes last.
        let shuffled = "ports: [80]\nname: web\n"
        #expect(try DocumentEditor(text: shuffled).applying([.set("/replicas", to: .number(JSONNumber(2)))], memberOrder: order)
                == "ports: [80]\nname: web\nreplicas: 2\n")
        // A name the order does not know: last.
        #expect(try DocumentEditor(text: text).applying([.set("/zz", to: .null)], memberOrder: order) == text + "zz: null\n")
        // Flow and JSON: before the sibling, with its separator.
        #expect(try DocumentEditor(text: "{name: web, ports: [80]}\n", format: .yaml).applying([.set("/replicas", to: .number(JSONNumber(2)))], memberOrder: order)
                == "{name: web, replicas: 2, ports: [80]}\n")
        let json = "{\n  \"name\": \"web\",\n  \"ports\": [80]\n}\n"
        #expect(try DocumentEditor(text: json).applying([.set("/replicas", to: .number(JSONNumber(2)))], memberOrder: order)
                == "{\n  \"name\": \"web\",\n  \"replicas\": 2,\n  \"ports\": [80]\n}\n")
        #expect(try DocumentEditor(text: json).applying([.set("/owner", to: .object(JSONObject([("email", .string("x"))])))],
                                                         memberOrder: { _ in ["name", "owner", "ports"] })
                == "{\n  \"name\": \"web\",\n  \"owner\": {\"email\": \"x\"},\n  \"ports\": [80]\n}\n")
        // Without an order: after the last, as always.
        #expect(try DocumentEditor(text: json).applying([.set("/replicas", to: .number(JSONNumber(2)))])
                == "{\n  \"name\": \"web\",\n  \"ports\": [80],\n  \"replicas\": 2\n}\n")
    }

    @Test("an added item goes after the last, like it")
    func addItems() throws {
        let block = try edit(Self.config, [.set("/ports/-", to: .number(JSONNumber(8080)))])
        #expect(block == Self.config.replacing("  - 443\n", with: "  - 443\n  - 8080\n"))
        let flow = try edit(Self.config, [.set("/tags/2", to: .string("c"))])
        #expect(flow == Self.config.replacing("[a, b]", with: "[a, b, c]"))
        let mapping = try edit("items:\n- name: a\n  size: 1\n", [.set("/items/-", to: .object(JSONObject([("name", .string("b")), ("size", .number(JSONNumber(2)))])))])
        #expect(mapping == "items:\n- name: a\n  size: 1\n- name: b\n  size: 2\n")
        let empty = try edit("a: []\n", [.set("/a/-", to: .string("x"))])
        #expect(empty == "a: [x]\n")
    }

    @Test("a removed member or item takes its own lines and the comment lines directly above it")
    func removals() throws {
        let owner = try edit(Self.config, [.remove("/owner")])
        #expect(owner == Self.config.replacing("# Who to call\nowner:\n  name: 'Ada'\n  email: \"ada@example.com\"\n", with: ""))
        let port = try edit(Self.config, [.remove("/ports/1")])
        #expect(port == Self.config.replacing("  # the TLS port\n  - 443\n", with: ""))
        let first = try edit(Self.config, [.remove("/ports/0")])
        #expect(first == Self.config.replacing("  - 80\n", with: ""))
        // Entries set apart by blank lines: the removed one's lines and one of the two blank lines around it.
        let spaced = "a:\n  - x: 1\n\n  # two\n  - x: 2\n\n  - x: 3\n"
        #expect(try edit(spaced, [.remove("/a/1")]) == "a:\n  - x: 1\n\n  - x: 3\n")
        #expect(try edit(spaced, [.remove("/a/2")]) == "a:\n  - x: 1\n\n  # two\n  - x: 2\n")
        #expect(try edit("a: 1\n\nb: 2\n\nc: 3\n", [.remove("/b")]) == "a: 1\n\nc: 3\n")
        // The comment lines that open the file are the file's (a licence, a schema modeline): they stay.
        let trailing = try edit(Self.config, [.remove("/name")])
        #expect(trailing == Self.config.replacing("name: web   # the service's name\n", with: ""))
        let separated = try edit("# file\n\n# a's\na: 1 # one\nb: 2\n", [.remove("/a")])
        #expect(separated == "# file\n\nb: 2\n")
        let flow = try edit(Self.config, [.remove("/tags/0"), .remove("/labels/tier")])
        #expect(flow == Self.config.replacing("[a, b]", with: "[b]").replacing("{tier: front}", with: "{}"))
        let block = try edit(Self.config, [.remove("/script")])
        #expect(block == Self.config.replacing("script: |\n  echo one\n  echo two\n", with: ""))
        let only = try edit("a:\n  b: 1\nc: 2\n", [.remove("/a/b")])
        #expect(only == "a: {}\nc: 2\n")
        let onlyItem = try edit("a:\n  - 1\nc: 2\n", [.remove("/a/0")])
        #expect(onlyItem == "a: []\nc: 2\n")
        let compact = try edit("- a: 1\n  b: 2\n", [.remove("/0/a")])
        #expect(compact == "- b: 2\n")
    }

    @Test("CRLF, a byte order mark and a missing final line break are kept")
    func lineEndsAndMarks() throws {
        let crlf = "a: 1\r\nb:\r\n  c: 2\r\n"
        #expect(try edit(crlf, [.set("/b/d", to: .number(JSONNumber(3)))]) == "a: 1\r\nb:\r\n  c: 2\r\n  d: 3\r\n")
        #expect(try edit(crlf, [.remove("/a")]) == "b:\r\n  c: 2\r\n")
        let bom = "\u{FEFF}# é\nnamé: ü\nb: 1\n"
        #expect(try edit(bom, [.set("/b", to: .number(JSONNumber(2)))]) == "\u{FEFF}# é\nnamé: ü\nb: 2\n")
        #expect(try edit(bom, [.set("/namé", to: .string("ö"))]) == "\u{FEFF}# é\nnamé: ö\nb: 1\n")
        #expect(try edit("a: 1", [.set("/b", to: .number(JSONNumber(2)))]) == "a: 1\nb: 2")
        #expect(try edit("a: 1", [.set("/a", to: .number(JSONNumber(2)))]) == "a: 2")
    }

    @Test("other documents of a stream, and --- and ... markers, keep their bytes")
    func documents() throws {
        let stream = "%YAML 1.1\n---\na: 1\n...\n---\na: 1\n# end\n"
        let first = try DocumentEditor(text: stream).applying([.set("/a", to: .number(JSONNumber(5)))])
        #expect(first == "%YAML 1.1\n---\na: 5\n...\n---\na: 1\n# end\n")
        let second = try DocumentEditor(text: stream, documentIndex: 1).applying([.set("/b", to: .number(JSONNumber(5)))])
        #expect(second == "%YAML 1.1\n---\na: 1\n...\n---\na: 1\nb: 5\n# end\n")
    }

    @Test("JSON: the same span rule; inserted members indented like their siblings")
    func json() throws {
        let pretty = "{\n    \"name\": \"web\",\n    \"ports\": [\n        80\n    ],\n    \"owner\": {\"a\": 1}\n}"
        #expect(try edit(pretty, [.set("/name", to: .string("a\"b"))]) == pretty.replacing("\"web\"", with: "\"a\\\"b\""))
        #expect(try edit(pretty, [.set("/debug", to: .bool(true))])
                == "{\n    \"name\": \"web\",\n    \"ports\": [\n        80\n    ],\n    \"owner\": {\"a\": 1},\n    \"debug\": true\n}")
        #expect(try edit(pretty, [.set("/ports/-", to: .number(JSONNumber(443)))])
                == "{\n    \"name\": \"web\",\n    \"ports\": [\n        80,\n        443\n    ],\n    \"owner\": {\"a\": 1}\n}")
        #expect(try edit(pretty, [.set("/owner/b", to: .array([]))]) == pretty.replacing("{\"a\": 1}", with: "{\"a\": 1, \"b\": []}"))
        // A nested value on lines of its own where the last member is (else on one line, like it).
        #expect(try edit(pretty, [.set("/x", to: .object(JSONObject([("y", .number(JSONNumber(1)))])))])
                == "{\n    \"name\": \"web\",\n    \"ports\": [\n        80\n    ],\n    \"owner\": {\"a\": 1},\n    \"x\": {\"y\": 1}\n}")
        let spread = "{\n    \"ports\": [\n        80\n    ],\n    \"name\": \"web\"\n}"
        #expect(try edit(spread, [.set("/x", to: .object(JSONObject([("y", .number(JSONNumber(1)))])))])
                == "{\n    \"ports\": [\n        80\n    ],\n    \"name\": \"web\",\n    \"x\": {\n        \"y\": 1\n    }\n}")
        #expect(try edit(spread, [.set("/ports", to: .array([.number(JSONNumber(1)), .number(JSONNumber(2))]))])
                == "{\n    \"ports\": [\n        1,\n        2\n    ],\n    \"name\": \"web\"\n}")
        #expect(try edit(pretty, [.remove("/name")]) == "{\n    \"ports\": [\n        80\n    ],\n    \"owner\": {\"a\": 1}\n}")
        #expect(try edit(pretty, [.remove("/owner")]) == "{\n    \"name\": \"web\",\n    \"ports\": [\n        80\n    ]\n}")
        #expect(try edit(pretty, [.remove("/ports/0")]) == "{\n    \"name\": \"web\",\n    \"ports\": [],\n    \"owner\": {\"a\": 1}\n}")
        #expect(try edit("{}", [.set("/a", to: .number(JSONNumber(1)))]) == "{\"a\": 1}")
        #expect(try edit("\u{FEFF}{\"a\":1}\r\n", [.set("/a", to: .number(JSONNumber(2)))]) == "\u{FEFF}{\"a\":2}\r\n")
        #expect(try edit("{\"a\": \"1\"}", [.set("/a", to: .string("x: y"))]) == "{\"a\": \"x: y\"}")
    }

    @Test("aliases: an edit through one, or of a value whose anchor aliases repeat, is refused; merged members are overridden")
    func aliases() throws {
        let text = "base: &b\n  image: x\n  port: 1\nweb:\n  <<: *b\n  port: 2\nother: *b\n"
        let through = refusal(text, [.set("/other/image", to: .string("y"))])
        #expect(through?.description.contains("7:8: /other/image: this value is an alias") == true, "\(String(describing: through))")
        let anchored = refusal(text, [.set("/base/image", to: .string("y"))])
        #expect(anchored?.description.contains("1:7: /base/image: this value carries the anchor &b") == true, "\(String(describing: anchored))")
        // A merged member set: written in the mapping, which overrides the merge.
        let merged = try edit(text, [.set("/web/image", to: .string("z"))])
        #expect(merged == "base: &b\n  image: x\n  port: 1\nweb:\n  <<: *b\n  port: 2\n  image: z\nother: *b\n")
        // A member neither written nor merged, nested: added with its objects, whatever merges the mapping has.
        let nested = try edit(text, [.set("/web/resources/cpu", to: .number(JSONNumber(2)))])
        #expect(nested == "base: &b\n  image: x\n  port: 1\nweb:\n  <<: *b\n  port: 2\n  resources:\n    cpu: 2\nother: *b\n")
        let deep = "base: &b\n  env: {a: 1}\nweb:\n  <<: *b\n"
        #expect(refusal(deep, [.set("/web/env/b", to: .null)])?.problem.contains("comes from a merge key") == true)
        // Inside an anchored value that an alias repeats: refused too.
        #expect(refusal(deep, [.set("/base/x", to: .null)])?.description.contains("1:7: /base/x: this value carries the anchor &b") == true)
        // An anchored mapping no alias repeats takes a member at its keys' indentation (not its anchor's column).
        #expect(try edit("base: &b\n  env: 1\n", [.set("/base/x", to: .null)]) == "base: &b\n  env: 1\n  x: null\n")
        let anchoredList = "l: &l\n  - 1\nm: 2\n"
        #expect(try edit(anchoredList, [.set("/l/-", to: .number(JSONNumber(2)))]) == "l: &l\n  - 1\n  - 2\nm: 2\n")
        let removeMerged = refusal(text, [.remove("/web/image")])
        #expect(removeMerged?.problem.contains("comes from a merge key") == true)
        // The alias itself may be replaced by a value of its own.
        #expect(try edit(text, [.set("/other", to: .number(JSONNumber(1)))]) == text.replacing("other: *b", with: "other: 1"))
    }

    @Test("the documentation's example, exactly")
    func documentedExample() throws {
        let text = "# The service\nname: web   # its name\nreplicas: 2\nports:\n  - 80\n"
        let edited = try DocumentEditor(text: text).applying([
            .set("/replicas", to: .number(JSONNumber(3))),
            .set("/owner/email", to: .string("ada@example.com")),
            .set("/ports/-", to: .number(JSONNumber(443))),
        ])
        #expect(edited == "# The service\nname: web   # its name\nreplicas: 3\nports:\n  - 80\n  - 443\nowner:\n  email: ada@example.com\n")
        #expect(try DocumentEditor.edit("{\n  \"a\": 1\n}\n", [.set("/b", to: .bool(true))]) == "{\n  \"a\": 1,\n  \"b\": true\n}\n")
        let api = try DocumentEditor(text: "# replicas\nreplicas: 2 # more\nname: web\n", format: .yaml)
            .applying([.set("/replicas", to: .number(JSONNumber(3))), .set("/owner/email", to: .string("ada@example.com"))])
        #expect(api == "# replicas\nreplicas: 3 # more\nname: web\nowner:\n  email: ada@example.com\n")
        let overview = try DocumentEditor(text: "# replicas\nreplicas: 2 # more\nname: web\n")
            .applying([.set("/replicas", to: .number(JSONNumber(3))), .remove("/name")])
        #expect(overview == "# replicas\nreplicas: 3 # more\n")
        let old = try DocumentEditor(text: "# port\nport: 80\nname: web\n")
        #expect(try old.applying(changesTo: try JSONValue.parse(#"{"port": 8080, "name": "web"}"#)) == "# port\nport: 8080\nname: web\n")
    }

    @Test("changes(from:to:): the fewest, deepest edits; applied, the text reads as the new value")
    func changes() throws {
        let old = try JSONValue.parse(#"{"replicas": 2, "debug": true, "ports": [80, 8080, 9000], "owner": {"name": "a", "mail": "x"}}"#)
        let new = try JSONValue.parse(#"{"replicas": 3, "ports": [80, 8081], "owner": {"name": "a", "mail": "y", "tz": "UTC"}, "tags": []}"#)
        #expect(DocumentEdit.changes(from: old, to: new).map(\.description) == [
            "set /replicas to 3", "set /ports/1 to 8081", "remove /ports/2", "set /owner/mail to \"y\"",
            "set /owner/tz to \"UTC\"", "set /tags to []", "remove /debug",
        ])
        #expect(DocumentEdit.changes(from: old, to: old).isEmpty)
        let list = DocumentEdit.changes(from: .array([.number(JSONNumber(1)), .number(JSONNumber(2))]),
                                        to: .array([.number(JSONNumber(3)), .number(JSONNumber(4))]))
        #expect(list.map(\.description) == ["set  to [3,4]"])
        // The comment lines that open the file (a modeline, a licence) stay when its first member goes.
        let headed = "# yaml-language-server: $schema=compose.json\n# Copyright\nservices:\n  app: {}\nvolumes: {}\n"
        #expect(try DocumentEditor.edit(headed, [.remove("/services")])
                == "# yaml-language-server: $schema=compose.json\n# Copyright\nvolumes: {}\n")
        #expect(try DocumentEditor.edit("---\n# top\na: 1\nb: 2\n", [.remove("/a")]) == "---\n# top\nb: 2\n")
        #expect(try DocumentEditor.edit("# top\na: 1\n# of b\nb: 2\n", [.remove("/b")]) == "# top\na: 1\n")
        // Items removed from the front or the middle, the others as they were: each removed, the last first.
        let items = try JSONValue.parse(#"[{"path": "/a"}, {"path": "/b"}, {"path": "/c"}, {"path": "/d"}]"#)
        let fewer = try JSONValue.parse(#"[{"path": "/b"}, {"path": "/d"}]"#)
        #expect(DocumentEdit.changes(from: items, to: fewer).map(\.description) == ["remove /2", "remove /0"])
        let text = """
            # deploy
            replicas: 2   # more at peak
            debug: true
            ports:
              - 80
              - 8080   # admin
              - 9000
            owner:
              name: a
              mail: 'x'
            """ + "\n"
        let edited = try DocumentEditor(text: text).applying(changesTo: new)
        #expect(edited == """
            # deploy
            replicas: 3   # more at peak
            ports:
              - 80
              - 8081   # admin
            owner:
              name: a
              mail: 'y'
              tz: UTC
            tags: []
            """ + "\n")
        #expect(try JSONValue.document(edited, yaml: true) == new)
    }

    @Test("a YAML text with no document takes its first members at its end")
    func emptyDocument() throws {
        #expect(try edit("", [.set("/a/b", to: .number(JSONNumber(1)))]) == "a:\n  b: 1\n")
        #expect(try edit("# config\n", [.set("/a", to: .string("x"))]) == "# config\na: x\n")
        #expect(try edit("# config", [.set("/a", to: .array([.bool(true)]))]) == "# config\na:\n  - true\n")
        #expect(refusal("# config\n", [.remove("/a")])?.problem.contains("no member") == true)
    }

    @Test("refusals name the pointer and the place, and change nothing")
    func refusals() throws {
        // YAML that cannot be read anywhere in the text (here after a byte order mark in the middle, which starts a
        // new stream for libyaml) is refused, not edited around.
        let midMark = "# modeline\n\u{FEFF}version: 1\n\nlist:\n  - a\n"
        #expect(throws: DocumentError.self) { try DocumentEditor(text: midMark) }
        let scalar = refusal("a: 1\n", [.set("/a/b", to: .null)])
        #expect(scalar?.description == "1:4: /a/b: \"b\" is looked for in a number, which has no members or items")
        #expect(scalar?.problem.contains("a number") == true)
        let item = refusal("a: [1]\n", [.set("/a/5", to: .null)])
        #expect(item?.problem.contains("has no item") == true)
        let pointer = refusal("a: 1\n", [.set("a", to: .null)])
        #expect(pointer?.problem.contains("not a JSON pointer") == true)
        let missing = refusal("a: 1\n", [.remove("/b")])
        #expect(missing?.problem.contains("no member \"b\"") == true)
    }
}
