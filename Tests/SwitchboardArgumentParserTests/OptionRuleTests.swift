// SPDX-License-Identifier: GPL-3.0-or-later
// Rules on ArgumentParser options, met as a tool's author meets them: through ArgumentParser's own parse, error,
// help and completion API.
import ArgumentParser
import SwitchboardArgumentRules
import Testing

enum Colour: String, ExpressibleByArgument, CaseIterable {
    case red, green
}

struct Tool: ParsableCommand {
    @Option(rule: .email) var email: String?
    @Option(rule: .integer(in: 1024...65535)) var port: Int?
    @Option(rule: "int:1..120", help: "Your age in years.") var age: Int?
    @Option(rule: "decimal:0..1") var ratio: Double?
    @Option(rule: .decimal) var amount: Double?
    @Option(rule: .integer) var count: Int?
    @Option(rule: .oneOf(["staging", "production"])) var env: String?
    @Option(rule: .oneOf(["staging", "production"]), help: ArgumentHelp(valueName: "staging|production"))
    var target: String?
    @Option(rule: ArgumentRule<Colour>(.oneOf(["red", "green", "blue"]))) var colour: Colour?
    @Option(rule: .integer(in: 1...10)) var copies = 1
    @Option(name: .customLong("cc"), rule: .email) var copiesTo: [String] = []
    @Option(rule: Rule.email && Rule.suffix("@acme.com")) var work: String?
    @Option(rule: Rule(Condition("even", requirement: "be even") { Int($0).map { $0 % 2 == 0 } ?? false }))
    var even: String?
    @Option(rule: ArgumentRule<Int>.integer(in: 1024...65535).message("Use a port from 1024 to 65535"))
    var admin: Int?
    @Option(rule: "lenght:3..20") var broken: String?
}

struct Required: ParsableCommand {
    @Option(rule: .email) var email: String
    @Option(rule: .decimal(in: 0...1)) var ratio: Double
    @Argument(rule: .oneOf(["staging", "production"])) var environment: String
    @Argument(rule: "int:1..10") var copies: Int = 1
    @Argument(rule: .email) var recipient: String?
}

/// ArgumentParser's message for `arguments`' error, and its exit code.
func failure<C: ParsableCommand>(_ command: C.Type, _ arguments: [String]) -> (message: String, code: Int32)? {
    do {
        _ = try command.parse(arguments)
        return nil
    } catch {
        return (command.message(for: error), command.exitCode(for: error).rawValue)
    }
}

@Suite("Rules on options")
struct OptionRuleTests {
    @Test("typed variants: int gives an Int, decimal a Double, one-of a String; a default stays when not given")
    func typedValues() throws {
        let tool = try Tool.parse(["--port", "8443", "--age", "+7", "--ratio", ".5", "--amount=-12.25",
                                   "--env", "production", "--colour", "green", "--count=-3"])
        #expect(tool.port == 8443)
        #expect(tool.age == 7)
        #expect(tool.ratio == 0.5)
        #expect(tool.amount == -12.25)
        #expect(tool.env == "production")
        #expect(tool.colour == .green)
        #expect(tool.count == -3)
        #expect(tool.copies == 1)
        #expect(tool.email == nil)
        #expect(try Tool.parse(["--copies", "3"]).copies == 3)
    }

