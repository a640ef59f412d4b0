// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Specs that load but trap, mislead or blow up (issue 28): each is refused at load with file:line:column, or
// (a byte order mark) accepted as the JSON reader accepts it.

/// `when: {all: [...]}` whose entries nest `&cN {any: [*cN-1 x10]}` nine levels deep: 10^9 conditions once
/// the aliases are expanded.
private let aliasBomb: String = {
    var lines = ["fields:", "  - name: a", "  - name: b", "    when:", "      all:", "        - &c0 {a: x}"]
    for level in 1...9 {
        let uses = Array(repeating: "*c\(level - 1)", count: 10).joined(separator: ", ")
        lines.append("        - &c\(level) {any: [\(uses)]}")
    }
    return lines.joined(separator: "\n") + "\n"
}()

/// Runs `switchboard ARGUMENTS` under `/usr/bin/time` (its peak resident size in KB on the last line of
/// standard error) with at most 2 GB of address space and 30 seconds, so a spec that grows without bound ends
/// (and fails the test) instead of taking the machine.
private func switchboardMeasured(_ arguments: [String]) throws -> (run: CLIRun, peakKB: Int) {
    let script = "ulimit -v 2097152; exec timeout -s KILL 30 /usr/bin/time -f 'peak-rss-kb %M' \"$0\" \"$@\""
    let run = try runProgram("/bin/sh", ["-c", script, try switchboardPath()] + arguments)
    let peak = run.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }
        .flatMap { Int($0.dropFirst("peak-rss-kb ".count)) } ?? Int.max
    return (run, peak)
}

