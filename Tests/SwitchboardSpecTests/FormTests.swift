// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SwitchboardSpec

var containsAt: Condition<String> { Condition("email", requirement: "be an email address") { $0.contains("@") } }

/// A small signup form without the rule library: email, username (derived), password, confirm, age.
func makeSignup() -> Form {
    let form = Form("Sign up")
    let email = form.text("email", rules: [containsAt])
    let username = form.text("username")
    username.default <~ email.text.map(localPart)
    let password = form.masked("password",
                               rules: [Condition("length", requirement: "be at least 8 characters") { $0.count >= 8 }])
    form.masked("confirm").mustEqual(password, message: "must match the password")
    form.number("age")
    form.choice("country", from: ["France", "Vietnam"])
    form.multiline("bio", required: false)
    return form
}

@Suite struct FormTests {
    @Test func confirmIsRecheckedWhenThePasswordChangesAfterItWasAnswered() throws {
        let form = makeSignup()
        let password = try #require(form["password"]), confirm = try #require(form["confirm"])
        password.answer("correct horse")
        #expect(confirm.answer("correct horse").isValid)
        password.answer("battery staple")
        #expect(confirm.verdict.value == .invalid("same-as", "must match the password"))
        #expect(form.failures.contains { $0.description == "confirm: must match the password" })
        confirm.answer("battery staple")
        #expect(confirm.verdict.value.isValid)
    }

    @Test func usernameFollowsTheEmailUntilAnsweredDifferently() throws {
        let form = makeSignup()
        let email = try #require(form["email"]), username = try #require(form["username"])
        email.answer("ada@example.com")
        #expect(username.text.value == "ada")
        username.answer("ada")                 // accepted as suggested: keeps following
        email.answer("grace@example.com")
        #expect(username.text.value == "grace")
        username.answer("gh")                  // typed over: stays
        email.answer("alan@example.com")
        #expect(username.text.value == "gh")
        username.reset()
        #expect(username.text.value == "alan")
    }

    @Test func endAfterStartComparesNumbersAndText() throws {
        let form = Form()
        let start = form.text("start"), end = form.text("end")
        end.mustBeAfter(start)
        start.answer("2026-05-01")
        end.answer("2026-04-30")
        #expect(end.verdict.value.failure?.message == "must be after start")
        start.answer("2026-04-01")
        #expect(end.verdict.value.isValid)
        start.answer("9")
        end.answer("10")                      // as numbers 10 > 9, as text "10" < "9"
        #expect(end.verdict.value.isValid)
    }

    @Test func kindsCheckTheirValues() throws {
        let form = Form()
        let age = form.number("age"), ok = form.yesNo("ok"), colour = form.choice("colour", from: ["red", "blue"])
        let name = form.text("name"), note = form.number("note", required: false)
        #expect(age.answer("abc").failure?.message == "must be a number")
        #expect(age.answer("-3.5e2").isValid)
        #expect(age.answer("nan").failure != nil)
        #expect(ok.answer("Y").isValid)
        #expect(ok.answer("perhaps").failure?.message == "must be yes or no")
        #expect(colour.answer("green").failure?.message == "must be one of red, blue")
        #expect(name.answer("").failure?.message == "must not be empty")
        #expect(name.answer("a\u{1b}[2Jb").failure?.message == "must not contain control characters")
        #expect(note.answer("").isValid)
        #expect(!note.answer("x").isValid)
    }

    @Test func yesNoAndNumberAnswersReachTheProgramInOneSpelling() {
        // A script tests `[ "$SUBSCRIBE" = yes ]`: whatever the user typed, the answer is yes or no.
        let form = Form()
        let subscribe = form.yesNo("subscribe"), age = form.number("age"), name = form.text("name")
        subscribe.answer("Y")
        age.answer(" 42 ")
        name.answer(" Ada ")
        #expect(form.answers.json(pretty: false) == #"{"subscribe":"yes","age":"42","name":" Ada "}"#)
        #expect(subscribe.text.value == "Y")          // the field still shows what was typed
        for (typed, value) in [("no", "no"), ("OFF", "no"), ("0", "no"), ("true", "yes"), ("on", "yes")] {
            subscribe.answer(typed)
            #expect(subscribe.value == value)
        }
        subscribe.answer("perhaps")                    // invalid answers stay as typed (the failure quotes them)
        #expect(subscribe.value == "perhaps")
    }

    @Test func optionalFieldsSkipTheirRulesWhenEmpty() {
        let form = Form()
        let bio = form.multiline("bio", required: false,
                                 rules: [Condition("short", requirement: "be at least 3 characters") { $0.count >= 3 }])
        #expect(bio.answer("").isValid)
        #expect(bio.answer("hi").failure?.message == "must be at least 3 characters")
        #expect(bio.answer("line one\nline two").isValid)
    }

    @Test func fieldMessageReplacesRuleMessages() {
        let form = Form()
        let email = form.text("email", rules: [containsAt], message: "Use your work address")
        #expect(email.answer("ada").failure?.message == "Use your work address")
    }

    @Test func isValidFollowsEveryField() throws {
        let form = makeSignup()
        var seen: [Bool] = []
        form.isValid.bindAndFire { seen.append($0) }
        form.fill(["email": "ada@example.com", "password": "correct horse", "confirm": "correct horse",
                   "age": "36", "country": "France"])
        #expect(seen == [false, true])
        try #require(form["password"]).answer("something else")
        #expect(seen == [false, true, false])
    }

    @Test func draftAnswersLeaveOutMaskedAndUnansweredFields() {
        let form = makeSignup()
        form.fill(["email": "ada@example.com", "password": "correct horse", "age": "36"])
        #expect(form.draftAnswers == ["email": "ada@example.com", "age": "36"])
        #expect(form.answers.keys == ["email", "username", "password", "confirm", "age", "country", "bio"])
    }
}

@Suite struct DraftTests {
    @Test func aDraftIsPrivateLeavesOutSecretsAndResumes() throws {
        let path = "/tmp/sb-draft-\(UInt32.random(in: 0...UInt32.max)).json"
        let draft = Draft(path: path)
        defer { draft.remove() }
        #expect(try draft.load() == nil)
        let form = makeSignup()
        form.fill(["email": "ada@example.com", "password": "correct horse", "age": "36"])
        try draft.save(form)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let saved = try #require(try draft.load())
        #expect(saved == ["email": "ada@example.com", "age": "36"])
        let later = makeSignup()
        #expect(later.resume(from: saved) == ["email", "age"])
        #expect(later["username"]?.text.value == "ada")
        #expect(later["password"]?.isAnswered.value == false)
    }

    @Test func aCorruptDraftIsAnErrorNotALoss() throws {
        let path = "/tmp/sb-draft-\(UInt32.random(in: 0...UInt32.max)).json"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        _ = write(fd, "not json", 8)
        close(fd)
        defer { unlink(path) }
        #expect(throws: DraftError.self) { _ = try Draft(path: path).load() }
    }
}
