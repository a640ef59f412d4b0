// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SwitchboardSpec
import SwitchboardRules

/// The questionnaire used throughout: the company only for the employed, the school only for students, how
/// often only for those who want the newsletter. The company's check has a long timeout: it runs as a task on Swift
/// concurrency's shared threads, which in this test process other suites' blocking waits can hold for seconds.
let questionnaireSpec = """
    title: About you
    fields:
      - name: status
        prompt: Status
        choices: [employed, student, other]
      - name: company
        prompt: Company
        when: {status: employed}
        check:
          command: 'test "$SWITCHBOARD_VALUE" != "blocked-co"'
          timeout: 120
      - name: school
        prompt: School
        when: {field: status, rule: "equals:student"}
      - name: newsletter
        prompt: Newsletter
        type: yesno
      - name: frequency
        prompt: How often
        choices: [daily, weekly]
        when: newsletter
      - name: note
        prompt: Note
        required: false
        when: {any: [{status: other}, [{field: newsletter, rule: "equals:yes"}, {frequency: daily}]]}

    """

@MainActor
private func questionnaire() throws -> Form {
    try FormSpec(yaml: questionnaireSpec, file: "q.yaml").makeForm()
}

@MainActor
@Suite struct ConditionTests {
    // MARK: Swift API

    @Test func visibilityIsADynamicDrivenByASwitchOverTheFieldsRead() {
        let form = Form()
        let employed = form.yesNo("employed")
        let company = form.text("company")
        let size = form.number("size")
        company.show(when: .answeredYes(employed))
        size.show(when: .field(company, Rule.required.condition))   // a chain: hidden with the company
        var seen: [Bool] = []
        Binder { seen.append($0) } <~ company.isShown
        #expect(!company.isShown.value && !size.isShown.value)
        employed.answer("y")
        #expect(company.isShown.value && !size.isShown.value)
        company.answer("ACME")
        #expect(size.isShown.value)
        employed.answer("no")
        #expect(!company.isShown.value && !size.isShown.value)      // hidden company reads as unanswered
        #expect(company.text.value == "ACME")                          // but its answer is kept
        employed.answer("yes")
        #expect(company.isShown.value && size.isShown.value)
        #expect(seen == [false, true, false, true])
    }

    @Test func aFormWithConditionsIsFreedWithEverythingItMade() {
        weak var weakForm: Form?
        weak var weakField: FormField?
        weak var weakSwitch: ObservableSwitch?
        let outside = Dynamic(true)        // a value outside the form, bound to a visibility
        do {
            let form = Form()
            let a = form.yesNo("a")
            let b = form.text("b")
            weakSwitch = b.show(when: .answeredYes(a))
            outside <~ b.isShown
            a.answer("yes")
            #expect(outside.value)
            a.answer("no")
            #expect(!outside.value)
            weakForm = form
            weakField = b
        }
        #expect(weakForm == nil && weakField == nil && weakSwitch == nil)
    }

    @Test func valueShorthandsInSwift() {
        let form = Form()
        let status = form.choice("status", from: ["employed", "self-employed", "student"])
        let pets = form.yesNo("pets")
        let company = form.text("company"), which = form.text("which")
        company.show(when: .field(status, is: "employed", "self-employed"))
        which.show(when: .field(pets, is: "true"))
        status.answer("self-employed")
        pets.answer("Y")
        #expect(company.isShown.value && which.isShown.value)
        status.answer("student")
        pets.answer("off")
        #expect(!company.isShown.value && !which.isShown.value)
    }

    @Test func anyAndAllCombineConditions() {
        let form = Form()
        let a = form.text("a", required: false), b = form.text("b", required: false)
        let both = form.text("both"), either = form.text("either")
        both.show(when: .all([.field(a, Rule.equals("1").condition), .field(b, Rule.equals("1").condition)]))
        either.show(when: .any([.field(a, Rule.equals("1").condition), .field(b, Rule.equals("1").condition)]))
        #expect(!both.isShown.value && !either.isShown.value)
        a.answer("1")
        #expect(!both.isShown.value && either.isShown.value)
        b.answer("1")
        #expect(both.isShown.value && either.isShown.value)
    }

    @Test func hiddenFieldsAreNotValidatedAndLeaveTheAnswers() {
        let form = Form()
        let employed = form.yesNo("employed")
        let company = form.text("company")                           // required, empty
        company.show(when: .answeredYes(employed))
        employed.answer("no")
        #expect(form.isValid.value)
        #expect(form.validate().isEmpty)
        #expect(form.answers.keys == ["employed"])
        employed.answer("yes")
        #expect(!form.isValid.value)
        #expect(form.failures.map(\.description) == ["company: must not be empty"])
        company.answer("ACME")
        #expect(form.answers.keys == ["employed", "company"])
        employed.answer("no")
        #expect(form.answers.keys == ["employed"])
        #expect(form.draftAnswers.keys == ["employed"])
        #expect(form.typedAnswers.names == ["employed"])
    }

