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

    @Test func jsonErrorsNameLineAndColumn() {
        #expect(throws: JSONSyntaxError(line: 2, column: 9, message: #"expected a string, number, true, false, null or a list of strings as the value of "age""#)) {
            _ = try Answers(json: "{\"a\": \"1\",\n \"age\": {}}")
        }
        #expect(throws: JSONSyntaxError(line: 2, column: 10, message: #"expected a string in the list of "age""#)) {
            _ = try Answers(json: "{\"a\": \"1\",\n \"age\": [1]}")
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 1, message: "expected a JSON object starting with {")) {
            _ = try Answers(json: "[]")
        }
    }
}
