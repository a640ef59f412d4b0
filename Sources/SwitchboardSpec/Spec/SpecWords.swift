// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

// A spec's `words:` section: every word the form shows by itself, replaced (see `FormWords`).
//
// ```yaml
// words:
//   review-title: "Xem lại:"
//   review-hint: "Số hoặc tên để sửa, Enter để gửi:"
//   yes: có
//   no: không
//   rules:
//     required: không được để trống
// ```

extension FormWords {
    /// The keys of a spec's `words:` section and the word each replaces, in the order documented.
    static var specKeys: [(key: String, path: WritableKeyPath<FormWords, String>)] { [
        ("review-title", \.reviewTitle), ("review-hint", \.reviewHint), ("review-hint-invalid", \.reviewHintInvalid),
        ("fix-first", \.fixFirst), ("review-unknown", \.reviewUnknown), ("review-no-field", \.reviewNoField),
        ("review-unlisted", \.reviewUnlisted),
        ("checking", \.checking), ("enter-for-default", \.enterForDefault),
        ("enter-for-secret-default", \.enterForSecretDefault), ("enter-needs-valid", \.enterNeedsValid),
        ("tab-completes", \.tabCompletes), ("yes", \.yes), ("no", \.no), ("multiline-hint", \.multilineHint),
        ("lines-kept", \.linesKept), ("resuming", \.resuming), ("ignoring-draft", \.ignoringDraft),
        ("draft-warning", \.draftWarning), ("choices-failed", \.choicesFailed), ("choices-empty", \.choicesEmpty),
        ("list-ends", \.listEnds), ("list-add-item", \.listAddItem), ("review-list-hint", \.reviewListHint),
        ("list-full", \.listFull), ("list-at-minimum", \.listAtMinimum), ("list-no-item", \.listNoItem),
        ("no-answer", \.noAnswer),
        // Lists and confirm questions (ListWords).
        ("highlight-mark", \.lists.highlightMark), ("chosen-mark", \.lists.chosenMark),
        ("unchosen-mark", \.lists.unchosenMark), ("more-above-and-below", \.lists.moreAboveAndBelow),
        ("more-above", \.lists.moreAbove), ("more-below", \.lists.moreBelow), ("select-help", \.lists.selectHelp),
        ("multi-help", \.lists.multiHelp), ("no-match", \.lists.noMatch), ("too-few", \.lists.tooFew),
        ("too-many", \.lists.tooMany), ("yes-keys", \.lists.yesKeys), ("no-keys", \.lists.noKeys),
        ("confirm-help", \.lists.confirmHelp), ("yes-no-default-yes", \.lists.yesNoDefaultYes),
        ("yes-no-default-no", \.lists.yesNoDefaultNo), ("yes-no-keys", \.lists.yesNo),
        ("plain-select", \.lists.plainSelect), ("plain-multi", \.lists.plainMulti),
        ("not-an-option", \.lists.notAnOption), ("no-such-number", \.lists.noSuchNumber),
        ("plain-numbers-are-options", \.lists.plainNumbersAreOptions),
    ] }
}

extension FormWords {
    /// The placeholders each word of a spec's `words:` is filled with when shown; a word not listed takes none.
    /// A rule message (`words: {rules: ...}`) takes `{choices}`.
    static let specPlaceholders: [String: [String]] = [
        "review-unknown": ["count"], "review-no-field": ["name", "count"], "review-unlisted": ["count"],
        "enter-for-default": ["default"],
        "resuming": ["file", "fields"], "ignoring-draft": ["error"], "draft-warning": ["error"],
        "choices-failed": ["error"], "multi-help": ["n"], "no-match": ["text"], "too-few": ["n", "m"],
        "too-many": ["n", "m"], "more-above-and-below": ["n", "m"], "more-above": ["n"], "more-below": ["n"],
        "not-an-option": ["text"], "no-such-number": ["n", "m"], "list-ends": ["list"], "list-add-item": ["list"],
        "review-list-hint": ["list"], "list-full": ["list", "n"], "list-at-minimum": ["list", "n"],
        "list-no-item": ["name"],
    ]
}

