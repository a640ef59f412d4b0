// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

private func json(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
}

/// `when:` conditions through the built `switchboard`, as a script runs it (no terminal).
@Suite("conditional forms without a terminal")
struct ConditionalFormPipeTests {
    let questionnaire = example("questionnaire/questionnaire.yaml")

    @Test("lines go to the shown fields in order: each branch taken and not taken")
    func branches() throws {
        let employed = try switchboard(["form", questionnaire], input: "Ada\nemployed\nACME\n36\nno\n")
        #expect(employed.status == 0)
        #expect(employed.stderr == "")
        let answers = json(employed.stdout)
        #expect(answers?["company"] as? String == "ACME")
        #expect(answers?["school"] == nil && answers?["discount"] == nil && answers?["frequency"] == nil)

        // A student is asked the school and the discount; the newsletter's yes asks how often.
        let student = try switchboard(["form", questionnaire, "--output", "env"],
                                      input: "Bao\nstudent\nHUST\n20\n12345\nyes\nweekly\n")
        #expect(student.status == 0)
        #expect(student.stdout == "NAME='Bao'\nSTATUS='student'\nSCHOOL='HUST'\nAGE='20'\nDISCOUNT='12345'\n"
                + "NEWSLETTER='yes'\nFREQUENCY='weekly'\n")

        // Young but not a student: the discount through the other branch of any:.
        let young = try switchboard(["form", questionnaire, "--output", "env"], input: "Chi\nother\n19\n\nno\n")
        #expect(young.status == 0)
        #expect(young.stdout == "NAME='Chi'\nSTATUS='other'\nAGE='19'\nDISCOUNT=''\nNEWSLETTER='no'\n")
    }

    @Test("an answer for a hidden field is left out and named on stderr as ignored, not an error (exit 0)")
    func ignoredAnswer() throws {
        let run = try switchboard(["form", questionnaire],
                                  input: "name=Ada\nstatus=employed\ncompany=ACME\nschool=HUST\nage=36\nnewsletter=no\n"
                                    + "frequency=daily\n")
        #expect(run.status == 0)
        #expect(run.stderr == "school: answer ignored: the field is not asked (its condition does not hold)\n"
                + "frequency: answer ignored: the field is not asked (its condition does not hold)\n")
        let answers = json(run.stdout)
        #expect(answers?.keys.sorted() == ["age", "company", "name", "newsletter", "status"])
    }

    @Test("a hidden required field never blocks the submit, and its check command never runs")
    func hiddenNotValidated() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let marker = scratch.path("ran")
        let spec = try scratch.file("s.yaml", """
            fields:
              - {name: employed, type: yesno}
              - name: company
                when: employed
                check: 'touch \(marker)'
            """)
        let run = try switchboard(["form", spec], input: #"{"employed": "no"}"#)
        #expect(run.status == 0)
        #expect(run.stdout == "{\n  \"employed\": false\n}\n")
        #expect(!FileManager.default.fileExists(atPath: marker))
        let shown = try switchboard(["form", spec], input: #"{"employed": "yes"}"#)
        #expect(shown.status == 1)
        #expect(shown.stderr == "company: must not be empty\n")
    }

    @Test("every spec error at load time, with file:line:column and what would be right; nothing asked")
    func specErrors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("bad.yaml", """
            fields:
              - name: status
                choices: [employed, student]
              - name: company
                when: {statu: employed}
              - name: school
                when: {field: status, rule: "one-of:"}
              - name: self
                when: self
              - name: early
                when: {field: late, rule: required}
              - name: late
              - name: a
                default: {from: b}
              - name: b
                when: {a: x}
              - name: pet
                when: {status: retired}
            """)
        let run = try switchboard(["form", spec], input: "employed\n")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == "\(spec):5:12: when: no field named \"statu\"; expected one of status")
        #expect(lines[1] == "\(spec):7:41: expected choices separated by commas, such as \"red,green,blue\" after "
                + "\"one-of:\", got the end of the rule")     // at the end of "one-of:", where the list belongs
        #expect(lines[2] == "\(spec):9:11: when: refers to the field itself; a condition reads the answers of fields "
                + "asked before this one")
        #expect(lines[3].hasPrefix("\(spec):11:19: when: \"late\" comes later (line 12)"))
        #expect(lines[4].hasPrefix("\(spec):16:12: conditions in a cycle: b -> a -> b"))
        #expect(lines[5].hasPrefix("\(spec):18:12: when: \"retired\" is not one of the choices of \"status\""))
        #expect(lines.allSatisfy { $0.hasPrefix(spec + ":") })
    }

    @Test("a condition may read a masked field; its value is shown nowhere, also not in the ignored-answer note")
    func maskedCondition() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("m.yaml", """
            fields:
              - {name: code, masked: true}
              - {name: admin-note, when: {field: code, rule: "equals:s3cret-admin"}}
            """)
        let run = try switchboard(["form", spec], input: "code=hunter2\nadmin-note=hi\n")
        #expect(run.status == 0)
        #expect(run.stderr == "admin-note: answer ignored: the field is not asked (its condition does not hold)\n")
        #expect(!run.stderr.contains("hunter2") && !run.stderr.contains("s3cret"))
    }
}

