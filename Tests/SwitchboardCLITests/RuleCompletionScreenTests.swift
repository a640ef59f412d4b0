// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TerminalTestSupport
import Testing

/// Shell completion of rule names after `--rule`, in bash in tmux, as a user sources the script.
@Suite("Rule-name completion in bash", .serialized)
struct RuleCompletionScreenTests {
    func bash(in scratch: Scratch) throws -> KitScreen {
        let directory = URL(fileURLWithPath: try switchboardPath()).deletingLastPathComponent().path
        let command = "cd \(shellQuote(scratch.url.path)) && PATH=\(shellQuote(directory)):$PATH PS1='$ ' "
            + "exec bash --norc --noprofile -i"
        let tmux = try KitScreen(command: command, width: 100, height: 20)
        #expect(tmux.waitFor("$") != nil)
        tmux.type("source <(switchboard --generate-completion-script bash) && echo sourced")
        tmux.press("Enter")
        // The output, then bash's next prompt under it: Ctrl-L typed before that prompt reaches the cooked terminal.
        #expect(tmux.waitUntil { $0.contains("\nsourced\n$") } != nil)
        tmux.press("C-l")
        // The cleared screen's prompt: the test's keys are typed at it, not before bash reads Ctrl-L.
        #expect(tmux.waitForRows { $0.filter { !$0.isEmpty } == ["$"] } != nil)
        return tmux
    }

    @Test("--rule pre<Tab> completes the rule prefix, not a folder named prefix/")
    func noFolders() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("prefix"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: scratch.path("email"), withIntermediateDirectories: false)
        let tmux = try bash(in: scratch)
        tmux.type("switchboard check --rule pre")
        tmux.press("Tab")
        tmux.type("X")
        #expect(tmux.waitFor("switchboard check --rule prefix X") != nil)
        tmux.press("C-u")
        tmux.type("switchboard ask Mail --rule ema")
        tmux.press("Tab")
        tmux.type("X")
        #expect(tmux.waitFor("switchboard ask Mail --rule email X") != nil)
    }

    @Test("aliases and the new rules are offered: in<Tab><Tab> lists int and integer, ipv lists ipv4 and ipv6")
    func everyName() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try bash(in: scratch)
        tmux.type("switchboard check --rule in")
        tmux.press("Tab")                                   // the common part: int
        #expect(tmux.waitFor("--rule int") != nil)
        tmux.press("Tab")                                   // still ambiguous: the bell
        tmux.press("Tab")                                   // and the list
        #expect(tmux.waitUntil { $0.contains("int") && $0.contains("integer") && $0.contains("--rule int") } != nil)
        tmux.press("C-u")
        tmux.type("switchboard check --rule ipv")
        tmux.press("Tab")
        tmux.press("Tab")
        tmux.press("Tab")
        #expect(tmux.waitUntil { $0.contains("ipv4") && $0.contains("ipv6") } != nil)
        tmux.press("C-u")
        tmux.type("switchboard check --rule uu")
        tmux.press("Tab")
        tmux.type("X")
        #expect(tmux.waitFor("--rule uuid X") != nil)
    }

    @Test("not<Tab> gives not: with no space, and the rule name after it completes")
    func negation() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try bash(in: scratch)
        tmux.type("switchboard check --rule not")
        tmux.press("Tab")
        tmux.type("em")
        tmux.press("Tab")
        tmux.type("X")
        #expect(tmux.waitFor("switchboard check --rule not:email X") != nil)
    }

    @Test("zsh and fish scripts offer every rule name and alias too")
    func otherShells() throws {
        for shell in ["zsh", "fish"] {
            let run = try switchboard(["--generate-completion-script", shell])
            #expect(run.status == 0)
            for name in ["prefix", "int", "ipv4", "date-time", "new-path", "ext", "not:"] {
                #expect(run.stdout.contains("'\(name)'") || run.stdout.contains(" \(name) ") || run.stdout.contains(" \(name)'"),
                        "\(shell) \(name)")
            }
        }
        let bash = try switchboard(["--generate-completion-script=bash"])
        #expect(bash.stdout.contains("compopt +o filenames"))
    }
}