@Suite("specs that trap or blow up are refused at load")
struct SpecLoadEdgeTests {
    @Test("an alias bomb inside when: is refused at its line and column, in bounded memory (form and test)")
    func aliasBombInCondition() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("bomb.yaml", aliasBomb)
        var located = ""
        for command in ["form", "test"] {
            let (run, peakKB) = try switchboardMeasured([command, spec])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains("aliases"), "\(command): \(run.stderr)")
            #expect(run.stderr.contains("more than 100000 values"), "\(command): \(run.stderr)")
            #expect(peakKB < 200_000, "\(command): peak resident size \(peakKB) KB")
            located = run.stderr.split(separator: "\n").first { $0.hasPrefix("\(spec):") }.map(String.init) ?? ""
        }
        // The place: the list of c5 (line 11, at its "["), whose ten *c4 pass the bound (c1 adds 30 values,
        // c2 330, c3 3330, c4 33330, c5 333330).
        #expect(located.hasPrefix("\(spec):11:21: "), "\(located)")
    }

    @Test("aliases that repeat a part of a spec (a shared list of choices) still load")
    func modestAliasesLoad() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("shared.yaml", """
            fields:
              - name: home
                type: select
                choices: &places [Paris, Rome, Oslo]
              - name: work
                type: select
                choices: *places
                when: {home: *places}
            """)
        let run = try switchboard(["form", spec], input: "Rome\nOslo\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "{\n  \"home\": \"Rome\",\n  \"work\": \"Oslo\"\n}\n")
    }

    @Test("same-as a field with a when: that the confirming field lacks is refused (it could never be submitted)")
    func sameAsConditionalField() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("confirm.yaml", """
            fields:
              - name: local
                type: yesno
              - name: password
                masked: true
                when: local
              - name: confirm
                masked: true
                same-as: password
            """)
        let run = try switchboard(["form", spec], input: "no\nsecret\n")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr.contains("\(spec):9:14: same-as: \"password\" is asked only when its condition holds"),
                "\(run.stderr)")
        #expect(run.stderr.contains("give \"confirm\" the same when:"), "\(run.stderr)")
        #expect(try switchboard(["test", spec]).status == 2)

        // The same when: (or a stricter one, or one reading the password itself) loads and works.
        for when in ["local", "[local, {field: local, rule: \"length:1..\"}]", "password"] {
            let fixed = try scratch.file("fixed.yaml", """
                fields:
                  - name: local
                    type: yesno
                  - name: password
                    masked: true
                    when: local
                  - name: confirm
                    masked: true
                    same-as: password
                    when: \(when)
                """)
            let no = try switchboard(["form", fixed], input: "no\n")
            #expect(no.status == 0, "\(when): \(no.stderr)")
            #expect(no.stdout == "{\n  \"local\": false\n}\n", "\(when)")
            let yes = try switchboard(["form", fixed], input: "yes\nsecret12\nsecret12\n")
            #expect(yes.status == 0, "\(when): \(yes.stderr)")
        }
    }

    @Test("yes and no keys that overlap are refused (one key would mean yes at a terminal and no when piped)")
    func overlappingKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("keys.yaml", """
            words: {yes-keys: "yn", no-keys: "N"}
            fields:
              - name: sure
                type: confirm
            """)
        let run = try switchboard(["form", spec], input: "n\n")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("\(spec):1:34: no-keys: \"N\" is also a yes key"), "\(run.stderr)")
        let apart = try scratch.file("apart.yaml", """
            words: {yes-keys: "yj", no-keys: "n"}
            fields:
              - name: sure
                type: confirm
            """)
        #expect(try switchboard(["form", apart], input: "n\n").stdout == "{\n  \"sure\": false\n}\n")
    }

    @Test("empty and duplicate choices are refused at load, as choose refuses them")
    func emptyAndDuplicateChoices() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("choices.yaml", """
            fields:
              - name: size
                type: select
                choices: [small, "", large]
              - name: toppings
                type: multiselect
                choices: [ham, cheese, ham]
            """)
        let run = try switchboard(["form", spec], input: "\nham\n")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("\(spec):4:22: choice 2 is empty"), "\(run.stderr)")
        #expect(run.stderr.contains("\(spec):7:28: choice \"ham\" is given twice (first as choice 1)"),
                "\(run.stderr)")
        #expect(try switchboard(["test", spec]).status == 2)
    }

    @Test("a YAML spec that starts with a byte order mark loads, whatever its first key")
    func byteOrderMark() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("bom.yaml", [0xEF, 0xBB, 0xBF] + Array("""
            title: Sign up
            fields:
              - name: email
                rules: [emial]
            """.utf8))
        let run = try switchboard(["form", spec], input: "ada@example.com\n")
        // Read as YAML: the one problem is the spec's own, at the column a reader counts without the mark.
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(spec):4:13: unknown rule \"emial\""), "\(run.stderr)")
        let fine = try scratch.file("fine.yaml", [0xEF, 0xBB, 0xBF] + Array("title: T\nfields: [{name: email}]\n".utf8))
        let ok = try switchboard(["form", fine], input: "ada@example.com\n")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "{\n  \"email\": \"ada@example.com\"\n}\n")
    }

    @Test("an unknown {placeholder} in words: is refused, naming the known ones")
    func unknownPlaceholder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("words.yaml", """
            words:
              resuming: "Weiter mit {datei}: {fields}."
              too-few: "mindestens {n}, {count} gewählt"
              rules: {choice: "eins von {choices}", required: "fehlt {feld}"}
            fields: [{name: a}]
            """)
        let run = try switchboard(["form", spec], input: "x\n")
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines.contains("\(spec):2:13: resuming: unknown placeholder {datei}; expected {file} or {fields}"))
        #expect(lines.contains("\(spec):3:12: too-few: unknown placeholder {count}; expected {n} or {m}"))
        #expect(lines.contains("\(spec):4:51: rules: required: unknown placeholder {feld}; expected {choices}"))
        // Braces that are not a placeholder ({ }, {1,3}) are text.
        let plain = try scratch.file("plain.yaml", """
            words: {checking: "prüfe {…} {1,3} { }", review-title: "{x"}
            fields: [{name: a}]
            """)
        #expect(try switchboard(["form", plain], input: "x\n").status == 0)
    }

    @Test("a spec nested too deeply is refused in our words, at its line and column")
    func tooDeeplyNested() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("deep.yaml", "fields: " + String(repeating: "[", count: 2000) + "\n")
        let run = try switchboard(["form", spec], input: "")
        #expect(run.status == 2)
        #expect(!run.stderr.contains("yaml_set_max_nest_level"), "\(run.stderr)")
        #expect(run.stderr.contains("\(spec):1:"), "\(run.stderr)")
        #expect(run.stderr.contains("nested too deeply"), "\(run.stderr)")
    }

    @Test("when: ~ (or an empty when:) says the condition is missing, not that no field is named \"~\"")
    func emptyCondition() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        for empty in ["~", "null", "", "\"\""] {
            let spec = try scratch.file("when.yaml", "fields:\n  - name: a\n  - name: b\n    when: \(empty)\n")
            let run = try switchboard(["form", spec], input: "x\ny\n")
            #expect(run.status == 2)
            #expect(!run.stderr.contains("no field named"), "\(empty): \(run.stderr)")
            #expect(run.stderr.contains("\(spec):4:"), "\(empty): \(run.stderr)")
            #expect(run.stderr.contains("when: is empty; expected a condition"), "\(empty): \(run.stderr)")
        }
    }

    @Test("a select default that is not a choice, and a yes/no or confirm default that is not yes or no, are refused")
    func impossibleDefaults() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("defaults.yaml", """
            fields:
              - name: size
                type: select
                choices: [small, large]
                default: medium
              - name: sure
                type: confirm
                default: maybe
              - name: news
                type: yesno
                default: perhaps
            """)
        let run = try switchboard(["form", spec], input: "\n\n\n")
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(spec):5:14: the default \"medium\" is not one of the choices") })
        #expect(lines.contains { $0.hasPrefix("\(spec):8:14: the default \"maybe\" is not yes or no") })
        #expect(lines.contains { $0.hasPrefix("\(spec):11:14: the default \"perhaps\" is not yes or no") })
        // The form's own words for yes and no are defaults too.
        let words = try scratch.file("words.yaml", """
            words: {yes: có, no: không}
            fields:
              - {name: sure, type: confirm, default: không}
              - {name: size, type: select, choices: [small, large], default: large}
            """)
        let ok = try switchboard(["form", words], input: "\n\n")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "{\n  \"sure\": false,\n  \"size\": \"large\"\n}\n")
    }
}
