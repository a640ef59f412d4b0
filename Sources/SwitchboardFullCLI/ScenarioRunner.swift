// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSpec
import SwitchboardTesting

/// The outcome of one spec scenario: passed, or the step that failed with the screen at that moment.
struct ScenarioResult {
    var passed: Bool
    /// `signup.yaml:70:5: scenario "a valid signup"`, and after a failure what went wrong where.
    var description: String
    /// The screen when a step failed (TAP comment lines).
    var screen: [String] = []
}

/// `switchboard test`'s scenarios: each runs `switchboard form <spec> --output yaml` (this very program) in a
/// virtual terminal (SwitchboardTesting's `TerminalSession`), types its steps, each once the form has settled
/// (it has read the keys before, its checks have answered and its screen is drawn), waits for it to settle before
/// each `expect`, and compares the exit status and the printed answers (every wrong one is reported). When a step
/// fails, the form and whatever runs under it (a check command) are ended with it.
struct ScenarioRunner {
    /// This program, which runs `form`.
    let program: String

    init() {
        program = executablePath() ?? CommandLine.arguments[0]
    }

    func run(_ scenario: ScenarioSpec, of spec: FormSpec) -> ScenarioResult {
        let title = "\(scenario.location): scenario \(displayQuoted(scenario.name, limit: 80))"
        func failed(_ location: SpecLocation, _ message: String, _ screen: TerminalScreen?) -> ScenarioResult {
            ScenarioResult(passed: false, description: "\(title): \(location): \(message)",
                           screen: screen.map(framed) ?? [])
        }
        let term: TerminalSession
        do {
            term = try TerminalSession([program, "form", "--output", "yaml", "--", spec.file],
                                       columns: scenario.columns, rows: scenario.rows,
                                       captureStandardOutput: true, settle: .signal)
        } catch {
            return failed(scenario.location, "cannot start the form: \(error)", nil)
        }
        var location = scenario.location
        do {
            try term.waitUntilSettled()
            // Whether the form may have moved since it last settled: keys go to a settled form only, so that no
            // key reaches a field before it is drawn (or the terminal between two fields).
            var moved = false
            func settled() throws {
                if moved { try term.waitUntilSettled() }
                moved = true
            }
            for step in scenario.steps {
                location = step.location
                switch step.action {
                case .type(let text):
                    try settled()
                    try term.type(text)
                case .paste(let text):
                    try settled()
                    try term.paste(text)
                case .press(let names):
                    for name in names {
                        try settled()
                        try term.press(Self.key(name))
                    }
                case .expect(let text):
                    try term.waitUntilSettled()
                    moved = false
                    if !term.screen.contains(text) {
                        return failed(location, "the screen does not show \(displayQuoted(text, limit: 80))",
                                      term.screen)
                    }
                case .expectNot(let text):
                    try term.waitUntilSettled()
                    moved = false
                    if term.screen.contains(text) {
                        return failed(location, "the screen shows \(displayQuoted(text, limit: 80))", term.screen)
                    }
                }
            }
            guard let expected = scenario.status else {
                return ScenarioResult(passed: true, description: title)
            }
            location = scenario.location
            let status = try term.waitForExit()
            if status != expected {
                return failed(location, "the form ended with status \(status), expected \(expected)", term.screen)
            }
            let printed = ScenarioSpec.printedAnswers(term.standardOutput) ?? [:]
            let wrong = scenario.answers.filter { printed[$0.name] != $0.value }
            guard let first = wrong.first else { return ScenarioResult(passed: true, description: title) }
            let said = wrong.enumerated().map { index, answer in
                let got = printed[answer.name].map { displayQuoted($0, limit: 80) } ?? "nothing"
                return (index == 0 ? "" : "\(answer.location): ") + "\(answer.name): the form printed \(got), "
                    + "expected " + displayQuoted(answer.value, limit: 80)
            }
            return failed(first.location, said.joined(separator: "; "), term.screen)
        } catch let error as TerminalSessionError {
            return failed(location, error.message, error.screen)
        } catch {
            return failed(location, "\(error)", term.screen)
        }
    }

    /// A `press:` name as a key (the parser accepted only these names).
    static func key(_ name: String) -> Key {
        switch name {
        case "enter": .enter
        case "tab": .tab
        case "backtab": .backTab
        case "escape": .escape
        case "backspace": .backspace
        case "delete": .delete
        case "insert": .insert
        case "space": .space
        case "up": .up
        case "down": .down
        case "left": .left
        case "right": .right
        case "home": .home
        case "end": .end
        case "pageup": .pageUp
        case "pagedown": .pageDown
        default:
            if name.hasPrefix("ctrl-"), let c = name.last { .ctrl(c) }
            else if name.hasPrefix("alt-"), let c = name.last { .alt(c) }
            else { .function(Int(name.dropFirst()) ?? 0) }
        }
    }

    /// The screen in a frame, one line per row, for TAP comments.
    private func framed(_ screen: TerminalScreen) -> [String] {
        var lines = screen.lines
        while lines.last == "" { lines.removeLast() }
        return ["screen (\(screen.columns)x\(screen.rows)):"] + lines.map { "|" + $0 }
    }
}
