// SPDX-License-Identifier: Apache-2.0
// The virtual screen fed bytes directly: what xterm shows for them.
import SwitchboardTesting
import Testing

@Suite struct ScreenTests {
    func screen(_ text: String, columns: Int = 10, rows: Int = 4) -> TerminalScreen {
        var screen = TerminalScreen(columns: columns, rows: rows)
        screen.feed(text)
        return screen
    }

    @Test("Text wraps at the margin only when the next character comes (the pending-wrap state)")
    func pendingWrap() {
        let full = screen("abcdefghij")
        #expect(full.lines[0] == "abcdefghij" && full.lines[1] == "")
        #expect(full.cursorRow == 0 && full.cursorColumn == 9)
        #expect(screen("abcdefghij\r\nx").lines[1] == "x")   // CR LF after a full row: no blank row between
        #expect(screen("abcdefghijk").lines == ["abcdefghij", "k", "", ""])
        #expect(screen("abcdefghij\u{1B}[Kz").lines[0] == "abcdefghiz")   // EL clears the pending wrap
    }

    @Test("Wide, combining and ZWJ text take the terminal layer's columns; a wide character wraps early")
    func widths() {
        let wide = screen("中文ab")
        #expect(wide.lines[0] == "中文ab" && wide.cursorColumn == 6)
        #expect(wide.cell(row: 0, column: 0).width == 2 && wide.cell(row: 0, column: 1).text == "")
        let margin = screen("abcdefghi中")
        #expect(margin.lines[0] == "abcdefghi" && margin.lines[1] == "中")
        let joined = screen("👩‍💻x e\u{301}")
        #expect(joined.lines[0] == "👩‍💻x e\u{301}" && joined.cursorColumn == 5)
        let overwritten = screen("中\u{8}\u{8}x")
        #expect(overwritten.lines[0] == "x")   // half a wide character overwritten: the other half goes
    }

    @Test("CR, LF, BS and TAB move as on a terminal; LF scrolls at the bottom")
    func controls() {
        #expect(screen("ab\u{8}c\tz").lines[0] == "ac      z")
        #expect(screen("1\n2\n3\n4\n5", rows: 3).lines == ["  3", "   4", "    5"])   // LF without CR, as a raw terminal
        #expect(screen("1\r\n2\r\n3\r\n4", rows: 3).lines == ["2", "3", "4"])
    }

    @Test("Cursor movement: A B C D E F G H f d, clamped to the screen")
    func cursorMovement() {
        let moved = screen("\u{1B}[3;4Hx\u{1B}[2Ay\u{1B}[99Cz\u{1B}[Gw\u{1B}[2dv\u{1B}[1Eu\u{1B}[1Ft\u{1B}[4;1fs")
        #expect(moved.lines == ["w   y    z", "tv", "u  x", "s"])
    }

    @Test("Erase J and K with 0, 1, 2; ECH; erasing takes the background colour")
    func erasing() {
        let base = "abcdefghij\r\nklmnopqrst\r\nuvwxyz\u{1B}[2;5H"
        #expect(screen(base + "\u{1B}[K").lines == ["abcdefghij", "klmn", "uvwxyz", ""])
        #expect(screen(base + "\u{1B}[1K").lines == ["abcdefghij", "     pqrst", "uvwxyz", ""])
        #expect(screen(base + "\u{1B}[2K").lines == ["abcdefghij", "", "uvwxyz", ""])
        #expect(screen(base + "\u{1B}[J").lines == ["abcdefghij", "klmn", "", ""])
        #expect(screen(base + "\u{1B}[1J").lines == ["", "     pqrst", "uvwxyz", ""])
        #expect(screen(base + "\u{1B}[2J").text == "")
        #expect(screen(base + "\u{1B}[3X").lines[1] == "klmn   rst")
        let colored = screen("ab\u{1B}[41m\u{1B}[K")
        #expect(colored.cell(row: 0, column: 5).style.background == .red)
        #expect(colored.cell(row: 0, column: 0).style.background == nil)
    }

    @Test("Insert and delete characters and lines (ICH DCH IL DL), scroll regions, SU and SD")
    func insertDeleteScroll() {
        #expect(screen("abcdef\u{1B}[1;3H\u{1B}[2@").lines[0] == "ab  cdef")
        #expect(screen("abcdef\u{1B}[1;3H\u{1B}[2P").lines[0] == "abef")
        let lines = "1\r\n2\r\n3\r\n4\u{1B}[2;1H"
        #expect(screen(lines + "\u{1B}[L").lines == ["1", "", "2", "3"])
        #expect(screen(lines + "\u{1B}[M").lines == ["1", "3", "4", ""])
        #expect(screen(lines + "\u{1B}[2;3r\u{1B}[3;1H\n").lines == ["1", "3", "", "4"])
        #expect(screen(lines + "\u{1B}[S").lines == ["2", "3", "4", ""])
        #expect(screen(lines + "\u{1B}[T").lines == ["", "1", "2", "3"])
        #expect(screen(lines + "\u{1B}[1;1H\u{1B}M").lines == ["", "1", "2", "3"])   // reverse index at the top
    }

