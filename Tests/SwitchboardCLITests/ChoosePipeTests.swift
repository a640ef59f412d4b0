// SPDX-License-Identifier: GPL-3.0-or-later
// `switchboard choose` and `switchboard confirm` as a shell script calls them: no terminal.
import Foundation
import Glibc
import TerminalTestSupport
import Testing

@Suite("switchboard choose and confirm: pipes")
struct ChoosePipeTests {
    @Test("options as arguments, the answer on standard input: checked, printed")
    func answerFromStandardInput() throws {
        let run = try switchboard(["choose", "Colour", "red", "green", "blue"], input: "green\n")
        #expect(run.status == 0)
        #expect(run.stdout == "green\n")
        let wrong = try switchboard(["choose", "Colour", "red", "green", "blue"], input: "purple\n")
        #expect(wrong.status == 1)
        #expect(wrong.stdout == "")
        #expect(wrong.stderr == "Colour: \"purple\" is not an option\n")
        let empty = try switchboard(["choose", "Colour", "red"], input: "")
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no input"))
    }

    @Test("--multi: one name per line, printed in list order; --min and --max checked by the selection's rules")
    func severalFromStandardInput() throws {
        let run = try switchboard(["choose", "Tags", "a", "b", "c", "--multi"], input: "c\na\n")
        #expect(run.status == 0)
        #expect(run.stdout == "a\nc\n")
        let tooMany = try switchboard(["choose", "Tags", "a", "b", "c", "--multi", "--max", "1"], input: "c\na\n")
        #expect(tooMany.status == 1)
        #expect(tooMany.stderr == "Tags: choose at most 1 (2 chosen)\n")
        let tooFew = try switchboard(["choose", "Tags", "a", "b", "c", "--multi", "--min", "2"], input: "b\n")
        #expect(tooFew.status == 1)
        #expect(tooFew.stderr == "Tags: choose at least 2 (1 chosen)\n")
        let ruled = try switchboard(["choose", "Tags", "api", "b", "--multi", "--rule", "length:2..10"], input: "api\nb\n")
        #expect(ruled.status == 1)
        #expect(ruled.stderr.contains("\"b\": must be 2 to 10 characters long"))
    }