    // MARK: Specs

    @Test func branchesTakenAndNotTaken() throws {
        let employed = try questionnaire().fill(from: "employed\nACME\nno\n", format: .lines)
        #expect(employed.status == .submitted)
        #expect(employed.answers.keys == ["status", "company", "newsletter"])
        #expect(employed.answers["company"] == "ACME")

        let student = try questionnaire().fill(from: "student\nHUST\nyes\ndaily\nsee you\n", format: .lines)
        #expect(student.status == .submitted)
        #expect(student.answers.keys == ["status", "school", "newsletter", "frequency", "note"])

        let other = try questionnaire().fill(from: "other\nn\nhello\n", format: .lines)
        #expect(other.status == .submitted)
        #expect(other.answers.keys == ["status", "newsletter", "note"])
        #expect(other.answers["note"] == "hello")
    }

    @Test func aHiddenFieldsRulesAndChecksNeverBlock() throws {
        // company's check refuses "blocked-co"; hidden, it never runs and never blocks.
        let form = try questionnaire()
        let result = form.fill(from: "{\"status\": \"student\", \"school\": \"HUST\", \"company\": \"blocked-co\", "
                               + "\"newsletter\": \"no\"}", format: .json)
        #expect(result.status == .submitted)
        #expect(form["company"]!.input.checkRunsStarted == 0)
        #expect(result.ignoredFields == ["company"])
        #expect(result.notices == ["company: answer ignored: the field is not asked (its condition does not hold)"])
        #expect(result.answers["company"] == nil)
    }

    @Test func linesGoToTheShownFieldsInOrder() throws {
        // "weekly" would be frequency's answer; with the newsletter declined it is one line too many.
        let result = try questionnaire().fill(from: "employed\nACME\nno\nweekly\n", format: .lines)
        #expect(result.status == .malformedInput)
        #expect(result.inputProblems.map(\.description) == ["input line 4: 1 more answer than the form's 3 fields asked"])
    }

    @Test func keyValueAnswersForHiddenFieldsAreIgnoredNotErrors() throws {
        let result = try questionnaire().fill(from: "status=employed\ncompany=ACME\nschool=HUST\nnewsletter=no\n"
                                              + "frequency=daily\n", format: .keyValue)
        #expect(result.status == .submitted)
        #expect(result.ignoredFields == ["school", "frequency"])
        #expect(result.answers.keys == ["status", "company", "newsletter"])
    }

