// SPDX-License-Identifier: GPL-3.0-or-later
// greet: SwitchboardArgumentParser in an AsyncParsableCommand: run() is async and awaits the prompts, which
// run on the main actor.
// Run: swift run greet [--name <name>] [--age <age>] [--no-input]
// Prints "Hello, NAME (AGE)!" on standard output. Exit: 0, 64 (a missing or invalid option), 130 (Ctrl-C).
import ArgumentParser
import SwitchboardArgumentParser

enum Rules {
    /// Any Rule, composed: a String.
    static let name: Rule = .length(1...40) && .noControlCharacters
    /// The rule syntax, typed: an Int.
    static let age: ArgumentRule<Int> = "int:1..120"
}

@main
struct Greet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Greet someone: an example of prompts for missing options in an async command.")

    @Option(rule: Rules.name) var name: String?
    @Option(rule: Rules.age) var age: Int?
    @OptionGroup var prompting: Prompting

    func run() async throws {
        let name = try await prompting.askIfMissing(name, "--name", rule: Rules.name, prompt: "Your name")
        let age = try await prompting.askIfMissing(age, "--age", rule: Rules.age)
        print("Hello, \(name) (\(age))!")
    }
}
