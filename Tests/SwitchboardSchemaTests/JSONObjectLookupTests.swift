// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// `JSONObject`'s lookups answer most absent names from a filter of its member names: the answers must be exactly
/// those of comparing every name (the last member of that name; names equal as Swift strings are).
@Suite("JSONObject lookups")
struct JSONObjectLookupTests {
    /// The answer by comparing every name, newest first: what the filter must never change.
    private func scanned(_ object: JSONObject, _ key: String) -> JSONValue? {
        object.members.last { $0.key == key }?.value
    }

    private func object(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSONValue.parse(text) else {
            Issue.record("not an object: \(text)")
            return JSONObject()
        }
        return object
    }

    @Test("parsed objects: present names found (the last of a repeated one), absent ones not, empty names too")
    func parsed() throws {
        let schema = try object(#"{"type": "string", "minLength": 3, "": 0, "pattern": "^a", "type": "integer"}"#)
        #expect(schema["type"] == .string("integer"))
        #expect(schema["minLength"] == .number(JSONNumber(3)))
        #expect(schema[""] == .number(JSONNumber(0)))
        for absent in ["maxLength", "enum", "const", "typ", "types", "Type", "patterN", "$ref", " "] {
            #expect(schema[absent] == nil, "\(absent)")
        }
    }

    @Test("names written with escapes, or not ASCII, are found as written and by their equals")
    func escapedAndUnicode() throws {
        let escaped = try object(#"{"a\u0062": 1, "caf\u00e9": 2, "\u212A": 3, "x\"y": 4}"#)
        #expect(escaped["ab"] == .number(JSONNumber(1)))
        #expect(escaped["café"] == .number(JSONNumber(2)))
        #expect(escaped["cafe\u{301}"] == .number(JSONNumber(2)))   // canonically equal, as Swift strings are
        #expect(escaped["\u{212A}"] == .number(JSONNumber(3)))
        #expect(escaped["K"] == .number(JSONNumber(3)))            // the Kelvin sign equals K as a Swift string
        #expect(escaped["x\"y"] == .number(JSONNumber(4)))
        let plain = try object(#"{"K": 1, "cafe": 2}"#)
        #expect(plain["\u{212A}"] == .number(JSONNumber(1)))       // an ASCII member, a name that is not ASCII
        #expect(plain["café"] == nil)
    }

    @Test("an object built in code, or changed in place, answers from its members as they are now")
    func builtAndChanged() {
        var object = JSONObject([(key: "name", value: .string("ada"))])
        #expect(object["name"] == .string("ada"))
        #expect(object["age"] == nil)
        object.members.append((key: "age", value: .number(JSONNumber(36))))
        #expect(object["age"] == .number(JSONNumber(36)))
        object.members[0].key = "first"
        #expect(object["name"] == nil)
        #expect(object["first"] == .string("ada"))
        object.members.removeAll()
        #expect(object["first"] == nil)
    }

    @Test("random objects and names: every lookup answers as comparing every name does")
    func agreesWithScanning() throws {
        var random = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "b", "K", "\u{212A}", "é", "e\u{301}", "$", "/", "~", "-", "0", "Z"]
        func name() -> String {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
        }
        for _ in 0..<400 {
            let members = (0..<Int.random(in: 0...8, using: &random)).map { i in
                (key: name(), value: JSONValue.number(JSONNumber(i)))
            }
            // The same object parsed (filter made from the bytes) and built (filter made from the strings).
            let text = "{" + members.map { "\(JSONValue.string($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
            for candidate in [JSONObject(members), try object(text)] {
                for _ in 0..<12 {
                    let key = Bool.random(using: &random) ? members.randomElement(using: &random)?.key ?? name() : name()
                    #expect(candidate[key] == scanned(candidate, key), "\(text)[\(key)]")
                }
            }
        }
    }

    @Test("equality and hashing: the same names and values in any order, a repeated name by its last member, large and small")
    func equalityAndHash() throws {
        for count in [3, 40, 2_000] {
            let names = (0..<count).map { "k\($0)" }
            let forward = JSONObject(names.map { (key: $0, value: JSONValue.string($0 + "!")) })
            let backward = JSONObject(names.reversed().map { (key: $0, value: JSONValue.string($0 + "!")) })
            #expect(forward == backward)
            #expect(forward.hashValue == backward.hashValue)
            var changed = names.map { (key: $0, value: JSONValue.string($0 + "!")) }
            changed[count / 2].value = .string("other")
            #expect(forward != JSONObject(changed))
            #expect(forward != JSONObject(Array(changed.dropLast())))
            // A repeated name counts once, with its last value (as the subscript reads it).
            let repeated = JSONObject(names.map { (key: $0, value: JSONValue.string("first")) }
                                      + names.map { (key: $0, value: JSONValue.string($0 + "!")) })
            #expect(repeated == forward)
            #expect(repeated.hashValue == forward.hashValue)
            // Parsed (with a filter of names) and built in place (without) alike.
            let text = "{" + names.map { "\"\($0)\": \"\($0)!\"" }.joined(separator: ", ") + "}"
            #expect(try object(text) == backward)
        }
    }
}
