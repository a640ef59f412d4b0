// SPDX-License-Identifier: GPL-3.0-or-later
// release: a swift-argument-parser tool in Swift 5 language mode whose missing options are asked for from a plain
// ParsableCommand.run(): a one-of option with the list under the input, a repeated one-of option as a multi-select.
// Run: swift run release [--channel <channel>] [--target <target>]... [--no-input]
// Prints "CHANNEL: TARGET, TARGET" on standard output. Exit: 0, 64 (a missing or invalid option), 130 (Ctrl-C).
import ArgumentParser
import SwitchboardArgumentParser

enum Rules {
    static let channel: Rule = .oneOf(["stable", "beta", "nightly"])
    static let target: Rule = .oneOf(["linux", "macos", "windows", "wasm"])
}

@main
struct Release: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Release a build: an example of list prompts for missing options in Swift 5 mode.")

    @Option(rule: Rules.channel) var channel: String?
    @Option(rule: Rules.target) var target: [String] = []
    @OptionGroup var prompting: Prompting

    func run() throws {
        let channel = try prompting.askIfMissing(channel, "--channel", rule: Rules.channel)
        let targets = try prompting.askIfMissing(target, "--target", rule: Rules.target, maximum: 2)
        print("\(channel): \(targets.joined(separator: ", "))")
    }
}
