// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// Draws the rows of a list under the input: a window of the matching options with the highlighted one
/// marked, chosen ones marked (several choices), the letters that match the filter highlighted (colour only),
/// and one "N more" row when options are hidden. It returns text rows and touches no terminal, so what a user
/// sees is tested on plain strings.
///
/// Option text is escaped (`displayEscaped`) and cut to the width with `…`; a row never wraps.
struct ListRenderer {
    var words = ListWords()
    var color = false
    var multi = false

    /// The marks a row starts with, escaped and measured once per drawing (not once per row).
    private struct Marks {
        /// The highlighted row's prefix, and every other row's (spaces as wide), each with a space after it.
        var highlighted: String
        var plain: String
        /// The chosen and not-chosen marks with a space after them (several choices), else empty.
        var chosen = ""
        var unchosen = ""
        /// The columns either prefix takes.
        var width: Int

        /// Each mark is cut (with `…`) to a quarter of the row at most: a long mark must leave room for the options.
        init(_ words: ListWords, multi: Bool, width rowWidth: Int) {
            let cap = max(1, rowWidth / 4)
            let mark = DisplayWidth.truncate(displayEscaped(words.highlightMark), toColumns: cap)
            let markWidth = DisplayWidth.columns(of: mark)
            highlighted = mark + " "
            plain = String(repeating: " ", count: markWidth) + " "
            width = markWidth + 1
            if multi {
                chosen = DisplayWidth.truncate(displayEscaped(words.chosenMark), toColumns: cap) + " "
                unchosen = DisplayWidth.truncate(displayEscaped(words.unchosenMark), toColumns: cap) + " "
            }
        }
    }

    /// At most `height` rows (at least one), none wider than `width` columns. Scrolls `list` so that its
    /// highlighted option is in the window.
    func rows(_ list: inout OptionList, width: Int, height: Int) -> [String] {
        let height = max(1, height)
        let total = list.matches.count
        guard total > 0 else { return [] }
        // One row is kept for "N more" when options are hidden, unless the terminal leaves room for one row only.
        let itemRows = total <= height ? total : max(1, height - 1)
        let showsMore = total > itemRows && height > 1
        list.scroll(toShow: itemRows)
        let top = list.top
        let end = min(total, top + itemRows)
        var rows: [String] = []
        rows.reserveCapacity(itemRows + 1)
        let marks = Marks(words, multi: multi, width: width)
        for position in top..<end {
            rows.append(row(list, position: position, width: width, marks: marks))
        }
        let above = top
        let below = total - end
        if showsMore && (above > 0 || below > 0) {
            let text: String
            if above > 0 && below > 0 {
                text = words.fill(words.moreAboveAndBelow, n: above, m: below)
            } else if above > 0 {
                text = words.fill(words.moreAbove, n: above)
            } else {
                text = words.fill(words.moreBelow, n: below)
            }
            let shown = cut("  " + displayEscaped(text), width)
            rows.append(color ? escape + "2m" + shown + escape + "0m" : shown)
        }
        return rows
    }

    /// One option's row: mark, chosen mark, text.
    private func row(_ list: OptionList, position: Int, width: Int, marks: Marks) -> String {
        let index = Int(list.matches[position])
        let isHighlighted = position == list.highlighted
        let prefix = isHighlighted ? marks.highlighted : marks.plain
        let isChosen = multi && list.chosen.contains(Int32(index))
        let chosenMark = isChosen ? marks.chosen : marks.unchosen
        let option = list.option(index)
        let room = max(1, width - marks.width - DisplayWidth.columns(of: chosenMark))
        let escaped = displayEscaped(option)
        let text = cut(escaped, room)
        guard color else { return prefix + chosenMark + text }
        let reset = escape + "0m"
        let coloredPrefix = isHighlighted ? escape + "36m" + prefix + reset : prefix
        let coloredMark = isChosen ? escape + "32m" + chosenMark + reset : chosenMark
        // The matching letters: only where the text shows the option as it is (no escapes in it).
        var body = text
        if escaped == option, !list.filter.isEmpty, let range = matchRange(of: list.filter, in: text) {
            let characters = Array(text)
            body = String(characters[..<range.lowerBound]) + escape + "1;33m"
                + String(characters[range]) + reset + (isHighlighted ? escape + "1m" : "")
                + String(characters[range.upperBound...])
        }
        if isHighlighted { body = escape + "1m" + body + reset }
        return coloredPrefix + coloredMark + body
    }

    /// Where `filter` first occurs in `text`, in characters, ignoring case.
    private func matchRange(of filter: String, in text: String) -> Range<Int>? {
        let wanted = filter.map { $0.lowercased() }
        let characters = text.map { $0.lowercased() }
        guard !wanted.isEmpty, characters.count >= wanted.count else { return nil }
        for start in 0...(characters.count - wanted.count)
        where characters[start..<(start + wanted.count)].elementsEqual(wanted) {
            return start..<(start + wanted.count)
        }
        return nil
    }

    /// `text` cut to `columns` with `…` when it is wider.
    private func cut(_ text: String, _ columns: Int) -> String {
        DisplayWidth.truncate(text, toColumns: columns)
    }
}
