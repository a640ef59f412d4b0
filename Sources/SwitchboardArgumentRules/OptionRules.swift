// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import SwitchboardRules

// `@Option(rule:)` and `@Argument(rule:)`: ArgumentParser's transform initializers with a rule as the transform,
// the rule's message as the help text (unless the author wrote one) and the rule's choices as the completion
// (unless the author chose one). A `Rule` makes a `String`; an `ArgumentRule<T>` makes a `T`.

extension Option {
    /// An optional option checked by `rule`: `nil` when absent, the typed value when it passes, else ArgumentParser's
    /// error naming the option and the rule's message (exit 64).
    ///
    /// ```swift
    /// @Option(rule: .integer(in: 1024...65535)) var port: Int?
    /// @Option(rule: "int:1..120") var age: Int?
    /// ```
    /// - Parameters:
    ///   - name: the option's names, as for any `@Option`.
    ///   - rule: what the value must be, and the type it becomes.
    ///   - parsing: how the value is found, as for any `@Option`.
    ///   - help: the help text; by default (or when `help` gives only a value name) the rule's message
    ///     ("must be a whole number from 1024 to 65535").
    ///   - completion: shell completion; by default the rule's choices, if it has any.
    public init<T>(name: NameSpecification = .long, rule: ArgumentRule<T>,
                   parsing: SingleValueParsingStrategy = .next, help: ArgumentHelp? = nil,
                   completion: CompletionKind? = nil) where Value == T? {
        self.init(name: name, parsing: parsing, help: rule.help(help),
                  completion: completion ?? rule.completion(nil), transform: { text in try rule.value(from: text) })
    }

    /// An option with a default value, checked by `rule` when given.
    ///
    /// ```swift
    /// @Option(rule: .integer(in: 1024...65535)) var port = 8443
    /// ```
    public init(wrappedValue: Value, name: NameSpecification = .long, rule: ArgumentRule<Value>,
                parsing: SingleValueParsingStrategy = .next, help: ArgumentHelp? = nil,
                completion: CompletionKind? = nil) {
        self.init(wrappedValue: wrappedValue, name: name, parsing: parsing, help: rule.help(help, default: wrappedValue),
                  completion: completion ?? rule.completion(nil), transform: { text in try rule.value(from: text) })
    }

    /// A required option checked by `rule` (ArgumentParser's "Missing expected argument" when absent).
    ///
    /// ```swift
    /// @Option(rule: .decimal(in: 0...1)) var ratio: Double
    /// ```
    @_disfavoredOverload
    public init(name: NameSpecification = .long, rule: ArgumentRule<Value>,
                parsing: SingleValueParsingStrategy = .next, help: ArgumentHelp? = nil,
                completion: CompletionKind? = nil) {
        self.init(name: name, parsing: parsing, help: rule.help(help),
                  completion: completion ?? rule.completion(nil), transform: { text in try rule.value(from: text) })
    }

    /// A repeatable option whose every value is checked by `rule`.
    ///
    /// ```swift
    /// @Option(rule: .email) var cc: [String] = []
    /// ```
    public init<T>(wrappedValue: [T], name: NameSpecification = .long, rule: ArgumentRule<T>,
                   parsing: ArrayParsingStrategy = .singleValue, help: ArgumentHelp? = nil,
                   completion: CompletionKind? = nil) where Value == [T] {
        self.init(wrappedValue: wrappedValue, name: name, parsing: parsing, help: rule.help(help, default: wrappedValue),
                  completion: completion ?? rule.completion(nil), transform: { text in try rule.value(from: text) })
    }

    /// An optional text option checked by any rule: a built-in, a parsed one or one made from a `Condition`.
    ///
    /// ```swift
    /// @Option(rule: .email) var email: String?
    /// @Option(rule: .oneOf(["staging", "production"])) var env: String?   // Tab completes the two
    /// @Option(rule: Rule.email && Rule.suffix("@acme.com")) var work: String?
    /// ```
    public init(name: NameSpecification = .long, rule: Rule, parsing: SingleValueParsingStrategy = .next,
                help: ArgumentHelp? = nil, completion: CompletionKind? = nil) where Value == String? {
        self.init(name: name, rule: ArgumentRule<String>(rule), parsing: parsing, help: help, completion: completion)
    }

