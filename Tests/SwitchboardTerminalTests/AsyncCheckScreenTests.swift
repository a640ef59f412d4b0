// SPDX-License-Identifier: GPL-3.0-or-later
// Checks that take time, as the user sees them: Examples/field-username on the virtual screen, and in tmux for a
// resize (re-flow).
import Glibc
import Testing
import TerminalTestSupport

@Suite struct AsyncCheckScreenTests {
    /// The screen's rows from the one starting with `prefix` on (the field and what is under it).
    func rows(from prefix: String, _ screen: String) -> [String] {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = rows.lastIndex(where: { $0.hasPrefix(prefix) }) else { return [] }
        return Array(rows[first...]).filter { !$0.isEmpty }
    }

    @Test func checkingThenTakenThenFreeAndEnterPrintsIt() throws {
        let tmux = try screen("field-username --delay 700")
        #expect(tmux.waitFor("Username:") != nil)
        tmux.type("ada")
        #expect(tmux.waitUntil { rows(from: "Username:", $0).last?.hasSuffix("checking…") == true } != nil)
        #expect(tmux.waitUntil { rows(from: "Username:", $0) == ["Username: ada", "✗ is taken"] } != nil)
        tmux.type("2")
        #expect(tmux.waitUntil { rows(from: "Username:", $0) == ["Username: ada2", "✓"] } != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.capture().contains("\nada2\n"))
    }

    @Test func checkingIsDrawnUnderWrappedInputOnTheBottomRowAndAfterAResize() throws {
        let tmux = try realScreen("seq 40; field-username --delay 3000", width: 20)
        #expect(tmux.waitFor("Username:") != nil)
        let name = "abcdefghijklmnopq"      // "Username: " + 17 characters: two rows at 20 columns
        tmux.type(name)
        let wrapped = tmux.waitUntil { screen in
            let shown = rows(from: "Username:", screen)
            return shown.count == 3 && shown[0] == "Username: abcdefghij" && shown[1] == "klmnopq"
                && shown[2].hasSuffix("checking…")
        }
        #expect(wrapped != nil, "\(tmux.capture())")
        #expect(tmux.rows().last?.hasSuffix("checking…") == true)   // the screen scrolled to make room
        tmux.resize(width: 30)
        let resized = tmux.waitUntil { screen in
            let shown = rows(from: "Username:", screen)
            return shown.count == 2 && shown[0] == "Username: " + name && shown[1].hasSuffix("checking…")
        }
        #expect(resized != nil, "\(tmux.capture())")
        #expect(tmux.waitUntil { rows(from: "Username:", $0) == ["Username: " + name, "✓"] } != nil)
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
    }
}
