// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Untrusted text (prompts, messages, rule and spec text, file names, values) never reaches a terminal, standard
// output or standard error raw: every control character a terminal would obey is shown as an escape.

/// Hostile payloads: set the window title (OSC 0), write the clipboard (OSC 52), clear the screen, the same
/// through a C1 CSI, a bidirectional override, a bell, a raw carriage return.
let titleAttack = "\u{1B}]0;PWNED\u{7}"
let clipboardAttack = "\u{1B}]52;c;SGVsbG8=\u{7}"
let clearAttack = "\u{1B}[2J"
let c1Attack = "\u{9B}2J"
let bidiAttack = "\u{202E}gnp.exe"
let allAttacks = titleAttack + clipboardAttack + clearAttack + c1Attack + bidiAttack + "\r\u{7F}"

/// The characters that must never appear raw in what the CLI writes to a pipe (a newline ends a line; our
/// own output has no other control character).
func rawControls(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
        let v = scalar.value
        if v == 0x0A { return false }
        return v < 0x20 || (0x7F...0x9F).contains(v) || [0x61C, 0x200E, 0x200F].contains(v)
            || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

/// Whether terminal output holds any of the payloads' effects: an OSC (the program never sets titles or the
/// clipboard), a full clear (it only clears below the cursor), a raw C1 control or a bidirectional override.
func injected(_ output: [UInt8]) -> Bool {
    let text = String(decoding: output, as: UTF8.self)
    return text.contains("\u{1B}]") || text.contains("\u{1B}[2J") || text.contains("\u{202E}")
        || text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }
}

@Suite("untrusted text is escaped on the terminal")
struct TerminalEscapingTests {
    @Test("ask: a hostile prompt, default and --message are shown escaped; the title is not changed (tmux)")
    func askInTmux() throws {
        let prompt = "Name" + titleAttack + clearAttack
        let command = [try switchboardPath(), "ask", prompt, "--rule", "email", "--message", "bad" + clipboardAttack]
            .map(shellQuote).joined(separator: " ")
        let screen = try TmuxScreen(command: "printf 'before\\n'; " + command + " > /dev/null")
        let before = screen.paneTitle()
        #expect(screen.waitFor("Name\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J:") != nil)
        screen.type("ada")
        #expect(screen.waitFor("✗ bad\\u{1b}]52;c;SGVsbG8=\\u{7}") != nil)
        #expect(screen.capture().contains("before"))          // the screen was not cleared
        #expect(screen.paneTitle() == before)                 // nor the title set
        #expect(screen.paneTitle() != "PWNED")
        screen.press("C-c")
        #expect(screen.waitForExit() == 130)
    }

    @Test("ask in a pty: prompt, default, hint and note never carry a payload; C1 and bidi are escaped")
    func askInPty() throws {
        let session = try PtySession(try switchboardPath(),
                                     arguments: ["ask", "Q" + allAttacks, "--default", "x@y.z", "--rule", "email",
                                                 "--message", "no" + allAttacks],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("[x@y.z]: "))
        session.send("a")
        #expect(session.waitFor("✗ no"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(!injected(session.output))
        #expect(session.outputText.contains("Q\\u{1b}]0;PWNED\\u{7}\\u{1b}]52;c;SGVsbG8=\\u{7}\\u{1b}[2J\\u{9b}2J\\u{202e}gnp.exe\\r\\u{7f}"))
        #expect(isCooked(session.modes()))
    }

