// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// Failures placed in the document's text: JSON through the locator, YAML through the reader's nodes.
@Suite("LocatedDocument")
struct LocatedDocumentTests {
    private let schema = try! JSONSchema(json: #"""
        {"type": "object", "required": ["name"], "additionalProperties": false,
         "properties": {"name": {"type": "string"}, "a/b": {"type": "integer"}, "ports": {"items": {"maximum": 10}},
                        "é": {"type": "string"}, "text": {"maxLength": 2}}}
        """#)

    /// `LINE:COLUMN POINTER KEYWORD` of each failure, sorted.
    private func places(_ document: LocatedDocument) -> [String] {
        document.validate(with: schema).map { "\($0.location.map(\.description) ?? "-") \($0.pointer) \($0.keyword)" }
            .sorted()
    }

    @Test("JSON: escaped keys read as the parser reads them, the last of a repeated key, columns in characters")
    func json() throws {
        let text = """
            {"name": "x", "a\\/b": "no", "\\u00e9": 1,
             "ports": [1, 20, {"x": [99]}], "name": 3}
            """
        // "a\/b" is the key a/b, "\u00e9" is é, and the second "name" is the value the parser keeps.
        let located = places(try LocatedDocument.json(ArraySlice(text.utf8)))
        #expect(located == [
            "1:23 /a~1b type", "1:39 /é type", "2:15 /ports/1 maximum", "2:41 /name type",
        ])
        let line = try LocatedDocument.json(ArraySlice(#"{"é日本": 1, "x": 2, "name": "n"}"#.utf8), line: 7)
        #expect(places(line) == ["7:12 /x additionalProperties", "7:2 /é日本 additionalProperties"])
    }

    @Test("YAML: a block scalar at its indicator, a missing property at the mapping's first key, a key for extra ones")
    func yaml() throws {
        let document = try LocatedDocument.yaml("# config\nname: n\ntext: |\n  long\nextra: 1\nports:\n  - 1\n  - 11\n")
        #expect(places(document) == ["3:7 /text maxLength", "5:1 /extra additionalProperties", "8:5 /ports/1 maximum"])
        let missing = try LocatedDocument.yaml("\n\n  text: ab\n")
        #expect(places(missing) == ["3:3  required"])
    }
}
