// SPDX-License-Identifier: GPL-3.0-or-later
// `switchboard choose` at the edges, as a user meets them: a multi-select whose filter matches nothing, a line
// break pasted into the filter, a long highlight mark, options that are numbers in TERM=dumb.
import Foundation
import Glibc
import TerminalTestSupport
import Testing

@Suite("switchboard choose: edges on the screen", .serialized)
struct ChooseEdgeScreenTests {
    func screen(_ scratch: Scratch, _ arguments: String, width: Int = 60, height: Int = 12) throws -> TmuxScreen {
        try TmuxScreen(command: "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) "
                       + "\(arguments) > out.txt", width: width, height: height)
    }

    func output(_ scratch: Scratch) -> String? { try? String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) }

    @Test("--multi: a filter that matches nothing is said in the help, and Enter still accepts the chosen set")
    func multiFilterMatchingNothing() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose Tags api cli docs --multi")
        #expect(tmux.waitFor("› ○ api") != nil)
        tmux.press("Tab")
        #expect(tmux.waitFor("1 chosen") != nil)
        tmux.type("zzz")
        #expect(tmux.waitFor("no option matches \"zzz\" · 1 chosen") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "api\n")
        #expect(tmux.rows()[0] == "Tags: api")
    }

    @Test("a line break pasted into the filter does not break the line: it filters by the text around it")
    func pastedLineBreak() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "choose Colour red green blue")
        #expect(tmux.waitFor("› red") != nil)
        let candidates: [String] = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        let tmuxPath = candidates.first(where: { access($0, X_OK) == 0 }) ?? "/usr/bin/tmux"
        _ = try runProgram(tmuxPath, ["-L", tmux.socket, "set-buffer", "gre\n"])
        _ = try runProgram(tmuxPath, ["-L", tmux.socket, "paste-buffer", "-p", "-t", "sb"])   // bracketed paste
        #expect(tmux.waitUntil { !$0.contains("red") } != nil)
        // The rows under the input are drawn after it: wait for all three.
        _ = tmux.waitUntil { _ in tmux.rows().prefix(3) == ["Colour: gre", "↑↓ move · Enter picks", "› green"] }
        #expect(tmux.rows().prefix(3) == ["Colour: gre", "↑↓ move · Enter picks", "› green"])
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(output(scratch) == "green\n")
    }

    @Test("a long highlight-mark is cut to a quarter of the row: the options stay readable")
    func longHighlightMark() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("lang.yaml", """
            words:
              highlight-mark: "\(String(repeating: "=", count: 60))"
            fields:
              - name: language
                type: select
                choices: [Swift, Go]
            """)
        let tmux = try screen(scratch, "form lang.yaml", width: 40)
        #expect(tmux.waitFor("Swift") != nil)
        // Go's row is drawn after Swift's: wait for it too.
        _ = tmux.waitUntil { _ in tmux.rows().dropFirst(3).first == String(repeating: " ", count: 10) + "Go" }
        #expect(tmux.rows()[2] == String(repeating: "=", count: 8) + "… Swift")
        #expect(tmux.rows()[3] == String(repeating: " ", count: 10) + "Go")
    }

    @Test("TERM=dumb with options that are numbers (3 2 1): the prompt says their text wins; typing 1 picks \"1\"")
    func plainNumbers() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["choose", "N", "3", "2", "1"],
                                     environment: ["TERM": "dumb"], captureStdout: true)
        #expect(session.waitFor("Type a number or an option:"))
        #expect(session.outputText.contains("1) 3\r\n2) 2\r\n3) 1\r\nAn option that is a number is picked by its text, not as a row number.\r\n"))
        session.send("1\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "1\n")
        let words = try PtySession(try switchboardPath(), arguments: ["choose", "N", "a", "b"],
                                   environment: ["TERM": "dumb"], captureStdout: true)
        #expect(words.waitFor("Type a number or an option:"))
        #expect(!words.outputText.contains("picked by its text"))   // only said when it matters
        words.send("2\r")
        #expect(words.waitForExit() == .exited(0))
        #expect(words.stdoutText == "b\n")
    }
}

@Suite("switchboard form: a choices command that runs", .serialized)
struct ChoicesCommandScreenTests {
    @Test("while a choices: command runs the field shows \"checking…\"; the list replaces it when the command answers")
    func signOfLife() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let fifo = scratch.path("branches")
        #expect(mkfifo(fifo, 0o600) == 0)
        try scratch.file("b.yaml", """
            fields:
              - name: branch
                type: select
                choices: {command: "cat \(fifo)", timeout: 30}
            """)
        let tmux = try TmuxScreen(command: "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) "
                                  + "form b.yaml > out.txt", width: 60, height: 12)
        #expect(tmux.waitFor("branch: checking…") != nil)
        // The command blocks on the fifo until this test writes (opening it waits for the command's cat).
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        _ = "main\ndev\n".utf8CString.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count - 1) }
        close(writer)
        #expect(tmux.waitFor("› main") != nil)
        #expect(!tmux.capture().contains("checking…"))
        #expect(tmux.rows()[0] == "branch:")
        tmux.press("Down", "Enter")
        #expect(tmux.waitFor("Number or name to edit") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect((try? String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8)) == "{\n  \"branch\": \"dev\"\n}\n")
    }
}

@Suite("switchboard choose: a pick wider than the row", .serialized)
struct ChooseWidePickScreenTests {
    @Test("at 20 columns a pick of ZWJ emoji is cut to one row: the prompt's row stays, the output is whole")
    func emojiPick() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let family = "👨‍👩‍👧‍👦"
        let tmux = try TmuxScreen(command: "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) "
                                  + "choose Prompt \(shellQuote(family + family + family)) \(shellQuote("x" + family)) --multi > out.txt",
                                  width: 20, height: 10)
        #expect(tmux.waitFor("chosen") != nil)
        tmux.press("Tab", "Tab")
        #expect(tmux.waitFor("2 chosen") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.rows()[0].hasPrefix("Prompt: "), "\(tmux.capture())")
        #expect(tmux.rows()[0].hasSuffix("…"))
        #expect((try? String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8)) == family + family + family + "\nx" + family + "\n")
    }
}
