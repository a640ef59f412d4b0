// SPDX-License-Identifier: GPL-3.0-or-later
// DisplayWidth against what the terminal draws: each sample printed in tmux, the cursor read back.
import SwitchboardTerminal
import Testing
import TerminalTestSupport

@Suite struct DisplayWidthTests {
    /// ZWJ sequences, flags, skin tones, combining marks, East Asian wide and halfwidth, VS16, plain ASCII.
    static let samples = ["abc", "👩‍💻", "👨‍👩‍👧", "🏳️‍🌈", "🇫🇷", "👍🏽", "e\u{301}", "x\u{303}\u{323}", "中文", "가",
                          "ｱ", "❤️", "❤", "✔️", "#️⃣", "🙂", "a👩‍💻b", "日本語のテキスト", "Ａ", "\u{200B}x"]

    @Test("The columns of each sample are the columns tmux moves the cursor by when printing it")
    func columnsAgreeWithTmux() throws {
        for sample in Self.samples {
            // The sample, then a marker: the cursor stands right after the marker.
            let tmux = try TmuxScreen(command: "printf '%s|' \(shellQuote(sample)); exec cat", width: 40, height: 5)
            defer { tmux.kill() }
            #expect(tmux.waitFor("|") != nil)
            #expect(tmux.cursor().column == DisplayWidth.columns(of: sample) + 1, "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test("Cut at a character boundary with … and always fitting; unchanged when it fits")
    func truncation() {
        #expect(DisplayWidth.truncate("ada@example.com", toColumns: 8) == "ada@exa…")
        #expect(DisplayWidth.truncate("ada", toColumns: 3) == "ada")
        #expect(DisplayWidth.truncate("a👩‍💻b", toColumns: 4) == "a👩‍💻b")
        #expect(DisplayWidth.truncate("a👩‍💻bc", toColumns: 4) == "a👩‍💻…")
        #expect(DisplayWidth.truncate("a👩‍💻b", toColumns: 3) == "a…")
        #expect(DisplayWidth.truncate("日本語のテキスト", toColumns: 7) == "日本語…")
        #expect(DisplayWidth.truncate("日本語", toColumns: 0) == "")
        #expect(DisplayWidth.truncate("日本語", toColumns: 1) == "…")
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", toColumns: 2) == "e\u{301}…")
        for sample in Self.samples {
            for width in 0...8 {
                let cut = DisplayWidth.truncate(sample, toColumns: width)
                #expect(DisplayWidth.columns(of: cut) <= width)
                #expect(cut == sample || cut.hasSuffix("…") || width == 0 && cut.isEmpty)
                #expect(sample.hasPrefix(String(cut.dropLast())) || cut.isEmpty)
            }
        }
    }
}
