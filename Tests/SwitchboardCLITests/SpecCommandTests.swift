// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

private let signup = """
    title: Sign up
    fields:
      - name: email
        prompt: Email
        rules: [email]
        examples:
          valid: [ada@example.com]
          invalid: [ada]
      - name: username
        prompt: Username
        default: {from: email, map: local-part}
      - name: age
        prompt: Age
        type: number
        examples:
          valid: ["36"]
          invalid: [abc]
      - name: bio
        prompt: Short bio
        required: false

    """

@Suite("switchboard form and test")
struct SpecCommandTests {
    @Test("form with piped answers: JSON answers on stdout, nothing on stderr, exit 0")
    func formJSON() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("signup.yaml", signup)
        let run = try switchboard(["form", spec], input: "ada@example.com\n\n36\n\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            {
              "email": "ada@example.com",
              "username": "ada",
              "age": 36,
              "bio": ""
            }

            """)
    }

    /// A spec with every kind whose output is typed: numbers, yes/no, optional ones left empty.
    private let typed = """
        fields:
          - {name: email, rules: [email]}
          - {name: age, type: number}
          - {name: height, type: number, required: false}
          - {name: weight, type: number, required: false}
          - {name: subscribe, type: yesno}
          - {name: newsletter, type: yesno, required: false}
          - {name: note, required: false}

        """

    /// The typed answers as a program decodes them: a type mismatch (a number in quotes) fails to decode.
    private struct TypedAnswers: Decodable, Equatable {
        var email: String
        var age: Int
        var height: Double
        var weight: Double?
        var subscribe: Bool
        var newsletter: Bool?
        var note: String
    }

    @Test("form --output json: a number is a JSON number, yes/no a boolean, an empty optional one null (jq adds to it)")
    func formJSONTypes() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("typed.yaml", typed)
        let run = try switchboard(["form", spec], input: "ada@example.com\n 36 \n.5\n\nY\n\n\n")
        #expect(run.status == 0)
        #expect(run.stdout == """
            {
              "email": "ada@example.com",
              "age": 36,
              "height": 0.5,
              "weight": null,
              "subscribe": true,
              "newsletter": null,
              "note": ""
            }

            """)
        let decoded = try JSONDecoder().decode(TypedAnswers.self, from: Data(run.stdout.utf8))
        #expect(decoded == TypedAnswers(email: "ada@example.com", age: 36, height: 0.5, weight: nil, subscribe: true,
                                        newsletter: nil, note: ""))
        // The issue's own example: jq adds to the age.
        let jq = try runTool("/usr/bin/jq", [".age + 1"], input: run.stdout)
        #expect(jq == "37\n")
    }

    @Test("form --output json keeps a number as typed when JSON can say it so, and writes it the JSON way when not",
          arguments: [("36", "36"), ("-3.5", "-3.5"), ("1.50", "1.50"), ("1e3", "1e3"), ("+7", "7"), ("007", "7"),
                      (".25", "0.25"), ("2.", "2"), ("1E-7", "1E-7")])
    func formJSONNumberLiterals(typed text: String, json: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("n.yaml", "fields:\n  - {name: n, type: number}\n")
        let run = try switchboard(["form", spec], input: text + "\n")
        #expect(run.status == 0)
        #expect(run.stdout == "{\n  \"n\": \(json)\n}\n")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["n"] is NSNumber)
    }

    @Test("form --output yaml is typed as JSON is (a YAML 1.1 reader too: 1e3 is written 1.0e+3); env stays text")
    func formYAMLAndEnvTypes() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("typed.yaml", typed)
        let input = "ada@example.com\n36\n1e3\n\nno\non\nhi\n"
        let yaml = try switchboard(["form", spec, "--output", "yaml"], input: input)
        #expect(yaml.status == 0)
        #expect(yaml.stdout == """
            email: "ada@example.com"
            age: 36
            height: 1.0e+3
            weight: null
            subscribe: false
            newsletter: true
            note: "hi"

            """)
        let env = try switchboard(["form", spec, "--output", "env"], input: input)
        #expect(env.stdout == """
            EMAIL='ada@example.com'
            AGE='36'
            HEIGHT='1e3'
            WEIGHT=''
            SUBSCRIBE='no'
            NEWSLETTER='yes'
            NOTE='hi'

            """)
    }

    @Test("form --output env: NAME='value' lines a shell can eval, quotes escaped")
    func formEnv() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("signup.yaml", signup)
        let run = try switchboard(["form", spec, "--output", "env"],
                                  input: "email=ada@example.com\nage=36\nbio=it's me\n")
        #expect(run.status == 0)
        #expect(run.stdout == """
            EMAIL='ada@example.com'
            USERNAME='ada'
            AGE='36'
            BIO='it'\\''s me'

