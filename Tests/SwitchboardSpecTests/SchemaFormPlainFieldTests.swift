// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import SwitchboardSchema
@testable import SwitchboardSpec

// A form mapped from a schema reads its plain fields in one pass (`SpecParser.plainJSONField`), not through the
// spec reader's generic walk. Both must make the same form spec, and report the same problems: compared here on
// every SchemaStore schema of the suite and on schemas built to reach each shape and each problem.

@Suite("form --schema: plain fields read in one pass, as the generic reader reads them")
struct SchemaFormPlainFieldTests {
    /// The spec both ways, as text (`dump` shows every stored property; closures as `(Function)`), or the error.
    private func bothWays(_ document: JSONValue, file: String) -> (plain: String, generic: String) {
        func mapped(_ plainFields: Bool) -> String {
            do {
                var text = ""
                let (spec, conditions) = try SchemaForm.mapped(document, file: file, plainFields: plainFields)
                dump(spec, to: &text, maxDepth: 12)
                text += conditions.map { "\($0.fields) \($0.lists) \($0.reads) \($0.holds)" }.joined(separator: "\n")
                return text
            } catch {
                return "error: \(error)"
            }
        }
        return (mapped(true), mapped(false))
    }

    @Test("every SchemaStore schema of the suite maps to the same spec, or fails with the same problems")
    func schemaStore() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".schema-suite/schemastore")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            Issue.record("\(folder.path) is missing: run scripts/fetch-schema-suite.sh (make test runs it)")
            return
        }
        let schemas = names.filter { $0.hasSuffix(".json") }.sorted()
        #expect(schemas.count >= 20)
        var mapped = 0
        for name in schemas {
            let document = try JSONValue.parse(bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
            let (plain, generic) = bothWays(document, file: name)
            #expect(plain == generic, "\(name)")
            if !plain.hasPrefix("error:") { mapped += 1 }
        }
        #expect(mapped >= 20)   // the comparison covers forms, not only failures
    }

    @Test("each plain shape, and each problem a plain field can have, the same both ways", arguments: [
        // Kinds, rules, help, defaults, choices (deduplicated enums), booleans as confirm and yes/no, masked.
        #"{"type":"object","required":["a","e"],"properties":{"a":{"type":"string","title":"A","minLength":2,"#
            + #""pattern":"^x","format":"email","description":"Help","default":"xy"},"b":{"type":"integer","#
            + #""minimum":1,"exclusiveMaximum":9,"default":3},"c":{"type":"number","minimum":0.5,"maximum":2},"#
            + #""d":{"enum":["x","y","x"],"default":"y"},"e":{"type":"boolean","default":true},"#
            + #""f":{"type":"boolean"},"g":{"type":"string","writeOnly":true},"h":{"const":"only"},"#
            + #""i":{"type":"array","items":{"enum":["p","q"]},"minItems":1},"#
            + #""j":{"type":"array","items":{"type":"string","maxLength":3}}}}"#,
        // x-switchboard: a prompt, a check command, choices from a command; a list's value.
        #"{"type":"object","properties":{"a":{"type":"string","x-switchboard":{"prompt":"P","check":"true"}},"#
            + #""b":{"type":"string","x-switchboard":{"choices":{"command":"printf 'x\\ny\\n'"}}},"#
            + #""c":{"type":"string","x-switchboard":{"check":{"command":"true","timeout":2}}}}}"#,
        // Problems: a default that is not a choice, nor yes or no; an empty check; a title that is not text; a
        // check that is not a command. (Patterns, empty or with colons, are compared too; a pattern that does not
        // compile is the validator's to report, and an empty one, which the generic reader refused, matches
        // anything: see below.)
        #"{"type":"object","properties":{"a":{"enum":["x","y"],"default":"z"}}}"#,
        #"{"type":"object","required":["a"],"properties":{"a":{"type":"boolean","default":"maybe"}}}"#,
        #"{"type":"object","properties":{"a":{"type":"string","x-switchboard":{"check":"  "}}}}"#,
        #"{"type":"object","properties":{"a":{"type":"string","x-switchboard":{"check":[1]}}}}"#,
        #"{"type":"object","properties":{"b":{"type":"string","pattern":"^a:b$"}}}"#,
        #"{"type":"object","properties":{"a":{"type":"string","title":{"x":1}}}}"#,
        #"{"type":"object","properties":{"a":{"type":"string","title":7}}}"#,
        #"{"type":"object","properties":{"a":{"enum":["x\u001b[31m","y"]}}}"#,
        // Groups, gated optional objects, lists of objects, conditions from if/then, variants, dependencies.
        #"{"type":"object","required":["kind"],"properties":{"kind":{"enum":["a","b"]},"#
            + #""server":{"type":"object","title":"Server","properties":{"host":{"type":"string"},"#
            + #""port":{"type":"integer"}}},"items":{"type":"array","items":{"type":"object","required":["n"],"#
            + #""properties":{"n":{"type":"string"},"m":{"type":"object","properties":{"k":{"type":"string"}}}}}}},"#
            + #""if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"only-a":{"type":"string"}}},"#
            + #""else":{"properties":{"only-b":{"type":"number"}}},"dependentRequired":{"server":["kind"]}}"#,
        #"{"type":"object","properties":{"v":{"oneOf":[{"title":"One","type":"object","properties":{"#
            + #""t":{"const":"one"},"x":{"type":"string"}},"required":["t"]},{"title":"Two","type":"object","#
            + #""properties":{"t":{"const":"two"},"y":{"type":"integer"}},"required":["t"]}]}}}"#,
    ])
    func shapes(_ text: String) throws {
        let (plain, generic) = bothWays(try JSONValue.parse(text), file: "s.json")
        #expect(plain == generic)
    }

    @Test("a schema's pattern is compiled by the validator before the first question, by the form at its first match")
    @MainActor func deferredPatterns() throws {
        // Not compiled twice before asking: the validator refuses a pattern that does not compile.
        let bad = try JSONValue.parse(#"{"type":"object","properties":{"a":{"type":"string","pattern":"(("}}}"#)
        #expect(throws: SpecError.self) { try SchemaForm(schema: bad, file: "b.json") }
        let compiling = try SchemaForm(schema: bad, file: "b.json", compiling: { () throws(SchemaError) in try JSONSchema(bad) })
        #expect(throws: SchemaError.self) { try compiling.compiledSchema() }
        // The form's rule: a pattern found anywhere (ECMA-262), the validator's message. An empty pattern (the rule
        // text `pattern:` alone, refused before as a rule without its argument) matches anything.
        let text = #"{"type":"object","properties":{"a":{"type":"string","pattern":"[0-9]$"},"#
            + #""b":{"type":"string","pattern":"[0-9]$"},"c":{"type":"string","pattern":""}}}"#
        let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "p.json")
        let form = schemaForm.makeForm()
        let a = try #require(form["a"]), c = try #require(form["c"])
        _ = a.answer("x")
        #expect(a.verdict.value.failure?.message == "must match the pattern [0-9]$")
        _ = a.answer("a1")
        #expect(a.verdict.value.isValid)
        _ = c.answer("anything")
        #expect(c.verdict.value.isValid)
        #expect(schemaForm.spec["a"]?.rules.first?.text == "pattern:[0-9]$")
    }
}
