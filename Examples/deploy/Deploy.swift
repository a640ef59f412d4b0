// SPDX-License-Identifier: GPL-3.0-or-later
// deploy: a swift-argument-parser tool whose options carry Switchboard rules (SwitchboardArgumentParser). Every
// option is checked by its rule; one left out is asked for at the terminal, with the same rule checked as you type.
// Run: swift run deploy [--email <email>] [--port <port>] [--env <env>] [--token <token>] [--no-input]
// Prints the chosen values as JSON on standard output (the token's length, never the token).
// Exit: 0, 64 (a missing or invalid option), 130 (Ctrl-C at a prompt).
import ArgumentParser
import SwitchboardArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Each rule is used twice, by the option and by its prompt, so both check the same thing.
enum Rules {
    /// A built-in rule: a String.
    static let email: Rule = .email
    /// The rule syntax, typed: an Int.
    static let port: ArgumentRule<Int> = "int:1024..65535"
    /// One of a list: Tab completes the two, in the shell and at the prompt.
    static let env: Rule = .oneOf(["staging", "production"])
    /// A custom condition: "dpl_" and at least 20 ASCII letters and digits.
    static let token = Rule(Condition("token", requirement: "be a deploy token: \"dpl_\" and 20 or more letters and digits") {
        $0.hasPrefix("dpl_") && $0.utf8.count >= 24 && $0.utf8.dropFirst(4).allSatisfy(isASCIILetterOrDigit)
    })
}

@Sendable func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
}

/// What gets deployed, printed as JSON.
struct Deployment: Encodable {
    var email: String
    var port: Int
    var env: String
    var tokenLength: Int

    enum CodingKeys: String, CodingKey {
        case email, port, env
        case tokenLength = "token_length"
    }
}

@main
struct Deploy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Deploy the app: an example of rules on ArgumentParser options and prompts for missing ones.",
        discussion: """
            Every option is checked by its rule. An option left out is asked for when standard input is a \
            terminal, with the same rule checked as you type (the token is masked); with --no-input, with CI set \
            or without a terminal it is an error. The chosen values are printed as JSON (the token's length, \
            never the token).

            Exit status: 0 deployed, 64 a missing or invalid option, 130 cancelled (Ctrl-C).
            """)

    @Option(rule: Rules.email) var email: String?
    @Option(rule: Rules.port) var port: Int?
    @Option(rule: Rules.env) var env: String?
    @Option(rule: Rules.token) var token: String?
    @OptionGroup var prompting: Prompting

    func run() throws {
        // run() is called on the main thread, where the terminal's fields live: the prompts are called as they are.
        let deployment = Deployment(
            email: try prompting.askIfMissing(email, "--email", rule: Rules.email),
            port: try prompting.askIfMissing(port, "--port", rule: Rules.port, default: 8443),
            env: try prompting.askIfMissing(env, "--env", rule: Rules.env, prompt: "Environment"),
            tokenLength: try prompting.askIfMissing(token, "--token", rule: Rules.token, masked: true).count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(deployment), as: UTF8.self))
    }
}
