// SPDX-License-Identifier: GPL-3.0-or-later
// `switchboard choose` and `switchboard confirm` as a user sees them: virtual screens (tmux for a resize and for job
// control), a pty for the terminal's modes.
import Foundation
import Glibc
import TerminalTestSupport
import Testing

@Suite("switchboard choose and confirm: screens", .serialized)
struct ChooseScreenTests {
    func screen(_ scratch: Scratch, _ arguments: String, width: Int = 60, height: Int = 14,
                before: String = "", environment: [String: String?] = [:]) throws -> KitScreen {
        let command = "cd \(shellQuote(scratch.url.path)) && \(before)\(shellQuote(try switchboardPath())) \(arguments) > out.txt"
        return try KitScreen(command: command, width: width, height: height, environment: environment)
    }

    /// The same on a real terminal (tmux), which re-flows on resize.
    func realScreen(_ scratch: Scratch, _ arguments: String, height: Int) throws -> TmuxScreen {
        let command = "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) \(arguments) > out.txt"
        return try TmuxScreen(command: command, width: 60, height: height)
    }

    func output(_ scratch: Scratch) -> String? { try? String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) }

    /// The screen's rows up to the last non-empty one.
    func shown(_ tmux: any ScreenDriver) -> [String] {
        var rows = tmux.rows()
        while rows.last == "" { rows.removeLast() }
        return rows
    }

    /// Waits until the screen shows exactly `expected` (a wait for one word can catch a redraw half done on a
    /// loaded machine), then compares, so that a failure shows the screen.
    func expectShown(_ tmux: any ScreenDriver, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        _ = tmux.waitUntil(timeout: 10) { _ in shown(tmux) == expected }
        #expect(shown(tmux) == expected, sourceLocation: sourceLocation)
    }

    /// The same for the screen's last rows: the rows below a line that was waited for are drawn after it.
    func expectShown(_ tmux: any ScreenDriver, suffix expected: [String],
                     sourceLocation: SourceLocation = #_sourceLocation) {
        _ = tmux.waitUntil(timeout: 10) { _ in Array(shown(tmux).suffix(expected.count)) == expected }
        #expect(Array(shown(tmux).suffix(expected.count)) == expected, sourceLocation: sourceLocation)
    }

    /// Whether the screen shows the review with `row` and its question under it: keys typed for the review before
    /// its question is drawn reach the cooked terminal, which echoes them (and takes Backspace, Ctrl-U as its own).
    func reviewAsks(_ screen: String, showing row: String) -> Bool {
        screen.contains(row) && screen.split(separator: "\n").last == "Number or name to edit, Enter to submit:"
    }

    @Test("the options are listed at once; typing filters them ignoring case; Enter picks the highlighted one")
    func filtering() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose Colour red green blue Grey 'dark green'")
        #expect(tmux.waitFor("dark green") != nil)
        expectShown(tmux, ["Colour:", "↑↓ move · Enter picks", "› red", "  green", "  blue", "  Grey", "  dark green"])
        tmux.type("GR")
        #expect(tmux.waitUntil { !$0.contains("red") } != nil)
        expectShown(tmux, ["Colour: GR", "↑↓ move · Enter picks", "› green", "  Grey", "  dark green"])
        tmux.type("xyz")
        #expect(tmux.waitFor("✗ no option matches \"GRxyz\"") != nil)
        expectShown(tmux, ["Colour: GRxyz", "✗ no option matches \"GRxyz\""])
        tmux.press("Enter")   // refused: nothing to pick
        #expect(tmux.waitFor("(Enter needs a valid value)") != nil)
        tmux.press("BSpace", "BSpace", "BSpace")
        #expect(tmux.waitFor("› green") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "green\n")
        #expect(tmux.rows()[0] == "Colour: green")
        #expect(!tmux.capture().contains("Grey"))   // the list is cleared
    }

    @Test("Up/Down, Ctrl-P/Ctrl-N and PgUp/PgDn move the highlight through a window with \"N more\" rows")
    func arrowsAndPages() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let options = (1...30).map { "item\($0)" }.joined(separator: " ")
        let tmux = try screen(scratch, "choose Item \(options)", height: 8)
        #expect(tmux.waitFor("↓ 25 more") != nil)   // 8 rows: input, hint, 5 options, one "more" row
        expectShown(tmux, ["Item:", "↑↓ move · Enter picks", "› item1", "  item2", "  item3", "  item4", "  item5",
                            "  ↓ 25 more"])
        tmux.press("Down", "C-n")
        #expect(tmux.waitFor("› item3") != nil)
        tmux.press("Up")
        #expect(tmux.waitFor("› item2") != nil)
        tmux.press("PageDown")
        #expect(tmux.waitFor("› item7") != nil)
        expectShown(tmux, suffix: ["  item3", "  item4", "  item5", "  item6", "› item7", "  ↑ 2 more · ↓ 23 more"])
        tmux.press("PageUp", "C-p")
        #expect(tmux.waitFor("› item1") != nil)
        tmux.press("Down", "Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "item2\n")
    }

    @Test("typing an option in full picks it even when another that contains it comes first")
    func exactText() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose Colour bored red")
        #expect(tmux.waitFor("› bored") != nil)
        tmux.type("red")
        #expect(tmux.waitFor("› red") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "red\n")
    }

    @Test("--multi: Tab chooses and moves down, Shift-Tab chooses and moves up; --min/--max messages live")
    func severalChoices() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose Tags api cli docs web --multi --min 2 --max 3 --selected web")
        #expect(tmux.waitFor("1 chosen") != nil)
        expectShown(tmux, ["Tags:", "1 chosen · Tab chooses · ↑↓ move · Enter accepts", "› ○ api", "  ○ cli",
                            "  ○ docs", "  ◉ web"])
        tmux.press("Tab", "Tab", "Tab")
        #expect(tmux.waitFor("✗ choose at most 3 (4 chosen)") != nil)
        expectShown(tmux, suffix: ["  ◉ api", "  ◉ cli", "  ◉ docs", "› ◉ web"])
        tmux.press("Enter")   // refused
        #expect(tmux.waitFor("(Enter needs a valid value)") != nil)
        tmux.press("BTab", "BTab")   // un-choose web and docs, moving up
        #expect(tmux.waitFor("2 chosen") != nil)
        expectShown(tmux, suffix: ["  ◉ api", "› ◉ cli", "  ○ docs", "  ○ web"])
        tmux.press("Tab")            // un-choose cli
        #expect(tmux.waitFor("✗ choose at least 2 (1 chosen)") != nil)
        tmux.type("do")
        #expect(tmux.waitFor("› ○ docs") != nil)
        tmux.press("Tab")
        #expect(tmux.waitFor("2 chosen") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "api\ndocs\n")   // list order
        #expect(tmux.rows()[0] == "Tags: api, docs")
    }

    @Test("options from standard input, keys from the terminal (git branch | switchboard choose)")
    func optionsFromStandardInput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose Branch", before: "printf 'main\\nfeature/lists\\ndev\\n' | ")
        #expect(tmux.waitFor("› main") != nil)
        tmux.type("li")
        #expect(tmux.waitFor("› feature/lists") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "feature/lists\n")
    }

    @Test("a million options: loaded, filtered and picked while typing stays responsive")
    func aMillionOptions() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose N", before: "seq 1000000 | ")
        #expect(tmux.waitFor("↓ 999991 more", timeout: 30) != nil)
        tmux.type("99999")
        #expect(tmux.waitFor("› 99999\n") != nil)
        #expect(tmux.waitFor("↓ 10 more") != nil)   // 99999, 199999 ... 999999 and 999990 ... 999998
        tmux.type("8")
        #expect(tmux.waitFor("› 999998\n") != nil)
        tmux.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "5")
        #expect(tmux.waitFor("› 5\n") != nil)
        tmux.press("Down")
        #expect(tmux.waitFor("› 15\n") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "15\n")
    }

    @Test("resize: the window of rows fits the new size and is drawn again")
    func resize() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let options = (1...30).map { "item\($0)" }.joined(separator: " ")
        let tmux = try realScreen(scratch, "choose Item \(options)", height: 14)
        #expect(tmux.waitFor("↓ 21 more") != nil)   // the page: 9 options and the "more" row
        tmux.resize(width: 40, height: 7)
        #expect(tmux.waitFor("↓ 26 more") != nil)
        expectShown(tmux, ["Item:", "↑↓ move · Enter picks", "› item1", "  item2", "  item3", "  item4", "  ↓ 26 more"])
        tmux.resize(width: 60, height: 20)
        #expect(tmux.waitFor("↓ 21 more") != nil)
        _ = tmux.waitUntil { _ in shown(tmux).count == 12 }
        #expect(shown(tmux).count == 12)
        tmux.press("Down", "Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "item2\n")
    }

    @Test("an option wider than the terminal is cut with … and picked whole; control characters are escaped")
    func wideAndControlOptions() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let wide = String(repeating: "w", count: 100)
        let tmux = try screen(scratch, "choose Pick \(wide) \"$(printf 'bell\\007')\"", width: 40)
        #expect(tmux.waitFor("…") != nil)
        expectShown(tmux, ["Pick:", "↑↓ move · Enter picks", "› " + String(repeating: "w", count: 36) + "…",
                           "  bell\\u{7}"])
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == wide + "\n")
    }

    @Test("TERM=dumb: a numbered list printed once; a number or an option's text answers")
    func plainMode() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["choose", "Tags", "api", "cli", "docs", "--multi"],
                                     environment: ["TERM": "dumb"], captureStdout: true)
        #expect(session.waitFor("Type numbers or options, separated by commas:"))
        #expect(session.outputText.contains("1) api\r\n2) cli\r\n3) docs\r\n"))
        session.send("4\r")
        #expect(session.waitFor("✗ there is no option 4 (1 to 3)"))
        session.send("3, api\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "api\ndocs\n")
        #expect(!session.outputText.contains("\u{1B}"))
    }

    @Test("Ctrl-C while the list shows: exit 130, the list erased, the terminal restored")
    func cancel() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["choose", "Colour", "red", "green"],
                                     captureStdout: true)
        #expect(session.waitFor("green"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))

        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose Colour red green")
        #expect(tmux.waitFor("› red") != nil)
        tmux.type("gr")
        #expect(tmux.waitFor("Colour: gr") != nil)
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
        #expect(!tmux.capture().contains("green"))
    }

    @Test("Ctrl-Z while the list shows: the list goes with the field, fg draws both again")
    func suspendAndResume() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try TmuxScreen(command: "cd \(shellQuote(scratch.url.path)) && PS1='$ ' bash --norc --noprofile -i",
                                  width: 60, height: 14)
        #expect(tmux.waitFor("$") != nil)
        tmux.type("\(shellQuote(try switchboardPath())) choose Colour red green blue > out.txt")
        tmux.press("Enter")
        #expect(tmux.waitFor("› red") != nil)
        tmux.type("e")
        #expect(tmux.waitFor("Colour: e") != nil)
        tmux.press("C-z")
        #expect(tmux.waitFor("Stopped") != nil)
        #expect(!tmux.capture().contains("› red"))   // the list went away with the field
        tmux.type("fg")
        tmux.press("Enter")
        #expect(tmux.waitUntil { $0.contains("Colour: e") && $0.contains("› red") && $0.contains("  green") } != nil,
                "\(tmux.capture())")
        tmux.press("Down", "Enter")
        #expect(tmux.waitUntil { $0.split(separator: "\n").last == "$" } != nil)
        #expect(output(scratch) == "green\n")
    }

    @Test("Ctrl-\\ while the list shows: exit 131, the terminal restored; Ctrl-D on an empty filter: 130")
    func quitAndEndOfInput() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["choose", "Colour", "red", "green"],
                                     captureStdout: true)
        #expect(session.waitFor("green"))
        session.send("\u{1C}")
        #expect(session.waitForExit() == .exited(131))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))
        let ended = try PtySession(try switchboardPath(), arguments: ["choose", "Colour", "red", "green"],
                                   captureStdout: true)
        #expect(ended.waitFor("green"))
        ended.send("\u{4}")
        #expect(ended.waitForExit() == .exited(130))
        #expect(isCooked(ended.modes()))
    }

    @Test("a 1 MB option from standard input: cut on the screen, picked whole")
    func aHugeOption() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let huge = String(repeating: "h", count: 1 << 20)
        try scratch.file("options.txt", "small\n" + huge + "\n")
        let tmux = try screen(scratch, "choose Pick < options.txt")
        #expect(tmux.waitFor("  " + String(repeating: "h", count: 56) + "…") != nil)
        tmux.type("hh")
        #expect(tmux.waitFor("› hhh") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == huge + "\n")
        #expect(tmux.rows()[0].hasPrefix("Pick: hhhh"))
    }

    @Test("TERM=dumb: a yes/no question is a plain prompt; an answer that is neither is explained and asked again")
    func plainConfirm() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["confirm", "Deploy?"],
                                     environment: ["TERM": "dumb"], captureStdout: true)
        #expect(session.waitFor("Deploy? [y/n] "))
        session.send("maybe\r")
        #expect(session.waitFor("✗ answer y or n"))
        session.send("yes\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(!session.outputText.contains("\u{1B}"))
    }

    @Test("confirm: y and n answer at once, Enter takes the default, anything else is refused")
    func confirm() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "confirm Deploy? --default no; echo status=$?; "
                              + "\(shellQuote(try switchboardPath())) confirm Really?; echo status=$?; "
                              + "\(shellQuote(try switchboardPath())) confirm Sure? --default yes")
        #expect(tmux.waitFor("Deploy? [y/N]") != nil)
        tmux.type("y")
        #expect(tmux.waitFor("status=0") != nil)
        #expect(tmux.rows()[0] == "Deploy? [y/N] yes")
        #expect(tmux.waitFor("Really? [y/n]") != nil)
        tmux.type("x")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ answer y or n") != nil)
        tmux.press("BSpace")
        tmux.type("N")
        #expect(tmux.waitFor("status=1") != nil)
        #expect(tmux.rows()[2] == "Really? [y/n] no")
        #expect(tmux.waitFor("Sure? [Y/n]") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.capture().contains("Sure? [Y/n] yes"))
    }

    @Test("form: select, multiselect and confirm fields are asked with lists; the review edits them; JSON has an array")
    func formWithLists() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("p.yaml", """
            title: Project
            fields:
              - name: language
                type: select
                choices: [Swift, Go, Rust]
              - name: tags
                type: multiselect
                choices: [api, cli, docs, web]
                min: 1
                max: 2
              - name: public
                type: confirm
            """)
        let tmux = try screen(scratch, "form p.yaml", width: 70, height: 20)
        #expect(tmux.waitFor("› Swift") != nil)
        tmux.type("ru")
        #expect(tmux.waitFor("› Rust") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("› ○ api") != nil)
        tmux.press("Enter")                              // none chosen: refused
        #expect(tmux.waitFor("✗ must not be empty") != nil)
        tmux.press("Tab", "Tab", "Tab")
        #expect(tmux.waitFor("✗ choose at most 2 (3 chosen)") != nil)
        tmux.press("Up", "Tab")                          // un-choose docs
        #expect(tmux.waitFor("2 chosen") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("public [y/n]") != nil)
        tmux.type("y")
        #expect(tmux.waitUntil { reviewAsks($0, showing: "  2. tags      api, cli  ✓") } != nil)
        tmux.type("2")
        tmux.press("Enter")
        #expect(tmux.waitFor("› ◉ api") != nil)          // the review edits the list with its choices kept
        tmux.press("Tab")                                // un-choose api
        #expect(tmux.waitFor("1 chosen") != nil)
        tmux.press("Enter")
        #expect(tmux.waitUntil { reviewAsks($0, showing: "  2. tags      cli   ✓") } != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "{\n  \"language\": \"Rust\",\n  \"tags\": [\"cli\"],\n  \"public\": true\n}\n")
    }
}
