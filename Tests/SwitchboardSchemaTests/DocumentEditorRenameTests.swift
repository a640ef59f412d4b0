// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// A member renamed in place (a map's entry: a compose service, a workflow's job): only the key's bytes change, so
/// the member keeps its place, its value and its comments; `DocumentEdit.changes` finds a rename where only a name
/// changed.
@Suite("DocumentEditor: renaming a member")
struct DocumentEditorRenameTests {
    private static let compose = """
        # Services of the shop
        services:
          # the public site
          web:   # port 80
            image: nginx
          'db':
            image: postgres
        volumes: {data: {}, logs: {}}

        """

    @Test("only the key's bytes change: the place, the value, the comments and the quoting stay")
    func renamedInPlace() throws {
        let editor = try DocumentEditor(text: Self.compose)
        let site = try editor.applying([.rename("/services/web", to: "site")])
        #expect(site == Self.compose.replacing("  web:   # port 80", with: "  site:   # port 80"))
        let quoted = try editor.applying([.rename("/services/db", to: "database")])
        #expect(quoted == Self.compose.replacing("  'db':", with: "  'database':"))
        let flow = try editor.applying([.rename("/volumes/logs", to: "journal")])
        #expect(flow == Self.compose.replacing("{data: {}, logs: {}}", with: "{data: {}, journal: {}}"))
        // A name YAML would read otherwise is quoted; the text reads back with the new name.
        let tricky = try editor.applying([.rename("/services/web", to: "a: b")])
        let read = try DocumentEditor(text: tricky).value
        #expect(read["services"]?["a: b"]?["image"] == .string("nginx"))
        #expect(read["services"].map { object in
            if case .object(let members) = object { return members.keys } else { return [] }
        } == ["a: b", "db"])
    }

    @Test("JSON: the key's string replaced in place")
    func json() throws {
        let text = "{\n  \"jobs\": {\n    \"build\": {\"runs-on\": \"linux\"},\n    \"test\": {}\n  }\n}\n"
        let renamed = try DocumentEditor(text: text).applying([.rename("/jobs/build", to: "compile \"all\"")])
        #expect(renamed == text.replacing("\"build\":", with: "\"compile \\\"all\\\"\":"))
    }

    @Test("refused: a name taken, a list item, no such member, through an alias; nothing is changed")
    func refused() throws {
        let editor = try DocumentEditor(text: Self.compose)
        #expect(throws: DocumentEditError.self) { try editor.applying([.rename("/services/web", to: "db")]) }
        #expect(throws: DocumentEditError.self) { try editor.applying([.rename("/services/api", to: "x")]) }
        let list = try DocumentEditor(text: "ports:\n  - 80\n")
        #expect(throws: DocumentEditError.self) { try list.applying([.rename("/ports/0", to: "x")]) }
        let aliased = try DocumentEditor(text: "base: &b {a: 1}\nother: *b\n")
        #expect(throws: DocumentEditError.self) { try aliased.applying([.rename("/other/a", to: "c")]) }
        #expect(throws: DocumentEditError.self) { try aliased.applying([.rename("/base/a", to: "c")]) }
        // Longer than YAML's implicit keys may be: refused with a clear reason (JSON takes it).
        let long = String(repeating: "n", count: 2_000)
        let error = try #require(throws: DocumentEditError.self) { try editor.applying([.rename("/services/web", to: long)]) }
        #expect(error.problem.contains("choose a shorter name"), "\(error.problem)")
        let json = try DocumentEditor(text: #"{"a": 1}"#).applying([.rename("/a", to: long)])
        #expect(json == "{\"\(long)\": 1}")
    }

    @Test("changes(from:to:) renames a member whose name alone changed in its place, with what changed inside")
    func changesFindRenames() throws {
        let old = try JSONValue.parse(#"{"web": {"image": "nginx"}, "db": {"image": "postgres"}}"#)
        let renamed = try JSONValue.parse(#"{"site": {"image": "nginx-2"}, "db": {"image": "postgres"}}"#)
        #expect(DocumentEdit.changes(from: old, to: renamed)
                == [.rename("/web", to: "site"), .set("/site/image", to: .string("nginx-2"))])
        // A member gone and another added elsewhere is not a rename.
        let moved = try JSONValue.parse(#"{"db": {"image": "postgres"}, "site": {"image": "nginx"}}"#)
        #expect(DocumentEdit.changes(from: old, to: moved)
                == [.set("/site", to: try JSONValue.parse(#"{"image": "nginx"}"#)), .remove("/web")])
        // Two names swapped are values changed, not renames.
        let swapped = try JSONValue.parse(#"{"db": {"image": "nginx"}, "web": {"image": "postgres"}}"#)
        #expect(!DocumentEdit.changes(from: old, to: swapped).contains { if case .rename = $0.change { true } else { false } })
        // Applied to the text, the rename and the change inside make the value asked for.
        let text = "web:\n  image: nginx   # pinned\ndb:\n  image: postgres\n"
        let edited = try DocumentEditor(text: text).applying(changesTo: renamed)
        #expect(edited == "site:\n  image: nginx-2   # pinned\ndb:\n  image: postgres\n")
    }
}
