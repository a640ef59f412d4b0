// SPDX-License-Identifier: GPL-3.0-or-later
// `switchboard confirm` keys as a user meets them in tmux: what is typed after a one-key answer never reaches the
// shell, and a yes/no key of several UTF-8 bytes answers at once like an ASCII one.
import Foundation
import Glibc
import TerminalTestSupport
import Testing

@Suite("switchboard confirm: keys", .serialized)
struct ConfirmKeysScreenTests {
    @Test("\"yes\" + Enter typed fast: y answers, and the shell gets neither \"es\" nor the Enter")
    func typeAheadDiscarded() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try TmuxScreen(command: "cd \(shellQuote(scratch.url.path)) && PS1='$ ' bash --norc --noprofile -i",
                                  width: 100, height: 14)
        #expect(tmux.waitFor("$") != nil)
        tmux.type("\(shellQuote(try switchboardPath())) confirm Deploy?; echo status=$?")
        tmux.press("Enter")
        #expect(tmux.waitFor("Deploy? [y/n]") != nil)
        tmux.type("yes\r")   // one write, as a fast typist's keys arrive
        // The shell's next prompt, not only the status: keys typed before bash reads the terminal again are echoed
        // by the terminal itself, on the line after the status.
        #expect(tmux.waitFor("status=0\n$") != nil)
        tmux.type("echo MARK\r")
        #expect(tmux.waitUntil { $0.contains("\nMARK\n") } != nil)
        let screen = tmux.capture()
        #expect(!screen.contains("command not found"), "\(screen)")
        #expect(screen.contains("Deploy? [y/n] yes\nstatus=0\n$ echo MARK\nMARK"), "\(screen)")
    }

    @Test("yes-keys \"ДдYy\": Д answers at once (no Enter), another Cyrillic letter types itself and is refused")
    func multiByteKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("ok.yaml", """
            words:
              yes-keys: "ДдYy"
              no-keys: "Нн"
              yes: да
              no: нет
            fields:
              - name: ok
                type: confirm
              - name: again
                type: confirm
            """)
        let tmux = try TmuxScreen(command: "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) "
                                  + "form ok.yaml > out.txt", width: 60, height: 14)
        #expect(tmux.waitFor("ok [y/n]") != nil)
        tmux.type("Д")
        #expect(tmux.waitFor("again [y/n]") != nil)
        #expect(tmux.rows()[0] == "ok [y/n] да")
        tmux.type("Ж")
        #expect(tmux.waitFor("✗ answer y or n") != nil)
        tmux.press("BSpace")
        tmux.type("н")
        // The review's row, and its question under the table (Enter typed before it reaches the cooked terminal).
        #expect(tmux.waitUntil { screen in
            screen.contains("2. again  нет")
                && screen.split(separator: "\n").last == "Number or name to edit, Enter to submit:"
        } != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        let output = try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8)
        #expect(output == "{\n  \"ok\": true,\n  \"again\": false\n}\n")
    }
}
