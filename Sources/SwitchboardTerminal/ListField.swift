// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// A list question: the options that match what is typed are listed under the input, filtered as you type
/// (ignoring case), with the highlighted one marked. Up/Down or Ctrl-P/Ctrl-N move, PgUp/PgDn page, Enter picks.
/// With `multi`, Tab chooses the highlighted option and moves down, Shift-Tab chooses and moves up, and Enter
/// accepts the chosen set. The typed text is an ordinary readline line (emacs or vi keys, kill and yank, Ctrl-R).
///
/// ```swift
/// let colour = ListField(prompt: "Colour", options: ["red", "green", "blue"])
/// let picked = try colour.read()          // ["green"]
///
/// let tags = ListField(prompt: "Tags", options: ["a", "b", "c"], multi: true, minimum: 1, maximum: 2)
/// let chosen = try tags.read()            // ["a", "c"], in list order
/// ```
///
/// The selection (the chosen set, or the highlighted option) is checked live by `selectionRules`, a switch
/// registered with the line like any other: `minimum`, `maximum` and `rules` (each picked option must pass them)
/// are its signals, and its verdict is the hint under the input (`✗ choose at least 1 (0 chosen)`).
///
/// Without a terminal (standard input not a terminal) the answer is read from standard input: an option's text,
/// or one per line until the end with `multi`; an answer that is not an option fails (`FieldError.invalid`).
/// In plain mode (`TERM=dumb`, `Options.mode = .plain`) the options are printed once as a numbered list and a
/// number or an option's text answers (comma-separated for several).
@MainActor
public final class ListField {
    /// The line the filter is typed in (its prompt, options and verdict).
    public let line: LineField
    /// Whether several options can be chosen.
    public let multi: Bool
    /// The switch that checks the selection: minimum, maximum and the rules every picked option must pass.
    public let selectionRules = ObservableSwitch(.anyState)
    let state: ListState
    /// The fewest options to choose (several choices).
    let minimum: Int?

    /// The selection now: the chosen options (several choices) or the highlighted one; once read, the pick.
    public var selection: [String] { state.selection }

    /// Creates a list question.
    /// - Parameters:
    ///   - prompt: what to ask, e.g. `"Colour"`.
    ///   - options: the options, in the order shown. They must be distinct, non-empty and hold no line break.
    ///   - multi: several choices (Tab chooses).
    ///   - selected: options chosen at the start (several choices), or highlighted (one choice).
    ///   - minimum: the fewest options to choose (several choices).
    ///   - maximum: the most options to choose (several choices).
    ///   - rules: rules each picked option must pass.
    ///   - words: every word the list shows.
    ///   - terminal: how the field talks to the terminal.
    public convenience init(prompt: String, options: [String], multi: Bool = false, selected: [String] = [],
                            minimum: Int? = nil, maximum: Int? = nil, rules: [Condition<String>] = [],
                            words: ListWords = ListWords(), terminal: LineField.Options = LineField.Options()) {
        self.init(prompt: prompt, list: OptionList(options), multi: multi, selected: selected, minimum: minimum,
                  maximum: maximum, rules: rules, words: words, terminal: terminal)
    }

    /// Creates a list question from a prepared option list (a million lines read from a pipe).
    /// `feed`: more options still to come while the question shows (see `OptionFeed`); `selected` options that
    /// arrive through it are chosen (or highlighted) as they come.
    package init(prompt: String, list: OptionList, multi: Bool, selected: [String], minimum: Int?,
                 maximum: Int?, rules: [Condition<String>], words: ListWords, terminal: LineField.Options,
                 feed: (any OptionFeed)? = nil) {
        var terminal = terminal
        terminal.choices = []          // Tab belongs to the list
        terminal.remembersHistory = false
        self.line = LineField(prompt: prompt, options: terminal)
        self.multi = multi
        let state = ListState(kind: multi ? .multi : .select, list: list, words: words)
        self.state = state
        self.minimum = minimum
        line.list = state
        state.feed = feed
        state.preselected = Set(selected)
        let indices = selected.compactMap { state.list.index(of: $0) }
        if multi {
            state.list.choose(indices)
        } else if let first = indices.first {
            state.list.highlight(option: first)
        }
        line.addRule(named: "option") { [weak state] text in
            guard let state else { return .valid }
            if state.resolvesTypedAnswers { return state.resolveTyped(text) }
            state.filterChanged(to: text)
            // While options stream in, an empty filter with nothing read yet is no mistake: the help says how
            // many were read (Enter has nothing to pick yet).
            // Several choices: Enter accepts the chosen set whatever the filter shows, so a filter that matches
            // nothing is said in the help (see the hint), not a failure that would block Enter.
            if state.picked == nil && state.list.matches.isEmpty && !(state.isReading && text.isEmpty) && !multi {
                return .invalid("option", state.words.fill(state.words.noMatch, text: text))
            }
            return .valid
        }
        let words = words
        if multi, let minimum, minimum > 0 {
            selectionRules.addSignal(Condition<[String]>("min", requirement: "have at least \(minimum) chosen") { chosen in
                chosen.count >= minimum ? .valid : .invalid("min", words.fill(words.tooFew, n: minimum, m: chosen.count))
            }, on: { [weak state] in state?.selection ?? [] })
        }
        if multi, let maximum {
            selectionRules.addSignal(Condition<[String]>("max", requirement: "have at most \(maximum) chosen") { chosen in
                chosen.count <= maximum ? .valid : .invalid("max", words.fill(words.tooMany, n: maximum, m: chosen.count))
            }, on: { [weak state] in state?.selection ?? [] })
        }
        for rule in rules {
            selectionRules.addSignal(Condition<[String]>(rule.name, requirement: rule.requirement) { picked in
                for option in picked {
                    let verdict = rule.check(option)
                    if let failure = verdict.failure {
                        return .invalid(failure.name, "\(displayQuoted(option, limit: 40)): \(failure.message)")
                    }
                }
                return .valid
            }, on: { [weak state] in state?.selection ?? [] })
        }
        line.field.register(selectionRules)
    }

