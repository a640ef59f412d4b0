// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSchema
import SwitchboardSpec

/// A schema of `count` properties of every kind a form asks (pattern strings, bounded integers, booleans, choices
/// through a `$ref` into a `$defs` of as many entries, required and optional objects, arrays of objects, optional
/// strings), the answers a user would type to each question in order, and the document they make.
private func wideSchema(_ count: Int) -> (schema: String, lines: [String], document: String) {
    var properties: [String] = [], definitions: [String] = [], required: [String] = []
    var lines: [String] = [], document: [String] = []
    for i in 0..<count {
        let name = "p\(i)"
        let schema: String
        switch i % 8 {
        case 0:
            schema = #"{"type": "string", "title": "Name \#(i)", "pattern": "^v[0-9]+$", "minLength": 2}"#
            lines.append("v\(i)")
            document.append(#""\#(name)":"v\#(i)""#)
        case 1:
            schema = #"{"type": "integer", "minimum": 0, "maximum": 100000}"#
            lines.append("\(i)")
            document.append(#""\#(name)":\#(i)"#)
        case 2:
            schema = #"{"type": "boolean", "description": "Whether \#(i) is on."}"#
            lines.append("yes")
            document.append(#""\#(name)":true"#)
        case 3:
            schema = ##"{"$ref": "#/$defs/d\##(i)"}"##
            definitions.append(#""d\#(i)": {"title": "Choice \#(i)", "enum": ["a\#(i)", "b\#(i)"]}"#)
            lines.append("b\(i)")
            document.append(#""\#(name)":"b\#(i)""#)
        case 4:
            schema = #"{"type": "object", "title": "Section \#(i)", "required": ["host"], "properties": {"#
                + #""host": {"type": "string"}, "port": {"type": "integer", "minimum": 1}}}"#
            lines += ["h\(i)", ""]
            document.append(#""\#(name)":{"host":"h\#(i)"}"#)
        case 5:
            schema = #"{"type": "object", "title": "Extra \#(i)", "properties": {"note": {"type": "string"}}}"#
            if i % 16 == 5 {
                lines += ["y", "n\(i)"]
                document.append(#""\#(name)":{"note":"n\#(i)"}"#)
            } else {
                lines.append("n")
            }
        case 6:
            schema = #"{"type": "array", "items": {"type": "object", "required": ["path"], "properties": {"#
                + #""path": {"type": "string", "pattern": "^/"}}}}"#
            lines += ["/p\(i)", ""]
            document.append(#""\#(name)":[{"path":"/p\#(i)"}]"#)
        default:
            schema = #"{"type": "string", "description": "Optional text \#(i)."}"#
            lines.append("")
        }
        properties.append(#""\#(name)": \#(schema)"#)
        if i % 8 != 5 && i % 8 != 7 { required.append(#""\#(name)""#) }
    }
    let schema = #"{"title": "Wide", "type": "object", "properties": {\#(properties.joined(separator: ", "))}, "#
        + #""required": [\#(required.joined(separator: ", "))], "$defs": {\#(definitions.joined(separator: ", "))}}"#
    return (schema, lines + [""], "{" + document.joined(separator: ",") + "}")
}

@MainActor @Suite("a form from a schema of thousands of properties")
struct SchemaFormWideTests {
    @Test("2,000 properties of every kind: each asked once in property order, the document typed and nested")
    func twoThousandProperties() throws {
        let (text, lines, expected) = wideSchema(2_000)
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "wide.json")
        #expect(schemaForm.spec.repeats.count == 250 && schemaForm.spec.groups.count == 500)
        let form = schemaForm.makeForm()
        let prompter = ScriptedPrompter(lines: lines)
        #expect(FormFlow(form).run(prompter: prompter).status == .submitted)
        #expect(prompter.refused.isEmpty)
        #expect(prompter.prompts.first?.prompt == "Name 0: ")
        // The choices reached through `$ref`s keep their titles; each optional object is offered once.
        #expect(prompter.prompts.contains { $0.prompt.hasPrefix("Choice 1995") })
        #expect(prompter.prompts.filter { $0.prompt.hasPrefix("Add Extra 1997?") }.count == 1)
        let document = schemaForm.document(of: form)
        #expect(document.description == (try JSONValue.parse(expected)).description)
        #expect(schemaForm.schema.validate(document).isEmpty)
    }
}
