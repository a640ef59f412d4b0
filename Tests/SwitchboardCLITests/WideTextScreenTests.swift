// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// What the screen shows with emoji joined by ZWJ, flags, skin tones, wide and combining characters in the prompt
/// and the buffer: the buffer itself, with the cursor where the terminal put the last character. (The columns
/// tmux gives each character are tested in SwitchboardTerminalTests, `DisplayWidthTests`.)
@Suite("Wide and joined characters on the screen", .serialized)
struct WideTextScreenTests {
    func ask(_ arguments: String) throws -> TmuxScreen {
        try TmuxScreen(command: "\(shellQuote(try switchboardPath())) ask \(arguments) > /dev/null",
                       width: 60, height: 10)
    }

    /// Waits until row 0 is `expected` and the cursor is at `column` of it.
    func expectLine(_ tmux: TmuxScreen, _ expected: String, cursor column: Int,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = tmux.waitUntil(timeout: 5) { _ in tmux.rows().first == expected && tmux.cursor() == (column, 0) }
        #expect(shown != nil, "screen: \(tmux.rows().prefix(2)), cursor \(tmux.cursor())",
                sourceLocation: sourceLocation)
    }

    @Test("A ZWJ emoji in the prompt: typing, Backspace and more typing show the buffer (the screen kept abc)")
    func joinedEmojiInThePrompt() throws {
        let tmux = try ask(shellQuote("👩‍💻 Dev"))
        // 👩‍💻 takes 2 columns: "👩‍💻 Dev: " is 8.
        expectLine(tmux, "👩‍💻 Dev:", cursor: 8)
        tmux.type("abc")
        expectLine(tmux, "👩‍💻 Dev: abc", cursor: 11)
        tmux.press("BSpace")
        expectLine(tmux, "👩‍💻 Dev: ab", cursor: 10)
        tmux.type("xy")
        expectLine(tmux, "👩‍💻 Dev: abxy", cursor: 12)
        tmux.press("Left", "Left", "BSpace")
        expectLine(tmux, "👩‍💻 Dev: axy", cursor: 9)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
    }

    /// Text typed after `Value: ` (7 columns), its columns, and what one Backspace leaves: readline deletes a
    /// ZWJ sequence or a letter with its combining marks whole, and a flag or a skin tone one scalar at a time
    /// (as `read -e` does).
    static let cases: [(text: String, width: Int, left: String, leftWidth: Int)] = [
        ("a👩‍💻", 3, "a", 1), ("a👨‍👩‍👧", 3, "a", 1), ("a🇫🇷", 3, "a🇫", 2), ("a👍🏽", 5, "a👍", 3), ("a日本", 5, "a日", 3),
        ("ae\u{301}", 2, "a", 1), ("a\u{FF71}", 2, "a", 1),
    ]

    @Test("Joined emoji, flags, skin tones, CJK and combining marks in the buffer: Backspace erases them",
          arguments: cases.indices)
    func charactersInTheBuffer(index: Int) throws {
        let (text, width, left, leftWidth) = Self.cases[index]
        let tmux = try ask("Value --rule email")
        expectLine(tmux, "Value:", cursor: 7)
        tmux.type(text + "b")
        expectLine(tmux, "Value: \(text)b", cursor: 7 + width + 1)
        #expect(tmux.waitFor("✗ must be a valid email address") != nil)
        tmux.press("BSpace")
        expectLine(tmux, "Value: \(text)", cursor: 7 + width)
        tmux.press("BSpace")
        expectLine(tmux, "Value: \(left)", cursor: 7 + leftWidth)
        tmux.type("z")
        expectLine(tmux, "Value: \(left)z", cursor: 7 + leftWidth + 1)
        // The line and the hint under it may be two writes: wait for the hint too.
        #expect(tmux.waitForRows { $0[0...1] == ["Value: \(left)z", "✗ must be a valid email address"] } != nil)
        #expect(tmux.rows()[1] == "✗ must be a valid email address")
    }

    @Test("A hint wider than the terminal is cut with …, and after Enter what Enter needs stays in sight")
    func hintCutWithEllipsis() throws {
        let tmux = try TmuxScreen(command: "\(shellQuote(try switchboardPath())) ask Name --rule email > /dev/null",
                                  width: 45, height: 10)
        #expect(tmux.waitFor("Name:") != nil)
        tmux.type("abc")
        #expect(tmux.waitFor("✗ must be a valid email address") != nil)
        tmux.press("Enter")
        // 44 columns: the message is cut before " (Enter needs a valid value)" (28 columns), not it.
        let refused = tmux.waitUntil(timeout: 5) { _ in tmux.rows()[1] == "✗ must be a val… (Enter needs a valid value)" }
        #expect(refused != nil, "\(tmux.rows().prefix(2))")
        tmux.resize(width: 24, height: 10)
        // Too narrow for both: the whole hint is cut, with …
        let narrow = tmux.waitUntil(timeout: 5) { _ in tmux.rows().contains("✗ must be a valid emai…") }
        #expect(narrow != nil, "\(tmux.rows())")
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
    }
}
