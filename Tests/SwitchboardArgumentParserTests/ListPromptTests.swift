// SPDX-License-Identifier: GPL-3.0-or-later
// List prompts for missing options and list questions from nonisolated code: the built `release` and `pick`
// examples (both Swift 5 language mode, no MainActor ceremony) in tmux, and the main-thread check.
import ArgumentParser
import SwitchboardArgumentParser
import SwitchboardTerminal
import TerminalTestSupport
import Testing

@Suite("list prompts", .serialized)
struct ListPromptTests {
    func screen(_ name: String, _ arguments: [String] = []) throws -> KitScreen {
        try KitScreen(command: ([executable(name)] + arguments).map(shellQuote).joined(separator: " "),
                       width: 60, height: 14, environment: ["CI": nil])
    }

    @Test("release (Swift 5 mode, plain run()): a one-of option is asked with its list, a repeated one as a multi-select")
    func missingOptionsAskedWithLists() throws {
        let tmux = try screen("release")
        #expect(tmux.waitFor("› stable") != nil)
        #expect(tmux.waitFor("  nightly") != nil)             // drawn after stable's row: waited for, not read at once
        tmux.press("Down", "Enter")
        #expect(tmux.waitFor("Channel: beta") != nil)
        #expect(tmux.waitFor("› ○ linux") != nil)
        tmux.press("Enter")                                   // nothing chosen: refused
        #expect(tmux.waitFor("✗ choose at least 1 (0 chosen)") != nil)
        tmux.press("Tab", "Tab", "Tab")
        #expect(tmux.waitFor("✗ choose at most 2 (3 chosen)") != nil)
        tmux.press("Up", "Tab")                               // un-choose windows
        #expect(tmux.waitFor("2 chosen") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.capture().contains("Target: linux, macos\nbeta: linux, macos\n"))
    }

    @Test("release: values given on the command line are never asked; without a terminal a missing one is exit 64")
    func givenOrMissing() throws {
        let run = try runProgram(executable("release"), ["--channel", "beta", "--target", "wasm", "--target", "linux"])
        #expect(run.status == 0)
        #expect(run.stdout == "beta: wasm, linux\n")
        let missing = try runProgram(executable("release"), ["--channel", "beta"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("Missing expected argument '--target <target>'"))
    }

    @Test("pick (Swift 5 mode, top-level code): ListField.ask and ConfirmField.ask without MainActor ceremony")
    func topLevelCode() throws {
        let tmux = try screen("pick")
        #expect(tmux.waitFor("› red") != nil)
        tmux.type("bl")
        tmux.press("Enter")
        #expect(tmux.waitFor("› ○ api") != nil)
        tmux.press("Down", "Tab")
        #expect(tmux.waitFor("1 chosen") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("Save? [Y/n]") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.capture().contains("blue cli yes"))
    }

    @Test("off the main thread the asking calls say what to do instead of touching the terminal")
    func offTheMainThread() async throws {
        let error = await Task.detached { () -> String in
            do {
                _ = try ListField.ask("Colour", options: ["red"])
                return "asked"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(error.hasPrefix("ListField.ask must run on the main thread"))
        let prompting = await Task.detached { () -> String in
            do {
                _ = try Prompting(noInput: false).askIfMissing(nil, "--email", rule: .email)
                return "asked"
            } catch {
                return "\(error)"
            }
        }.value
        // Nobody to ask here (standard input is not a terminal): that is reported from any thread.
        #expect(prompting.hasPrefix("Missing expected argument '--email <email>'"))
    }
}
