// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import PropertyBased
import Testing
@testable import SwitchboardFullCLI
import SwitchboardCLISupport

/// `switchboard` reads `ask`, `check` and `--version` without ArgumentParser (start-up); whatever it accepts
/// must mean what ArgumentParser would make of it.
@Suite("Quick command line")
struct QuickCommandLineTests {
    /// What ArgumentParser makes of `arguments`: the same cases as `QuickCommandLine`, or nil for help, errors
    /// and other commands.
    static func fullParse(_ arguments: [String]) -> QuickCommandLine? {
        do {
            let command = try SwitchboardTool.parseAsRoot(arguments)
            if let ask = command as? AskCommand { return .ask(ask.options) }
            if let check = command as? CheckCommand {
                guard let schema = check.schema else { return .check(check.options) }
                // Only the options the quick line reads, at their defaults otherwise.
                guard check.catalog == nil, check.schemaDirectory == nil, !check.printSchema, !check.fetch,
                      !check.offline, check.cacheDirectory == nil, check.fetchTimeout == 30 else { return nil }
                return .checkSchema(.init(schema: schema, files: check.files, format: check.format.rawValue,
                                          count: check.count, jobs: check.jobs))
            }
            return nil
        } catch {
            let isVersion = SwitchboardTool.exitCode(for: error) == .success
                && SwitchboardTool.fullMessage(for: error) == switchboardVersionForTests
            return isVersion ? .version : nil
        }
    }

    @Test("the lines scripts run are read quickly, exactly as ArgumentParser reads them", arguments: [
        ["--version"],
        ["check", "--rule", "email"],
        ["check", "--rule", "email", "users.txt"],
        ["check", "users.txt", "--rule=email", "--rule", "length:3..20"],
        ["check", "--rule", "regex:^[a-z]+$", "--format", "json", "--count", "-"],
        ["check", "--format=tap", "--rule", "int:1..120", "--", "-file-with-dash"],
        ["check", "--rule", "not:contains:@example.com", "--count", "--format", "json"],
        ["ask", "Email", "--rule", "email"],
        ["ask", "Password", "--mask", "--rule", "length:8..64"],
        ["ask", "Colour", "--choices", "red,green,blue", "--default", "green"],
        ["ask", "--message", "a port from 1024 to 65535", "Port", "--rule=int:1024..65535"],
        ["ask", "Name", "--default", ""],
        ["ask", "--", "-weird prompt"],
        ["ask", "Email", "--rule", "email \"Use your work address\""],
        ["check", "--schema", "s.json"],
        ["check", "--schema", "s.json", "--count", "--jobs", "2", "a.jsonl", "-", "b.json"],
        ["check", "--schema=s.json", "--format", "sarif", "a.yaml"],
        ["check", "a.jsonl", "--format=github", "--schema", "https://example.com/s.json", "--jobs=256"],
        ["check", "--schema", "s.json", "--format", "json", "--count", "--", "-a.jsonl"],
        ["check", "--schema", "s.json", "--jobs", "1", "--format", "tap"],
    ])
    func acceptedLines(_ arguments: [String]) throws {
        let quick = try #require(QuickCommandLine(arguments))
        #expect(Self.fullParse(arguments) == quick)
    }

    @Test("help, completion, mistakes and other commands are left to ArgumentParser", arguments: [
        [], ["--help"], ["-h"], ["help"], ["check"], ["check", "--help"], ["check", "--rule"],
        ["check", "--rule", "-x"], ["check", "--rule=", "a"], ["check", "--rule", "email", "--count", "--format", "tap"],
        ["check", "--rule", "email", "a", "b"], ["check", "--rule", "email", "--format", "xml"],
        ["check", "--rule", "email", "--count", "--count"], ["check", "--rule", "email", "-c"],
        ["ask"], ["ask", "A", "B"], ["ask", "A", "--mask", "--mask"], ["ask", "A", "--default", "x", "--default", "y"],
        ["ask", "A", "--format", "json"], ["ask", "A", "--version"], ["form", "signup.yaml"], ["test", "a.yaml"],
        ["ask", "User", "--check-command", "./free.sh"], ["check", "--rule", "email", "--jobs", "8"],
        ["check", "--check-command", "true"],
        ["check", "--schema", "s.json", "--count", "--format", "tap"], ["check", "--schema", "s.json", "--jobs", "0"],
        ["check", "--schema", "s.json", "--jobs", "257"], ["check", "--schema", "s.json", "--jobs", "02"],
        ["check", "--schema", "s.json", "--jobs", "+2"], ["check", "--schema", "s.json", "--rule", "email"],
        ["check", "--schema", "a", "--schema", "b"], ["check", "--schema", "s.json", "--fetch"],
        ["check", "--schema", "s.json", "--catalog", "c.json"], ["check", "--schema", "s.json", "--format", "xml"],
        ["check", "--schema", "s.json", "--print-schema"], ["check", "--schema", "s.json", "--jobs", "2", "--jobs", "2"],
        ["check", "--schema"], ["check", "--schema", "s.json", "-h"], ["check", "a.json", "b.json"],
        ["check", "--rule", "email", "--format", "github"],
        ["--generate-completion-script", "bash"], ["--version", "extra"], ["chek", "--rule", "email"],
    ])
    func declinedLines(_ arguments: [String]) {
        #expect(QuickCommandLine(arguments) == nil)
    }

    /// Words command lines are made of, good and bad, so that random lines hit every branch of both parsers.
    static let words = [
        "check", "ask", "--rule", "--rule=email", "email", "int:1..120", "--format", "--format=json", "json", "tap",
        "text", "xml", "--count", "--mask", "--default", "--default=x", "--choices", "a,b", "--message", "msg",
        "-", "--", "-x", "-h", "--help", "--version", "file.txt", "Email", "", "--rule=", "--rule=-x", "a=b",
        "--unknown", "form", "test", "--check-command", "./free.sh", "--jobs", "8", "--check-timeout",
        "--schema", "--schema=s.json", "s.json", "github", "sarif", "--jobs=2", "300", "a.jsonl", "--fetch",
    ]

    @Test("on random command lines, every line read quickly is read the same by ArgumentParser")
    func randomLinesAgree() async {
        await propertyCheck(count: 3000, input: Gen.element(of: Self.words).array(of: 0...7)) { words in
            let arguments = words.compactMap { $0 }
            guard let quick = QuickCommandLine(arguments) else { return }
            #expect(Self.fullParse(arguments) == quick, "\(arguments)")
        }
    }
}

/// The version ArgumentParser prints for `--version`.
let switchboardVersionForTests = SwitchboardTool.configuration.version