    @Test("SGR: bold, dim, italic, underline, inverse, 8/16/256/true colours, reset")
    func sgr() {
        let styled = screen("\u{1B}[1;3;4;7;31;42ma\u{1B}[22;23;24;27;39;49;2mb\u{1B}[0;91;38;5;200mc"
                            + "\u{1B}[38;2;1;2;3;48:2::4:5:6md\u{1B}[mE")
        let a = styled.cell(row: 0, column: 0).style
        #expect(a.bold && a.italic && a.underline && a.inverse && a.foreground == .red && a.background == .green)
        let b = styled.cell(row: 0, column: 1).style
        #expect(!b.bold && b.dim && !b.italic && !b.underline && !b.inverse && b.foreground == nil)
        #expect(styled.cell(row: 0, column: 2).style.foreground == .palette(200))
        #expect(styled.cell(row: 0, column: 3).style.foreground == .rgb(1, 2, 3))
        #expect(styled.cell(row: 0, column: 3).style.background == .rgb(4, 5, 6))
        #expect(styled.cell(row: 0, column: 4).style.isPlain)
        #expect(screen("\u{1B}[91mx").cell(row: 0, column: 0).style.foreground == .palette(9))
        #expect(screen("\u{1B}[31mx✗").cells(showing: "✗").first?.style.foreground == .red)
    }

    @Test("Save and restore the cursor (ESC 7/8, CSI s/u); the alternate screen keeps the normal one")
    func saveRestoreAlternate() {
        #expect(screen("ab\u{1B}7\r\nxy\u{1B}8c").lines[0] == "abc")
        #expect(screen("ab\u{1B}[s\r\nxy\u{1B}[uc").lines[0] == "abc")
        let alternate = screen("normal\u{1B}[?1049hfull")
        #expect(alternate.alternateScreen && alternate.lines[0] == "      full")   // the cursor stays
        var back = alternate
        back.feed("\u{1B}[?1049lX")
        #expect(!back.alternateScreen && back.lines[0] == "normalX")
        #expect(!screen("\u{1B}[?47hx\u{1B}[?47l").alternateScreen)
    }

    @Test("Modes are recorded: bracketed paste, cursor keys, cursor visibility, title; 6n is answered")
    func modes() {
        let on = screen("\u{1B}[?2004h\u{1B}[?1h\u{1B}=\u{1B}[?25l\u{1B}]0;My title\u{7}")
        #expect(on.bracketedPaste && on.applicationCursorKeys && !on.cursorVisible && on.title == "My title")
        let off = screen("\u{1B}[?2004h\u{1B}[?2004l")
        #expect(!off.bracketedPaste)
    }

    @Test("Invalid UTF-8 shows U+FFFD; a character split across writes is put together")
    func utf8() {
        var invalid = TerminalScreen(columns: 10, rows: 2)
        invalid.feed([0x61, 0xFF, 0x62])
        #expect(invalid.lines[0] == "a\u{FFFD}b")
        var bytes = TerminalScreen(columns: 10, rows: 2)
        bytes.feed([0x61, 0xE2, 0x9C])   // "a" and the start of "✓"
        bytes.feed([0x93, 0xC3, 0x28, 0xED, 0xA0, 0x80])   // its end, a cut "é", a surrogate (invalid)
        #expect(bytes.lines[0] == "a✓\u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test("Resize does not re-flow (as xterm); a shorter screen keeps the cursor's row")
    func resize() {
        var screen = screen("abcdefghij\r\n1\r\n2\r\n3", columns: 10, rows: 4)
        screen.resize(columns: 5, rows: 2)
        #expect(screen.lines == ["2", "3"] && screen.cursorRow == 1)
        screen.resize(columns: 8, rows: 3)
        #expect(screen.lines == ["2", "3", ""] && screen.columns == 8)
    }

    @Test("Unknown sequences are skipped; random bytes never crash or hang, and sizes stay bounded")
    func hostileOutput() {
        #expect(screen("a\u{1B}[?999;1$pb\u{1B}P1;2|xyz\u{1B}\\c\u{1B}(Bd\u{1B}[>4;1me").lines[0] == "abcde")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var screen = TerminalScreen(columns: Int.random(in: 1...30, using: &generator),
                                        rows: Int.random(in: 1...8, using: &generator))
            let bytes = (0..<2000).map { _ in
                // Mostly escape-sequence material, so that the parser's every state is visited.
                Bool.random(using: &generator) ? UInt8.random(in: 0...255, using: &generator)
                    : Array("\u{1B}[;?0123456789mHJKABCDr@PLMX]\u{7}\\ \u{8}\t\r\n中e\u{301}".utf8).randomElement(using: &generator)!
            }
            screen.feed(bytes)
            #expect(screen.lines.count == screen.rows)
            #expect(screen.cursorRow < screen.rows && screen.cursorColumn < screen.columns)
        }
        var huge = TerminalScreen(columns: 5, rows: 2)
        huge.feed("\u{1B}[99999999;99999999H\u{1B}[99999999@\u{1B}[99999999Lx")
        #expect(huge.cursorRow == 1)
    }
}
