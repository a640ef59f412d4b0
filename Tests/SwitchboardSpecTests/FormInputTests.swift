// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSpec

@Suite struct FormInputTests {
    @Test func linesFillFieldsInOrderWithAMultiLineBio() {
        let input = "ada@example.com\n\ncorrect horse\ncorrect horse\n36\nFrance\nI like\nengines\n"
        let result = makeSignup().fill(from: input, format: .auto)
        #expect(result.status == .submitted)
        #expect(result.exitStatus == 0)
        #expect(result.answers == ["email": "ada@example.com", "username": "ada", "password": "correct horse",
                                   "confirm": "correct horse", "age": "36", "country": "France",
                                   "bio": "I like\nengines"])
    }

    @Test func everyFailureIsReportedNotOnlyTheFirst() {
        let input = "ada\n\nshort\nother\nabc\nMars\r\n"
        let result = makeSignup().fill(from: input, format: .lines)
        #expect(result.status == .invalid)
        #expect(result.exitStatus == 1)
        #expect(result.report == [
            #"email: must be an email address, got "ada""#,
            "password: must be at least 8 characters",
            "confirm: must match the password",
            #"age: must be a number, got "abc""#,
            #"country: must be one of France, Vietnam, got "Mars""#,
        ])
    }

    @Test func keyValueLinesInAnyOrder() {
        let input = "age=36\nemail=ada@example.com\npassword=correct horse\nconfirm=correct horse\ncountry=Vietnam\n"
            + "bio=one\nbio=two\n"
        let result = makeSignup().fill(from: input)
        #expect(result.status == .submitted)
        #expect(result.answers["username"] == "ada")
        #expect(result.answers["bio"] == "one\ntwo")
    }

    @Test func jsonObject() {
        let input = #"{"email": "ada@example.com", "password": "correct horse", "confirm": "correct horse", "age": 36, "country": "France"}"#
        let result = makeSignup().fill(from: input)
        #expect(result.status == .submitted)
        #expect(result.answers["age"] == "36")
    }

    @Test func unknownKeysAndBadJSONAreInputProblems() {
        let unknown = makeSignup().fill(from: "email=ada@example.com\ncolour=red\n", format: .keyValue)
        #expect(unknown.status == .malformedInput)
        #expect(unknown.exitStatus == 2)
        #expect(unknown.inputProblems.map(\.description) == [
            #"input line 2 (colour): no field named "colour"; expected one of email, username, password, confirm, age, country, bio"#,
        ])
        #expect(unknown.failures.map(\.field) == ["password", "confirm", "age", "country"])

        let broken = makeSignup().fill(from: "{\"email\": \"ada@example.com\",\n", format: .json)
        #expect(broken.inputProblems.map(\.description) == ["input line 2: column 1: expected a key in double quotes"])
        // Nothing was read, so "must not be empty" for every field would only bury the syntax error.
        #expect(broken.failures.isEmpty)
        #expect(broken.report == ["input line 2: column 1: expected a key in double quotes"])
        #expect(broken.exitStatus == 2)
    }

    @Test func invalidUTF8IsReportedWithItsLineAndLosesNothingElse() {
        var bytes = Array("ada@example.com\n\ncorrect horse\ncorrect horse\n".utf8)
        bytes += [0x33, 0xFF, 0x0A]
        bytes += Array("France\n".utf8)
        let result = makeSignup().fill(from: bytes, format: .lines)
        #expect(result.status == .malformedInput)
        #expect(result.inputProblems == [InputProblem(line: 5, field: "age", message: "not valid UTF-8")])
        #expect(result.failures.isEmpty)
        #expect(result.answers["country"] == "France")
    }

    @Test func extraLinesAreReported() {
        let input = "ada@example.com\n\ncorrect horse\ncorrect horse\n36\nFrance\nbio\n\nextra\n"
        let result = makeSignup().fill(from: input, format: .lines)
        #expect(result.inputProblems.map(\.description) == ["input line 9: 1 more answer than the form's 7 fields"])
    }

    @Test func aMegabyteValueIsKeptWhole() {
        let big = String(repeating: "x", count: 1 << 20)
        let form = Form()
        form.text("blob")
        let result = form.fill(from: big + "\n", format: .lines)
        #expect(result.status == .submitted)
        #expect(result.answers["blob"]?.utf8.count == 1 << 20)
    }
}