            """)
        // The shell reads it back as written.
        let script = try scratch.file("answers.env", run.stdout)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", ". \"$1\" && printf %s \"$BIO\"", "sh", script]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        let bio = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(bio == "it's me")
    }

    @Test("form --output yaml: name: value lines, strings in double quotes")
    func formYAML() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("signup.yaml", signup)
        let run = try switchboard(["form", spec, "--output", "yaml"], input: "{\"email\": \"ada@example.com\", \"age\": 36}")
        #expect(run.status == 0)
        #expect(run.stdout == "email: \"ada@example.com\"\nusername: \"ada\"\nage: 36\nbio: \"\"\n")
    }

    @Test("form with invalid answers: every failure on stderr, nothing on stdout, exit 1")
    func formInvalid() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("signup.yaml", signup)
        let run = try switchboard(["form", spec], input: "ada\n\nabc\n\n")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("email: "))
        #expect(run.stderr.contains("age: "))
    }

    @Test("a malformed spec: exit 2 with file:line:column, for form and for test")
    func malformedSpec() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("broken.yaml", """
            fields:
              - name: email
                rules: [emial]
              - name: email
            """)
        for command in ["form", "test"] {
            let run = try switchboard([command, spec], input: "")
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr.contains("\(spec):3:"))
            #expect(run.stderr.contains("emial"))
            #expect(run.stderr.contains("\(spec):4:"))
        }
    }

    @Test("a spec that does not exist: exit 2 naming it")
    func missingSpec() throws {
        let run = try switchboard(["form", "/nonexistent/signup.yaml"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("/nonexistent/signup.yaml"))
    }

    @Test("test: every example passes, TAP on stdout, exit 0")
    func testPasses() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("signup.yaml", signup)
        let run = try switchboard(["test", spec])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["TAP version 13", "1..4"])
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("ok ") })
        #expect(lines.count == 6)
        #expect(run.stderr == "")
    }

    @Test("test: a deliberately wrong example fails with not ok and its location, exit 1")
    func testWrongExample() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("wrong.yaml", """
            fields:
              - name: email
                rules: [email]
                examples:
                  valid: [ada@example.com, ada]
                  invalid: [grace]
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ok 1 - \(spec):5:15: email: \"ada@example.com\" passes"))
        #expect(lines.contains { $0.hasPrefix("not ok 2 - \(spec):5:32: email: \"ada\" should pass but fails") })
        #expect(lines.contains { $0.hasPrefix("ok 3 - ") })
        #expect(lines.last == "# 1 of 3 examples failed")
    }

    @Test("test: a spec with no examples is a skipped TAP run (1..0 # SKIP), exit 0")
    func testNoExamples() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("plain.yaml", "fields:\n  - name: email\n    rules: [email]\n")
        let run = try switchboard(["test", spec])
        #expect(run.status == 0)
        #expect(run.stdout == "TAP version 13\n1..0 # SKIP no examples in \(spec)\n")
    }
}

@Suite("switchboard help, version, completion")
struct HelpTests {
    @Test("--help of every command shows an example, on stdout, exit 0")
    func helpHasExamples() throws {
        for command in ["ask", "form", "check", "test"] {
            let run = try switchboard([command, "--help"])
            #expect(run.status == 0)
            #expect(run.stdout.contains("Examples:"))
            #expect(run.stdout.contains("switchboard \(command) "))
        }
        let root = try switchboard(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("EMAIL=$(switchboard ask"))
    }

    @Test("--version prints the newest version in CHANGELOG.md, alone on a line")
    func versionMatchesChangelog() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // Keep a Changelog: `## [Unreleased]` first, then `## [1.2.3] - 2026-01-31`, newest first.
        let newest = try #require(changelog.firstMatch(of: /\n## \[(\d+\.\d+\.\d+[^\]]*)\]/)?.1,
                                  "CHANGELOG.md has no version heading")
        let run = try switchboard(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "\(newest)\n")
        #expect(run.stderr == "")
    }

    @Test("completion scripts for bash, zsh and fish name the commands")
    func completion() throws {
        for shell in ["bash", "zsh", "fish"] {
            let run = try switchboard(["--generate-completion-script", shell])
            #expect(run.status == 0)
            #expect(run.stdout.contains("switchboard"))
            #expect(run.stdout.contains("check"))
            #expect(run.stdout.contains("one-of"))     // --rule completes the rule names
        }
    }

    @Test("an unknown command is a usage error: exit 2, message on stderr")
    func unknownCommand() throws {
        let run = try switchboard(["chek"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("chek"))
    }
}
