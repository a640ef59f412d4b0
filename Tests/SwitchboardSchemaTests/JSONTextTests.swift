// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// A number read from JSON keeps how it was written (`JSONNumber.text`) while comparing by value; a lone
/// surrogate escape is refused, naming where.
@Suite("JSON numbers as written, lone surrogates")
struct JSONTextTests {
    @Test("each number keeps its text; equal values stay equal and hash alike",
          arguments: ["1234567890123456789012", "20.0", "-0", "-0.0", "1e400", "1E+3", "1.50", "0.0000001",
                      "12345678901234567890123456789.5000", "-1234567890123456789012e-30", "100", "-7", "0.5", "0",
                      "123456789012345678901", "-123456789012345678901"])
    func keepsText(_ text: String) throws {
        guard case .array(let items) = try JSONValue.parse("[\(text), \(text)]"), case .number(let number) = items[0]
        else { Issue.record("not a number: \(text)"); return }
        #expect(number.text == text)
        #expect(JSONValue.number(number) == items[1])
        #expect(JSONNumber(text)?.text == text)
    }

    @Test("equal values written differently are equal, hash alike and keep their own text")
    func valueEquality() throws {
        let pairs = [("20.0", "20"), ("-0", "0"), ("1E+3", "1000"), ("1.50", "1.5"), ("1e400", "10e399"),
                     ("1234567890123456789012", "1.234567890123456789012e21")]
        for (written, other) in pairs {
            let a = try #require(JSONNumber(written)), b = try #require(JSONNumber(other))
            #expect(a == b && a.hashValue == b.hashValue, "\(written) and \(other)")
            #expect(Set([JSONValue.number(a), .number(b)]).count == 1)
            #expect(a.text == written && b.text == other)
        }
        #expect(JSONNumber(7).text == "7")
        // The text shares the reference long digits already had: a number (and so a JSONValue) is no larger.
        #expect(MemoryLayout<JSONNumber>.size == 25)
        #expect(JSONNumber("1234567890123456789012")!.description == "1.234567890123456789012e21")
    }

    @Test("a lone surrogate escape is refused with its line and column; a pair is read",
          arguments: [(#"{"a": "\ud800"}"#, 8), (#"{"a": "x\uDC00y"}"#, 9), (#"["\ud83d\u0041"]"#, 3),
                      (#"["\ud83d"]"#, 3)])
    func loneSurrogate(_ text: String, column: Int) throws {
        do {
            _ = try JSONValue.parse(text)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.line == 1 && error.column == column, "\(error)")
            #expect(error.message.contains("is a lone surrogate"), "\(error)")
            #expect(error.message.contains("write the character itself, or both halves"), "\(error)")
        }
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test("a syntax error's column counts characters, as a failure's does (not the bytes of the UTF-8 before it)")
    func errorColumnInCharacters() {
        for (text, line, column) in [("{\"é😀\": 1,}", 1, 10), ("[\n  \"ü\", x]", 2, 8), ("[1,\n2 3]", 2, 3)] {
            do {
                _ = try JSONValue.parse(text)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.line == line && error.column == column, "\(text): \(error)")
            }
        }
    }
}