    @Test("a pasted C1 control or bidi override is drawn as a stand-in in the line, never sent raw")
    func pastedControlsInTheLine() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["ask", "Name"],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("Name: "))
        session.send("\u{1B}[200~a\u{9B}2Jb\u{202E}c\u{1B}[201~")
        #expect(session.waitFor("a¿2Jb�c"))
        #expect(session.waitFor("must not contain control characters"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(!injected(session.output))
    }

    @Test("form: a hostile title, prompt, message and choice list are escaped on the terminal")
    func formInPty() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", """
            title: "Sign up\\e]0;PWNED\\a"
            fields:
              - name: colour
                prompt: "Colour\\e[2J"
                message: "pick one\\e]52;c;SGVsbG8=\\a"
                type: choice
                choices: [red, green]
            """)
        let session = try PtySession(try switchboardPath(), arguments: ["form", spec],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("Sign up\\u{1b}]0;PWNED\\u{7}"))
        #expect(session.waitFor("Colour\\u{1b}[2J"))
        #expect(session.waitFor("green"))          // the choices are listed under the input
        session.send("x")
        #expect(session.waitFor("no option matches \"x\""))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(!injected(session.output))
    }
}

@Suite("untrusted text is escaped on standard output and standard error")
struct StreamEscapingTests {
    @Test("ask without a terminal: the failure line escapes the prompt, the message and the value")
    func askPiped() throws {
        let run = try switchboard(["ask", "Q" + allAttacks, "--rule", "email", "--message", "no" + allAttacks],
                                  input: "v" + bidiAttack + "\n")
        #expect(run.status == 1)
        #expect(rawControls(run.stderr).isEmpty)
        #expect(run.stderr.hasPrefix("Q\\u{1b}]0;PWNED\\u{7}"))
        #expect(run.stderr.contains(": no\\u{1b}]0;PWNED\\u{7}"))
        #expect(run.stderr.contains("got \"v\\u{202e}gnp.exe\""))
        // A value with control characters fails the built-in plain-text check; it is shown escaped too.
        let control = try switchboard(["ask", "Q", "--rule", "email"], input: "v" + titleAttack + "\n")
        #expect(control.status == 1)
        #expect(rawControls(control.stderr).isEmpty)
        #expect(control.stderr.contains("got \"v\\u{1b}]0;PWNED\\u{7}\""))
    }

    @Test("usage errors echo arguments escaped: the parser's, a bad rule's, a failing --default's")
    func usageErrors() throws {
        let parser = try switchboard(["check", "--rule", "email", "--format", "x" + allAttacks])
        #expect(parser.status == 2)
        #expect(rawControls(parser.stderr).isEmpty)
        #expect(parser.stderr.contains("x\\u{1b}]0;PWNED"))
        let option = try switchboard(["ask", "Q", "--" + titleAttack])
        #expect(option.status == 2)
        #expect(rawControls(option.stderr).isEmpty)
        let rule = try switchboard(["check", "--rule", "emial" + allAttacks], input: "a\n")
        #expect(rule.status == 2)
        #expect(rawControls(rule.stderr).isEmpty)
        #expect(rule.stderr.contains("emial\\u{1b}]0;PWNED"))
        let badDefault = try switchboard(["ask", "Q", "--rule", "email", "--message", "no" + allAttacks,
                                          "--default", "nope"], input: "\n")
        #expect(badDefault.status == 2)
        #expect(rawControls(badDefault.stderr).isEmpty)
        #expect(badDefault.stderr.contains("fails the rules: no\\u{1b}]0;PWNED"))
        let controlDefault = try switchboard(["ask", "Q", "--default", "a" + clearAttack], input: "\n")
        #expect(controlDefault.status == 2)
        #expect(controlDefault.stderr.contains("holds a control character"))
    }

    @Test("check: text, TAP and JSON output escape regex text, custom messages and values")
    func check() throws {
        let rules = ["--rule", "regex:^[a-z]+" + titleAttack + "$", "--rule", "email \"bad" + c1Attack + bidiAttack + "\""]
        let input = "abc\nv" + clearAttack + "\u{9D}\n"
        for format in ["text", "tap", "json"] {
            let run = try switchboard(["check"] + rules + ["--format", format], input: input)
            #expect(run.status == 1)
            #expect(rawControls(run.stdout).isEmpty, "\(format): \(run.stdout)")
            #expect(run.stderr == "")
        }
        let text = try switchboard(["check"] + rules, input: input)
        #expect(text.stdout.contains("must match the pattern ^[a-z]+\\u{1b}]0;PWNED\\u{7}$"))
    }

    @Test("test: TAP lines escape spec messages, example values and file names")
    func testCommand() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("s\u{1B}[2J.yaml", """
            fields:
              - name: code
                rules: ["regex:^[0-9]+$"]
                message: "digits\\e]0;PWNED\\a"
                examples:
                  valid: ["12", "x\\e[2J", "abc"]
                  invalid: ["y\\u009b"]
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 1)
        #expect(rawControls(run.stdout).isEmpty)
        #expect(run.stdout.contains("s\\u{1b}[2J.yaml"))
        #expect(run.stdout.contains("digits\\u{1b}]0;PWNED\\u{7}"))
        let empty = try scratch.file("e\u{7}.yaml", "fields:\n  - name: a\n")
        let skipped = try switchboard(["test", empty])
        #expect(rawControls(skipped.stdout).isEmpty)
    }

    @Test("spec errors, file names and headless form reports are escaped on stderr")
    func specAndForm() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let broken = try scratch.file("b\u{1B}]0;PWNED\u{7}.yaml", "fields:\n  - name: a\n    rules: [\"emial\\e]0;PWNED\\a\"]\n")
        let load = try switchboard(["form", broken], input: "x\n")
        #expect(load.status == 2)
        #expect(rawControls(load.stderr).isEmpty)
        #expect(load.stderr.contains("b\\u{1b}]0;PWNED\\u{7}.yaml:3:"))
        let missing = try switchboard(["check", "--rule", "email", scratch.path("m\u{1B}[2J")])
        #expect(missing.status == 2)
        #expect(rawControls(missing.stderr).isEmpty)

        let spec = try scratch.file("f.yaml", """
            fields:
              - name: email
                rules: [email]
                message: "use an email\\e]0;PWNED\\a"
            """)
        let form = try switchboard(["form", spec], input: "email=nope\(clearAttack)\n\(titleAttack)=1\n")
        #expect(form.status == 2)
        #expect(rawControls(form.stderr).isEmpty)
        #expect(form.stderr.contains("no field named \"\\u{1b}]0;PWNED\\u{7}\""))
        let invalid = try switchboard(["form", spec], input: "nope\n")
        #expect(invalid.status == 1)
        #expect(rawControls(invalid.stderr).isEmpty)
        #expect(invalid.stderr.contains("use an email\\u{1b}]0;PWNED\\u{7}"))
    }

    @Test("a long rule or regex is echoed as a short window around the problem, not in full")
    func longEchoesAreCut() throws {
        let pattern = String(repeating: "a", count: 100_000) + "("
        let run = try switchboard(["check", "--rule", "regex:" + pattern], input: "a\n")
        #expect(run.status == 2)
        #expect(run.stderr.utf8.count < 600)
        #expect(run.stderr.contains("missing closing parenthesis"))
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // The window ends at the problem (the end of the pattern) and the caret is right after it.
        #expect(lines.count == 3 && lines[1].hasPrefix("  …") && lines[1].hasSuffix("a(")
                && lines[2] == String(repeating: " ", count: lines[1].count) + "^")
        let message = try switchboard(["check", "--rule", "regex:" + String(repeating: "b", count: 5_000)],
                                      input: "a\n")
        #expect(message.status == 1)
        #expect(message.stdout.utf8.count < 300)   // the message cuts the pattern
    }
}
