// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardRules
import SwitchboardTerminal

/// Asks for options the command line left out, with the option's own rule validated live while the user
/// types; adds `--no-input` to the command. Include it with `@OptionGroup` and call `askIfMissing` in `run()`.
///
/// ```swift
/// @main
/// struct Deploy: ParsableCommand {
///     @Option(rule: .email) var email: String?
///     @OptionGroup var prompting: Prompting        // --no-input
///
///     func run() throws {
///         let email = try prompting.askIfMissing(self.email, "--email", rule: .email)
///         print(email)
///     }
/// }
/// ```
///
/// A value given on the command line is returned as it is (the option's `rule:` has already checked it). A
/// missing one is asked for on the terminal with a `LineField`: the same rule, a ✓/✗ hint under the input, Enter
/// refused while the value is invalid, `*` for each character of a masked value, Tab completing the rule's
/// choices, a default shown in the prompt. Nobody is asked, and the missing option is ArgumentParser's usual
/// error (`Missing expected argument '--email <email>'`, exit 64), when standard input is not a terminal, when
/// `--no-input` was given, or when the environment variable `CI` is set (to anything but empty, `0` or `false`).
/// Ctrl-C at the prompt ends the tool with status 130, the terminal restored.
///
/// The terminal belongs to the main thread. Call the asking methods as they are from a `ParsableCommand`'s
/// `run()` (it runs on the main thread; they check that they do, and throw `MainThreadRequired` saying what to do
/// when they do not), in either Swift language mode, and `await` them in an `AsyncParsableCommand`'s `run() async`
/// (they then run on the main actor). No `MainActor.assumeIsolated` is needed.
public struct Prompting: ParsableArguments, Sendable {
    /// Whether the command line said never to ask (`--no-input`).
    @Flag(name: .customLong("no-input"),
          help: "Never ask for a missing option: report it as missing (as when standard input is not a terminal or CI is set).")
    public var noInput = false

    /// For ArgumentParser; a command includes this with `@OptionGroup var prompting: Prompting`.
    public init() {}

    /// Prompting without the `--no-input` flag, for a command that does not offer it.
    ///
    /// ```swift
    /// let email = try Prompting(noInput: false).askIfMissing(email, "--email", rule: .email)
    /// ```
    public init(noInput: Bool) {
        // Outside an initializer, assigning the flag sets its value; inside one, it would make a new, unparsed flag.
        var prompting = Prompting()
        prompting.noInput = noInput
        self = prompting
    }

    /// Whether a missing option would be asked for: standard input is a terminal, `--no-input` was not given and
    /// `CI` is not set.
    public var canAsk: Bool {
        !noInput && !Self.runningInCI && isatty(STDIN_FILENO) == 1
    }

    /// `CI` set to anything but empty, `0` or `false` (in any case).
    static var runningInCI: Bool {
        guard let raw = getenv("CI") else { return false }
        let value = String(cString: raw).lowercased()
        return !(value.isEmpty || value == "0" || value == "false")
    }

    /// The value of an option: `given` when the command line had it, else the answer to a prompt checked by
    /// `rule` while the user types.
    ///
    /// ```swift
    /// let port = try prompting.askIfMissing(port, "--port", rule: .integer(in: 1024...65535), default: 8443)
    /// let token = try prompting.askIfMissing(token, "--token", rule: Rules.token, masked: true)
    /// ```
    /// - Parameters:
    ///   - given: the option's parsed value, `nil` when the command line left it out.
    ///   - option: the option as written on the command line, `"--email"`; with `valueName`, it makes the
    ///     missing-option message `Missing expected argument '--email <email>'`.
    ///   - rule: the option's rule (use the same one as in its `@Option(rule:)`).
    ///   - prompt: the question; by default the option's name, capitalised: `--api-key` asks `Api key: `.
    ///   - defaultValue: (`default:`) the answer Enter gives on an empty line, shown in the prompt
    ///     (`Port [8443]: `). Only a person at the terminal gets it: with nobody to ask, the option is missing (for
    ///     a value the command uses whenever the option is absent, give the property a default instead:
    ///     `var port = 8443`).
    ///   - masked: show `*` for each character; the answer never reaches the screen or any history.
    ///   - valueName: the value's name in messages; by default the option's name without dashes.
    /// - Throws: ArgumentParser's errors, so that its `main()` prints them and exits as usual: a `ValidationError`
    ///   for a missing option nobody can be asked for (exit 64), `ExitCode(130)` on Ctrl-C, `ExitCode(128 + N)`
    ///   when signal N (SIGTERM, SIGHUP) ends the prompt, and `PromptingError.invalidDefault` when `default`
    ///   fails `rule`.
    public func askIfMissing<Value: Sendable>(
        _ given: Value?, _ option: String, rule: ArgumentRule<Value>, prompt: String? = nil,
        default defaultValue: Value? = nil, masked: Bool = false, valueName: String? = nil
    ) throws -> Value {
        if let given { return given }
        // Nobody to ask (or a bad default): reported from any thread; only the terminal needs the main thread.
        let (asked, defaultText) = try preflight(option, rule: rule, default: defaultValue, valueName: valueName)
        return try onMainThread("askIfMissing") {
            try ask(asked, rule: rule, prompt: prompt, default: defaultText, masked: masked)
        }
    }

