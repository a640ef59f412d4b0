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

    /// A yes or no key: the answer, at once.
    func confirmKeyPressed(_ key: Int32) -> Int32 {
        guard let state = field.list, state.isConfirm, let scalar = Unicode.Scalar(UInt32(key)) else { return 0 }
        rl_replace_line(String(Character(scalar)), 0)
        sb_rl_set_point(sb_rl_end())
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
        rl_replace_line(shown, 0)
        sb_rl_set_point(sb_rl_end())
        return true
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
