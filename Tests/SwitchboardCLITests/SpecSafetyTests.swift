// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// Runs the built `switchboard` with standard input closed (`<&-`), as a shell script can.
private func switchboardWithStdinClosed(_ arguments: [String]) throws -> CLIRun {
    try runProgram("/bin/sh", ["-c", "exec \"$0\" \"$@\" <&-", try switchboardPath()] + arguments)
}

@Suite("specs that would leak, mislead or never finish are refused")
struct SpecSafetyTests {
    @Test("a masked answer cannot reach a field shown in clear: derived default or same-as (file:line:column)")
    func maskedLeaks() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let derived = try scratch.file("derived.yaml", """
            fields:
              - name: password
                masked: true
              - name: hint
                default: {from: password, map: copy}
            """)
        let run = try switchboard(["form", derived], input: "hunter22\n\n")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("\(derived):5:21: default from: \"password\" is masked, but \"hint\" is not"))
        let test = try switchboard(["test", derived])
        #expect(test.status == 2)

        let sameAs = try scratch.file("same.yaml", """
            fields:
              - name: password
                masked: true
              - name: confirm
                same-as: password
            """)
        let same = try switchboard(["form", sameAs], input: "hunter22\nhunter22\n")
        #expect(same.status == 2)
        #expect(same.stderr.contains("\(sameAs):5:14: same-as: \"password\" is masked, but \"confirm\" is not"))

        let fine = try scratch.file("fine.yaml", """
            fields:
              - name: password
                masked: true
              - name: confirm
                masked: true
                same-as: password
              - name: again
                masked: true
                default: {from: password}
            """)
        let ok = try switchboard(["form", fine], input: "hunter22\nhunter22\n\n")
        #expect(ok.status == 0)
    }

    @Test("--output env refuses names that are not shell variables, set the shell's own, or collide")
    func environmentNames() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("env.yaml", """
            fields:
              - name: my-name
              - name: My_Name
              - name: 1st
              - name: path
              - name: ifs
              - name: lc_all
              - name: été
              - name: user
            """)
        let input = "a\nb\nc\nd\ne\nf\ng\nh\n"
        let run = try switchboard(["form", spec, "--output", "env"], input: input)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines.contains { $0.hasPrefix("\(spec):3:11: field \"My_Name\" and field \"my-name\" (line 2) both become MY_NAME") })
        #expect(lines.contains { $0.hasPrefix("\(spec):4:11: field \"1st\" cannot be a shell variable") })
        #expect(lines.contains { $0.hasPrefix("\(spec):5:11: field \"path\" would set the shell's own variable PATH") })
        #expect(lines.contains { $0.hasPrefix("\(spec):6:11: field \"ifs\" would set the shell's own variable IFS") })
        #expect(lines.contains { $0.hasPrefix("\(spec):7:11: field \"lc_all\" would set the shell's own variable LC_ALL") })
        #expect(lines.contains { $0.hasPrefix("\(spec):8:11: field \"été\" cannot be a shell variable") })
        // The same spec is fine as JSON, and `user` is an ordinary variable.
        let json = try switchboard(["form", spec], input: input)
        #expect(json.status == 0)
        let user = try scratch.file("user.yaml", "fields:\n  - name: user\n  - name: first-name\n")
        let env = try switchboard(["form", user, "--output", "env"], input: "ada\nAda\n")
        #expect(env.status == 0)
        #expect(env.stdout == "USER='ada'\nFIRST_NAME='Ada'\n")
    }

    @Test("--output yaml quotes a field name YAML would read as something else (null, on, 1st)")
    func yamlKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("keys.yaml", "fields:\n  - name: \"null\"\n  - name: \"on\"\n  - name: \"1st\"\n  - name: plain\n")
        let run = try switchboard(["form", spec, "--output", "yaml"], input: "a\nb\nc\nd\n")
        #expect(run.status == 0)
        #expect(run.stdout == "\"null\": \"a\"\n\"on\": \"b\"\n\"1st\": \"c\"\nplain: \"d\"\n")
    }

    @Test("fields that wait for each other (after: both ways) are refused with the cycle")
    func afterCycle() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("cycle.yaml", """
            fields:
              - name: start
                after: end
              - name: end
                after: start
              - name: other
                after: start
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 2)
        #expect(run.stderr == "\(spec):3:12: after: fields wait for each other in a cycle (start after end after start), "
                + "so the form could never be submitted; remove one of these after: bindings\n")
    }

    @Test("a directory, invalid UTF-8, a huge file, control characters in choices and defaults")
    func badSpecFiles() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let directory = try switchboard(["form", scratch.url.path], input: "")
        #expect(directory.status == 2)
        #expect(directory.stderr == "\(scratch.url.path):1:1: is a directory; expected a YAML or JSON spec file\n")

        let utf8 = try scratch.file("bad.yaml", Array("fields:\n  - name: a\n    prompt: \"é".utf8) + [0xFF, 0x22, 0x0A])
        let invalid = try switchboard(["test", utf8])
        #expect(invalid.status == 2)
        #expect(invalid.stderr == "\(utf8):3:15: the file is not valid UTF-8 (byte 0xFF here); save it as UTF-8\n")

        let zero = try switchboard(["test", "/dev/zero"])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("larger than 8 MB"))

        let controls = try scratch.file("controls.yaml", """
            fields:
              - name: colour
                type: choice
                choices: [red, "gr\\e[2Jeen"]
              - name: name
                default: "a\\tb"
            """)
        let refused = try switchboard(["test", controls])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(controls):4:20: choice \"gr\\u{1b}[2Jeen\" holds a control character (U+001B)"))
        #expect(refused.stderr.contains("\(controls):6:14: the default holds a control character (U+0009)"))
    }

    @Test("standard input closed: check and ask say so; a file check still works")
    func closedStandardInput() throws {
        let check = try switchboardWithStdinClosed(["check", "--rule", "email"])
        #expect(check.status == 2)
        #expect(check.stderr == "switchboard: standard input is closed; give a file to check, or pipe the lines in\n")
        let ask = try switchboardWithStdinClosed(["ask", "Email"])
        #expect(ask.status == 1)
        #expect(ask.stderr == "switchboard: Email: no input (standard input is closed)\n")
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let file = try scratch.file("emails.txt", "ada@example.com\nnope\n")
        let fromFile = try switchboardWithStdinClosed(["check", "--rule", "email", file])
        #expect(fromFile.status == 1)
        #expect(fromFile.stdout == "2: nope: must be a valid email address\n")
    }

    @Test("an endless input without a newline (/dev/zero) is refused, not read until memory runs out")
    func endlessInput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", "fields:\n  - name: a\n")
        func fromZero(_ arguments: [String]) throws -> CLIRun {
            try runProgram("/bin/sh", ["-c", "exec \"$0\" \"$@\" < /dev/zero", try switchboardPath()] + arguments)
        }
        let ask = try fromZero(["ask", "X"])
        #expect(ask.status == 1)
        #expect(ask.stderr == "X: the answer is longer than 64 MB (no newline in it)\n")
        let form = try fromZero(["form", spec])
        #expect(form.status == 2)
        #expect(form.stderr == "input: larger than 64 MB; the answers of a form are far smaller\n")
        let check = try switchboard(["check", "--rule", "email", "/dev/zero"])
        #expect(check.status == 2)
        #expect(check.stderr == "switchboard: /dev/zero: line 1 is longer than 256 MB (no newline in it); values are lines of text\n")
    }

    @Test("--mask --choices: Tab neither completes nor lists the choices; a typed choice is accepted")
    func maskedChoices() throws {
        // --message keeps the choices out of the hint: any "green" on the screen would come from Tab.
        let session = try PtySession(try switchboardPath(),
                                     arguments: ["ask", "PIN", "--mask", "--choices", "red,green,grey",
                                                 "--message", "pick a colour"],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("PIN: "))
        session.send("g")
        #expect(session.waitFor("*"))
        let mark = session.output.count
        session.send("\t\t")
        #expect(session.waitFor("\u{7}", from: mark))            // the bell: nothing to complete
        session.send("reen\r")
        #expect(session.waitForExit() == .exited(0))
        // Tab inserted nothing (it would have completed "g" to "gre"), and listed nothing.
        #expect(session.stdoutText == "green\n")
        #expect(!session.outputText.contains("green"))
    }
}
