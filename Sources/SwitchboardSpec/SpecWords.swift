// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal
import Yams

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
        ("checking", \.checking), ("enter-for-default", \.enterForDefault),
        ("enter-for-secret-default", \.enterForSecretDefault), ("enter-needs-valid", \.enterNeedsValid),
        ("tab-completes", \.tabCompletes), ("yes", \.yes), ("no", \.no), ("multiline-hint", \.multilineHint),
        ("lines-kept", \.linesKept), ("resuming", \.resuming), ("ignoring-draft", \.ignoringDraft),
        ("draft-warning", \.draftWarning), ("choices-failed", \.choicesFailed), ("choices-empty", \.choicesEmpty),
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
    ] }
}

extension SpecParser {
    /// `words:`: a mapping of the keys in `FormWords.specKeys` (and `rules:`, a mapping of rule names to
    /// messages) to plain text.
    mutating func parseWords(_ node: Node) -> FormWords {
        var words = FormWords()
        guard let map = mapping(node, "a mapping of words, e.g. {review-title: \"Xem lại:\", yes: có, no: không}")
        else { return words }
        let keys = FormWords.specKeys.map(\.key)
        checkKeys(map, allowed: keys + ["rules"], in: "words:")
        // Looked up by the key's text: `yes:` and `"yes":` are the same key here (YAML 1.1 would read a plain
        // yes as a boolean).
        var byText: [String: Node] = [:]
        for (key, value) in map { if let text = key.scalar?.string { byText[text] = value } }
        for (key, path) in FormWords.specKeys {
            guard let valueNode = byText[key], let text = plainWord(valueNode, key) else { continue }
            words[keyPath: path] = text
        }
        if words.yes.lowercased() == words.no.lowercased(), let at = byText["no"] ?? byText["yes"] {
            fail(at, "yes and no are the same word (\(displayQuoted(words.yes, limit: 60))); a yes/no answer "
                 + "could not be told apart")
        }
        if let rulesNode = byText["rules"],
           let rules = mapping(rulesNode, "a mapping of rule names to messages, e.g. {required: không được để trống}") {
            for (key, value) in rules {
                guard let name = string(key, "a rule name"), let message = plainWord(value, name) else { continue }
                words.ruleMessages[name] = message
            }
        }
        return words
    }

    /// A word: text on one line without control characters (it is shown on the terminal as is).
    private mutating func plainWord(_ node: Node, _ key: String) -> String? {
        guard let text = string(node, "text for \(key)") else { return nil }
        if text.unicodeScalars.contains(where: needsDisplayEscape) {
            fail(node, "\(key): holds a control character or a line break; a word must be plain text on one line")
            return nil
        }
        return text
    }
}
