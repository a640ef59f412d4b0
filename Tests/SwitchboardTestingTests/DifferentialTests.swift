// SPDX-License-Identifier: Apache-2.0
// The virtual screen checked against a real terminal: the same programs and keys through tmux and through
// TerminalSession give the same screens.
import Glibc
import SwitchboardTesting
import TerminalTestSupport
import Testing

@Suite struct DifferentialTests {
    enum Step {
        case type(String)
        case press(Key)
        case resize(Int, Int)
        /// Wait until the kit's program settles, then until tmux shows the same screen.
        case compare
    }

    /// tmux's name for a key.
    func tmuxName(_ key: Key) -> String {
        switch key {
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "BTab"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .backspace: "BSpace"
        case .ctrl(let c): "C-\(c)"
        default: "Escape"
        }
    }

    /// Runs `command` in both, step by step; at each `.compare` the screens must be equal.
    func compare(_ command: [String], columns: Int, rows: Int, _ steps: [Step]) throws {
        let term = try TerminalSession(command, columns: columns, rows: rows)
        let tmux = try TmuxScreen(command: command.map(shellQuote).joined(separator: " "), width: columns,
                                  height: rows)
        defer { tmux.kill() }
        // Keys typed before the program reads them would be echoed by the terminal: start from the same screen.
        for (index, step) in ([.compare] + steps).enumerated() {
            switch step {
            case .type(let text):
                try term.type(text)
                tmux.type(text)
            case .press(let key):
                try term.press(key)
                tmux.press(tmuxName(key))
            case .resize(let newColumns, let newRows):
                try term.resize(columns: newColumns, rows: newRows)
                tmux.resize(width: newColumns, height: newRows)
            case .compare:
                try term.waitUntilSettled()
                let kit = term.screen.lines
                let real = tmux.waitUntil(timeout: 5) { $0 == (kit + [""]).joined(separator: "\n") } != nil
                let diff = lineDiff(expected: tmux.rows().joined(separator: "\n"), actual: kit.joined(separator: "\n"))
                #expect(real, "step \(index): the kit (+) and tmux (-) differ:\n\(diff)")
            }
        }
    }

    @Test("Wide and ZWJ text, combining marks, wrapping at the margin, in a narrow terminal")
    func wideText() throws {
        try compare([executable("field-name"), "日本語"], columns: 24, rows: 8, [
            .type("日本語のテキスト"), .compare,          // 22 columns with the prompt: fits
            .type("中abcdefghijklmnopqrstuvw"), .compare,  // a wide character at the margin wraps early
            .press(.left), .press(.left), .type("中"), .compare,
            .press(.ctrl("u")), .type("e\u{301}👩‍💻 x"), .compare,
            .press(.backspace), .type("日本語"), .compare,
        ])
    }

    @Test("Resize to a narrower terminal, after the program redraws")
    func resize() throws {
        try compare([executable("field-name"), "Ada"], columns: 60, rows: 8, [
            .type("Grace"), .compare,
            .resize(40, 8), .compare,
            .type(" Hopper"), .compare,
        ])
    }

    @Test("A list: filtering, moving, ticking")
    func list() throws {
        try compare([executable("pick")], columns: 50, rows: 10, [
            .press(.down), .compare,
            .type("bl"), .compare,
            .press(.enter), .compare,
            .press(.tab), .press(.down), .compare,
        ])
    }

    @Test("A form up to its review")
    func review() throws {
        try compare([executable("switchboard"), "form", example("newsletter/newsletter.yaml")], columns: 60,
                    rows: 14, [
            .type("ada@example.com"), .compare,
            .press(.enter), .compare,
            .press(.tab), .press(.enter), .compare,
            .type("no"), .press(.enter), .compare,
            .type("1"), .press(.enter), .compare,
        ])
    }
}

/// A file in the repository's Examples folder.
func example(_ path: String) -> String {
    let here = #filePath
    let root = here[..<here.range(of: "/Tests/SwitchboardTestingTests/")!.lowerBound]
    return root + "/Examples/" + path
}
