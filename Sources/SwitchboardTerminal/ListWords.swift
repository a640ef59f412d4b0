// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// Every word a list, a multi-select or a yes/no question shows, in one place, so that a program (or a spec)
/// can put its own words there. `{n}` stands for a number, `{text}` for what was typed (quoted and escaped).
///
/// ```swift
/// var words = ListWords()
/// words.noMatch = "aucune option ne contient {text}"
/// words.yes = "oui"; words.yesKeys = "oO"
/// let field = ListField(prompt: "Couleur", options: ["rouge", "vert"], words: words)
/// ```
public struct ListWords: Sendable, Equatable {
    /// Marks the highlighted row.
    public var highlightMark = "›"
    /// Marks a chosen option (several choices).
    public var chosenMark = "◉"
    /// Marks an option not chosen (several choices).
    public var unchosenMark = "○"
    /// The last row when options are hidden above and below the window.
    public var moreAboveAndBelow = "↑ {n} more · ↓ {m} more"
    /// The last row when options are hidden above the window.
    public var moreAbove = "↑ {n} more"
    /// The last row when options are hidden below the window.
    public var moreBelow = "↓ {n} more"
    /// Under the input while a single choice is valid.
    public var selectHelp = "↑↓ move · Enter picks"
    /// Under the input while several choices are valid.
    public var multiHelp = "{n} chosen · Tab chooses · ↑↓ move · Enter accepts"
    /// After the help while options are still being read (they stream in from a pipe): `{n}` is how many
    /// arrived so far, with thousands grouped (`1,204 read…`).
    public var reading = "{n} read…"
    /// The verdict when the typed text matches no option.
    public var noMatch = "no option matches {text}"
    /// The verdict when fewer than `min` options are chosen.
    public var tooFew = "choose at least {n} ({m} chosen)"
    /// The verdict when more than `max` options are chosen.
    public var tooMany = "choose at most {n} ({m} chosen)"
    /// The word for yes, shown after a yes/no question is answered.
    public var yes = "yes"
    /// The word for no.
    public var no = "no"
    /// The keys that answer yes (either case of a letter counts).
    public var yesKeys = "y"
    /// The keys that answer no.
    public var noKeys = "n"
    /// The verdict when a yes/no answer is neither.
    public var confirmHelp = "answer y or n"
    /// After a yes/no question whose default is yes.
    public var yesNoDefaultYes = "[Y/n]"
    /// After a yes/no question whose default is no.
    public var yesNoDefaultNo = "[y/N]"
    /// After a yes/no question without a default.
    public var yesNo = "[y/n]"
    /// Plain mode: how to answer a single choice.
    public var plainSelect = "Type a number or an option:"
    /// Plain mode: how to answer several choices.
    public var plainMulti = "Type numbers or options, separated by commas:"
    /// Plain mode, when an option is itself a row number ("1" among 3, 2, 1): typing it picks that option.
    public var plainNumbersAreOptions = "An option that is a number is picked by its text, not as a row number."
    /// Plain mode and piped answers: an answer that is not an option.
    public var notAnOption = "{text} is not an option"
    /// Plain mode: a number outside the list.
    public var noSuchNumber = "there is no option {n} (1 to {m})"

    /// The English words.
    public init() {}

    /// `count` with its thousands grouped by commas: `grouped(1204) == "1,204"`.
    static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// `template` with `{n}`, `{m}` and `{text}` filled in (by `FormWords.fill`).
    func fill(_ template: String, n: Int = 0, m: Int = 0, text: String = "") -> String {
        var values = ["n": String(n), "m": String(m)]
        if template.contains("{text}") { values["text"] = displayQuoted(text, limit: 60) }
        return FormWords.fill(template, values)
    }
}