    /// A text option with a default value, checked by `rule` when given.
    ///
    /// ```swift
    /// @Option(rule: .oneOf(["staging", "production"])) var env = "staging"
    /// ```
    public init(wrappedValue: String, name: NameSpecification = .long, rule: Rule,
                parsing: SingleValueParsingStrategy = .next, help: ArgumentHelp? = nil,
                completion: CompletionKind? = nil) where Value == String {
        self.init(wrappedValue: wrappedValue, name: name, rule: ArgumentRule<String>(rule), parsing: parsing,
                  help: help, completion: completion)
    }

    /// A required text option checked by `rule`.
    ///
    /// ```swift
    /// @Option(rule: .email) var email: String
    /// ```
    @_disfavoredOverload
    public init(name: NameSpecification = .long, rule: Rule, parsing: SingleValueParsingStrategy = .next,
                help: ArgumentHelp? = nil, completion: CompletionKind? = nil) where Value == String {
        self.init(name: name, rule: ArgumentRule<String>(rule), parsing: parsing, help: help, completion: completion)
    }

    /// A repeatable text option whose every value is checked by `rule`.
    ///
    /// ```swift
    /// @Option(rule: .email) var cc: [String] = []
    /// ```
    public init(wrappedValue: [String], name: NameSpecification = .long, rule: Rule,
                parsing: ArrayParsingStrategy = .singleValue, help: ArgumentHelp? = nil,
                completion: CompletionKind? = nil) where Value == [String] {
        self.init(wrappedValue: wrappedValue, name: name, rule: ArgumentRule<String>(rule), parsing: parsing,
                  help: help, completion: completion)
    }
}

extension Argument {
    /// An optional positional argument checked by `rule`.
    ///
    /// ```swift
    /// @Argument(rule: .oneOf(["staging", "production"])) var environment: String?
    /// ```
    public init<T>(rule: ArgumentRule<T>, help: ArgumentHelp? = nil, completion: CompletionKind? = nil)
    where Value == T? {
        self.init(help: rule.help(help), completion: completion ?? rule.completion(nil),
                  transform: { text in try rule.value(from: text) })
    }

    /// A positional argument with a default value, checked by `rule` when given.
    ///
    /// ```swift
    /// @Argument(rule: .integer(in: 1...10)) var copies = 1
    /// ```
    public init(wrappedValue: Value, rule: ArgumentRule<Value>, help: ArgumentHelp? = nil,
                completion: CompletionKind? = nil) {
        self.init(wrappedValue: wrappedValue, help: rule.help(help, default: wrappedValue),
                  completion: completion ?? rule.completion(nil), transform: { text in try rule.value(from: text) })
    }

    /// A required positional argument checked by `rule`.
    ///
    /// ```swift
    /// @Argument(rule: "int:1..120") var age: Int
    /// ```
    @_disfavoredOverload
    public init(rule: ArgumentRule<Value>, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        self.init(help: rule.help(help), completion: completion ?? rule.completion(nil),
                  transform: { text in try rule.value(from: text) })
    }

    /// An optional positional text argument checked by any rule.
    ///
    /// ```swift
    /// @Argument(rule: .email) var recipient: String?
    /// ```
    public init(rule: Rule, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) where Value == String? {
        self.init(rule: ArgumentRule<String>(rule), help: help, completion: completion)
    }

    /// A positional text argument with a default value, checked by `rule` when given.
    ///
    /// ```swift
    /// @Argument(rule: .oneOf(["staging", "production"])) var environment = "staging"
    /// ```
    public init(wrappedValue: String, rule: Rule, help: ArgumentHelp? = nil, completion: CompletionKind? = nil)
    where Value == String {
        self.init(wrappedValue: wrappedValue, rule: ArgumentRule<String>(rule), help: help, completion: completion)
    }

    /// A required positional text argument checked by `rule`.
    ///
    /// ```swift
    /// @Argument(rule: .email) var recipient: String
    /// ```
    @_disfavoredOverload
    public init(rule: Rule, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) where Value == String {
        self.init(rule: ArgumentRule<String>(rule), help: help, completion: completion)
    }
}
