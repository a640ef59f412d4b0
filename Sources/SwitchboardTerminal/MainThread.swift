// SPDX-License-Identifier: GPL-3.0-or-later

/// The terminal's fields belong to the main thread (readline, its hooks and the signal handling are the
/// process's own). Code that is not main-actor code, such as a `ParsableCommand`'s `run()` or a Swift 5
/// program's top-level code, reaches them through `onMainThread`: it checks that it runs on the main thread
/// and runs the body there as main-actor code, or throws `MainThreadRequired` saying what to do instead.
///
/// ```swift
/// // top-level code in a Swift 5 or Swift 6 program, or a plain ParsableCommand.run()
/// let colour = try onMainThread { try ListField(prompt: "Colour", options: ["red", "green"]).read() }
/// ```
public func onMainThread<T: Sendable>(_ what: String = "a terminal field",
                                      _ body: @MainActor () throws -> T) throws -> T {
    guard isMainThread else { throw MainThreadRequired(what: what) }
    return try MainActor.assumeIsolated(body)
}

/// A terminal field was asked for from a thread other than the main thread.
public struct MainThreadRequired: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was asked for: `ListField.ask`, `askIfMissing`.
    public var what: String

    public var description: String {
        "\(what) must run on the main thread, where the terminal is read: call it from top-level code or a "
            + "synchronous run(), or `await` it from async code (it then runs on the main actor)"
    }
}

extension LineField {
    /// Asks one validated line from code that is not main-actor code (top-level code in Swift 5 mode, a plain
    /// `ParsableCommand.run()`); it must run on the main thread.
    ///
    /// ```swift
    /// let email = try LineField.ask("Email", rules: [Rule.email.condition])
    /// ```
    /// - Throws: `MainThreadRequired` off the main thread; else as `read()`.
    public nonisolated static func ask(_ prompt: String, default defaultValue: String? = nil,
                                       rules: [Condition<String>] = [], options: Options = Options()) throws -> String {
        try onMainThread("LineField.ask") {
            try LineField(prompt: prompt, default: defaultValue, rules: rules, options: options).read()
        }
    }
}

extension ListField {
    /// Asks a list question from code that is not main-actor code (top-level code in Swift 5 mode, a plain
    /// `ParsableCommand.run()`); it must run on the main thread. Returns the picked options.
    ///
    /// ```swift
    /// let tags = try ListField.ask("Tags", options: ["api", "cli", "web"], multi: true, minimum: 1)
    /// ```
    /// - Throws: `MainThreadRequired` off the main thread; else as `read()`.
    public nonisolated static func ask(_ prompt: String, options: [String], multi: Bool = false,
                                       selected: [String] = [], minimum: Int? = nil, maximum: Int? = nil,
                                       rules: [Condition<String>] = [], words: ListWords = ListWords(),
                                       terminal: LineField.Options = LineField.Options()) throws -> [String] {
        try onMainThread("ListField.ask") {
            try ListField(prompt: prompt, options: options, multi: multi, selected: selected, minimum: minimum,
                          maximum: maximum, rules: rules, words: words, terminal: terminal).read()
        }
    }
}

extension ConfirmField {
    /// Asks yes or no from code that is not main-actor code; it must run on the main thread.
    ///
    /// ```swift
    /// if try ConfirmField.ask("Deploy?", default: false) { deploy() }
    /// ```
    /// - Throws: `MainThreadRequired` off the main thread; else as `read()`.
    public nonisolated static func ask(_ prompt: String, default defaultAnswer: Bool? = nil,
                                       words: ListWords = ListWords(),
                                       terminal: LineField.Options = LineField.Options()) throws -> Bool {
        try onMainThread("ConfirmField.ask") {
            try ConfirmField(prompt: prompt, default: defaultAnswer, words: words, terminal: terminal).read()
        }
    }
}
