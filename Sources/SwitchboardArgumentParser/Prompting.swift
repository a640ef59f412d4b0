import ArgumentParser
import SwitchboardRules
import SwitchboardTerminal
#if canImport(Glibc)
import Glibc
#endif

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
///         let email = try MainActor.assumeIsolated {
///             try prompting.askIfMissing(self.email, "--email", rule: .email)
///         }
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
/// The asking methods are `@MainActor` (the terminal belongs to the main thread): wrap them in
/// `MainActor.assumeIsolated` in a `ParsableCommand`'s `run()`, which runs on the main thread, and `await` them in
/// an `AsyncParsableCommand`'s `run() async`.
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
    ///   - default: the answer Enter gives on an empty line, shown in the prompt (`Port [8443]: `). Only a person
    ///     at the terminal gets it: with nobody to ask, the option is missing (for a value the command uses
    ///     whenever the option is absent, give the property a default instead: `var port = 8443`).
    ///   - masked: show `*` for each character; the answer never reaches the screen or any history.
    ///   - valueName: the value's name in messages; by default the option's name without dashes.
    /// - Throws: ArgumentParser's errors, so that its `main()` prints them and exits as usual: a `ValidationError`
    ///   for a missing option nobody can be asked for (exit 64), `ExitCode(130)` on Ctrl-C, `ExitCode(128 + N)`
    ///   when signal N (SIGTERM, SIGHUP) ends the prompt, and `PromptingError.invalidDefault` when `default`
    ///   fails `rule`.
    @MainActor
    public func askIfMissing<Value: Sendable>(
        _ given: Value?, _ option: String, rule: ArgumentRule<Value>, prompt: String? = nil,
        default defaultValue: Value? = nil, masked: Bool = false, valueName: String? = nil
    ) throws -> Value {
        if let given { return given }
        let asked = AskedOption(option, valueName: valueName, help: rule.help)
        // A default the rule refuses is the tool's mistake: reported whether or not anybody could be asked.
        let defaultText = defaultValue.map { argumentText($0) ?? "\($0)" }
        if let defaultText, let failure = rule.check(defaultText).failure {
            throw PromptingError.invalidDefault(option: asked.synopsis, value: defaultText, message: failure.message)
        }
        guard canAsk else { throw asked.missing() }
        var options = LineField.Options()
        options.masked = masked
        options.choices = rule.choices ?? []
        options.pathCompletion = rule.rule.pathCompletion
        let field = LineField(prompt: prompt ?? asked.label, default: defaultText, rules: [rule.condition],
                              options: options)
        let text: String
        do {
            text = try field.read()
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
        do {
            return try rule.value(from: text)
        } catch {
            throw ValidationError("The value for '\(asked.synopsis)' is invalid: \(error.message)")
        }
    }

    /// `askIfMissing` for a text option checked by any rule.
    ///
    /// ```swift
    /// let env = try prompting.askIfMissing(env, "--env", rule: .oneOf(["staging", "production"]))
    /// ```
    @MainActor
    public func askIfMissing(
        _ given: String?, _ option: String, rule: Rule, prompt: String? = nil, default defaultValue: String? = nil,
        masked: Bool = false, valueName: String? = nil
    ) throws -> String {
        try askIfMissing(given, option, rule: ArgumentRule<String>(rule), prompt: prompt, default: defaultValue,
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
