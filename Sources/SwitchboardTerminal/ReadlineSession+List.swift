// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

/// A list question (or a yes/no) read by the session: its keys, its answer on Enter, and its rows under the hint.
extension ReadlineSession {
    /// An arrow, a page key, Tab or Shift-Tab while the list shows.
    func listKeyPressed(_ action: ListAction) {
        guard let state = field.list, state.showsList else { return }
        syncText()   // the list must be filtered by the text on the line before it moves
        let page = max(1, state.shownRows)
        if action != .fill { state.highlightMoved = true }
        switch action {
        case .up: state.list.move(by: -1)
        case .down: state.list.move(by: 1)
        case .pageUp: state.list.move(by: -page)
        case .pageDown: state.list.move(by: page)
        case .toggleDown:
            state.list.toggleHighlighted()
            state.list.move(by: 1)
        case .toggleUp:
            state.list.toggleHighlighted()
            state.list.move(by: -1)
        case .fill:
            guard let index = state.list.highlightedIndex else { rl_ding(); return }
            let option = state.list.option(index)
            guard !option.unicodeScalars.contains(where: needsDisplayEscape) else { rl_ding(); return }
            rl_replace_line(option, 0)
            sb_rl_set_point(sb_rl_end())
            syncText()
        }
        // The selection changed: its rules run through the field's switches, as a text change would run them.
        field.field.revalidate()
        validated = true     // from now on the hint says what is wrong with the selection, live
        refused = false
        redisplayDeferred = true
    }

    /// More options arrived (or their end): list and filter them, check the selection again, draw. An error of
    /// the feed (a line that is not UTF-8 ...) ends the question with the terminal restored.
    func readOptions(_ state: ListState) throws {
        do {
            try state.readFeed()
        } catch {
            cleanUpAfterSignal(echo: nil)
            throw error
        }
        guard state.showsList else { return }
        field.field.revalidate()
        if !inputPending() { redisplayNow() } else { redisplayDeferred = true }
    }

    /// A yes or no key: the answer, at once.
    func confirmKeyPressed(_ key: Int32) -> Int32 {
        guard let state = field.list, state.isConfirm else { return 0 }
        // The whole key: one byte, or the UTF-8 bytes of a character such as `Д` (bound as one sequence).
        var sequence = [CChar](repeating: 0, count: 8)
        let length = Int(sb_rl_executing_keyseq(&sequence, Int32(sequence.count)))
        let bytes = sequence[..<length].map { UInt8(bitPattern: $0) }
        let typed: String
        if length > 1, let text = String(validating: bytes, as: UTF8.self), text.count == 1 {
            typed = text
        } else if key > 0, key < 0x80, let scalar = Unicode.Scalar(UInt32(key)) {
            typed = String(Character(scalar))
        } else {
            return 0
        }
        guard state.confirmAnswer(for: typed) != nil else { return 0 }
        rl_replace_line(typed, 0)
        sb_rl_set_point(sb_rl_end())
        state.answeredByKey = true
        return accept(1, 13)
    }

    /// Enter on a valid list or yes/no: the pick goes on the line in place of the filter. False when there is
    /// nothing to pick (no match; no answer and no default).
    func finishList(_ state: ListState) -> Bool {
        let shown: String
        if case .confirm(let defaultAnswer) = state.kind {
            guard let yes = state.confirmAnswer(for: lastText) ?? (lastText.isEmpty ? defaultAnswer : nil) else {
                return false
            }
            shown = state.answer(yes)
        } else {
            guard let pick = state.pick() else { return false }
            shown = pick.shown
        }
        rl_replace_line(oneRow(shown), 0)
        sb_rl_set_point(sb_rl_end())
        return true
    }

    /// The pick as the line shows it, cut (with `…`) so that it never wraps. Terminals and readline disagree on
    /// the width of emoji sequences (`👨‍👩‍👧‍👦`: readline adds up its scalars), so a wrapped line would put
    /// readline's idea of the rows apart from the screen's and the clean-up after Enter would erase the prompt's
    /// row; measured by `widthBound` (never less than readline's measure), one row is one row for both. The pick
    /// itself (what `read()` returns) is whole.
    func oneRow(_ shown: String) -> String {
        let room = columns - 1 - promptWidthBound
        guard room >= 4, promptWidthBound + widthBound(Array(shown.utf8)[...]) >= columns - 1 else { return shown }
        var width = 0
        var end = shown.startIndex
        for index in shown.indices {
            let next = shown.index(after: index)
            let character = widthBound(Array(shown[index..<next].utf8)[...])
            if width + character > room - 2 { break }   // "…" is measured as 2
            width += character
            end = next
        }
        return String(shown[..<end]) + "…"
    }

    /// The list's rows under the hint: as many as the terminal has room for under the input (at most the
    /// question's page size), so that the input never scrolls off the top.
    func listRows(screenRows: Int, inputRows: Int) -> [String] {
        guard let state = field.list, state.showsList else { return [] }
        let room = max(1, min(state.pageRows, screenRows - inputRows - 1))
        let renderer = ListRenderer(words: state.words, color: color, multi: state.isMulti)
        let rows = renderer.rows(&state.list, width: columns - 1, height: room)
        state.shownRows = max(1, rows.count - (rows.count < state.list.matches.count ? 1 : 0))
        return rows
    }
}
