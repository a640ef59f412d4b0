// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

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

@MainActor @Suite("oneOf/anyOf of object variants: the variant picked first")
struct SchemaVariantTests {
    @Test("the discriminator's constants are the pick; each variant's own properties are asked only for it")
    func mapping() throws {
        let spec = try SchemaForm(schema: try JSONValue.parse(paymentSchema), file: "p.json").spec
        #expect(spec.fields.map(\.name) == ["name", "payment.method", "payment.number", "payment.iban", "payment.days"])
        #expect(spec["payment.method"]?.kind == .choice(["card", "bank"]) && spec["payment.method"]?.isRequired == true)
        #expect(spec["payment.method"]?.prompt == "Method")
        #expect(spec["payment.number"]?.when?.references.map(\.field) == ["payment.method"])
        #expect(spec["payment.iban"]?.isRequired == true && spec["payment.days"]?.isRequired == false)
    }

    @Test("picking a variant asks its properties, not the other's; the document holds the variant and validates")
    func pickBank() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(paymentSchema), file: "p.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["Ada", "bank", "DE89", "30", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(!prompter.prompts.map(\.prompt).contains("Card number: "))
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"name":"Ada","payment":{"method":"bank","iban":"DE89","days":30}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }

    @Test("the other variant: its rules are live")
    func pickCard() throws {
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(paymentSchema), file: "p.json")
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["Ada", "card", "12x", "1234", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.map(\.line) == ["12x"])
        #expect(!prompter.prompts.map(\.prompt).contains("IBAN: "))
        let document = schemaForm.document(of: form)
        #expect(document.description == #"{"name":"Ada","payment":{"method":"card","number":"1234"}}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }
}

private func dependentSchema(_ keywords: String) -> String {
    """
    {
      "type": "object",
      "properties": {
        "billing": {"type": "string", "title": "Billing address"},
        "name": {"type": "string", "title": "Name"},
        "card": {"type": "string", "title": "Card"},
        "shipping": {"type": "string", "title": "Shipping"}
      },
      \(keywords)
    }
    """
}

private let phone = #"{"required": ["phone"], "properties": {"phone": {"type": "string", "title": "Phone", "minLength": 3}}}"#

@MainActor @Suite("dependentRequired, dependentSchemas and dependencies as conditions")
struct SchemaDependencyTests {
    @Test("dependentRequired and dependentSchemas: the dependents follow the named property, required, conditional",
          arguments: [#""dependentRequired": {"card": ["billing"]}, "dependentSchemas": {"shipping": PHONE}"#,
                      #""dependencies": {"card": ["billing"], "shipping": PHONE}"#])
    func mapping(keywords: String) throws {
        let text = dependentSchema(keywords.replacing("PHONE", with: phone))
        let spec = try SchemaForm(schema: try JSONValue.parse(text), file: "d.json").spec
        #expect(spec.fields.map(\.name) == ["name", "card", "billing", "shipping", "phone"])
        #expect(spec["billing"]?.isRequired == true && spec["billing"]?.when?.references.map(\.field) == ["card"])
        #expect(spec["phone"]?.isRequired == true && spec["phone"]?.when?.references.map(\.field) == ["shipping"])
        #expect(spec["card"]?.when == nil && spec["card"]?.isRequired == false)
    }

    @Test("unanswered, the dependents are not asked; answered, they are asked and required")
    func flow() throws {
        let text = dependentSchema(#""dependentRequired": {"card": ["billing"]}, "dependentSchemas": {"shipping": \#(phone)}"#)
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "d.json")
        let bare = schemaForm.makeForm()
        let quiet = ScriptedPrompter(lines: ["Ada", "", "", ""])
        #expect(FormFlow(bare).run(prompter: quiet).status == .submitted)
        #expect(quiet.prompts.map(\.prompt).dropLast() == ["Name: ", "Card: ", "Shipping: "])   // then the review
        #expect(schemaForm.document(of: bare).description == #"{"name":"Ada"}"#)

        let full = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["Ada", "4111", "", "Main St", "home", "12", "5551234", ""])
        #expect(FormFlow(full).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.map(\.line) == ["", "12"])
        let document = schemaForm.document(of: full)
        #expect(document.description
                == #"{"name":"Ada","card":"4111","billing":"Main St","shipping":"home","phone":"5551234"}"#)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }
}

@MainActor @Suite("a schema's description as the question's help")
struct SchemaDescriptionTests {
    @Test("description is shown above its question each time it is asked (the prompter escapes what it shows)")
    func help() throws {
        let text = #"{"type": "object", "required": ["port"], "properties": {"port": {"type": "integer", "title": "Port", "description": "Where it listens\u001b[31m", "minimum": 1}, "name": {"type": "string"}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "h.json")
        #expect(schemaForm.spec["port"]?.help == "Where it listens\u{1B}[31m")
        #expect(schemaForm.spec["name"]?.help == nil)
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: ["8080", "", ""])
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.shown.filter { $0 == "Where it listens\u{1B}[31m" }.count == 1)
    }

    @Test("a spec's help: key is read")
    func specHelp() throws {
        let spec = try FormSpec(yaml: "fields:\n  - name: city\n    help: \"The city you live in\"\n", file: "s.yaml")
        #expect(spec["city"]?.help == "The city you live in")
    }
}
