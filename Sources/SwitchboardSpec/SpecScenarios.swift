// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

/// A form scenario from a spec's `scenarios:`: keys to type into the form and what must follow (lines on the
/// screen, the answers printed, the exit status). `switchboard test` runs each in a virtual terminal.
///
/// ```yaml
/// scenarios:
///   - name: a valid signup
///     steps:
///       - type: ada@
///       - expect: not a valid email
///       - type: example.com
///       - press: enter
///       - expect: Username
///     answers: {email: ada@example.com}
/// ```
public struct ScenarioSpec: Sendable {
    /// The scenario's name (`name:`), shown in the test report.
    public var name: String
    /// The terminal's width (`columns:`, 80 by default).
    public var columns = 80
    /// The terminal's height (`rows:`, 24 by default).
    public var rows = 24
    /// The steps in order.
    public var steps: [ScenarioStep]
    /// Answers the form must print (`answers:`), each as its YAML text: a scalar's text, a list as `[a, b]`.
    /// Only the names given are compared; a field in a group is named by its path (`server.host`), written so or
    /// as a mapping under the group's name (`server: {host: db1}`).
    public var answers: [(name: String, value: String, location: SpecLocation)]
    /// The exit status the form must end with (`status:`); 0 when `answers` are given and no status, nil (the
    /// form is stopped after the steps) when neither is.
    public var status: Int32?
    /// Where the scenario is written.
    public var location: SpecLocation
}

/// One step of a scenario, and where it is written.
public struct ScenarioStep: Sendable {
    /// What a step does: `.type("ada")` for `- type: ada`.
    public enum Action: Sendable, Equatable {
        /// Text typed as is (`type:`).
        case type(String)
        /// Keys pressed by name (`press: enter` or `press: [down, space, enter]`): see `ScenarioStep.keyNames`.
        case press([String])
        /// Text pasted (`paste:`).
        case paste(String)
        /// After the form settles, the screen shows this text (`expect:`).
        case expect(String)
        /// After the form settles, the screen does not show this text (`expect-not:`).
        case expectNot(String)
    }

    /// What the step does.
    public var action: Action
    /// Where the step is written.
    public var location: SpecLocation

    /// The key names `press:` takes, besides `ctrl-<letter>`, `alt-<character>` and `f1` to `f12`.
    public static let keyNames = ["enter", "tab", "backtab", "escape", "backspace", "delete", "insert", "space", "up",
                                  "down", "left", "right", "home", "end", "pageup", "pagedown"]

    /// Whether `name` is a key `press:` knows.
    public static func isKeyName(_ name: String) -> Bool {
        if keyNames.contains(name) { return true }
        if name.hasPrefix("ctrl-"), name.count == 6, let c = name.last, c.isASCII, c.isLetter { return true }
        if name.hasPrefix("alt-"), name.count == 5 { return true }
        if name.hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number) { return true }
        return false
    }
}

extension ScenarioSpec {
    /// The answers a form printed with `--output yaml`, each as comparable text (see `answers`), a group's fields
    /// also by path (`server.host`); nil when the text is not a YAML mapping.
    ///
    /// ```swift
    /// ScenarioSpec.printedAnswers("email: \"ada@example.com\"\nage: 36\n")   // ["email": "ada@example.com", "age": "36"]
    /// ScenarioSpec.printedAnswers("server:\n  host: db1\n")   // ["server": "{host: db1}", "server.host": "db1"]
    /// ```
    public static func printedAnswers(_ yaml: String) -> [String: String]? {
        guard let node = try? YAMLReader.document(yaml), let pairs = node.mapping else { return nil }
        var answers: [String: String] = [:]
        func add(_ pairs: [YAMLPair], prefix: String) {
            for pair in pairs {
                guard let name = pair.key.scalar else { continue }
                answers[prefix + name] = SpecNode(yaml: pair.value).plainText
                if let inner = pair.value.mapping { add(inner, prefix: prefix + name + ".") }
            }
        }
        add(pairs, prefix: "")
        return answers
    }
}
