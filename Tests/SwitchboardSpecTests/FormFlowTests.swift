// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SwitchboardSpec
import SwitchboardTerminal

/// A prompter that plays a script of lines the way a terminal would: Enter on a line whose verdict is invalid is
/// refused (the refusal is recorded) and the next scripted line is the user's corrected text.
final class ScriptedPrompter: FormPrompter {
    enum Step { case line(String), interrupt(PromptInterruption) }
    var script: [Step]
    var shown: [String] = []
    var prompts: [(prompt: String, initial: String)] = []
    var refused: [(line: String, message: String)] = []

    init(_ script: [Step]) { self.script = script }
    convenience init(lines: [String]) { self.init(lines.map { .line($0) }) }

    func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                  check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        prompts.append((prompt, initial))
        while !script.isEmpty {
            switch script.removeFirst() {
            case .interrupt(let why): throw why
            case .line(let line):
                if enforcing, let failure = check(line).failure {
                    refused.append((line, failure.message))
                    continue
                }
                return line
            }
        }
        throw .endOfInput
    }

    func show(_ text: String) { shown.append(text) }
}

@Suite struct FormFlowTests {
    let answers = ["ada@example.com", "ada", "correct horse", "correct horse", "36", "France", "I like engines", ""]

    @Test func oneFieldAtATimeThenReviewThenSubmit() {
        let prompter = ScriptedPrompter(lines: answers + [""])
        let result = FormFlow(makeSignup()).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(result.answers["username"] == "ada")
        #expect(result.answers["bio"] == "I like engines")
        #expect(prompter.prompts[1].initial == "ada")          // the derived default is offered
        #expect(prompter.shown.contains { $0.hasPrefix("Review:") })
    }

    @Test func anInvalidValueNeverAdvances() {
        let prompter = ScriptedPrompter(lines: ["ada", "ada@example.com"] + answers.dropFirst() + [""])
        let result = FormFlow(makeSignup()).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.refused.map(\.message) == ["must be an email address"])
        #expect(prompter.prompts[1].prompt == "username: ")
    }

    @Test func editingThePasswordInReviewAsksForTheConfirmationAgain() {
        let prompter = ScriptedPrompter(lines: answers + ["3", "battery staple", "correct horse", "battery staple", ""])
        let result = FormFlow(makeSignup()).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(result.answers["password"] == "battery staple")
        #expect(result.answers["confirm"] == "battery staple")
        #expect(prompter.shown.contains("confirm: must match the password"))
        #expect(prompter.refused.map(\.message) == ["must match the password"])
    }

    @Test func submitIsRefusedWhileAnAnswerIsInvalid() throws {
        let form = makeSignup()
        let prompter = ScriptedPrompter(lines: answers + ["3", "battery staple", ""])
        prompter.script.insert(.interrupt(.endOfInput), at: prompter.script.count - 1)   // leave confirm for now
        prompter.script += [.line("4"), .line("battery staple"), .line("")]
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.refused.contains { $0.line == "" && $0.message == "fix the answers marked ✗ first" })
        let review = try #require(prompter.shown.filter { $0.hasPrefix("Review:") }.dropFirst().first)
        #expect(review.contains("  4. confirm   ********         ✗ must match the password\n"))
    }

    @Test func reviewLinesUpWideAnswersAndShowsWhatWillBeSubmitted() {
        let form = Form()
        form.text("name")
        form.text("city")
        form.yesNo("subscribe")
        form.text("motto")
        let long = String(repeating: "語", count: 30)     // 60 columns: cut to 38 columns and an ellipsis
        let prompter = ScriptedPrompter(lines: ["東京太郎", "Hanoi", "Y", long, ""])
        let flow = FormFlow(form)
        #expect(flow.run(prompter: prompter).status == .submitted)
        let review = flow.reviewText().split(separator: "\n").map(String.init)
        let cut = String(repeating: "語", count: 19) + "…"
        #expect(review == [
            "Review:",
            "  1. name       東京太郎                                 ✓",
            "  2. city       Hanoi                                    ✓",
            "  3. subscribe  yes                                      ✓",
            "  4. motto      \(cut)  ✓",
        ])
    }

    @Test func ctrlCCancelsWithNoAnswers() {
        let prompter = ScriptedPrompter([.line("ada@example.com"), .interrupt(.cancelled)])
        let result = FormFlow(makeSignup()).run(prompter: prompter)
        #expect(result.status == .cancelled)
        #expect(result.answers.isEmpty)
        #expect(result.exitStatus == 130)
    }

    @Test func aDraftResumesWhereTheLastRunStopped() throws {
        let path = "/tmp/sb-flow-draft-\(UInt32.random(in: 0...UInt32.max)).json"
        let draft = Draft(path: path)
        defer { draft.remove() }
        let first = ScriptedPrompter([.line("ada@example.com"), .line("ada"), .line("correct horse"),
                                      .line("correct horse"), .line("36"), .interrupt(.cancelled)])
        #expect(FormFlow(makeSignup(), draft: draft).run(prompter: first).status == .cancelled)
        #expect(try draft.load() == ["email": "ada@example.com", "username": "ada", "age": "36"])

        let second = ScriptedPrompter(lines: ["hunter2hunter2", "hunter2hunter2", "Vietnam", "", ""])
        let result = FormFlow(makeSignup(), draft: draft).run(prompter: second)
        #expect(result.status == .submitted)
        #expect(second.prompts.map(\.prompt).prefix(3) == ["password: ", "confirm: ", "country (France, Vietnam): "])
        #expect(result.answers["email"] == "ada@example.com")
        #expect(try draft.load() == nil)                       // removed once submitted
    }

    @Test func multiLineTextIsValidatedAsAWhole() {
        let form = Form()
        form.multiline("bio", rules: [Condition("short", requirement: "be at most 10 characters") { $0.count <= 10 }])
        let prompter = ScriptedPrompter(lines: ["hello", "world!", "", "hello", "wor", "", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.answers["bio"] == "hello\nwor")
        #expect(prompter.shown.contains("bio: must be at most 10 characters; the lines are kept, edit them"))
        #expect(prompter.prompts.map(\.initial) == ["", "", "", "hello", "world!", "", ""])
    }

    @Test("A prompter that only reads lines asks lists and yes/no in the form's words")
    func lineDefaultsSpeakTheFormsWords() {
        let form = Form()
        var words = FormWords()
        words.yes = "có"
        words.no = "không"
        words.tabCompletes = "(Tab để hoàn thành)"
        words.ruleMessages["yes-no"] = "phải là có hoặc không"
        form.words = words
        _ = form.confirm("deploy", prompt: "Triển khai?")
        _ = form.select("city", from: (1...20).map { "Thành phố số \($0)" }, prompt: "Thành phố")
        let prompter = ScriptedPrompter(lines: ["chắc", "có", "Thành phố số 3", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(result.answers["deploy"] == "yes")
        #expect(prompter.prompts.map(\.prompt).prefix(2) == ["Triển khai? (có/không): ", "Thành phố (Tab để hoàn thành): "])
        #expect(prompter.refused.map(\.message) == ["phải là có hoặc không"])
    }
}