/// The names of the placeholders in `text`, in order: `{` letters, digits, `-` or `_` `}` (other braces, such as
/// `{1,3}` or `{ }`, are text).
func placeholders(in text: String) -> [String] {
    var names: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
        let after = rest[rest.index(after: open)...]
        guard let close = after.firstIndex(of: "}") else { break }
        let name = after[..<close]
        if !name.isEmpty, name.unicodeScalars.contains(where: { $0.properties.isAlphabetic }),
           name.unicodeScalars.allSatisfy(isNameScalar) {
            names.append(String(name))
            rest = after[after.index(after: close)...]
        } else {
            rest = after
        }
    }
    return names
}

extension SpecParser {
    /// `words:`: a mapping of the keys in `FormWords.specKeys` (and `rules:`, a mapping of rule names to
    /// messages) to plain text.
    mutating func parseWords(_ node: SpecNode) -> FormWords {
        var words = FormWords()
        guard let map = mapping(node, "a mapping of words, e.g. {review-title: \"Xem lại:\", yes: có, no: không}")
        else { return words }
        let keys = FormWords.specKeys.map(\.key)
        checkKeys(map, allowed: keys + ["rules"], in: "words:")
        // Looked up by the key's text: `yes:` and `"yes":` are the same key here (YAML 1.1 would read a plain
        // yes as a boolean).
        var byText: [String: SpecNode] = [:]
        for (key, value) in map { if let text = key.scalar?.string { byText[text] = value } }
        for (key, path) in FormWords.specKeys {
            guard let valueNode = byText[key], let text = plainWord(valueNode, key) else { continue }
            checkPlaceholders(text, allowed: FormWords.specPlaceholders[key] ?? [], in: key, at: valueNode)
            words[keyPath: path] = text
        }
        if words.yes.lowercased() == words.no.lowercased(), let at = byText["no"] ?? byText["yes"] {
            fail(at, "yes and no are the same word (\(displayQuoted(words.yes, limit: 60))); a yes/no answer "
                 + "could not be told apart")
        }
        checkKeysApart(words.lists, at: byText["no-keys"] ?? byText["yes-keys"])
        if let rulesNode = byText["rules"],
           let rules = mapping(rulesNode, "a mapping of rule names to messages, e.g. {required: không được để trống}") {
            for (key, value) in rules {
                guard let name = string(key, "a rule name"), let message = plainWord(value, name) else { continue }
                checkPlaceholders(message, allowed: ["choices"], in: "rules: \(name)", at: value)
                words.ruleMessages[name] = message
            }
        }
        return words
    }

    /// A placeholder the word is not filled with would show as written (`{datei}`): refused, naming the known
    /// ones.
    private mutating func checkPlaceholders(_ text: String, allowed: [String], in key: String, at node: SpecNode) {
        for name in placeholders(in: text) where !allowed.contains(name) {
            let expected = allowed.isEmpty ? "this word takes none"
                : "expected " + allowed.map { "{\($0)}" }.joined(separator: allowed.count == 2 ? " or " : ", ")
            fail(node, "\(key): unknown placeholder {\(displayEscaped(name, limit: 60))}; \(expected)")
        }
    }

    /// A key that answers both yes and no (either case) would mean yes at a terminal, where the yes keys are
    /// tried first, and no when piped: refused.
    private mutating func checkKeysApart(_ lists: ListWords, at node: SpecNode?) {
        let yesKeys = Set(lists.yesKeys.map { $0.lowercased() })
        guard let node, let shared = lists.noKeys.first(where: { yesKeys.contains($0.lowercased()) }) else { return }
        fail(node, "no-keys: \(displayQuoted(String(shared), limit: 60)) is also a yes key (yes-keys: "
             + "\(displayQuoted(lists.yesKeys, limit: 60))); a key answers yes or no, not both: remove it from one")
    }

    /// A word: text on one line without control characters (it is shown on the terminal as is).
    private mutating func plainWord(_ node: SpecNode, _ key: String) -> String? {
        guard let text = string(node, "text for \(key)") else { return nil }
        if text.unicodeScalars.contains(where: needsDisplayEscape) {
            fail(node, "\(key): holds a control character or a line break; a word must be plain text on one line")
            return nil
        }
        return text
    }
}
