// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSpec

@Suite struct AnswersTests {
    @Test func keysKeepInsertionOrderAndReplacingKeepsPosition() {
        var answers: Answers = ["b": "1", "a": "2"]
        answers["c"] = "3"
        answers["b"] = "4"
        #expect(answers.keys == ["b", "a", "c"])
        #expect(answers.map(\.value) == ["4", "2", "3"])
        answers["a"] = nil
        #expect(answers.keys == ["b", "c"])
    }

    @Test func jsonEscapesQuotesBackslashesAndControlCharacters() {
        let answers: Answers = ["bio": "line 1\nsaid \"hi\" \\ \u{1}", "name": "Huy Trần"]
        #expect(answers.json(pretty: false) == #"{"bio":"line 1\nsaid \"hi\" \\ \u0001","name":"Huy Trần"}"#)
        #expect(answers.json() == "{\n  \"bio\": \"line 1\\nsaid \\\"hi\\\" \\\\ \\u0001\",\n  \"name\": \"Huy Trần\"\n}")
    }

    @Test func jsonRoundTrips() throws {
        let answers: Answers = ["a": "x\ty", "b": "😀 \u{7f}", "c": ""]
        #expect(try Answers(json: answers.json()) == answers)
    }

    @Test func jsonInputTakesScalarsAsText() throws {
        let answers = try Answers(json: #"{"age": 23, "ok": true, "bio": null, "name": "\u00e9\ud83d\ude00"}"#)
        #expect(answers == ["age": "23", "ok": "true", "bio": "", "name": "é😀"])
    }

    @Test func jsonErrorsNameLineAndColumn() throws {
        // A nested object is a group's answers, a list of non-strings a list's items: named by path.
        #expect(try Answers(json: "{\"a\": \"1\",\n \"age\": {\"x\": 2, \"y\": {}}}") == ["a": "1", "age.x": "2"])
        #expect(try Answers(json: #"{"items": [1, {"n": "b"}], "tags": ["p", "q"]}"#)
                == ["items.0": "1", "items.1.n": "b", "tags": "p\nq"])
        #expect(throws: JSONSyntaxError(line: 2, column: 12, message: #"expected , or ] in the list of "age""#)) {
            _ = try Answers(json: "{\"a\": \"1\",\n \"age\": [1 2]}")
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 16, message: #"duplicate key "a.b""#)) {
            _ = try Answers(json: #"{"a": {"b": 1, "b": 2}}"#)
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 1, message: "expected a JSON object starting with {")) {
            _ = try Answers(json: "[]")
        }
    }
}
