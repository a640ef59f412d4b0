// SPDX-License-Identifier: GPL-3.0-or-later
// Prompting through its API, where no terminal is needed: given values, --no-input, the missing-option error as
// ArgumentParser prints it, a default the rule refuses. What a prompt shows is in DeployTests and GreetTests.
import ArgumentParser
import SwitchboardArgumentParser
import Testing

struct Asking: ParsableCommand {
    @Option(rule: .email) var email: String?
    @OptionGroup var prompting: Prompting
}

struct Staged: ParsableCommand {
    @Option(rule: ArgumentRule<Stage>(.oneOf(["prod", "stage"]))) var stage: Stage = .production
}

enum Stage: String, ExpressibleByArgument, CaseIterable {
    case production = "prod"
    case staging = "stage"
}

@Suite("Prompting") @MainActor
struct PromptingTests {
    @Test("a value given on the command line is returned as it is, never asked for")
    func givenValue() throws {
        let command = try Asking.parse(["--email", "ada@example.com", "--no-input"])
        #expect(command.prompting.noInput)
        #expect(try command.prompting.askIfMissing(command.email, "--email", rule: .email) == "ada@example.com")
        #expect(try Prompting(noInput: true).askIfMissing(8443, "--port", rule: .integer(in: 1024...65535)) == 8443)
        #expect(Prompting(noInput: true).noInput && !Prompting(noInput: true).canAsk)
        #expect(!Prompting(noInput: false).noInput)
    }

    @Test("--no-input: a missing option is ArgumentParser's missing-argument error with the usage, exit 64")
    func noInput() throws {
        let command = try Asking.parse(["--no-input"])
        #expect(!command.prompting.canAsk)
        do {
            _ = try command.prompting.askIfMissing(command.email, "--email", rule: .email)
            Issue.record("a missing option was not reported")
        } catch {
            #expect(Asking.exitCode(for: error) == .validationFailure)
            #expect(Asking.exitCode(for: error).rawValue == 64)
            #expect(Asking.fullMessage(for: error) == """
                Error: Missing expected argument '--email <email>'
                Help:  --email <email>  must be a valid email address
                Usage: asking [--email <email>] [--no-input]
                  See 'asking --help' for more information.
                """)
        }
    }

    @Test("the option's name in the message: as written, with -- added when left out, and a chosen value name")
    func optionNames() {
        let prompting = Prompting(noInput: true)
        func message(_ run: () throws -> Any) -> String? {
            do { _ = try run(); return nil } catch { return Asking.message(for: error) }
        }
        #expect(message { try prompting.askIfMissing(nil, "email", rule: .email) }?
            .hasPrefix("Missing expected argument '--email <email>'") == true)
        #expect(message { try prompting.askIfMissing(nil, "-e", rule: .email) }?
            .hasPrefix("Missing expected argument '-e <e>'") == true)
        #expect(message {
            try prompting.askIfMissing(nil, "--env", rule: .oneOf(["staging", "production"]),
                                       valueName: "staging|production")
        } == #"""
            Missing expected argument '--env <staging|production>'
            Help:  --env <staging|production>  must be one of "staging", "production"
            """#)
    }

    @Test("a default is written as ArgumentParser writes it (an enum's raw value), in the help and for the rule")
    func defaultsAsTyped() {
        let words = Staged.helpMessage(columns: 200).split(whereSeparator: { $0 == " " || $0 == "\n" })
            .joined(separator: " ")
        #expect(words.contains(#"--stage <stage> must be one of "prod", "stage" (default: prod)"#))
        let rule = ArgumentRule<Stage>(.oneOf(["prod", "stage"]))
        do {
            _ = try Prompting(noInput: true).askIfMissing(nil, "--stage", rule: rule, default: Stage.staging)
            Issue.record("a missing option was not reported")
        } catch {
            #expect(Asking.message(for: error).hasPrefix("Missing expected argument '--stage <stage>'"))
        }
    }

    @Test("a default the rule refuses is the tool's mistake: reported (exit 1) even when nobody could be asked")
    func invalidDefault() {
        do {
            _ = try Prompting(noInput: true).askIfMissing(nil, "--port", rule: .integer(in: 1024...65535), default: 80)
            Issue.record("the default was not checked")
        } catch {
            #expect(error as? PromptingError == .invalidDefault(
                option: "--port <port>", value: "80", message: "must be a whole number from 1024 to 65535"))
            #expect(Asking.message(for: error)
                == #"the default "80" for '--port <port>' fails its rule: must be a whole number from 1024 to 65535"#)
            #expect(Asking.exitCode(for: error) == .failure)
        }
    }
}
