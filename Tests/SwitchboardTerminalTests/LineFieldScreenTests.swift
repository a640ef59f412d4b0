// SPDX-License-Identifier: GPL-3.0-or-later
// What the user sees: the examples on the kit's virtual 80x24 screen; on a real terminal (a detached tmux window,
// read back with capture-pane) where only one can show it: re-flow on resize, job control, the widths tmux draws.
import Glibc
import Testing
import TerminalTestSupport

/// A virtual screen running `command` with the examples' folder on PATH.
func screen(_ command: String, width: Int = 80) throws -> KitScreen {
    try KitScreen(command: "PATH=\(shellQuote(productsDirectory())):$PATH; \(command)", width: width)
}

/// A tmux screen running `command` with the examples' folder on PATH.
func realScreen(_ command: String, width: Int = 80) throws -> TmuxScreen {
    try TmuxScreen(command: "PATH=\(shellQuote(productsDirectory())):$PATH; \(command)", width: width)
}

/// The screen's non-empty rows.
func visibleRows(_ screen: any ScreenDriver) -> [String] {
    screen.rows().filter { !$0.isEmpty }
}

@Suite struct LineFieldScreenTests {
    @Test func hintIsUnderTheInputOnTheBottomRow() throws {
        let tmux = try screen("seq 40; field-gmail")
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type("ada")
        // The hint shows from the first letter on: wait for the whole input above it, not for the hint alone.
        #expect(tmux.waitForRows { $0[22...23] == ["Email: ada", "✗ must contain \"@gmail.com\""] } != nil)
        var rows = tmux.rows()
        #expect(rows[22] == "Email: ada")
        #expect(rows[23] == "✗ must contain \"@gmail.com\"")
        #expect(tmux.cursor() == (10, 22))
        tmux.type("@gmail.com")
        #expect(tmux.waitForRows { $0[21...23] == ["40", "Email: ada@gmail.com", "✓"] } != nil)
        rows = tmux.rows()
        #expect(rows[22] == "Email: ada@gmail.com")
        #expect(rows[23] == "✓")
        #expect(rows[21] == "40")              // nothing above the field was overwritten
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(!tmux.capture().contains("✓"))  // the hint is cleared after Enter by default
    }

    @Test func wrappedInputPast80ColumnsKeepsTheHintBelowIt() throws {
        let tmux = try screen("seq 40; field-gmail")
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type(String(repeating: "x", count: 100))
        // "✗" shows from the first x on: wait for the 100th, on the wrapped row, too.
        let wrapped = ["Email: " + String(repeating: "x", count: 73), String(repeating: "x", count: 27),
                       "✗ must contain \"@gmail.com\""]
        #expect(tmux.waitForRows { $0[21...23] == wrapped[...] } != nil)
        let rows = tmux.rows()
        #expect(rows[21] == "Email: " + String(repeating: "x", count: 73))
        #expect(rows[22] == String(repeating: "x", count: 27))
        #expect(rows[23] == "✗ must contain \"@gmail.com\"")
        #expect(tmux.cursor() == (27, 22))
        tmux.type("@gmail.com")
        #expect(tmux.waitForRows { $0[22...23] == [String(repeating: "x", count: 27) + "@gmail.com", "✓"] } != nil)
        #expect(tmux.rows()[22] == String(repeating: "x", count: 27) + "@gmail.com")
    }