    @Test("an invalid value is ArgumentParser's error naming the option and the rule's message, exit 64")
    func invalidValues() {
        let cases: [([String], String)] = [
            (["--email", "ada@"], "The value 'ada@' is invalid for '--email <email>': must be a valid email address"),
            (["--port", "80"], "The value '80' is invalid for '--port <port>': must be a whole number from 1024 to 65535"),
            (["--age", "4.2"], "The value '4.2' is invalid for '--age <age>': must be a whole number from 1 to 120"),
            (["--ratio", "1e-3"], "The value '1e-3' is invalid for '--ratio <ratio>': must be a number from 0 to 1"),
            (["--env", "Production"],
             #"The value 'Production' is invalid for '--env <env>': must be one of "staging", "production""#),
            (["--colour", "blue"], #"The value 'blue' is invalid for '--colour <colour>': must be one of "red", "green""#),
            (["--copies", "11"], "The value '11' is invalid for '--copies <copies>': must be a whole number from 1 to 10"),
            (["--cc", "ada@example.com", "--cc", "bob"],
             "The value 'bob' is invalid for '--cc <cc>': must be a valid email address"),
            (["--work", "ada@example.com"],
             #"The value 'ada@example.com' is invalid for '--work <work>': must end with "@acme.com""#),
            (["--even", "3"], "The value '3' is invalid for '--even <even>': must be even"),
            (["--admin", "80"], "The value '80' is invalid for '--admin <admin>': Use a port from 1024 to 65535"),
        ]
        for (arguments, message) in cases {
            let result = failure(Tool.self, arguments)
            #expect(result?.message == message, "\(arguments)")
            #expect(result?.code == 64, "\(arguments)")
        }
    }

    @Test("a number no Int or no finite Double can hold is refused with what would be right")
    func outOfRangeNumbers() {
        let huge = "9" + String(repeating: "0", count: 30)
        #expect(failure(Tool.self, ["--count", huge])?.message
            == "The value '\(huge)' is invalid for '--count <count>': must be a whole number from \(Int.min) to \(Int.max)")
        let enormous = "1" + String(repeating: "0", count: 400)
        #expect(failure(Tool.self, ["--amount", enormous])?.message
            == "The value '\(enormous)' is invalid for '--amount <amount>': must be a finite number")
        #expect(failure(Tool.self, ["--amount", "inf"]) != nil)
        #expect(failure(Tool.self, ["--amount", "nan"]) != nil)
    }

    @Test("the values that pass are exactly the rule's: the typed parse agrees with Rule.check")
    func agreesWithTheRule() {
        for text in ["1024", "65535", "+2000", "01024", "1023", "65536", "", " 2000", "2000 ", "٢٠٠٠", "2e3", "x"] {
            let passes = Rule.integer(in: 1024...65535).check(text).isValid
            let parsed = try? Tool.parse(["--port", text])
            #expect((parsed != nil) == passes, "\(text)")
            if passes { #expect(parsed?.port == Int(text), "\(text)") }
        }
    }

    @Test("help shows the rule's requirement unless the author wrote help; a value name alone keeps it")
    func help() {
        let help = Tool.helpMessage(columns: 200)
        func line(_ option: String) -> String? {
            help.split(separator: "\n").map(String.init).first { $0.hasPrefix("  \(option) ") }
                .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        }
        #expect(line("--email") == "--email <email> must be a valid email address")
        #expect(line("--port") == "--port <port> must be a whole number from 1024 to 65535")
        #expect(line("--age") == "--age <age> Your age in years.")
        #expect(line("--env") == #"--env <env> must be one of "staging", "production""#)
        let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(words.contains(#"--target <staging|production> must be one of "staging", "production""#))
        #expect(line("--copies") == "--copies <copies> must be a whole number from 1 to 10 (default: 1)")
        #expect(line("--admin") == "--admin <admin> Use a port from 1024 to 65535")
    }

    @Test("shell completion offers a one-of rule's choices, and an enum's own cases when the rule lists none")
    func completion() {
        let lines = Tool.completionScript(for: .fish).split(separator: "\n")
        func offered(_ option: String) -> String? {
            guard let line = lines.first(where: { $0.contains("-l '\(option)'") }),
                  let range = line.firstRange(of: "-rfka '") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "'" })
        }
        #expect(offered("env") == "staging production")
        #expect(offered("colour") == "red green")      // blue is in the rule's list but is no Colour
        #expect(offered("email") == "")
    }

    @Test("required options and positional arguments take rules too")
    func requiredAndPositional() throws {
        let parsed = try Required.parse(["--email", "ada@example.com", "--ratio", "0.25", "staging", "3"])
        #expect(parsed.email == "ada@example.com")
        #expect(parsed.ratio == 0.25)
        #expect(parsed.environment == "staging")
        #expect(parsed.copies == 3)
        #expect(parsed.recipient == nil)
        #expect(try Required.parse(["--email", "a@b", "--ratio", "1", "production", "1", "bob@example.com"])
            .recipient == "bob@example.com")
        #expect(failure(Required.self, ["--ratio", "1", "staging"])?.message
            == "Missing expected argument '--email <email>'")
        #expect(failure(Required.self, ["--email", "a@b", "--ratio", "1", "prod"])?.message
            == #"The value 'prod' is invalid for '<environment>': must be one of "staging", "production""#)
        #expect(failure(Required.self, ["--email", "a@b", "--ratio", "1", "staging", "0"])?.message
            == "The value '0' is invalid for '<copies>': must be a whole number from 1 to 10")
        #expect(failure(Required.self, ["--email", "a@b", "--ratio", "1", "staging", "2", "bob"])?.code == 64)
    }

    @Test("a rule text that does not parse refuses every value with the syntax error, in help too")
    func brokenRuleText() {
        let result = failure(Tool.self, ["--broken", "anything"])
        #expect(result?.code == 64)
        #expect(result?.message.hasPrefix(
            #"The value 'anything' is invalid for '--broken <broken>': cannot be checked: the rule "lenght:3..20": at column 1: unknown rule "lenght""#) == true)
        #expect(Tool.helpMessage(columns: 300).contains(#"cannot be checked: the rule "lenght:3..20""#))
        #expect(ArgumentRule<String>("lenght:3").check("abc").isUndecided)
    }

    @Test("ArgumentRule.parse throws the syntax error; check and value(from:) are what the option uses")
    func parseAndCheck() throws {
        #expect(throws: RuleSyntaxError.self) { try ArgumentRule<Int>.parse("int:1..x") }
        let age = try ArgumentRule<Int>.parse("int:1..120")
        #expect(try age.value(from: "42") == 42)
        #expect(age.check("130").failure?.message == "must be a whole number from 1 to 120")
        #expect(throws: ArgumentRuleError(rule: "integer", message: "must be a whole number from 1 to 120")) {
            try age.value(from: "0")
        }
        #expect(ArgumentRule<String>(.oneOf(["a", "b"])).choices == ["a", "b"])
        #expect(ArgumentRule<Colour>(.required).choices == ["red", "green"])
        #expect(ArgumentRule<Colour>(.oneOf(["red", "blue"])).choices == ["red"])
        #expect(ArgumentRule<Int>.integer.choices == nil)
        let hex = ArgumentRule<UInt32>(try Rule.parse("regex:[0-9a-f]{1,8}"), requirement: "be a 32-bit hex number") {
            UInt32($0, radix: 16)
        }
        #expect(try hex.value(from: "ff") == 255)
        #expect(hex.check("fg").failure?.message == "must match the pattern [0-9a-f]{1,8}")
    }
}
