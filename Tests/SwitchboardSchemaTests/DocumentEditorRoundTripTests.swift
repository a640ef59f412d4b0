// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwitchboardSchema
import Testing

/// The span editor over every YAML and JSON fixture at hand: SchemaStore's schemas (as JSON documents), the
/// JSON-Schema-Test-Suite's 2020-12 cases, the repository's own YAML and JSON files, and generated configs (comments, blank lines, CRLF, byte order marks, flow
/// style, block scalars, anchors, several documents, no final line break). For each: an unchanged write is
/// byte-identical; one changed scalar changes one line; one added property and one removed item read back (our
/// reader, and PyYAML or Python's json) as the expected value with the other lines untouched and the comments kept.
@Suite("DocumentEditor round trip")
struct DocumentEditorRoundTripTests {
    struct Fixture {
        var name: String
        var text: String
        var isJSON: Bool
    }

    static func fixtures() throws -> [Fixture] {
        var fixtures = Generated.configs()
        let manager = FileManager.default
        if let store = SuiteData.require(SuiteData.schemaStore) {
            for name in try manager.contentsOfDirectory(atPath: store.path).sorted() where name.hasSuffix(".json") {
                let text = String(decoding: try Data(contentsOf: store.appendingPathComponent(name)), as: UTF8.self)
                fixtures.append(Fixture(name: "schemastore/" + name, text: text, isJSON: true))
            }
        }
        // The JSON-Schema-Test-Suite's 2020-12 cases: JSON documents whose top level is a list.
        if let tests = SuiteData.require(SuiteData.tests.appendingPathComponent("draft2020-12")) {
            for name in try manager.contentsOfDirectory(atPath: tests.path).sorted() where name.hasSuffix(".json") {
                let text = String(decoding: try Data(contentsOf: tests.appendingPathComponent(name)), as: UTF8.self)
                fixtures.append(Fixture(name: "json-schema-test-suite/" + name, text: text, isJSON: true))
            }
        }
        for folder in ["Examples", "Tests", ".github", "Sources"] {
            let root = SuiteData.repository.appendingPathComponent(folder)
            guard let walker = manager.enumerator(atPath: root.path) else { continue }
            for case let path as String in walker where [".yaml", ".yml", ".json"].contains(where: path.hasSuffix) {
                guard !path.contains("__Snapshots__"),
                      let data = manager.contents(atPath: root.appendingPathComponent(path).path),
                      let text = String(data: data, encoding: .utf8), data.count < 1 << 20 else { continue }
                fixtures.append(Fixture(name: folder + "/" + path, text: text, isJSON: path.hasSuffix(".json")))
            }
        }
        return fixtures
    }