    /// `askIfMissing` awaited from async code (an `AsyncParsableCommand`'s `run() async`): it runs on the main
    /// actor.
    ///
    /// ```swift
    /// let name = try await prompting.askIfMissing(name, "--name", rule: Rules.name)
    /// ```
    @MainActor
    public func askIfMissing<Value: Sendable>(
        _ given: Value?, _ option: String, rule: ArgumentRule<Value>, prompt: String? = nil,
        default defaultValue: Value? = nil, masked: Bool = false, valueName: String? = nil
    ) async throws -> Value {
        if let given { return given }
        let (asked, defaultText) = try preflight(option, rule: rule, default: defaultValue, valueName: valueName)
        return try ask(asked, rule: rule, prompt: prompt, default: defaultText, masked: masked)
    }

    /// The option as asked, and its default as text; throws when nobody can be asked or the default fails the rule.
    private func preflight<Value: Sendable>(
        _ option: String, rule: ArgumentRule<Value>, default defaultValue: Value?, valueName: String?
    ) throws -> (asked: AskedOption, defaultText: String?) {
        let asked = AskedOption(option, valueName: valueName, help: rule.help)
        // A default the rule refuses is the tool's mistake: reported whether or not anybody could be asked.
        let defaultText = defaultValue.map { argumentText($0) ?? "\($0)" }
        if let defaultText, let failure = rule.check(defaultText).failure {
            throw PromptingError.invalidDefault(option: asked.synopsis, value: defaultText, message: failure.message)
        }
        guard canAsk else { throw asked.missing() }
        return (asked, defaultText)
    }

    /// Asks `asked` (checked by `preflight`) on the terminal: a one-of rule's values listed, else a line.
    @MainActor
    private func ask<Value: Sendable>(
        _ asked: AskedOption, rule: ArgumentRule<Value>, prompt: String?, default defaultText: String?, masked: Bool
    ) throws -> Value {
        var options = LineField.Options()
        options.masked = masked
        options.pathCompletion = rule.rule.pathCompletion
        let text = try reading(asked) {
            if let choices = rule.choices, !choices.isEmpty, !masked {
                // A one-of rule: its values listed under the input, filtered as typed; the default highlighted.
                let list = ListField(prompt: prompt ?? asked.label, options: choices,
                                     selected: defaultText.map { [$0] } ?? [], rules: [rule.condition],
                                     terminal: options)
                return try list.read().first ?? ""
            }
            options.choices = rule.choices ?? []
            let field = LineField(prompt: prompt ?? asked.label, default: defaultText, rules: [rule.condition],
                                  options: options)
            return try field.read()
        }
        return try value(from: text, asked, rule: rule)
    }

    /// Runs a terminal field's `read()`, its errors as ArgumentParser's: Ctrl-C exits 130, signal N 128 + N;
    /// Ctrl-D on an empty line, or no terminal to draw on, leaves the option missing.
    @MainActor
    private func reading<T>(_ asked: AskedOption, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as FieldError {
            switch error {
            case .cancelled:
                throw ExitCode(130)
            case .interrupted(let signal):
                throw ExitCode(128 + signal)
            case .endOfInput, .terminalUnavailable:
                throw asked.missing()  // Ctrl-D on an empty line, or no terminal to draw on: still missing
            case .invalid(_, let message):
                throw ValidationError(message)
            }
        }
    }

    /// The answer's text as the option's value (`rule`'s conversion), or the error naming the option.
    private func value<Value: Sendable>(from text: String, _ asked: AskedOption,
                                        rule: ArgumentRule<Value>) throws -> Value {
        do {
            return try rule.value(from: text)
        } catch {
            throw ValidationError("The value for '\(asked.synopsis)' is invalid: \(error.message)")
        }
    }

    /// The values of a repeatable option (`@Option var tags: [String] = []`): `given` when the command line had any,
    /// else the answer to a prompt. With a one-of rule the values are listed under the input and chosen with Tab
    /// (a multi-select: at least `minimum`, at most `maximum`, checked live); without one, one value is asked.
    ///
    /// ```swift
    /// @Option(rule: .oneOf(["api", "cli", "web"])) var tag: [String] = []
    /// let tags = try prompting.askIfMissing(tag, "--tag", rule: ArgumentRule<String>(.oneOf(["api", "cli", "web"])))
    /// ```
    /// - Throws: as the single-value `askIfMissing`; a missing-option error when nothing can be asked.
    public func askIfMissing<Value: Sendable>(
        _ given: [Value], _ option: String, rule: ArgumentRule<Value>, prompt: String? = nil, minimum: Int = 1,
        maximum: Int? = nil, valueName: String? = nil
    ) throws -> [Value] {
        if !given.isEmpty { return given }
        let (asked, _) = try preflight(option, rule: rule, default: nil, valueName: valueName)
        return try onMainThread("askIfMissing") {
            try askSeveral(asked, rule: rule, prompt: prompt, minimum: minimum, maximum: maximum)
        }
    }

