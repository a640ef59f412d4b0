// SPDX-License-Identifier: GPL-3.0-or-later
/// Every word a field or a form shows by itself (as opposed to the prompts, messages and values its author
/// wrote): the review's title and hints, "checking…", "(Tab completes)", the yes/no words, draft notices, the
/// words of lists and confirm questions (`lists`) and the built-in rules' messages. The defaults are English; replace any of them to write a form entirely in
/// another language, from Swift or from a spec's `words:` section.
///
/// ```swift
/// var words = FormWords()
/// words.reviewTitle = "Xem lại:"
/// words.checking = "đang kiểm tra…"
/// words.yes = "có"
/// words.no = "không"
/// words.ruleMessages["required"] = "không được để trống"
/// form.words = words
/// ```
/// Some words hold placeholders in braces, filled in when shown (`{name}`, `{count}`, `{file}`, `{fields}`,
/// `{error}`, `{choices}`); each property's documentation names its own.
public struct FormWords: Sendable, Equatable {
    /// The review's first line.
    public var reviewTitle = "Review:"
    /// The review's prompt when every answer is valid.
    public var reviewHint = "Number or name to edit, Enter to submit:"
    /// The review's prompt while an answer is invalid.
    public var reviewHintInvalid = "Number or name to edit:"
    /// Enter in the review while an answer is invalid.
    public var fixFirst = "Fix the answers marked ✗ first."
    /// The review's live hint for a number or name that picks no answer; `{count}`: the number of answers.
    public var reviewUnknown = "type a number from 1 to {count} or a field name"
    /// The notice for a number or name that picks no answer; `{name}`: what was typed (quoted), `{count}`.
    public var reviewNoField = "No field {name}; type a number from 1 to {count} or a name."
    /// Under a review that lists only the answers given (a form over a file's values); `{count}`: the questions
    /// left empty, not listed.
    public var reviewUnlisted = "Empty questions not listed: {count} (type a name to answer one; Tab completes)."
    /// Under the input while a check (a check command, a lookup) runs.
    public var checking = "checking…"
    /// Under the input of an empty field with a default; `{default}`: the default value.
    public var enterForDefault = "Enter for the default: {default}"
    /// Under the input of an empty masked field with a default (the default is not shown).
    public var enterForSecretDefault = "Enter for the default"
    /// After the message of an invalid value on which Enter was refused.
    public var enterNeedsValid = "(Enter needs a valid value)"
    /// After the prompt of a choice whose choices are too long to list.
    public var tabCompletes = "(Tab completes)"
    /// The word for yes: shown in yes/no prompts and the review, and accepted as an answer (beside `yes`,
    /// `y`, `true`...).
    public var yes = "yes"
    /// The word for no (see `yes`).
    public var no = "no"
    /// After the prompt of a multi-line field.
    public var multilineHint = "(an empty line or Ctrl-D ends):"
    /// After the message of an invalid multi-line text.
    public var linesKept = "the lines are kept, edit them"
    /// A draft was resumed; `{file}`: its path, `{fields}`: the answers taken from it.
    public var resuming = "Resuming from {file}: {fields}."
    /// A draft could not be used; `{error}`: why.
    public var ignoringDraft = "Ignoring the draft: {error}"
    /// A draft could not be saved; `{error}`: why.
    public var draftWarning = "Warning: {error}"
    /// Choices read from a command could not be had; `{error}`: why.
    public var choicesFailed = "the choices could not be read: {error}"
    /// A command gave no choices.
    public var choicesEmpty = "the choices command printed no choices"
    /// After a list's item question when an empty answer ends the list; `{list}`: the list's title.
    public var listEnds = "(Enter on an empty answer ends {list})"
    /// Asked before an item of a list whose first question is not typed (a choice, a yes/no question).
    public var listAddItem = "Add an item to {list}?"
    /// Under the review of a form with lists: how to add and remove items; `{list}`: the first list's name.
    public var reviewListHint = "+{list} adds an item, -{list}.N removes item N"
    /// A list that cannot take another item; `{list}`: its name, `{n}`: its maximum.
    public var listFull = "{list} takes at most {n} items."
    /// A list that cannot lose an item; `{list}`: its name, `{n}`: its minimum.
    public var listAtMinimum = "{list} cannot lose an item: it needs at least {n}."
    /// A removal naming no item; `{name}`: what was typed.
    public var listNoItem = "No item {name}."
    /// The first row of an optional single choice: picking it leaves the answer empty.
    public var noAnswer = "(no answer)"
    /// The words of list questions (select, multi-select) and one-key yes/no questions (confirm): marks, help,
    /// messages and keys. Its `yes` and `no` follow this struct's when a form shows them.
    public var lists = ListWords()
    /// Messages replacing the built-in rules' own, by rule name: `"required"`, `"length"`, `"email"`,
    /// `"number"`, `"yes-no"`, `"choice"`, `"printable"`, `"same-as"`, `"after"`... A field's or a rule's own
    /// `message` still wins. `{choices}` in the `"choice"` message lists the choices.
    public var ruleMessages: [String: String] = [:]

    /// The English words.
    ///
    /// ```swift
    /// let words = FormWords()
    /// words.reviewTitle   // "Review:"
    /// ```
    public init() {}

    /// `template` with each `{key}` replaced by its value (unknown placeholders are left as written).
    ///
    /// ```swift
    /// FormWords.fill("Resuming from {file}.", ["file": "d.json"])   // "Resuming from d.json."
    /// ```
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        // One pass from left to right: a value that holds a placeholder (a file named "{fields}") stays as it is.
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
                result += value
                rest = after[after.index(after: close)...]
            } else {
                result += "{"
                rest = after
            }
        }
        return result + rest
    }

    /// The message a failure of the built-in rule `rule` shows: the replacement in `ruleMessages`, else
    /// `message` (the rule's own).
    ///
    /// ```swift
    /// words.message(forRule: "required", default: "must not be empty")
    /// ```
    public func message(forRule rule: String, default message: String) -> String {
        ruleMessages[rule] ?? message
    }

    /// Whether `text` is this set's word for yes (`true`), for no (`false`), or neither (`nil`); case and
    /// surrounding spaces do not matter.
    public func yesNo(_ text: String) -> Bool? {
        let trimmed = text.trimmingSpacesAndTabs.lowercased()
        if trimmed.isEmpty { return nil }
        if trimmed == yes.trimmingSpacesAndTabs.lowercased() { return true }
        if trimmed == no.trimmingSpacesAndTabs.lowercased() { return false }
        return nil
    }
}