    @Test func yesNoShorthandsAndValues() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - {name: pets, type: yesno}
              - {name: which, when: {pets: true}}
              - {name: why, when: {pets: n}}
            """)
        let yes = spec.makeForm()
        yes.fill(Answers([("pets", "Y")]))
        #expect(yes["which"]!.isShown.value && !yes["why"]!.isShown.value)
        let no = spec.makeForm()
        no.fill(Answers([("pets", "off")]))
        #expect(!no["which"]!.isShown.value && no["why"]!.isShown.value)
    }

    @Test func conditionsOnListAndConfirmAnswers() throws {
        let spec = try FormSpec(yaml: """
            fields:
              - {name: tags, type: multiselect, choices: [api, web, cli], required: false}
              - {name: api-version, when: {tags: api}}
              - {name: untagged, required: false, when: {field: tags, rule: "not:required"}}
              - {name: deploy, type: confirm}
              - {name: target, when: deploy}
              - {name: why-not, when: {deploy: no}}
            """)
        let form = spec.makeForm()
        form["tags"]!.answer(["web", "api"])
        #expect(form["api-version"]!.isShown.value && !form["untagged"]!.isShown.value)
        form["tags"]!.answer([String]())
        #expect(!form["api-version"]!.isShown.value && form["untagged"]!.isShown.value)
        form["deploy"]!.answer("y")
        #expect(form["target"]!.isShown.value && !form["why-not"]!.isShown.value)
        form["deploy"]!.answer("no")
        #expect(!form["target"]!.isShown.value && form["why-not"]!.isShown.value)
        #expect(problems("""
            fields:
              - {name: tags, type: multiselect, choices: [api, web]}
              - {name: deploy, type: confirm}
              - {name: a, when: {tags: cli}}
              - {name: b, when: {deploy: perhaps}}
            """) == [
                "s.yaml:4:22: when: \"cli\" is not one of the choices of \"tags\" (api, web), so the condition could "
                    + "never hold",
                "s.yaml:5:22: when: \"deploy\" is a yes/no field; expected yes or no, got \"perhaps\"",
            ])
    }

    // MARK: Spec errors

    private func problems(_ yaml: String) -> [String] {
        specProblems(yaml, file: "s.yaml")
    }

    @Test func aConditionOnAnUnknownFieldNamesTheFieldsThatCouldBeRead() {
        #expect(problems("""
            fields:
              - name: status
              - name: company
                when: {statu: employed}
            """) == ["s.yaml:4:12: when: no field named \"statu\"; expected one of status"])
    }

    @Test func aConditionOnItselfOrALaterField() {
        #expect(problems("""
            fields:
              - name: company
                when: company
              - name: status
              - name: school
                when: {field: later, rule: required}
              - name: later
            """) == [
                "s.yaml:3:11: when: refers to the field itself; a condition reads the answers of fields asked before this one",
                "s.yaml:6:19: when: \"later\" comes later (line 7); a condition reads the answers of fields asked before "
                    + "this one: move \"later\" above \"school\"",
            ])
    }

    @Test func aRuleThatDoesNotParseIsPointedAt() {
        let found = problems("""
            fields:
              - name: age
              - name: drink
                when: {field: age, rule: "int:18..x"}
            """)
        #expect(found == ["s.yaml:4:39: expected a whole number after \"..\", got \"x\""])   // at the x
    }

    @Test func conditionsInACycleThroughADerivedDefault() {
        #expect(problems("""
            fields:
              - name: a
                default: {from: b}
              - name: b
                when: {a: x}
            """) == ["s.yaml:5:12: conditions in a cycle: b -> a -> b (a condition reads a field whose default comes "
                     + "from this one); remove the condition or the default from:"])
    }

    @Test func valuesAFieldCanNeverHold() {
        #expect(problems("""
            fields:
              - {name: pets, type: yesno}
              - {name: kind, choices: [cat, dog]}
              - {name: a, when: {pets: maybe}}
              - {name: b, when: {kind: [cat, fish]}}
              - {name: c, when: {x: 1, y: 2}}
            """) == [
                "s.yaml:4:22: when: \"pets\" is a yes/no field; expected yes or no, got \"maybe\"",
                "s.yaml:5:22: when: \"fish\" is not one of the choices of \"kind\" (cat, dog), so the condition "
                    + "could never hold",
                "s.yaml:6:21: expected one field and its value, e.g. {status: employed}; for several conditions write "
                    + "a list (all must hold) or {any: [...]}",
            ])
    }

    // MARK: The flow (review)

    @Test func editingAnAnswerInTheReviewShowsAndHidesFieldsAtOnce() throws {
        let form = try questionnaire()
        // status, company, newsletter; review: edit status to student -> school asked at once; review: edit
        // status back to employed -> ACME comes back without being asked; submit.
        let prompter = ScriptedPrompter(lines: ["employed", "ACME", "no", "1", "student", "HUST", "", ])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(result.answers.keys == ["status", "school", "newsletter"])
        #expect(prompter.prompts.map(\.prompt) == ["Status (employed, student, other): ", "Company: ",
            "Newsletter (yes/no): ", "Number or name to edit, Enter to submit: ", "Status (employed, student, other): ",
            "School: ", "Number or name to edit, Enter to submit: "])
        let lastReview = prompter.shown.last { $0.hasPrefix("Review:") } ?? ""
        #expect(!lastReview.contains("company"))
        #expect(lastReview.contains("2. school"))
        #expect(form["company"]!.text.value == "ACME")              // kept in memory
    }

    @Test func theRememberedAnswerComesBack() throws {
        let form = try questionnaire()
        let prompter = ScriptedPrompter(lines: ["employed", "ACME", "no", "status", "student", "HUST",
                                                "1", "employed", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(result.answers.keys == ["status", "company", "newsletter"])
        #expect(result.answers["company"] == "ACME")
        // company was not asked again when it came back
        #expect(prompter.prompts.filter { $0.prompt == "Company: " }.count == 1)
    }

    @Test func aHiddenFieldIsNotInTheDraft() throws {
        let path = "/tmp/switchboard-when-draft-\(getpid()).json"
        defer { unlink(path) }
        let form = try questionnaire()
        let prompter = ScriptedPrompter([.line("employed"), .line("ACME"), .line("no"), .line("1"),
                                         .line("other"), .interrupt(.cancelled)])
        let result = FormFlow(form, draft: Draft(path: path)).run(prompter: prompter)
        #expect(result.status == .cancelled)
        let saved = try Draft(path: path).load()
        #expect(saved?.keys == ["status", "newsletter"])
    }
}
