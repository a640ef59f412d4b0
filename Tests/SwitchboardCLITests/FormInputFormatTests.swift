// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// How `switchboard form` reads piped answers: the format found on the first line that is not a comment or
// blank, or said with --input json|lines|key-value.

private let twoFields = """
    fields:
      - name: user
      - name: host
    """

@Suite("form reads piped answers in the format they are written")
struct FormInputFormatTests {
    @Test("key=value input that starts with # comments and blank lines is read as key=value")
    func commentFirst() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("two.yaml", twoFields)
        for input in ["# answers\nuser=ada\nhost=h1\n", "\n# answers\n\n# more\nhost=h1\nuser=ada\n",
                      "#\r\nuser=ada\r\nhost=h1\r\n"] {
            let run = try switchboard(["form", spec], input: input)
            #expect(run.status == 0, "\(input.debugDescription): \(run.stderr)")
            #expect(run.stdout == "{\n  \"user\": \"ada\",\n  \"host\": \"h1\"\n}\n", "\(input.debugDescription)")
        }
    }

    @Test("--input says the format: lines takes a # line as an answer, key-value and json are required")
    func explicitFormat() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("two.yaml", twoFields)
        // An answer that looks like key=value, read as the line it is.
        let lines = try switchboard(["form", spec, "--input", "lines"], input: "user=ada\n# h1\n")
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.stdout == "{\n  \"user\": \"user=ada\",\n  \"host\": \"# h1\"\n}\n")
        let keyValue = try switchboard(["form", spec, "--input", "key-value"], input: "host=h1\nuser=ada\n")
        #expect(keyValue.stdout == "{\n  \"user\": \"ada\",\n  \"host\": \"h1\"\n}\n")
        // key-value said, lines given: each line is reported, not taken as an answer.
        let wrong = try switchboard(["form", spec, "--input", "key-value"], input: "ada\nh1\n")
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("input line 1: expected name=value"), "\(wrong.stderr)")
        let json = try switchboard(["form", spec, "--input", "json"], input: "user=ada\n")
        #expect(json.status == 2)
        #expect(json.stdout == "")
        let jsonOK = try switchboard(["form", spec, "--input", "json"], input: "{\"user\": \"ada\", \"host\": \"h1\"}")
        #expect(jsonOK.stdout == "{\n  \"user\": \"ada\",\n  \"host\": \"h1\"\n}\n")
        let bad = try switchboard(["form", spec, "--input", "csv"], input: "")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'json', 'lines' or 'key-value'"), "\(bad.stderr)")
    }

    @Test("--input is in form's help and in the completion scripts with its values")
    func documented() throws {
        let help = try switchboard(["form", "--help"])
        #expect(help.stdout.contains("--input"))
        #expect(help.stdout.contains("key-value"))
        let bash = try switchboard(["--generate-completion-script", "bash"])
        #expect(bash.stdout.contains("--input"))
        #expect(bash.stdout.contains("key-value"))
    }
}
