// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSpec
import SwitchboardRules
import SwitchboardTerminal

/// Every word a form shows by itself, replaced from Swift (`Form.words`) and from a spec (`words:`).
@MainActor
@Suite struct WordsTests {
    private func vietnamese() -> FormWords {
        var words = FormWords()
        words.reviewTitle = "Xem lại:"
        words.reviewHint = "Gõ số hoặc tên để sửa, Enter để gửi:"
        words.yes = "có"
        words.no = "không"
        words.ruleMessages["required"] = "không được để trống"
        words.ruleMessages["yes-no"] = "phải là có hoặc không"
        words.ruleMessages["choice"] = "phải là một trong: {choices}"
        return words
    }

    @Test func fromSwiftTheFlowShowsTheFormsWords() {
        let form = Form()
        form.words = vietnamese()
        form.yesNo("tin", prompt: "Nhận bản tin")
        form.choice("nước", from: ["Pháp", "Việt Nam"], prompt: "Quốc gia")
        let prompter = ScriptedPrompter(lines: ["x", "có", "Mars", "Việt Nam", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(result.answers["tin"] == "yes")                        // data stays machine-readable
        #expect(prompter.prompts.map(\.prompt) == ["Nhận bản tin (có/không): ", "Quốc gia (Pháp, Việt Nam): ",
                                                   "Gõ số hoặc tên để sửa, Enter để gửi: "])
        #expect(prompter.refused.map(\.message) == ["phải là có hoặc không", "phải là một trong: Pháp, Việt Nam"])
        #expect(prompter.shown.last == "Xem lại:\n  1. tin   có        ✓\n  2. nước  Việt Nam  ✓")
    }

    @Test func headlessFailuresUseTheWordsButNotOverAnAuthorsMessage() {
        let form = Form()
        form.words = vietnamese()
        form.text("a")
        form.text("b", rules: [Rule.required.condition.message("b is needed")])
        form.text("c", message: "say something")
        let result = form.fill(from: "\n\n\n", format: .lines)
        #expect(result.report == ["a: không được để trống", "b: không được để trống", "c: không được để trống"])
        let typed = form.fill(from: " \n \n", format: .lines)
        #expect(typed.report == ["b: b is needed, got \" \"", "c: không được để trống"])
    }

    @Test func aSpecsWordsSection() throws {
        let spec = try FormSpec(yaml: """
            words:
              review-title: "Xem lại:"
              yes: có
              no: không
              checking: đang kiểm tra…
              rules: {required: không được để trống}
            fields:
              - {name: ok, type: yesno}
            """)
        #expect(spec.words.reviewTitle == "Xem lại:")
        #expect(spec.words.yes == "có" && spec.words.no == "không")
        #expect(spec.words.checking == "đang kiểm tra…")
        let form = spec.makeForm()
        #expect(form.fill(from: "không\n", format: .lines).answers["ok"] == "no")
        #expect(spec.makeForm().fill(from: "\n", format: .lines).report == ["ok: không được để trống"])
    }

    @Test func wordsSectionErrors() {
        do {
            _ = try FormSpec(yaml: """
                words:
                  review-titel: x
                  yes: "a\\u001b"
                  no: A
                fields: [{name: x}]
                """, file: "w.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.problems.map(\.description) == [
                "w.yaml:2:3: unknown key \"review-titel\" in words:; expected one of review-title, review-hint, "
                    + "review-hint-invalid, fix-first, review-unknown, review-no-field, review-unlisted, checking, enter-for-default, "
                    + "enter-for-secret-default, enter-needs-valid, tab-completes, yes, no, multiline-hint, lines-kept, "
                    + "resuming, ignoring-draft, draft-warning, choices-failed, "
                    + "choices-empty, list-ends, list-add-item, review-list-hint, list-full, list-at-minimum, "
                    + "list-no-item, no-answer, highlight-mark, chosen-mark, unchosen-mark, more-above-and-below, more-above, "
                    + "more-below, select-help, multi-help, no-match, too-few, too-many, yes-keys, no-keys, "
                    + "confirm-help, yes-no-default-yes, yes-no-default-no, yes-no-keys, plain-select, plain-multi, "
                    + "not-an-option, no-such-number, plain-numbers-are-options, rules",
                "w.yaml:3:8: yes: holds a control character or a line break; a word must be plain text on one line",
            ])
        }
    }
}

@Suite struct FormWordsFillTests {
    @Test func placeholdersAreFilledOnceFromLeftToRight() {
        #expect(FormWords.fill("Resuming from {file}: {fields}.", ["file": "{fields}.json", "fields": "a, b"])
                == "Resuming from {fields}.json: a, b.")
        #expect(FormWords.fill("{unknown} {count} {", ["count": "3"]) == "{unknown} 3 {")
    }
}
