// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// The project's one YAML reader: YAML 1.2's core schema, tags, merge keys, a byte order mark, bounds, and the
/// places it names. The expectations are YAML 1.2.2's (chapter 10.3, the core schema), written out here.
@Suite("YAMLReader")
struct YAMLReaderTests {
    private func json(_ yaml: String) throws(DocumentError) -> JSONValue {
        try JSONValue(yaml: try YAMLReader.document(yaml))
    }

    private func refusal(_ yaml: String) -> DocumentError? {
        do {
            _ = try json(yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test("plain scalars by YAML 1.2's core schema: YAML 1.1's yes/no/on/off/NO are text")
    func coreSchema() throws {
        let cases: [(String, JSONValue)] = [
            ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null), ("", .null),
            ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)), ("false", .bool(false)),
            ("FALSE", .bool(false)),
            ("NO", .string("NO")), ("no", .string("no")), ("yes", .string("yes")), ("on", .string("on")),
            ("Off", .string("Off")), ("y", .string("y")), ("nULL", .string("nULL")), ("tRUE", .string("tRUE")),
            ("42", .number(JSONNumber(42))), ("-17", .number(JSONNumber(-17))), ("+12", .number(JSONNumber(12))),
            ("007", .number(JSONNumber(7))), ("0o17", .number(JSONNumber(15))), ("0x1F", .number(JSONNumber(31))),
            ("0x1f", .number(JSONNumber(31))),
            ("1234567890123456789012", .number(JSONNumber("1234567890123456789012")!)),
            ("0xFFFFFFFFFFFFFFFFFFFF", .number(JSONNumber("1208925819614629174706175")!)),
            ("1.5", .number(JSONNumber("1.5")!)), (".5", .number(JSONNumber("0.5")!)), ("1.", .number(JSONNumber(1))),
            ("-2.5e-3", .number(JSONNumber("-0.0025")!)), ("1e3", .number(JSONNumber(1000))),
            ("1E+3", .number(JSONNumber(1000))),
            // YAML 1.1 forms that 1.2's core schema reads as text.
            ("0b101", .string("0b101")), ("1_000", .string("1_000")), ("12:30", .string("12:30")),
            ("0x", .string("0x")), ("0o8", .string("0o8")), ("1e", .string("1e")), (".", .string(".")),
            ("2001-12-14", .string("2001-12-14")), ("-x", .string("-x")),
        ]
        for (text, expected) in cases {
            #expect(try json("v: \(text)\n") == .object(JSONObject([("v", expected)])), "v: \(text)")
        }
        // Quoted and block scalars are text, whatever they say.
        #expect(try json("a: \"22\"\nb: 'true'\nc: |\n  null\n") == .object(JSONObject([
            ("a", .string("22")), ("b", .string("true")), ("c", .string("null\n")),
        ])))
    }

    @Test(".inf and .nan are refused at their place: JSON cannot hold them")
    func infinityAndNaN() throws {
        for text in [".inf", "-.Inf", "+.INF", ".nan", ".NaN"] {
            let error = refusal("a: 1\nb: \(text)\n")
            #expect(error?.mark?.line == 2, "\(text)")
            #expect(error?.mark?.column == 4, "\(text)")
            #expect(error?.problem.contains("a number JSON cannot hold") == true, "\(text)")
        }
        #expect(try json("a: '.inf'\n") == .object(JSONObject([("a", .string(".inf"))])))
    }

    @Test("tags are honoured: !!str 123 is text, !!int \"42\" is 42, ! 12 is text, other tags read as untagged")
    func tags() throws {
        #expect(try json("""
            a: !!str 123
            b: !!int "42"
            c: !!float "1.5"
            d: !!bool "true"
            e: !!null ""
            f: ! 12
            g: !Ref 12
            h: !reference [a, b]
            i: !!float 3
            j: !!int 0x10
            """) == .object(JSONObject([
            ("a", .string("123")), ("b", .number(JSONNumber(42))), ("c", .number(JSONNumber("1.5")!)),
            ("d", .bool(true)), ("e", .null), ("f", .string("12")), ("g", .number(JSONNumber(12))),
            ("h", .array([.string("a"), .string("b")])), ("i", .number(JSONNumber(3))), ("j", .number(JSONNumber(16))),
        ])))
        let notAnInteger = refusal("a: 1\nb: !!int abc\n")
        #expect(notAnInteger?.message == #"line 2, column 4: !!int "abc" is not an integer"#)
        #expect(refusal("a: !!bool yes\n")?.problem == #"!!bool "yes" is not true or false"#)
        #expect(refusal("a: !!str [1]\n")?.problem == "a list cannot be tagged !!str")
    }

    @Test("merge keys: the named mappings' keys where << stands, written keys win, of several the earlier wins")
    func mergeKeys() throws {
        let value = try json("""
            base: &base {image: app, port: 80, env: prod}
            extra: &extra {port: 81, debug: false, env: dev}
            web:
              name: web
              <<: [*base, *extra]
              port: 8080
            plain: {<<: {a: 1}, b: 2}
            """)
        #expect(value["web"] == .object(JSONObject([
            ("name", .string("web")), ("image", .string("app")), ("env", .string("prod")),
            ("debug", .bool(false)), ("port", .number(JSONNumber(8080))),
        ])))
        #expect(value["plain"] == .object(JSONObject([("a", .number(JSONNumber(1))), ("b", .number(JSONNumber(2)))])))
        // A quoted "<<" is an ordinary key.
        #expect(try json("\"<<\": 1\n") == .object(JSONObject([("<<", .number(JSONNumber(1)))])))
        #expect(refusal("a: {<<: 3}\n")?.problem.contains("a merge key `<<` takes a mapping") == true)
    }

    @Test("a byte order mark is skipped: YAML of many lines and JSON read as without it, places unchanged")
    func byteOrderMark() throws {
        let yaml = "\u{FEFF}name: a\nport: 22\nlist:\n  - x\n"
        #expect(try json(yaml) == .object(JSONObject([
            ("name", .string("a")), ("port", .number(JSONNumber(22))), ("list", .array([.string("x")])),
        ])))
        #expect(try YAMLReader.document(yaml)?.mapping?[1].value.start == YAMLMark(line: 2, column: 7, index: 14))
        #expect(try JSONValue.document("\u{FEFF}{\"a\": [1]}") == .object(JSONObject([("a", .array([.number(JSONNumber(1))]))])))
        #expect(try JSONValue.parse("\u{FEFF}[true]") == .array([.bool(true)]))
    }

    @Test("a key written twice and a second document are refused at their place, in one line of our words")
    func duplicatesAndDocuments() throws {
        let duplicate = refusal("a: 1\nb: 2\na: 3\n")
        #expect(duplicate?.message == #"line 3, column 1: the key "a" is written twice in this mapping (first at line 1, column 1); YAML keys must be unique: keep one"#)
        let documents = refusal("---\nname: a\n---\nname: b\n")
        #expect(documents?.mark == YAMLMark(line: 3, column: 1, index: 12))
        #expect(documents?.problem.hasPrefix("a second YAML document starts here") == true)
        #expect(try YAMLReader.documents("---\nname: a\n---\nname: b\n").count == 2)
        #expect(try YAMLReader.documents("# only a comment\n").isEmpty)
        let syntax = refusal("a: b: c\n")
        #expect(syntax?.message.hasPrefix("line 1, column 5: not valid YAML: ") == true)
        #expect(syntax.map { !$0.message.contains("\n") } == true)
    }

    @Test("aliases: read as the anchored value, placed at the alias; an alias bomb is refused in bounded time")
    func aliases() throws {
        let node = try YAMLReader.document("a: &x [1, 2]\nb: *x\n")
        let alias = node?.mapping?[1].value
        #expect(alias?.start == YAMLMark(line: 2, column: 4, index: 16))
        #expect(alias?.anchorMark == YAMLMark(line: 1, column: 4, index: 3))
        #expect(try JSONValue(yaml: node)["b"] == .array([.number(JSONNumber(1)), .number(JSONNumber(2))]))
        // Nine levels of ten aliases each: 10^9 values from about 400 bytes.
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let bomb = refusal(lines.joined(separator: "\n") + "\n")
        #expect(bomb?.problem.contains("the aliases here expand to more than 1000000 values") == true)
        #expect(bomb?.mark?.line == 6)
        #expect(refusal("a: *nowhere\n")?.problem.hasPrefix("the alias *nowhere names no anchor") == true)
    }

    @Test("nesting deeper than JSONValue.maximumDepth is refused, not a crash")
    func depth() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(refusal(deep)?.problem.hasPrefix("nested too deeply") == true)
        let deeper = String(repeating: "[", count: 100_000)
        #expect(refusal(deeper)?.problem.hasPrefix("nested too deeply") == true)
    }

    @Test("each node knows its place: block and flow, keys and values, CRLF lines, text before it not ASCII")
    func marks() throws {
        let node = try YAMLReader.document("name: Zoë\r\nports:\r\n  - 80\r\n  - {é: 443}\r\n")
        let pairs = node?.mapping ?? []
        #expect(pairs.map(\.key.start.line) == [1, 2])
        #expect(pairs[1].value.start == YAMLMark(line: 3, column: 3, index: 21))
        let flow = pairs[1].value.sequence?[1]
        #expect(flow?.isFlow == true)
        #expect(flow?.mapping?[0].value.start == YAMLMark(line: 4, column: 9, index: 35))
    }
}
