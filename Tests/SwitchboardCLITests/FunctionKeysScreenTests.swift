// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// Function keys nothing binds, pressed in a field, as a user meets them in tmux: read whole and dropped, where GNU
/// readline types their last characters (F5's `~`, Shift-F5's `;2~`) into the answer; a binding of the user's own
/// inputrc is kept.
@Suite("Function keys in a field", .serialized)
struct FunctionKeysScreenTests {
    @Test("F1, F5, F12, Shift-F5 and Ctrl-F5 leave the answer as typed")
    func unboundKeysDropped() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let out = scratch.path("answer.txt")
        let tmux = try TmuxScreen(command: "\(shellQuote(try switchboardPath())) ask Name > \(shellQuote(out))",
                                  width: 60, height: 8)
        #expect(tmux.waitFor("Name:") != nil)
        tmux.type("ab")
        tmux.press("F5")
        tmux.type("c")
        tmux.press("F12", "S-F5", "C-F5", "F1")
        tmux.type("d")
        #expect(tmux.waitUntil { _ in tmux.rows().first == "Name: abcd" } != nil, "\(tmux.rows().prefix(2))")
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "abcd\n")
    }

    @Test("F5 bound in the user's inputrc does what it says")
    func inputrcBindingKept() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let inputrc = try scratch.file("inputrc", #""\e[15~": "[F5]""# + "\n")
        let out = scratch.path("answer.txt")
        let tmux = try TmuxScreen(command: "INPUTRC=\(shellQuote(inputrc)) \(shellQuote(try switchboardPath())) ask Name "
                                  + "> \(shellQuote(out))", width: 60, height: 8)
        #expect(tmux.waitFor("Name:") != nil)
        tmux.type("a")
        tmux.press("F5")
        tmux.type("b")
        #expect(tmux.waitUntil { _ in tmux.rows().first == "Name: a[F5]b" } != nil, "\(tmux.rows().prefix(2))")
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "a[F5]b\n")
    }
}
