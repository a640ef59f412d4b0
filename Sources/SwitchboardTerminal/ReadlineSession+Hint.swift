// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

/// How long a check runs before "checking…" appears, and how often its spinner moves.
private let checkingDelay = Duration.milliseconds(300)
private let spinnerStep = Duration.milliseconds(100)
private let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

extension ReadlineSession {
    /// How long poll may wait before "checking…" must appear or its spinner move on (nil: no check runs).
    func spinnerTimeout() -> Int32? {
        guard let since = field.field.checkRunningSince, field.verdict.value.isPending else { return nil }
        let elapsed = checks.now - since
        if elapsed < checkingDelay { return millisecondsRoundedUp(checkingDelay - elapsed) }
        return millisecondsRoundedUp(spinnerStep - .milliseconds(millisecondsRoundedUp(elapsed - checkingDelay) % 100))
    }

    /// Whether the spinner frame to show differs from the one drawn.
    func spinnerNeedsDrawing() -> Bool { spinnerFrame() != drawnSpinner }

    /// The frame of "checking…" to show now: nil while nothing has been checking for ~300 ms.
    private func spinnerFrame() -> Int? {
        guard validated, field.verdict.value.isPending, let since = field.field.checkRunningSince else { return nil }
        let elapsed = checks.now - since
        guard elapsed >= checkingDelay else { return nil }
        return Int(millisecondsRoundedUp(elapsed - checkingDelay) / 100) % spinnerFrames.count
    }

    /// What the hint's text depends on.
    struct HintKey: Equatable {
        var empty: Bool
        var validated: Bool
        var verdict: Verdict
        var refused: Bool
        var note: String
        var width: Int
        var spinner: Int?
        /// A list's help: whether it shows, and how many options are chosen.
        var listHelp: Int?
        /// While options stream in: how many have arrived.
        var reading: Int?
        /// Several choices: the filter when it matches nothing (said in the help).
        var unmatched: String?
    }

    /// `✓`, or `✗ message`, then the field's note; cut to `width` columns; coloured when allowed.
    func hintText(width: Int) -> String {
        // The "checking…" frame depends on the time: part of what the hint is made from, and recorded as drawn.
        let showsVerdict = validated && !(lastText.isEmpty && field.defaultValue?.isEmpty == false)
        let spinner = showsVerdict ? spinnerFrame() : nil
        if showsVerdict { drawnSpinner = spinner }
        let key = HintKey(empty: lastText.isEmpty, validated: validated, verdict: field.verdict.value,
                          refused: refused, note: field.note.value, width: width, spinner: spinner,
                          listHelp: field.list?.showsList == true ? field.list?.list.chosen.count : nil,
                          reading: field.list?.isReading == true ? field.list?.list.count : nil,
                          unmatched: field.list.flatMap { $0.isMulti && $0.showsList && $0.list.matches.isEmpty ? lastText : nil })
        if key == hintKey { return hintCache }
        hintCache = buildHintText(width: width, spinner: spinner)
        hintKey = key
        return hintCache
    }

    private func buildHintText(width: Int, spinner: Int?) -> String {
        var mark = ""
        var message = ""
        var markColor = ""
        // A list shows how to use it where a text field shows ✓ (and before anything is typed).
        var listHelp: String?
        if let state = field.list, state.showsList {
            listHelp = state.isMulti ? state.words.fill(state.words.multiHelp, n: state.list.chosen.count)
                : state.words.selectHelp
            if state.isMulti && state.list.matches.isEmpty && !lastText.isEmpty {
                // Enter still accepts the chosen set: say that the filter matches nothing, beside the help.
                listHelp = state.words.fill(state.words.noMatch, text: lastText) + " · " + (listHelp ?? "")
            }
        }
        if let listHelp, !validated || field.verdict.value.isValid {
            message = listHelp
            markColor = "2"
        } else if lastText.isEmpty, let defaultValue = field.defaultValue, !defaultValue.isEmpty {
            let words = field.options.words
            message = field.options.masked ? words.enterForSecretDefault
                : FormWords.fill(words.enterForDefault, ["default": defaultValue])
        } else if validated {
            let verdict = field.verdict.value
            if verdict.isPending {
                // Nothing until a check has run ~300 ms (no flicker), then an animated "checking…".
                if let frame = spinner {
                    mark = spinnerFrames[frame]
                    markColor = "2"
                    message = field.options.words.checking
                }
            } else if verdict.isValid {
                mark = "✓"
                markColor = "32"
            } else {
                mark = "✗"
                markColor = "31"
                message = field.shownMessage(verdict)
            }
        }
        if let state = field.list, state.showsList, state.isReading {
            // Options are still streaming in: say how many so far (the sign of life while a producer runs).
            let reading = FormWords.fill(state.words.reading, ["n": ListWords.grouped(state.list.count)])
            message += (message.isEmpty ? "" : " · ") + reading
            if markColor.isEmpty { markColor = "2" }
        }
        let note = field.note.value
        if mark.isEmpty && message.isEmpty && note.isEmpty { return "" }
        // The message, the note and the default come from users, rules and specs: escaped before any colour.
        var plain = mark
        if !message.isEmpty { plain += (plain.isEmpty ? "" : " ") + displayEscaped(message) }
        // After Enter on an invalid value, what Enter needs stays in sight: a message too wide is cut (with …)
        // before it, not it.
        let needs = refused && mark == "✗" ? " " + field.options.words.enterNeedsValid : ""
        let noted = note.isEmpty ? "" : (plain.isEmpty && needs.isEmpty ? "" : "  ") + displayEscaped(note)
        let whole = plain + needs + noted
        let width = max(1, width)
        if !needs.isEmpty, DisplayWidth.columns(of: whole) > width, width >= DisplayWidth.columns(of: needs) + 3 {
            let head = DisplayWidth.truncate(plain, toColumns: width - DisplayWidth.columns(of: needs))
            let room = width - DisplayWidth.columns(of: head + needs)
            plain = head + needs + (room > 3 ? DisplayWidth.truncate(noted, toColumns: room) : "")
        } else {
            plain = DisplayWidth.truncate(whole, toColumns: width)
        }
        guard color, !markColor.isEmpty, plain.hasPrefix(mark) else { return plain }
        let rest = plain.dropFirst(mark.count)
        let bold = refused ? escape + "1m" : ""
        if markColor == "32" { return escape + "32m" + mark + escape + "0m" + rest }
        return escape + markColor + "m" + bold + plain + escape + "0m"
    }

}
