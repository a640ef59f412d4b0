// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSpec
import SwitchboardRules

// Conditions at the edges (issue 28): a condition that reads a secret must not leak it through a draft, and a
// condition that cannot be decided is said, never silently taken as false.

@MainActor
@Suite("conditions at the edges")
struct ConditionEdgeTests {
    @Test("a field whose condition reads a masked field (directly or through another) is left out of drafts")
    func draftLeavesOutAnswersRevealingSecrets() throws {
        let form = try FormSpec(yaml: """
            fields:
              - name: pin
                masked: true
              - name: hint
                when: {field: pin, rule: "length:4"}
              - name: why
                when: hint
              - name: plain
              - name: later
                when: plain
            """, file: "d.yaml").makeForm()
        form.fill(Answers([("pin", "1234"), ("hint", "h"), ("why", "w"), ("plain", "p"), ("later", "l")]))
        #expect(form["hint"]?.isShown.value == true)   // shown: its presence would tell the pin has 4 digits
        #expect(form.draftAnswers.keys == ["plain", "later"])
        // The answers themselves (what a program receives) still hold every shown field.
        #expect(form.answers.keys == ["pin", "hint", "why", "plain", "later"])
    }

    @Test("a when: whose rule cannot be decided is a failure naming the field, in validate() and runHeadless")
    func undecidedConditionIsSaid() throws {
        let form = try FormSpec(yaml: """
            fields:
              - name: code
              - name: yes-branch
                when: {field: code, rule: "regex:(a+)+$|!"}
              - name: no-branch
                when: {field: code, rule: "not:regex:(a+)+$|!"}
            """, file: "u.yaml").makeForm()
        let result = form.fill(from: String(repeating: "a", count: 30) + "!\n")
        #expect(result.status == .invalid)
        let messages = result.report
        #expect(messages.contains { $0.hasPrefix("yes-branch: whether to ask it could not be decided: regex could not finish matching") },
                "\(messages)")
        #expect(messages.contains { $0.hasPrefix("no-branch: whether to ask it could not be decided") }, "\(messages)")
        // A decided value asks the one branch, as before.
        let decided = try FormSpec(yaml: """
            fields:
              - name: code
              - name: yes-branch
                when: {field: code, rule: "regex:(a+)+$|!"}
              - name: no-branch
                when: {field: code, rule: "not:regex:(a+)+$|!"}
            """, file: "u.yaml").makeForm().fill(from: "aaa\nx\n")
        #expect(decided.status == .submitted, "\(decided.report)")
        #expect(decided.answers.keys == ["code", "yes-branch"])
    }
}