    /// Asks and returns the picked options: one, or (several choices) the chosen ones in list order.
    ///
    /// - Throws: as `LineField.read()`; `FieldError.invalid` when there are no options, when `minimum` is more
    ///   than the options (it could never be met), or when an answer from a pipe is not an option or the
    ///   selection fails its rules.
    public func read() throws -> [String] {
        if line.plainMode || isatty(line.options.input) != 1 { try state.readFeedToEnd() }
        guard state.list.count > 0 || state.isReading else {
            // Nothing could ever be picked: say so rather than ask a question with no answer.
            writeLine("\(line.label): no options to choose from", to: STDERR_FILENO)
            throw FieldError.invalid(field: line.label, message: "no options to choose from")
        }
        if multi, let minimum, minimum > state.list.count, !state.isReading {
            // A trap otherwise: Enter would be refused for ever.
            let message = "at least \(minimum) must be chosen but there are \(state.list.count) options"
            writeLine("\(line.label): \(message)", to: STDERR_FILENO)
            throw FieldError.invalid(field: line.label, message: message)
        }
        guard isatty(line.options.input) == 1 else { return try readPiped() }
        if line.plainMode {
            let streams = try TerminalStreams(options: line.options)
            var out = ""
            for index in 0..<state.list.count {
                out += "\(index + 1)) \(displayEscaped(state.list.option(index)))\n"
                if out.utf8.count > 1 << 16 { streams.write(out); out = "" }
            }
            // An option that is also a row number ("1" among 3, 2, 1): its text wins, and the prompt says so.
            if (0..<state.list.count).contains(where: { index in
                let option = state.list.option(index)
                return option.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int(option).map { $0 >= 1 && $0 <= state.list.count } == true
            }) {
                out += state.words.plainNumbersAreOptions + "\n"
            }
            out += (multi ? state.words.plainMulti : state.words.plainSelect) + "\n"
            streams.write(out)
            streams.close()
            state.resolvesTypedAnswers = true
            defer { state.resolvesTypedAnswers = false }
            _ = try line.read()
            return state.selection
        }
        _ = try line.read()
        return state.picked ?? []
    }

    /// No terminal: the answer comes from standard input, one option (or one per line until the end).
    private func readPiped() throws -> [String] {
        var answers: [String] = []
        while let bytes = try readLineBytes(from: line.options.input, limit: PipedLineReader.maximumLineLength) {
            var bytes = bytes
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            answers.append(String(decoding: bytes, as: UTF8.self))
            if !multi { break }
        }
        // No answer (an empty line, or none): the options given as selected, as `ask --default` takes its default.
        if !state.preselected.isEmpty && answers.allSatisfy(\.isEmpty) {
            let selection = multi ? state.list.chosenOptions : state.list.highlightedIndex.map { [state.list.option($0)] } ?? []
            return try checkedPipedSelection(selection)
        }
        if !multi && answers.isEmpty { throw FieldError.endOfInput }
        var indices: [Int] = []
        for answer in answers where !(multi && answer.isEmpty) {
            guard let index = state.list.index(of: answer) else {
                let message = state.words.fill(state.words.notAnOption, text: answer)
                writeLine("\(line.label): \(message)", to: STDERR_FILENO)
                throw FieldError.invalid(field: line.label, message: message)
            }
            if !indices.contains(index) { indices.append(index) }
        }
        return try checkedPipedSelection(indices.sorted().map { state.list.option($0) })
    }

    /// A selection from a pipe, checked by the selection's rules (a failure is printed and thrown).
    private func checkedPipedSelection(_ selection: [String]) throws -> [String] {
        state.setTentative(selection)
        let verdict = selectionRules.validate()
        if let failure = verdict.failure {
            writeLine("\(line.label): \(displayEscaped(failure.message))", to: STDERR_FILENO)
            throw FieldError.invalid(field: line.label, message: failure.message)
        }
        return state.selection
    }
}