/// `choices: {command: ...}` through the built `switchboard`.
@Suite("choices from a command")
struct ChoicesCommandCLITests {
    /// A form whose `pick` lists the output of `script` (a shell script written to a file), after an optional
    /// `dir`. The command's timeout is long but for the test of a slow command: on a loaded machine a short one
    /// could end a quick script too.
    private func form(_ script: String, input: String,
                      timeout: String = "30") throws -> (run: CLIRun, scratch: Scratch) {
        let scratch = try Scratch()
        let path = try scratch.file("choices.sh", script)
        let spec = try scratch.file("c.yaml", """
            fields:
              - {name: dir, required: false}
              - name: pick
                choices: {command: 'sh \(path)', timeout: \(timeout)}
            """)
        return (try switchboard(["form", spec], input: input), scratch)
    }

    @Test("one choice per output line; an earlier answer in SWITCHBOARD_ANSWER_<NAME>")
    func lines() throws {
        let script = #"printf '%s-a\n%s-b\n' "$SWITCHBOARD_ANSWER_DIR" "$SWITCHBOARD_ANSWER_DIR""#
        let good = try form(script, input: "x\nx-b\n")
        defer { good.scratch.cleanUp() }
        #expect(good.run.status == 0)
        #expect(json(good.run.stdout)?["pick"] as? String == "x-b")
        let wrong = try form(script, input: "y\nx-a\n")
        defer { wrong.scratch.cleanUp() }
        #expect(wrong.run.status == 1)
        #expect(wrong.run.stderr == "pick: must be one of y-a, y-b, got \"x-a\"\n")
    }

    @Test("a failing command: its exit status and first error line, as a clear failure")
    func failing() throws {
        let result = try form("echo 'fatal: not a git repository' >&2; exit 128", input: "\nmain\n")
        defer { result.scratch.cleanUp() }
        #expect(result.run.status == 1)
        #expect(result.run.stderr
                == "pick: the choices could not be read: exit 128: fatal: not a git repository, got \"main\"\n")
    }

    @Test("a command that lists nothing")
    func empty() throws {
        let result = try form("printf '\\n\\n'", input: "\nmain\n")
        defer { result.scratch.cleanUp() }
        #expect(result.run.status == 1)
        #expect(result.run.stderr == "pick: the choices command printed no choices, got \"main\"\n")
    }

    @Test("a slow command is killed with its group at its timeout and reaped; the form says so")
    func slow() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let pidFile = scratch.path("pid")
        let result = try form("sleep 30 & echo $! > \(pidFile); wait", input: "\nmain\n", timeout: "0.5")
        defer { result.scratch.cleanUp() }
        #expect(result.run.status == 1)
        #expect(result.run.stderr == "pick: the choices could not be read: took longer than 0.5 s, got \"main\"\n")
        let pid = Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        #expect(pid > 0)
        #expect(kill(pid, 0) != 0 && errno == ESRCH)     // the sleep went with its group, and was reaped
    }

    @Test("hostile output: lines with escape sequences are not choices, and messages are escaped")
    func hostile() throws {
        let listing = #"printf '\033[2J\033]0;PWNED\007\nfine\n'"#
        let refused = try form(listing, input: "\n\u{1b}[2J\n")
        defer { refused.scratch.cleanUp() }
        #expect(refused.run.status == 1)
        #expect(!refused.run.stderr.contains("\u{1b}"))
        let ok = try form(listing, input: "\nfine\n")
        defer { ok.scratch.cleanUp() }
        #expect(ok.run.status == 0)
        #expect(json(ok.run.stdout)?["pick"] as? String == "fine")
        let failing = try form(#"printf '\033]0;PWNED\007 broken\n' >&2; exit 1"#, input: "\nx\n")
        defer { failing.scratch.cleanUp() }
        #expect(!failing.run.stderr.contains("\u{1b}"))
        #expect(failing.run.stderr.contains(#"exit 1: \u{1b}]0;PWNED\u{7} broken"#))
    }

    @Test("switchboard test lists the choices with the command too")
    func testCommand() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("t.yaml", """
            fields:
              - name: branch
                choices: {command: "printf 'main\\\\ndev\\\\n'"}
                examples: {valid: [main, dev], invalid: [feature]}
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 0)
        #expect(run.stdout.contains("ok 3 - \(spec):4:46: branch: \"feature\" fails as expected (must be one of main, dev)"))
    }

    @Test("a choices command reading a later or unknown answer is a spec error")
    func specErrors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("e.yaml", """
            fields:
              - name: pick
                choices: {command: 'ls "$SWITCHBOARD_ANSWER_DIR" "$SWITCHBOARD_ANSWER_NOPE"'}
              - name: dir
            """)
        let run = try switchboard(["form", spec], input: "")
        #expect(run.status == 2)
        #expect(run.stderr == "\(spec):3:24: choices: SWITCHBOARD_ANSWER_DIR is the answer of a field asked after this "
                + "one (or this one); a choices command reads the answers of fields asked before it\n"
                + "\(spec):3:24: choices: SWITCHBOARD_ANSWER_NOPE names no field; expected a field defined above this one\n")
    }
}