    @Test func wideCharactersAndEmojiAreMeasuredLikeTheTerminal() throws {
        let tmux = try realScreen("field-gmail")
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type("日本語のテキスト🎉 ada@gmail.com")
        let expected = ["Email: 日本語のテキスト🎉 ada@gmail.com", "✓"]
        #expect(tmux.waitForRows { $0.filter { !$0.isEmpty } == expected } != nil)
        let rows = visibleRows(tmux)
        #expect(rows == ["Email: 日本語のテキスト🎉 ada@gmail.com", "✓"])
        #expect(tmux.cursor() == (7 + 16 + 2 + 14, 0))

        // 40 double-width characters cross the right margin, where one column is left over.
        let wide = try realScreen("field-ask --rule max:50")
        #expect(wide.waitFor("Value:") != nil)
        wide.type(String(repeating: "あ", count: 40))
        // "✓" shows from the first あ on: wait for all 40 (on two rows) and the hint under them.
        #expect(wide.waitForRows { rows in
            let shown = rows.filter { !$0.isEmpty }
            return shown.count == 3 && shown.joined().filter { $0 == "あ" }.count == 40 && shown.last == "✓"
        } != nil)
        let shown = visibleRows(wide)
        #expect(shown.count == 3)
        #expect(shown.joined().filter { $0 == "あ" }.count == 40)
        #expect(shown.last == "✓")
    }

    /// The field on the top row, 100 characters typed and the window resized at once (before the field has
    /// necessarily drawn them): 80 -> 60 -> 100 columns leaves exactly one prompt, the input re-flowed and the
    /// hint under it, every time (a redraw written in pieces could be re-flowed half done and leave two prompts).
    @Test func resizeRightAfterALongInputOnTheTopRowTwentyTimesInARow() throws {
        let typed = String(repeating: "x", count: 100)
        let input = "Email: " + typed
        func settled(_ tmux: TmuxScreen, width: Int) -> Bool {
            let expected = stride(from: 0, to: input.count, by: width).map { start in
                String(input.dropFirst(start).prefix(width))
            } + ["✗ must contain \"@gmail.com\""]
            return tmux.waitUntil(timeout: 5) { screen in
                let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                return rows.count > expected.count && Array(rows.prefix(expected.count)) == expected
                    && screen.components("Email:") == 1
            } != nil
        }
        for run in 1...20 {
            let tmux = try realScreen("field-gmail")
            #expect(tmux.waitFor("Email:") != nil)
            tmux.type(typed)
            tmux.resize(width: 60)
            let at60 = settled(tmux, width: 60)
            #expect(at60, "run \(run), after resizing to 60 columns:\n\(tmux.capture())")
            tmux.resize(width: 100)
            let at100 = settled(tmux, width: 100)
            #expect(at100, "run \(run), after resizing to 100 columns:\n\(tmux.capture())")
            tmux.press("C-c")
            #expect(tmux.waitForExit() == 130)
            if !at60 || !at100 { break }
        }
    }

    @Test func resizeFrom80To60To100RedrawsTheFieldOnce() throws {
        let tmux = try realScreen("seq 40; field-gmail")
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type(String(repeating: "x", count: 100))
        #expect(tmux.waitFor("✗") != nil)
        func check(width: Int) {
            let settled = tmux.waitUntil { screen in
                let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let input = "Email: " + String(repeating: "x", count: 100)
                let expected = stride(from: 0, to: input.count, by: width).map { start in
                    String(input.dropFirst(start).prefix(width))
                }
                guard let first = rows.firstIndex(where: { $0.hasPrefix("Email: ") }) else { return false }
                return Array(rows[first..<min(rows.count, first + expected.count)]) == expected
                    && rows.count > first + expected.count
                    && rows[first + expected.count] == "✗ must contain \"@gmail.com\""
                    && screen.components("Email:") == 1
            }
            #expect(settled != nil, "after resizing to \(width) columns:\n\(tmux.capture())")
        }
        tmux.resize(width: 60)
        check(width: 60)
        tmux.resize(width: 100)
        check(width: 100)
        tmux.type("@gmail.com")
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func maskedFieldNeverShowsTheSecret() throws {
        let tmux = try screen("V=$(field-ask --masked --prompt Password --rule min:6); echo \"length ${#V}\"")
        #expect(tmux.waitFor("Password:") != nil)
        tmux.type("s3cr")
        #expect(tmux.waitFor("Password: ****") != nil)
        tmux.type("et!")
        // "✓" shows from the sixth character on: wait for the seventh too.
        #expect(tmux.waitForRows { $0.filter { !$0.isEmpty } == ["Password: *******", "✓"] } != nil)
        #expect(visibleRows(tmux) == ["Password: *******", "✓"])
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        let final = tmux.capture()
        #expect(final.contains("length 7"))
        #expect(!final.contains("s3cr"))
    }

    @Test func commandSubstitutionShowsThePromptAndCapturesOnlyTheValue() throws {
        let tmux = try screen("V=$(field-gmail); printf 'V=[%s]\\n' \"$V\"")
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type("ada@gmail.com")
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        let rows = visibleRows(tmux)
        #expect(rows.prefix(2) == ["Email: ada@gmail.com", "V=[ada@gmail.com]"])
    }

    @Test func ctrlRSearchesTheFieldsHistoryWithTheHintBelow() throws {
        let tmux = try screen("seq 40; field-ask --repeat 2 --rule min:5")
        #expect(tmux.waitFor("Value:") != nil)
        tmux.type("alpha")
        tmux.press("Enter")
        // The second question, after the first answer's output line: the first question's own "Value:" (before
        // tmux has drawn the typed "alpha") would let Ctrl-R reach the terminal between the two questions, where
        // the line discipline takes it as its reprint key.
        #expect(tmux.waitUntil { $0.split(separator: "\n").suffix(2) == ["alpha", "Value:"] } != nil)
        tmux.press("C-r")
        tmux.type("lp")
        // The search line and the hint below it are two writes: wait for both, not for the first alone.
        let search = "(reverse-i-search)`lp': alpha"
        let drawn = tmux.waitUntil { screen in
            screen.split(separator: "\n").map(String.init).suffix(2) == [search, "✓"]
        }
        #expect(drawn != nil)
        let rows = tmux.rows()
        #expect(rows[22] == search)
        #expect(rows[23] == "✓")
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func ctrlCLeavesTheLineClearsTheHintAndExits130() throws {
        let tmux = try screen("field-gmail")
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type("ada")
        // The whole input read before Ctrl-C (the signal flushes what the field has not read yet).
        #expect(tmux.waitForRows { $0.prefix(2) == ["Email: ada", "✗ must contain \"@gmail.com\""] } != nil)
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
        let rows = visibleRows(tmux)
        #expect(rows.first == "Email: ada^C")
        #expect(!tmux.capture().contains("✗"))
    }

    @Test func theFinalVerdictStaysUnderTheInputWhenAsked() throws {
        let kept = try screen("field-ask --keep --rule min:3")
        #expect(kept.waitFor("Value:") != nil)
        kept.type("abcd")
        #expect(kept.waitFor("✓") != nil)
        kept.press("Enter")
        #expect(kept.waitForExit() == 0)
        #expect(visibleRows(kept).prefix(3) == ["Value: abcd", "✓", "abcd"])

        let cleared = try screen("field-ask --rule min:3")
        #expect(cleared.waitFor("Value:") != nil)
        cleared.type("abcd")
        #expect(cleared.waitFor("✓") != nil)
        cleared.press("Enter")
        #expect(cleared.waitForExit() == 0)
        #expect(visibleRows(cleared).prefix(2) == ["Value: abcd", "abcd"])
    }

    @Test func ctrlZStopsTheFieldAndFgDrawsItAgain() throws {
        let tmux = try realScreen("PS1='$ ' bash --norc --noprofile -i")
        #expect(tmux.waitFor("$") != nil)
        tmux.type("field-gmail")
        tmux.press("Enter")
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type("ada")
        // The whole input read before Ctrl-Z (the signal flushes what the field has not read yet).
        #expect(tmux.waitUntil { screen in
            screen.split(separator: "\n").map(String.init).suffix(2) == ["Email: ada", "✗ must contain \"@gmail.com\""]
        } != nil)
        tmux.press("C-z")
        #expect(tmux.waitFor("Stopped") != nil)
        #expect(!tmux.capture().contains("✗"))     // the hint went away with the field
        tmux.type("fg")
        tmux.press("Enter")
        let redrawn = tmux.waitUntil { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            return rows.suffix(2) == ["Email: ada", "✗ must contain \"@gmail.com\""]
        }
        #expect(redrawn != nil, "\(tmux.capture())")
        tmux.type("@gmail.com")
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitUntil { $0.split(separator: "\n").suffix(2) == ["ada@gmail.com", "$"] } != nil)
    }

    @Test func plainMaskedFieldStaysHiddenAfterCtrlZAndFg() throws {
        let tmux = try realScreen("PS1='$ ' bash --norc --noprofile -i")
        #expect(tmux.waitFor("$") != nil)
        tmux.type("field-ask --plain --masked --prompt PIN | sed 's/^/got /'")
        tmux.press("Enter")
        #expect(tmux.waitFor("PIN:") != nil)
        tmux.type("12")
        tmux.press("C-z")
        #expect(tmux.waitFor("Stopped") != nil)
        tmux.type("fg")
        tmux.press("Enter")
        // Asked again on a fresh line (the terminal dropped the "12"), and still without echo.
        #expect(tmux.waitUntil { $0.split(separator: "\n").last == "PIN:" } != nil, "\(tmux.capture())")
        tmux.type("4711")
        tmux.press("Enter")
        #expect(tmux.waitFor("got 4711") != nil, "\(tmux.capture())")
        #expect(tmux.capture().ranges(of: "4711").count == 1, "\(tmux.capture())")   // only the output line
        #expect(!tmux.capture().contains("12"))
    }

    @Test func onlyTrueSwitchAnnouncesTheName() throws {
        let tmux = try screen("field-name NguyenPhong")
        #expect(tmux.waitFor("Name:") != nil)
        tmux.type("Nguyen")
        #expect(tmux.waitFor("✗ must be \"NguyenPhong\"") != nil)
        tmux.type("Phong")
        #expect(tmux.waitFor("✓  Hello, NguyenPhong!") != nil)
        tmux.press("BSpace")
        #expect(tmux.waitUntil { !$0.contains("Hello") } != nil)
        tmux.type("g")
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.capture().contains("greeted 2 time(s)"))
    }

    @Test func anyStateSwitchReportsEveryVerdict() throws {
        let tmux = try screen("field-anystate")
        #expect(tmux.waitFor("Code:") != nil)
        tmux.type("a")
        #expect(tmux.waitFor("validation #1: false") != nil)
        tmux.type("b")
        #expect(tmux.waitFor("validation #2: false") != nil)
        tmux.type("c")
        #expect(tmux.waitFor("✓  validation #3: true") != nil)
        tmux.press("Left")                       // a cursor move is not an edit
        tmux.press("End")
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.capture().contains("verdicts: false false true\n"))
    }

    @Test func mirroredFieldsFollowEachOtherBothWays() throws {
        let tmux = try screen("field-mirror")
        #expect(tmux.waitFor("Text field:") != nil)
        tmux.type("hello")
        #expect(tmux.waitFor("text view: hello") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("Text view: hello") != nil)   // starts with the mirrored text
        tmux.type(" world")
        #expect(tmux.waitFor("text field: hello world") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        let final = tmux.capture()
        #expect(final.contains("text field: hello world\ntext view: hello world"))
    }

    @Test func hostReadlineProgramAsksOneFieldAndCarriesOnUnchanged() throws {
        let tmux = try screen("field-host")
        #expect(tmux.waitFor("host>") != nil)
        tmux.type("help")
        tmux.press("Enter")
        // The help, and the host's next prompt under it: typed before that prompt, "ask" would be echoed by the
        // cooked terminal between the host's two readline calls.
        #expect(tmux.waitUntil { $0.contains("commands:") && $0.split(separator: "\n").last == "host>" } != nil)
        tmux.type("ask")
        tmux.press("Enter")
        #expect(tmux.waitFor("Port:") != nil)
        tmux.press("Up")                          // the field's own history is empty: no host commands
        tmux.type("80a")
        #expect(tmux.waitFor("✗ must be a number from 1 to 65535") != nil)
        #expect(tmux.capture().contains("Port: 80a\n"))
        tmux.press("Tab")                         // the field has no choices: no file names appear
        tmux.press("BSpace")
        tmux.press("Enter")
        #expect(tmux.waitFor("port = 80 (proxy: 1 startup, some redisplays)") != nil)
        #expect(tmux.waitFor("host hooks in place; history 2") != nil)
        // The host's own prompt: the report above is printed before its readline takes the terminal, and Up typed
        // in between would be echoed by the cooked terminal as ^[[A in front of the prompt.
        #expect(tmux.waitUntil { $0.split(separator: "\n").last == "host>" } != nil)
        tmux.press("Up")                          // the host's history is back: Up recalls "ask"
        #expect(tmux.waitUntil { $0.split(separator: "\n").last == "host> ask" } != nil)
        tmux.press("C-u")
        tmux.type("ho")
        tmux.press("Tab")                         // the host's completion is back
        #expect(tmux.waitUntil { $0.split(separator: "\n").last == "host> hooks" } != nil)
        tmux.press("C-u")
        tmux.type("quit")
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
    }
}

extension String {
    /// How many times `needle` occurs.
    func components(_ needle: String) -> Int { ranges(of: needle).count }
}
