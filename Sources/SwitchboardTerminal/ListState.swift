// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// What a `LineField` that asks a list question (or a yes/no) holds while it reads: the options, the words,
/// and the pick once Enter (or y/n) has answered. The read loop (`ReadlineSession`) draws it under the input and
/// its key bindings move the highlight and choose.
@MainActor
final class ListState {
    enum Kind: Equatable {
        /// One option; Enter picks the highlighted one.
        case select
        /// Several options; Tab and Shift-Tab choose, Enter accepts the chosen set.
        case multi
        /// Yes or no; one key answers.
        case confirm(defaultAnswer: Bool?)
    }

    let kind: Kind
    var list: OptionList
    var words: ListWords
    /// The most rows the list takes under the input (fewer when the terminal is smaller).
    var pageRows = 10
    /// How many options the window showed last (PgUp/PgDn move by that many).
    var shownRows = 1
    /// Set once the question is answered: the options picked (in list order), or the yes/no answer.
    private(set) var picked: [String]?
    private(set) var answer: Bool?
    /// Plain mode and pipes: typed answers name the options (a number or the text) instead of filtering.
    var resolvesTypedAnswers = false
    /// The options a typed answer named, before it is accepted.
    private var tentative: [String]?
    /// Where more options come from while the question shows (a pipe); nil once it has ended.
    var feed: (any OptionFeed)?
    /// The options given as chosen (several choices) or highlighted (one) at the start: applied to options that
    /// stream in as they arrive.
    var preselected: Set<String> = []
    /// The user moved the highlight: an option that streams in later no longer takes it.
    var highlightMoved = false

    init(kind: Kind, list: OptionList = OptionList(), words: ListWords) {
        self.kind = kind
        self.list = list
        self.words = words
    }

    var isMulti: Bool { kind == .multi }
    var isConfirm: Bool { if case .confirm = kind { return true } else { return false } }
    /// Whether the list is drawn and its keys act: a select or multi-select that is not answered yet.
    var showsList: Bool { !isConfirm && picked == nil }

    /// The options the selection rules see now: the chosen set, or the highlighted option.
    var selection: [String] {
        if let picked { return picked }
        if let tentative { return tentative }
        switch kind {
        case .multi: return list.chosenOptions
        case .select: return list.highlightedIndex.map { [list.option($0)] } ?? []
        case .confirm: return []
        }
    }

    /// A yes/no question was answered by one key (no Enter): what was typed after it is discarded.
    var answeredByKey = false

    /// Whether options are still streaming in.
    var isReading: Bool { feed != nil }

    /// Reads what the feed has ready (one `read`), adds it to the list and the matches, and applies the
    /// preselection to the new options. At the end of the feed it is dropped. Throws what the feed throws.
    func readFeed() throws {
        guard let feed else { return }
        let first = list.count
        let more = try feed.readMore(into: &list)
        list.matchAppended(from: first)
        if !preselected.isEmpty && list.count > first {
            var arrived: [Int] = []
            for index in first..<list.count where preselected.contains(list.option(index)) { arrived.append(index) }
            if isMulti {
                list.choose(arrived)
            } else if let index = arrived.first, !highlightMoved {
                list.highlight(option: index)
            }
        }
        if !more { self.feed = nil }
    }

    /// Reads the feed to its end (plain mode lists every option once, before asking).
    func readFeedToEnd() throws {
        while feed != nil { try readFeed() }
    }

    /// The typed text filters the list; with an option equal to it (case and all), that option is highlighted.
    func filterChanged(to text: String) {
        guard picked == nil, !isConfirm, text != list.filter else { return }
        list.setFilter(text)
        if !text.isEmpty { list.highlightExactMatch(text) }
    }

    func setTentative(_ options: [String]) { tentative = options }

    /// Plain mode: the options a typed answer names: numbers from 1 or options' text, separated by commas for
    /// several. The verdict says what is wrong; the named options become the selection.
    func resolveTyped(_ text: String) -> Verdict {
        tentative = []
        let whole = String(text.trimmingSpaces)
        if let index = list.index(of: whole) ?? list.index(of: text) {
            tentative = [list.option(index)]
            return .valid
        }
        let parts = isMulti ? whole.split(separator: ",").map { String($0.trimmingSpaces) } : [whole]
        var indices: [Int] = []
        for part in parts where !part.isEmpty {
            var index = list.index(of: part)
            if index == nil, let number = Int(part), part.allSatisfy(\.isASCII) {
                guard number >= 1 && number <= list.count else {
                    return .invalid("option", words.fill(words.noSuchNumber, n: number, m: list.count))
                }
                index = number - 1
            }
            guard let index else { return .invalid("option", words.fill(words.notAnOption, text: part)) }
            if !indices.contains(index) { indices.append(index) }
        }
        if indices.isEmpty && !isMulti { return .invalid("option", words.fill(words.notAnOption, text: text)) }
        tentative = indices.sorted().map { list.option($0) }
        return .valid
    }

    /// Enter: the answer to give, and the text the line shows from now on.
    func pick() -> (picked: [String], shown: String)? {
        let options: [String]
        switch kind {
        case .select:
            guard let index = list.highlightedIndex else { return nil }
            options = [list.option(index)]
        case .multi:
            options = list.chosenOptions
        case .confirm:
            return nil
        }
        picked = options
        return (options, options.map { displayEscapedOption($0) }.joined(separator: ", "))
    }

    /// A yes/no answer was given (a key, or Enter on the default).
    func answer(_ yes: Bool) -> String {
        answer = yes
        picked = [yes ? words.yes : words.no]
        return yes ? words.yes : words.no
    }

    /// The answer for typed text on a yes/no question: one of the keys or the words, in either case.
    func confirmAnswer(for text: String) -> Bool? {
        let typed = text.lowercased()
        if typed.isEmpty { return nil }
        if typed == words.yes.lowercased() || (typed.count == 1 && words.yesKeys.lowercased().contains(typed)) {
            return true
        }
        if typed == words.no.lowercased() || (typed.count == 1 && words.noKeys.lowercased().contains(typed)) {
            return false
        }
        return nil
    }
}


/// An option as the line shows it once picked: escaped, cut after 200 characters.
func displayEscapedOption(_ option: String) -> String {
    displayEscaped(option, limit: 200)
}