    /// The repeatable option's `askIfMissing`, awaited from async code.
    @MainActor
    public func askIfMissing<Value: Sendable>(
        _ given: [Value], _ option: String, rule: ArgumentRule<Value>, prompt: String? = nil, minimum: Int = 1,
        maximum: Int? = nil, valueName: String? = nil
    ) async throws -> [Value] {
        if !given.isEmpty { return given }
        let (asked, _) = try preflight(option, rule: rule, default: nil, valueName: valueName)
        return try askSeveral(asked, rule: rule, prompt: prompt, minimum: minimum, maximum: maximum)
    }

    /// Asks `asked` (checked by `preflight`): a one-of rule's values as a multi-select, else one value.
    @MainActor
    private func askSeveral<Value: Sendable>(
        _ asked: AskedOption, rule: ArgumentRule<Value>, prompt: String?, minimum: Int, maximum: Int?
    ) throws -> [Value] {
        guard let choices = rule.choices, !choices.isEmpty else {
            return [try ask(asked, rule: rule, prompt: prompt, default: nil, masked: false)]
        }
        let picked = try reading(asked) {
            try ListField(prompt: prompt ?? asked.label, options: choices, multi: true, minimum: minimum,
                          maximum: maximum, rules: [rule.condition]).read()
        }
        return try picked.map { try value(from: $0, asked, rule: rule) }
    }

    /// The repeatable text option's `askIfMissing`, checked by any rule (a one-of rule asks a multi-select).
    ///
    /// ```swift
    /// let targets = try prompting.askIfMissing(target, "--target", rule: .oneOf(["linux", "macos"]), maximum: 2)
    /// ```
    public func askIfMissing(
        _ given: [String], _ option: String, rule: Rule, prompt: String? = nil, minimum: Int = 1, maximum: Int? = nil,
        valueName: String? = nil
    ) throws -> [String] {
        try askIfMissing(given, option, rule: ArgumentRule<String>(rule), prompt: prompt, minimum: minimum,
                         maximum: maximum, valueName: valueName)
    }

    /// `askIfMissing` for a text option checked by any rule.
    ///
    /// ```swift
    /// let env = try prompting.askIfMissing(env, "--env", rule: .oneOf(["staging", "production"]))
    /// ```
    public func askIfMissing(
        _ given: String?, _ option: String, rule: Rule, prompt: String? = nil, default defaultValue: String? = nil,
        masked: Bool = false, valueName: String? = nil
    ) throws -> String {
        try askIfMissing(given, option, rule: ArgumentRule<String>(rule), prompt: prompt, default: defaultValue,
                         masked: masked, valueName: valueName)
    }

    /// `askIfMissing` for a text option, awaited from async code.
    @MainActor
    public func askIfMissing(
        _ given: String?, _ option: String, rule: Rule, prompt: String? = nil, default defaultValue: String? = nil,
        masked: Bool = false, valueName: String? = nil
    ) async throws -> String {
        try await askIfMissing(given, option, rule: ArgumentRule<String>(rule), prompt: prompt, default: defaultValue,
                               masked: masked, valueName: valueName)
    }
}

/// A mistake in how a prompt was set up (not in what the user typed). ArgumentParser prints it as
/// `Error: <description>` and exits with status 1.
public enum PromptingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The prompt's default value fails the option's rule, so Enter could never accept it.
    case invalidDefault(option: String, value: String, message: String)

    public var description: String {
        switch self {
        case .invalidDefault(let option, let value, let message):
            "the default \(displayQuoted(value)) for '\(option)' fails its rule: \(message)"
        }
    }
}

/// An option as a prompt and the missing-option message name it.
struct AskedOption {
    /// `--email <email>`
    let synopsis: String
    /// `Email`
    let label: String
    /// The rule's message, for the missing-option message's `Help:` line.
    let help: String

    init(_ option: String, valueName: String?, help: String) {
        let written = option.hasPrefix("-") ? option : "--" + option
        let bare = String(written.drop { $0 == "-" })
        synopsis = "\(written) <\(valueName ?? bare)>"
        let words = bare.replacing("-", with: " ")
        label = words.prefix(1).uppercased() + words.dropFirst()
        self.help = help
    }

    /// ArgumentParser's message for a required option left out, with its `Help:` line; ArgumentParser adds the
    /// usage and exits with 64.
    func missing() -> ValidationError {
        ValidationError("Missing expected argument '\(synopsis)'\nHelp:  \(synopsis)  \(help)")
    }
}
