// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

/// Variants told apart by their titles only (no `const` discriminator); one of them holds a nested object.
let titledVariantSchema = """
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

/// An array of objects whose items hold a nested object (required) and an optional one.
let itemObjectSchema = """
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

/// `if` on two properties' constants, and a nested object's `if` on a property being answered.
let conditionSchema = """
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

@MainActor @Suite("form --schema: variants by title, objects in items, if on several properties")
struct SchemaFormGapTests {
    @Test("variants without a discriminator: picked by title (else by their properties), the pick not in the document")
    func titledVariants() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(titledVariantSchema), file: "v.json")
        let spec = schemaForm.spec
        #expect(spec["connection.variant"]?.kind == .choice(["TCP", "socket"]))
        #expect(spec["connection.variant"]?.prompt == "Connection")
        #expect(spec.fields.map(\.name) == ["name", "connection.variant", "connection.host", "connection.port",
                                            "connection.tls.cert", "connection.socket"])
        #expect(spec["connection.tls.cert"]?.when?.references.map(\.field) == ["connection.variant"])

        let tcp = schemaForm.makeForm()
        let asked = ScriptedPrompter(lines: ["db", "TCP", "db1", "", "/etc/cert.pem", ""])
        #expect(FormFlow(tcp).run(prompter: asked).status == .submitted)
        #expect(!asked.prompts.map(\.prompt).contains("Socket path: "))
        let document = schemaForm.document(of: tcp)
        #expect(document.description == #"{"name":"db","connection":{"host":"db1","tls":{"cert":"/etc/cert.pem"}}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)

        let socket = schemaForm.makeForm()
        #expect(FormFlow(socket).run(prompter: ScriptedPrompter(lines: ["db", "socket", "/run/db.sock", ""])).status
                == .submitted)
        #expect(schemaForm.document(of: socket).description == #"{"name":"db","connection":{"socket":"/run/db.sock"}}"#)
    }

    @Test("a pick name a property already has moves aside; untitled variants with the same properties are numbered")
    func pickNames() throws {
        let text = #"{"type": "object", "properties": {"variant": {"type": "string"}}, "anyOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"a": {"type": "integer"}}}]}"#
        let spec = try SchemaForm(schema: try JSONValue.parse(text), file: "n.json").spec
        #expect(spec["variant-2"]?.kind == .choice(["a", "variant 2"]))
    }

    @Test("an object inside an array's item is asked in the item; an optional one after a yes of the same item")
    func itemObjects() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(itemObjectSchema), file: "i.json")
        let item = try #require(schemaForm.spec.repeats.first).fields
        #expect(item.map(\.name) == ["name", "address.host", "address.port", "add-owner", "owner.email"])
        #expect(item.map(\.isRequired) == [true, true, false, true, true])
        #expect(item.last?.when?.references.map(\.field) == ["add-owner"])
        let form = schemaForm.makeForm()
        // Item 1 leaves the owner out (the confirm's default is no); item 2 adds one, whose email is then required.
        let prompter = ScriptedPrompter(lines: ["web", "10.0.0.1", "80", "",
                                                "db", "10.0.0.2", "", "y", "", "ops@example.com", "", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt).prefix(5) == ["Servers 1: Name: ", "Servers 1: Address: Host: ",
                                                             "Servers 1: Address: Port: ", "Servers 1: Add Owner? (yes/no): ",
                                                             "Servers 2: Name: "])
        #expect(prompter.prompts.map(\.prompt).contains("Servers 2: Owner: Email: "))
        #expect(prompter.refused.map(\.line) == [""])                 // item 2's owner: the email is required
        #expect(form["servers.0.address.host"]?.value == "10.0.0.1")
        #expect(form["servers.0.owner.email"]?.isShown.value == false)
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"servers":[{"name":"web","address":{"host":"10.0.0.1","port":80}},"#
                + #"{"name":"db","address":{"host":"10.0.0.2"},"owner":{"email":"ops@example.com"}}]}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("an item's optional object that the item's if requires once its condition holds: asked without its yes")
    func itemObjectRequiredByIf() throws {
        let text = #"{"type": "object", "properties": {"servers": {"type": "array", "title": "Servers", "items": {"#
            + #""type": "object", "required": ["name"], "if": {"required": ["name"]}, "then": {"required": ["owner"]},"#
            + #""properties": {"name": {"type": "string", "title": "Name"}, "owner": {"type": "object", "title": "Owner","#
            + #""required": ["email"], "properties": {"email": {"type": "string", "title": "Email"}}}}}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "r.json")
        let form = schemaForm.makeForm()
        // Name, then the owner's email at once (issue 38: "Add Owner?" was offered, and a no refused on submit),
        // end of the list, submit.
        let prompter = ScriptedPrompter(lines: ["web", "ops@example.com", "", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt).prefix(2) == ["Servers 1: Name: ", "Servers 1: Owner: Email: "], "\(prompter.prompts)")
        #expect(!prompter.prompts.contains { $0.prompt.hasPrefix("Servers 1: Add Owner?") })
        #expect(schemaForm.document(of: form).description == #"{"servers":[{"name":"web","owner":{"email":"ops@example.com"}}]}"#)
    }

    @Test("alternatives that each require a property, none given: the submit asks the first such question")
    func alternativeRequired() throws {
        // dependabot's update needs `directory` or `directories` (a oneOf inside its allOf): the submit's failure,
        // "must match exactly one of the 2 alternatives", went to the item's first question, the ecosystem.
        let text = #"{"type": "object", "properties": {"updates": {"type": "array", "title": "Updates", "items": {"#
            + #""type": "object", "required": ["package-ecosystem"], "allOf": [{"oneOf": [{"required": ["directories"]},"#
            + #"{"required": ["directory"]}]}], "properties": {"package-ecosystem": {"type": "string", "title": "Ecosystem"},"#
            + #""directory": {"type": "string", "title": "Directory"}, "directories": {"type": "array","#
            + #""items": {"type": "string"}}}}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "d.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["npm", "", "", "", "/", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.shown.contains { $0.contains("updates.0.directory: must match exactly one of the 2 "
            + #"alternatives (oneOf), but matches none; it needs one of "directories", "directory""#) }, "\(prompter.shown)")
        #expect(prompter.prompts.map(\.prompt).filter { $0 == "Updates 1: Directory: " }.count == 2, "\(prompter.prompts)")
        #expect(schemaForm.document(of: form).description == #"{"updates":[{"package-ecosystem":"npm","directory":"/"}]}"#)
    }

    @Test("an item's if on its own properties: then's and else's properties asked per item by that item's answer")
    func itemIf() throws {
        let text = #"{"type": "object", "properties": {"listeners": {"type": "array", "title": "Listeners", "items": {"#
            + #""type": "object", "required": ["kind"], "properties": {"kind": {"enum": ["tcp", "unix"], "title": "Kind"}},"#
            + #""if": {"properties": {"kind": {"const": "tcp"}}}, "#
            + #""then": {"properties": {"port": {"type": "integer", "title": "Port"}, "hosts": {"type": "array"}}, "required": ["port"]},"#
            + #""else": {"properties": {"path": {"type": "string", "title": "Path"}}}}}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "l.json")
        let item = try #require(schemaForm.spec.repeats.first).fields
        #expect(item.map(\.name) == ["kind", "port", "path"])              // no list inside an item
        #expect(item[1].when?.references.map(\.field) == ["kind"])
        let form = schemaForm.makeForm()
        // A list whose first question is a choice asks "Add an item?" first.
        let prompter = ScriptedPrompter(lines: ["y", "tcp", "", "8080", "y", "unix", "/run/a.sock", "n", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.map(\.line) == [""])                      // then: port is required
        #expect(!prompter.prompts.map(\.prompt).contains("Listeners 1: Path: "))
        #expect(!prompter.prompts.map(\.prompt).contains("Listeners 2: Port: "))
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"listeners":[{"kind":"tcp","port":8080},{"kind":"unix","path":"/run/a.sock"}]}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("a YAML spec's item field asked only after a yes of the same item, and a list's condition beside it")
    func specItemCondition() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - name: hosts-too
                type: yesno
              - name: hosts
                when: hosts-too
                repeat:
                  - name: name
                  - name: tls
                    type: yesno
                  - name: cert
                    when: tls
            """, file: "s.yaml")
        let form = spec.makeForm()
        form["hosts-too"]?.answer("yes")
        let list = try #require(form.repeatNamed("hosts"))
        let fields = form.addItem(to: list)
        #expect(fields.map(\.name) == ["hosts.0.name", "hosts.0.tls", "hosts.0.cert"])
        #expect(fields[2].isShown.value == false)
        fields[1].answer("y")
        #expect(fields[2].isShown.value == true)
        form["hosts-too"]?.answer("no")                              // the list's condition holds beside the item's
        #expect(fields.allSatisfy { !$0.isShown.value })
        form["hosts-too"]?.answer("yes")
        #expect(fields[2].isShown.value == true)
        fields[1].answer("n")
        #expect(fields[2].isShown.value == false)
        // A later item keeps reading its own answers once an earlier item is removed (and it is renumbered).
        let second = form.addItem(to: list)
        second[1].answer("yes")
        #expect(form.removeItem(0, from: list))
        #expect(second.map(\.name) == ["hosts.0.name", "hosts.0.tls", "hosts.0.cert"])
        #expect(second[2].isShown.value == true)
        second[1].answer("no")
        #expect(second[2].isShown.value == false)
    }

    @Test("a YAML spec's repeat holds a group: its fields named by their path within the item")
    func specItemGroup() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - name: hosts
                prompt: Hosts
                repeat:
                  - name: name
                  - name: tls
                    prompt: TLS
                    group:
                      - name: cert
                        prompt: Certificate
            """, file: "s.yaml")
        #expect(spec.repeats.first?.fields.map(\.name) == ["name", "tls.cert"])
        #expect(spec.repeats.first?.fields.map(\.prompt) == ["name", "TLS: Certificate"])
        let form = spec.makeForm()
        #expect(FormFlow(form).run(prompter: ScriptedPrompter(lines: ["a", "c.pem", "", ""])).status == .submitted)
        #expect(form.typedAnswers["hosts"] == .array([.object(TypedAnswers([("name", .text("a")),
                                                                           ("tls", .object(TypedAnswers([("cert", .text("c.pem"))])))]))]))
    }

    @Test("if on several properties' constants: all must hold; else is any of them not holding")
    func ifOnSeveral() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(conditionSchema), file: "c.json")
        #expect(schemaForm.spec["oncall"]?.when?.references.map(\.field) == ["environment", "public"])
        #expect(schemaForm.spec["oncall"]?.isRequired == true)
        let prod = schemaForm.makeForm()
        let asked = ScriptedPrompter(lines: ["prod", "y", "n", "ops@example.com", ""])
        #expect(FormFlow(prod).run(prompter: asked).status == .submitted)
        #expect(asked.prompts.map(\.prompt).contains("On-call email: "))
        #expect(!asked.prompts.map(\.prompt).contains("Note: "))
        #expect(schemaForm.document(of: prod).description
                == #"{"environment":"prod","public":true,"oncall":"ops@example.com"}"#)

        let notPublic = schemaForm.makeForm()
        let other = ScriptedPrompter(lines: ["prod", "n", "n", "hello", ""])
        #expect(FormFlow(notPublic).run(prompter: other).status == .submitted)
        #expect(!other.prompts.map(\.prompt).contains("On-call email: "))
        #expect(schemaForm.document(of: notPublic).description
                == #"{"environment":"prod","public":false,"note":"hello"}"#)
    }

    @Test("if with required only: then's properties asked once the property is answered, else's while it is not")
    func ifRequired() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(conditionSchema), file: "c.json")
        #expect(schemaForm.spec["network.proxy-port"]?.when?.references.map(\.field) == ["add-network", "network.proxy"])
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["dev", "n", "y", "proxy1", "x", "3128", "", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.map(\.line) == ["x"])
        #expect(!prompter.prompts.map(\.prompt).contains("Direct (yes/no): "))
        let document = schemaForm.document(of: form)
        #expect(document.description
                == #"{"environment":"dev","public":false,"network":{"proxy":"proxy1","proxy-port":3128}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)

        let direct = schemaForm.makeForm()
        let noProxy = ScriptedPrompter(lines: ["dev", "n", "y", "", "y", "", ""])
        #expect(FormFlow(direct).run(prompter: noProxy).status == .submitted)
        #expect(noProxy.prompts.map(\.prompt).contains("Direct (yes/no): "))
        #expect(!noProxy.prompts.map(\.prompt).contains("Proxy port: "))
        #expect(schemaForm.document(of: direct).description == #"{"environment":"dev","public":false,"network":{"direct":true}}"#)
    }

    @Test("any other if is decided by the validator on the answers so far, live through the review")
    func ifByValidator() throws {
        let text = #"""
            {"type": "object", "required": ["port"],
             "properties": {"port": {"type": "integer", "title": "Port"}, "name": {"type": "string", "title": "Name"}},
             "if": {"properties": {"port": {"maximum": 1023}}, "required": ["port"]},
             "then": {"properties": {"reason": {"type": "string", "title": "Why a privileged port"}}, "required": ["reason"]},
             "else": {"properties": {"user": {"type": "string", "title": "User"}}}}
            """#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "b.json")
        #expect(schemaForm.spec.fields.map(\.name) == ["port", "name", "reason", "user"])
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["80", "a", "web", "port", "8080", "bob", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.prompts.map(\.prompt) == ["Port: ", "Name: ", "Why a privileged port: ",
                                                   "Number or name to edit, Enter to submit: ", "Port: ", "User: ",
                                                   "Number or name to edit, Enter to submit: "])
        #expect(form["reason"]?.isShown.value == false && form["user"]?.isShown.value == true)
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"port":8080,"name":"a","user":"bob"}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("each if of allOf maps like the object's own")
    func ifInAllOf() throws {
        let text = #"""
            {"type": "object", "required": ["kind"],
             "properties": {"kind": {"title": "Kind", "enum": ["web", "worker"]}},
             "allOf": [
               {"if": {"properties": {"kind": {"const": "web"}}}, "then": {"properties": {"port": {"type": "integer", "title": "Port"}}, "required": ["port"]}},
               {"if": {"properties": {"kind": {"const": "worker"}}}, "then": {"properties": {"queue": {"type": "string", "title": "Queue"}, "level": {"title": "Level", "enum": [1, 2]}}}}
             ]}
            """#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "a.json")
        #expect(schemaForm.spec.fields.map(\.name) == ["kind", "port", "queue", "level"])
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["worker", "jobs", "2", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(!prompter.prompts.map(\.prompt).contains("Port: "))
        #expect(schemaForm.document(of: form).description == #"{"kind":"worker","queue":"jobs","level":2}"#)   // typed by the then's enum
    }
}
