// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// The last row of the screen that is not empty (where the cursor's question is).
private func lastRow(_ screen: String) -> String {
    screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
}

/// A condition whose rule cannot decide (a regex at PCRE2's limit), as a person meets it in tmux: said in the
/// review, which does not submit until an edited answer decides it.
@Suite("an undecided condition at the terminal")
struct ConditionalFormUndecidedScreenTests {
    @Test("the review names the field whose condition could not be decided and Enter does not submit")
    func undecidedConditionInReview() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("u.yaml", """
            fields:
              - name: code
              - name: detail
                when: {field: code, rule: "regex:(a+)+$|!"}
            """)
        let output = scratch.path("out.json")
        let screen = try TmuxScreen(command: shellQuote(try switchboardPath()) + " form " + shellQuote(spec) + " > "
                                    + shellQuote(output), width: 120, height: 40, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        #expect(screen.waitFor("code:") != nil)
        screen.type(String(repeating: "a", count: 30) + "!")
        screen.press("Enter")
        let review = screen.waitFor("Number or name to edit:")
        #expect((review ?? "").contains("detail: whether to ask it could not be decided: regex could not finish "
                                        + "matching: match limit exceeded"), "\(review ?? "")")
        #expect(!(review ?? "").contains("Enter to submit"))
        screen.press("Enter")
        // Enter is refused where it is typed (the hint says why); the edit below is still made in the review, so
        // nothing was submitted.
        #expect(screen.waitFor("fix the answers marked ✗ first") != nil)
        // An edited answer that decides it: the field is asked at once, and the form submits.
        screen.type("code")
        screen.press("Enter")
        #expect(screen.waitUntil { ($0.components(separatedBy: "code:").count - 1) >= 2 } != nil)
        screen.press("C-u")
        screen.type("aaa")
        screen.press("Enter")
        #expect(screen.waitUntil { lastRow($0).hasPrefix("detail:") } != nil)   // the question, not the review
        screen.type("more")
        screen.press("Enter")
        #expect(screen.waitFor("Enter to submit:") != nil)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        let answers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            as? [String: Any]
        #expect(answers?["code"] as? String == "aaa")
        #expect(answers?["detail"] as? String == "more")
    }
}