    @Test("options on standard input with no terminal, an empty list, duplicates, bad UTF-8: exit 2 with the reason")
    func usageErrors() throws {
        let noTerminal = try runProgram("/usr/bin/setsid", ["-w", try switchboardPath(), "choose", "Branch"], input: Array("main\ndev\n".utf8))
        #expect(noTerminal.status == 2)
        #expect(noTerminal.stderr.contains("the options came on standard input and there is no terminal"))
        let none = try switchboard(["choose", "Branch"], input: "\n\n")
        #expect(none.status == 2)
        #expect(none.stderr.contains("no options"))
        let twice = try switchboard(["choose", "Colour", "red", "red"], input: "red\n")
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("option \"red\" is given twice"))
        let broken = try switchboard(["choose", "Colour", "red\nblue"], input: "red\n")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("holds a line break"))
        let minMax = try switchboard(["choose", "Tags", "a", "b", "--multi", "--min", "2", "--max", "1"])
        #expect(minMax.status == 2)
        let notMulti = try switchboard(["choose", "Tags", "a", "b", "--max", "1"])
        #expect(notMulti.status == 2)
        #expect(notMulti.stderr.contains("add --multi"))
        let selected = try switchboard(["choose", "Tags", "a", "b", "--selected", "c"])
        #expect(selected.status == 2)
        #expect(selected.stderr.contains("--selected \"c\" is not one of the options"))
    }

    @Test("options from standard input: invalid UTF-8 and a repeated line are named by line number")
    func standardInputOptionsAreChecked() throws {
        // A terminal-less run never gets to ask: the options are read and checked first.
        let bad = try switchboard(["choose", "X"], input: [0x61, 0x0A, 0xFF, 0x0A])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("standard input, line 2: not UTF-8 text"))
        let repeated = try switchboard(["choose", "X"], input: "a\nb\na\n")
        #expect(repeated.status == 2)
        #expect(repeated.stderr.contains("line 3: \"a\" repeats line 1"))
    }

    @Test("form output: a multi-select is a JSON/YAML array and, with --output env, one value per line a shell splits")
    func formListOutput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("p.yaml", """
            fields:
              - name: stack
                type: select
                choices: [Swift, Go]
              - name: tags
                type: multiselect
                choices: [api, cli, "two words", web]
              - name: public
                type: confirm
            """)
        let input = #"{"stack": "Go", "tags": ["web", "two words", "api"], "public": "y"}"#
        let json = try switchboard(["form", spec, "--output", "json"], input: input)
        #expect(json.status == 0)
        #expect(json.stdout == "{\n  \"stack\": \"Go\",\n  \"tags\": [\"api\", \"two words\", \"web\"],\n  \"public\": true\n}\n")
        let yaml = try switchboard(["form", spec, "--output", "yaml"], input: input)
        #expect(yaml.stdout == "stack: \"Go\"\ntags: [\"api\", \"two words\", \"web\"]\npublic: true\n")
        let env = try switchboard(["form", spec, "--output", "env"], input: "stack=Go\ntags=web\ntags=two words\npublic=no\n")
        #expect(env.stdout == "STACK='Go'\nTAGS='two words\nweb'\nPUBLIC='no'\n")
        // What a script does with it: eval, then one value per line.
        let script = try runProgram("/bin/sh", ["-c", "eval \"$(cat)\"; printf '%s\\n' \"$TAGS\" | while IFS= read -r t; do echo \"<$t>\"; done"],
                                    input: Array(env.stdout.utf8))
        #expect(script.stdout == "<two words>\n<web>\n")
        let bad = try switchboard(["form", spec], input: #"{"stack": "Go", "tags": ["mars"], "public": "y"}"#)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("\"mars\" is not one of api, cli, two words, web"))
    }

    @Test("help, shell completion and the man page's source list choose and confirm")
    func helpAndCompletion() throws {
        let help = try switchboard(["--help"])
        #expect(help.stdout.contains("choose") && help.stdout.contains("confirm"))
        for shell in ["bash", "zsh", "fish"] {
            let script = try switchboard(["--generate-completion-script", shell])
            #expect(script.status == 0)
            #expect(script.stdout.contains("choose") && script.stdout.contains("--multi") && script.stdout.contains("confirm"),
                    "\(shell)")
        }
        let manual = try switchboard(["choose", "--help"])
        #expect(manual.stdout.contains("--min <n>") && manual.stdout.contains("--selected <option>"))
    }

    @Test("confirm: exit 0 for yes, 1 for no, the default on an empty line, 2 for anything else")
    func confirm() throws {
        #expect(try switchboard(["confirm", "Deploy?"], input: "y\n").status == 0)
        #expect(try switchboard(["confirm", "Deploy?"], input: "YES\n").status == 0)
        #expect(try switchboard(["confirm", "Deploy?"], input: "n\n").status == 1)
        #expect(try switchboard(["confirm", "Deploy?", "--default", "yes"], input: "\n").status == 0)
        #expect(try switchboard(["confirm", "Deploy?", "--default", "no"], input: "\n").status == 1)
        #expect(try switchboard(["confirm", "Deploy?", "--default", "yes"], input: "").status == 0)
        let maybe = try switchboard(["confirm", "Deploy?"], input: "maybe\n")
        #expect(maybe.status == 2)
        #expect(maybe.stderr.contains("answer y or n"))
        #expect(try switchboard(["confirm", "Deploy?"], input: "\n").status == 2)
        let run = try switchboard(["confirm", "Deploy?"], input: "y\n")
        #expect(run.stdout == "")
    }
}
