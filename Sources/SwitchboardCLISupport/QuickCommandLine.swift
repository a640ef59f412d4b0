// SPDX-License-Identifier: GPL-3.0-or-later
/// The command lines that scripts run most, read without ArgumentParser: `ask PROMPT` and `check` with their
/// options (`--rule R`, `--rule=R`, `--`...), `check --schema S` with `--format`, `--count`, `--jobs` and files
/// (run by `switchboard-full`, which links the validator, and read there with this too), and `--version` alone.
///
/// It accepts only what ArgumentParser accepts with the same meaning, and declines (`nil`) everything else:
/// help, completion scripts, unknown or repeated options, a value that looks like an option, a missing value,
/// the mistakes `validate()` reports. Those go to ArgumentParser, which gives its usual answer.
/// `QuickCommandLineTests` holds the two parsers to the same result on every line this one accepts; `switchboard`
/// hands the lines it declines to `switchboard-full`.
///
/// ```swift
/// QuickCommandLine(["check", "--rule", "email", "users.txt"])
/// // .check(CheckOptions(rules: ["email"], file: "users.txt"))
/// QuickCommandLine(["check", "--help"])   // nil: ArgumentParser answers
/// ```
package enum QuickCommandLine: Equatable {
    case version
    case ask(AskOptions)
    case check(CheckOptions)
    case checkSchema(SchemaLine)

    /// `check --schema SCHEMA [--format F] [--count] [--jobs N] [FILE...]`, as `CheckCommand` reads it.
    package struct SchemaLine: Equatable, Sendable {
        package var schema: String
        package var files: [String]
        /// `text`, `json`, `tap`, `github` or `sarif`.
        package var format: String
        package var count: Bool
        package var jobs: Int

        package init(schema: String, files: [String] = [], format: String = "text", count: Bool = false,
                     jobs: Int = 1) {
            self.schema = schema
            self.files = files
            self.format = format
            self.count = count
            self.jobs = jobs
        }
    }

    package init?(_ arguments: [String]) {
        guard let command = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch command {
        case "--version" where rest.isEmpty:
            self = .version
        case "ask":
            guard let options = Self.ask(rest) else { return nil }
            self = .ask(options)
        case "check":
            guard let line = Self.check(rest) else { return nil }
            self = line
        default:
            return nil
        }
    }

    private static func ask(_ arguments: ArraySlice<String>) -> AskOptions? {
        var tokens = Tokens(arguments)
        var options = AskOptions(prompt: "")
        var prompt: String?
        while true {
            switch tokens.next() {
            case .end:
                guard !tokens.failed, let prompt else { return nil }
                options.prompt = prompt
                return options
            case .option("rule", let value):
                options.rules.append(value)
            case .option("default", let value) where options.defaultValue == nil:
                options.defaultValue = value
            case .option("choices", let value) where options.choices == nil:
                options.choices = value
            case .option("message", let value) where options.message == nil:
                options.message = value
            case .flag("mask") where !options.mask:
                options.mask = true
            case .positional(let value) where prompt == nil:
                prompt = value
            default:
                return nil
            }
        }
    }

    /// Whether this is a `check --schema` line (which `switchboard` hands to `switchboard-full`).
    package var isCheckSchema: Bool {
        if case .checkSchema = self { return true }
        return false
    }

    private static func check(_ arguments: ArraySlice<String>) -> QuickCommandLine? {
        var tokens = Tokens(arguments)
        var rules: [String] = []
        var schema: String?
        var files: [String] = []
        var format: String?
        var count = false
        var jobs: Int?
        while true {
            switch tokens.next() {
            case .end:
                guard !tokens.failed else { return nil }
                if let schema {
                    guard rules.isEmpty, !(count && (format == "tap" || format == "github" || format == "sarif"))
                    else { return nil }
                    return .checkSchema(SchemaLine(schema: schema, files: files, format: format ?? "text", count: count,
                                                   jobs: jobs ?? 1))
                }
                guard !rules.isEmpty, files.count <= 1, jobs == nil else { return nil }
                guard let checkFormat = CheckFormat(rawValue: format ?? "text"), !(count && checkFormat == .tap)
                else { return nil }
                return .check(CheckOptions(rules: rules, format: checkFormat, count: count, file: files.first))
            case .option("rule", let value):
                rules.append(value)
            case .option("schema", let value) where schema == nil:
                schema = value
            case .option("format", let value) where format == nil:
                switch value {
                case "text", "json", "tap", "github", "sarif": format = value
                default: return nil
                }
            case .option("jobs", let value) where jobs == nil:
                // Plain digits from 1 to 256 (ArgumentParser reads `+2` or `02` too: those are left to it).
                guard let first = value.utf8.first, first != UInt8(ascii: "0"),
                      value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                      value.utf8.count <= 3, let number = Int(value), number <= 256 else { return nil }
                jobs = number
            case .flag("count") where !count:
                count = true
            case .positional(let value):
                files.append(value)
            default:
                return nil
            }
        }
    }
}

/// The arguments of one command as options, flags and positionals. Which long names take a value is fixed
/// here (`rule`, `default`, `choices`, `message`, `format`, `schema`, `jobs`); an option's value must not start with `-`
/// (ArgumentParser reads that as a missing value) and must not be empty after `=`.
private struct Tokens {
    /// A token; `end` after the last one (not an optional token: `Optional<Token>` is a generic type each start
    /// would instantiate).
    enum Token: Equatable {
        case option(String, String)
        case flag(String)
        case positional(String)
        case unknown
        case end
    }

    /// Whether the option called `name` takes a value (a `switch`, not a `Set`: a set's hashing is work at every
    /// start that a script pays for).
    static func takesValue(_ name: Substring) -> Bool {
        switch name {
        case "rule", "default", "choices", "message", "format", "schema", "jobs": true
        default: false
        }
    }

    private var remaining: ArraySlice<String>
    private var afterTerminator = false
    /// Set when a token could not be read the way ArgumentParser would read it.
    private(set) var failed = false

    init(_ arguments: ArraySlice<String>) { remaining = arguments }

    mutating func next() -> Token {
        guard !failed, let argument = remaining.popFirst() else { return .end }
        if afterTerminator { return .positional(argument) }
        if argument == "--" {
            afterTerminator = true
            return next()
        }
        if argument == "-" || !argument.hasPrefix("-") { return .positional(argument) }
        guard argument.hasPrefix("--") else { return fail() }   // short options and -h: ArgumentParser's
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
            let name = body[..<equals]
            let value = String(body[body.index(after: equals)...])
            guard Self.takesValue(name), !value.isEmpty, !value.hasPrefix("-") else { return fail() }
            return .option(String(name), value)
        }
        let name = String(body)
        guard Self.takesValue(body) else { return .flag(name) }
        guard let value = remaining.popFirst(), !value.hasPrefix("-") else { return fail() }
        return .option(name, value)
    }

    private mutating func fail() -> Token {
        failed = true
        return .unknown
    }
}
