// SPDX-License-Identifier: GPL-3.0-or-later
extension StringProtocol {
    /// The text without the spaces and tabs at either end (an answer as typed: `" yes\t"` is `"yes"`).
    package var trimmingSpacesAndTabs: SubSequence { trimming { $0 == " " || $0 == "\t" } }

    /// The text without the spaces at either end (tabs stay: they may be meant).
    package var trimmingSpaces: SubSequence { trimming { $0 == " " } }

    private func trimming(_ isTrimmed: (Character) -> Bool) -> SubSequence {
        var start = startIndex, end = endIndex
        while start < end, isTrimmed(self[start]) { start = index(after: start) }
        while start < end, isTrimmed(self[index(before: end)]) { end = index(before: end) }
        return self[start..<end]
    }
}
