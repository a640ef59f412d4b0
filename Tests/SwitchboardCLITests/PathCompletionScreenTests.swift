// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TerminalTestSupport
import Testing

/// Tab completion of file names in a field with a path rule, as a user sees it in tmux.
@Suite("Path completion in a field", .serialized)
struct PathCompletionScreenTests {
    func scratchTree() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.file(#"my spec's "best".yaml"#, "a: 1\n")
        try scratch.file("my notes.txt", "")
        try scratch.file("plain.txt", "")
        try scratch.file(".hidden.yaml", "")
        for directory in ["sub dir", "sub dir/inner", "docs"] {
            try FileManager.default.createDirectory(atPath: scratch.path(directory), withIntermediateDirectories: false)
        }
        try scratch.file("sub dir/a file.txt", "")
        return scratch
    }

    func ask(_ scratch: Scratch, rule: String) throws -> KitScreen {
        let command = "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) ask Path "
            + "--rule \(shellQuote(rule)) > out.txt"
        return try KitScreen(command: command, width: 70, height: 10)
    }

    @Test("file: Tab completes a name with spaces and quotes as it is, and the value is the file's name")
    func fileName() throws {
        let scratch = try scratchTree()
        defer { scratch.cleanUp() }
        let tmux = try ask(scratch, rule: "file")
        #expect(tmux.waitFor("Path:") != nil)
        tmux.type("my")
        tmux.press("Tab")                                   // two names start "my ": the common part
        #expect(tmux.waitUntil { _ in tmux.cursor().column == "Path: my ".count } != nil)  // tmux trims the space
        tmux.type("s")
        tmux.press("Tab")
        #expect(tmux.waitFor(#"Path: my spec's "best".yaml"#) != nil)
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "my spec's \"best\".yaml\n")
    }

    @Test("file: Tab goes into a directory; names starting with a dot only when the dot is typed")
    func intoDirectory() throws {
        let scratch = try scratchTree()
        defer { scratch.cleanUp() }
        let tmux = try ask(scratch, rule: "file")
        #expect(tmux.waitFor("Path:") != nil)
        tmux.type("su")
        tmux.press("Tab")
        #expect(tmux.waitFor("Path: sub dir/") != nil)
        tmux.type("a")
        tmux.press("Tab")
        #expect(tmux.waitFor("Path: sub dir/a file.txt") != nil)
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("C-u")
        tmux.type(".h")
        tmux.press("Tab")
        #expect(tmux.waitFor("Path: .hidden.yaml") != nil)
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
    }

    @Test("dir: Tab completes directories only")
    func directoriesOnly() throws {
        let scratch = try scratchTree()
        defer { scratch.cleanUp() }
        let tmux = try ask(scratch, rule: "dir")
        #expect(tmux.waitFor("Path:") != nil)
        tmux.type("sub dir/")
        tmux.press("Tab")                                   // "a file.txt" is not offered: inner/ is the one
        #expect(tmux.waitFor("Path: sub dir/inner/") != nil)
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "sub dir/inner/\n")
    }

    @Test("switchboard form: a spec field with a path rule (named or written out) completes names too")
    func specForm() throws {
        let scratch = try scratchTree()
        defer { scratch.cleanUp() }
        try scratch.file("form.yaml", """
            title: Paths
            rules:
              folder: {rule: dir, message: "Pick a folder"}
            fields:
              - name: config
                rules: [file, "ext:.yaml,.yml"]
              - name: output
                rules: [folder]

            """)
        let command = "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) form form.yaml "
            + "--output env > out.txt"
        let tmux = try KitScreen(command: command, width: 70, height: 14)
        #expect(tmux.waitFor("config:") != nil)
        tmux.type("my s")
        tmux.press("Tab")
        #expect(tmux.waitFor(#"config: my spec's "best".yaml"#) != nil)
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("output:") != nil)
        tmux.type("sub dir/")
        tmux.press("Tab")
        #expect(tmux.waitFor("output: sub dir/inner/") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("Enter to submit") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        let answers = try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8)
        #expect(answers.contains("OUTPUT='sub dir/inner/'"), "\(answers)")
        #expect(answers.contains("CONFIG='my spec'"), "\(answers)")
    }

    @Test("a file that appears while the user types turns the verdict valid at the next edit")
    func fileAppears() throws {
        let scratch = try scratchTree()
        defer { scratch.cleanUp() }
        let tmux = try ask(scratch, rule: "file")
        #expect(tmux.waitFor("Path:") != nil)
        tmux.type("report.csv")
        // The whole name judged (the hint shows from the first letter on) before the file is made.
        #expect(tmux.waitForRows { $0[0...1] == ["Path: report.csv", "✗ must name an existing file"] } != nil)
        try scratch.file("report.csv", "a,b\n")
        tmux.type("x")                                      // report.csvx: still no such file
        #expect(tmux.waitFor("Path: report.csvx") != nil)
        tmux.press("BSpace")                                // report.csv: there now
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "report.csv\n")
    }

    @Test("a field without a path rule still completes no file names")
    func noPathRule() throws {
        let scratch = try scratchTree()
        defer { scratch.cleanUp() }
        let tmux = try ask(scratch, rule: "length:1..80")
        #expect(tmux.waitFor("Path:") != nil)
        tmux.type("pla")
        tmux.press("Tab")
        tmux.type("!")
        #expect(tmux.waitFor("Path: pla!") != nil)
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
    }
}
