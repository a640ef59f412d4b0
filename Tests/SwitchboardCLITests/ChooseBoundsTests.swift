// SPDX-License-Identifier: GPL-3.0-or-later
// `switchboard choose` and `confirm` as a script calls them, at the edges: impossible bounds, arguments that are
// not UTF-8, --selected without a terminal, a closed standard input, --default in any case.
import Foundation
import Glibc
import TerminalTestSupport
import Testing

@Suite("switchboard choose and confirm: bounds, bytes and defaults")
struct ChooseBoundsTests {
    @Test("every bound no selection could meet is a usage error (exit 2) that says why, before anything is asked",
          arguments: [
              (["--multi", "--min", "5"], "--min 5 is more than the 2 options given: it could never be met"),
              (["--multi", "--min", "-1"], "--min must be 0 or more (the fewest options to choose), got -1"),
              (["--multi", "--max", "0"], "--max must be 1 or more (the most options to choose), got 0"),
              (["--multi", "--max", "-3"], "--max must be 1 or more (the most options to choose), got -3"),
              (["--multi", "--min", "2", "--max", "1"], "--min 2 is more than --max 1"),
              (["--multi", "--max", "1", "--selected", "a", "--selected", "b"], "--selected chooses 2 options, more than --max 1"),
          ])
    func impossibleBounds(extra: [String], message: String) throws {
        let run = try switchboard(["choose", "Tags", "a", "b"] + extra, input: "a\n")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "switchboard: \(message)\n")
    }

    @Test("an option argument that is not UTF-8 is refused (exit 2), never printed as other text: switchboard and switchboard-full")
    func argumentsNotUTF8() throws {
        let full = try switchboardPath() + "-full"
        for program in [try switchboardPath(), full] {
            // The answer names the option as Swift would have repaired it: it must not be picked.
            let run = try runProgram("/bin/sh", ["-c", "exec \"$0\" choose C a \"$(printf 'c\\233')31m\"", program],
                                     input: Array("c\u{FFFD}31m\n".utf8))
            #expect(run.status == 2, "\(program)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains("choose: argument 4 is not UTF-8 text"), "\(run.stderr)")
        }
        let fine = try switchboard(["choose", "C", "a", "ça"], input: "ça\n")
        #expect(fine.status == 0)
        #expect(fine.stdout == "ça\n")
    }

    @Test("without a terminal an empty answer takes --selected, as ask takes --default")
    func selectedFromPipes() throws {
        let one = try switchboard(["choose", "P", "a", "b", "--selected", "b"], input: "\n")
        #expect(one.status == 0)
        #expect(one.stdout == "b\n")
        let none = try switchboard(["choose", "P", "a", "b", "--selected", "b"], input: "")
        #expect(none.status == 0)
        #expect(none.stdout == "b\n")
        let several = try switchboard(["choose", "P", "a", "b", "c", "--multi", "--selected", "a", "--selected", "c"], input: "")
        #expect(several.status == 0)
        #expect(several.stdout == "a\nc\n")
        let answered = try switchboard(["choose", "P", "a", "b", "--selected", "b"], input: "a\n")
        #expect(answered.stdout == "a\n")   // an answer still wins over the selection
        let unselected = try switchboard(["choose", "P", "a", "b"], input: "\n")
        #expect(unselected.status == 1)     // no selection: an empty answer is not an option
        #expect(unselected.stderr == "P: \"\" is not an option\n")
    }

    @Test("a closed standard input is a usage error for choose as for confirm (exit 2)")
    func closedInput() throws {
        for command in ["choose P a b", "confirm P"] {
            let run = try runProgram("/bin/sh", ["-c", "exec \"$0\" \(command) <&-", try switchboardPath()])
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr == "switchboard: P: no input (standard input is closed)\n", "\(command)")
        }
    }

    @Test("confirm --default takes yes and no in any case, and y or n")
    func defaultInAnyCase() throws {
        for (word, status) in [("Y", Int32(0)), ("YES", 0), ("Yes", 0), ("y", 0), ("N", 1), ("No", 1), ("n", 1)] {
            let run = try switchboard(["confirm", "Deploy?", "--default", word], input: "\n")
            #expect(run.status == status, "--default \(word): \(run.stderr)")
        }
        let wrong = try switchboard(["confirm", "Deploy?", "--default", "maybe"], input: "\n")
        #expect(wrong.status == 2)
    }
}

@Suite("switchboard form: choice messages")
struct ChoiceMessageTests {
    @Test("a failure message quotes the value once, and cuts a 64 KB choice with …")
    func shortMessages() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tags = try scratch.file("tags.yaml", "fields:\n  - name: tags\n    type: multiselect\n    choices: [x, y, z]\n")
        let twice = try switchboard(["form", tags], input: "tags=x,z\n")
        #expect(twice.status == 1)
        #expect(twice.stderr == "tags: \"x,z\" is not one of x, y, z\n")
        let huge = String(repeating: "h", count: 1 << 16)
        let pick = try scratch.file("pick.yaml", "fields:\n  - name: pick\n    type: select\n    choices: [a, \(huge)]\n")
        let wrong = try switchboard(["form", pick], input: "pick=b\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.utf8.count < 200, "\(wrong.stderr.prefix(300))")
        #expect(wrong.stderr.contains("a, " + String(repeating: "h", count: 39) + "…"))
    }
}