    @Test("every fixture: unchanged, one scalar, one added property, one removed item")
    func roundTrip() throws {
        var checked = 0, scalars = 0, added = 0, removed = 0, refusedAdditions = 0
        var readBack: [(name: String, text: String, isJSON: Bool, expected: JSONValue)] = []
        for fixture in try Self.fixtures() {
            guard let editor = try? DocumentEditor(text: fixture.text, format: fixture.isJSON ? .json : .yaml) else { continue }
            checked += 1
            #expect(try editor.applying([]) == fixture.text, "\(fixture.name): unchanged")
            let comments = commentLines(fixture.text)

            if let (pointer, old) = firstScalar(editor.value, "") {
                let new: JSONValue = old == .string("changed value") ? .string("other") : .string("changed value")
                if let text = try? editor.applying([.set(pointer, to: new)]) {
                    scalars += 1
                    let (before, after) = differingLines(fixture.text, text)
                    if case .string = old, before.count > 1 {
                        // A block scalar of several lines becomes a literal one of one line (its header line too
                        // when it changes: `key: >` becomes `key: |-`).
                        #expect(after.count <= 2 && after.last?.hasSuffix(" changed value") == true,
                                "\(fixture.name): \(pointer) changed \(before) to \(after)")
                    } else {
                        #expect(before.count == 1 && after.count == 1, "\(fixture.name): \(pointer) changed \(before) to \(after)")
                    }
                    #expect(commentLines(text) == comments, "\(fixture.name): comments")
                    readBack.append((fixture.name + " " + pointer, text, fixture.isJSON, try editor.value.editing(pointer, new)))
                }
            }
            if case .object = editor.value {
                let value = JSONValue.object(JSONObject([("k", .array([.number(JSONNumber(1)), .string("two: 2")])), ("on", .null)]))
                // Refused only where nothing can follow the last value without changing it (a `|+` block at the
                // end of a text without a final line break).
                if let text = try? editor.applying([.set("/zz-added", to: value)]) {
                    added += 1
                    // Lines added; of the old ones at most one changed (a JSON member's comma, a flow mapping's line).
                    let (before, _) = differingLines(fixture.text, text)
                    #expect(before.count <= 1, "\(fixture.name): lines changed by an addition: \(before)")
                    #expect(commentLines(text) == comments, "\(fixture.name): comments")
                    readBack.append((fixture.name + " +", text, fixture.isJSON, try editor.value.editing("/zz-added", value)))
                } else {
                    refusedAdditions += 1
                }
            }
            if let pointer = firstItem(editor.value, ""), let text = try? editor.applying([.remove(pointer)]) {
                removed += 1
                // Lines removed; at most one line changed (a flow list on one line).
                let (_, after) = differingLines(fixture.text, text)
                #expect(after.count <= 1, "\(fixture.name): lines other than the item's changed: \(after)")
                #expect(commentLines(text).count <= comments.count)
                readBack.append((fixture.name + " -" + pointer, text, fixture.isJSON, try editor.value.removing(pointer)))
            }
        }
        #expect(checked >= 150, "fixtures read: \(checked)")
        #expect(refusedAdditions * 50 <= checked, "additions refused: \(refusedAdditions)")
        #expect(scalars * 10 >= checked * 9 && added * 3 >= checked && removed * 3 >= checked,
                "edits made: \(scalars) scalars, \(added) additions, \(removed) removals of \(checked)")
        for entry in readBack {
            let value = try DocumentEditor(text: entry.text, format: entry.isJSON ? .json : .yaml).value
            #expect(value == entry.expected, "\(entry.name): our reader")
        }
        try expectPythonReads(readBack.filter { $0.isJSON || $0.name.hasPrefix("generated/") })
    }

    /// PyYAML's `safe_load` (YAML) or Python's `json.loads` (JSON) reads each text as the expected value.
    private func expectPythonReads(_ entries: [(name: String, text: String, isJSON: Bool, expected: JSONValue)]) throws {
        let input = JSONValue.array(entries.map { entry in
            .object(JSONObject([("name", .string(entry.name)), ("text", .string(entry.text)),
                                ("json", .bool(entry.isJSON)), ("expected", .string(entry.expected.description))]))
        }).description
        let script = """
            import json, sys, yaml
            bad = []
            for e in json.loads(sys.stdin.read()):
                got = json.loads(e["text"]) if e["json"] else next(yaml.safe_load_all(e["text"].lstrip("\\ufeff")))
                if got != json.loads(e["expected"]):
                    bad.append(e["name"])
            print(len(bad), bad[:5])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output == "0 []\n", "Python read back otherwise: \(output)")
    }

    /// The lines of a text (a CRLF is one character in Swift: split on it too).
    private func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    private func commentLines(_ text: String) -> [Substring] {
        lines(text).filter { $0.drop { $0 == " " || $0 == "\t" }.first == "#" }
    }

    /// The lines that differ between two texts, once the lines both begin and end with are set aside.
    private func differingLines(_ a: String, _ b: String) -> ([Substring], [Substring]) {
        let x = lines(a), y = lines(b)
        var prefix = 0
        while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < x.count - prefix, suffix < y.count - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
        return (Array(x[prefix..<(x.count - suffix)]), Array(y[prefix..<(y.count - suffix)]))
    }

    /// The first scalar met depth first (a member of an object or an item), with its pointer.
    private func firstScalar(_ value: JSONValue, _ pointer: String) -> (String, JSONValue)? {
        switch value {
        case .object(let object):
            for (key, member) in object.members {
                if let found = firstScalar(member, pointer + "/" + escape(key)) { return found }
            }
            return nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstScalar(item, pointer + "/\(index)") { return found }
            }
            return nil
        default:
            return pointer.isEmpty ? nil : (pointer, value)
        }
    }

    /// The pointer of the first item of a list with more than one, met depth first.
    private func firstItem(_ value: JSONValue, _ pointer: String) -> String? {
        switch value {
        case .object(let object):
            for (key, member) in object.members {
                if let found = firstItem(member, pointer + "/" + escape(key)) { return found }
            }
        case .array(let items):
            if items.count > 1 { return pointer + "/0" }
            for (index, item) in items.enumerated() {
                if let found = firstItem(item, pointer + "/\(index)") { return found }
            }
        default:
            break
        }
        return nil
    }

    private func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

extension JSONValue {
    /// The value with the member or item at `pointer` set (test oracle, independent of the editor).
    func editing(_ pointer: String, _ new: JSONValue) throws -> JSONValue {
        try changed(tokens(pointer)[...], new)
    }

    func removing(_ pointer: String) throws -> JSONValue {
        try changed(tokens(pointer)[...], nil)
    }

    private func tokens(_ pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
    }

    private func changed(_ tokens: ArraySlice<String>, _ new: JSONValue?) throws -> JSONValue {
        guard let token = tokens.first else { return new ?? .null }
        switch self {
        case .object(let object):
            var members = object.members
            if let index = members.lastIndex(where: { $0.key == token }) {
                if tokens.count == 1, new == nil { members.remove(at: index) } else {
                    members[index].value = try members[index].value.changed(tokens.dropFirst(), new)
                }
            } else if let new {
                members.append((token, new))
            }
            return .object(JSONObject(members))
        case .array(var items):
            let index = Int(token)!
            if tokens.count == 1, new == nil { items.remove(at: index) } else {
                items[index] = try items[index].changed(tokens.dropFirst(), new)
            }
            return .array(items)
        default:
            throw CocoaError(.coderInvalidValue)
        }
    }
}
