// SPDX-License-Identifier: GPL-3.0-or-later
// The list under the input as rows of text: filtering, the window, "N more", marks, cutting, escaping.
import Testing
@testable import SwitchboardTerminal

@MainActor @Suite struct ListRendererTests {
    let colours = ["red", "green", "blue", "Grey", "dark green", "ÉCRU"]

    @Test func filtersIgnoringCaseAndMarksTheHighlightedOption() {
        var list = OptionList(colours)
        let renderer = ListRenderer()
        #expect(renderer.rows(&list, width: 40, height: 10) == ["› red", "  green", "  blue", "  Grey", "  dark green", "  ÉCRU"])
        list.setFilter("gr")
        #expect(renderer.rows(&list, width: 40, height: 10) == ["› green", "  Grey", "  dark green"])
        list.setFilter("GRE")
        #expect(renderer.rows(&list, width: 40, height: 10) == ["› green", "  Grey", "  dark green"])
        list.move(by: 1)
        #expect(renderer.rows(&list, width: 40, height: 10) == ["  green", "› Grey", "  dark green"])
        list.move(by: 5)   // stops at the end
        #expect(list.highlightedIndex == 4)
        list.setFilter("écr")
        #expect(renderer.rows(&list, width: 40, height: 10) == ["› ÉCRU"])
        list.setFilter("xyz")
        #expect(renderer.rows(&list, width: 40, height: 10) == [])
        #expect(list.highlightedIndex == nil)
        list.setFilter("")
        #expect(list.matches.count == 6)
    }

    @Test func aWindowOfRowsWithOneMoreRow() {
        var list = OptionList((1...100).map { "option \($0)" })
        let renderer = ListRenderer()
        #expect(renderer.rows(&list, width: 40, height: 4) == ["› option 1", "  option 2", "  option 3", "  ↓ 97 more"])
        list.move(by: 4)
        #expect(renderer.rows(&list, width: 40, height: 4) == ["  option 3", "  option 4", "› option 5",
                                                               "  ↑ 2 more · ↓ 95 more"])
        list.move(by: 1000)
        #expect(renderer.rows(&list, width: 40, height: 4) == ["  option 98", "  option 99", "› option 100",
                                                               "  ↑ 97 more"])
        #expect(renderer.rows(&list, width: 40, height: 1) == ["› option 100"])   // one row: no "more" row
        list.setFilter("9")   // 9, 19, ..., 89, 90...99: 19 options
        #expect(renderer.rows(&list, width: 40, height: 3) == ["› option 9", "  option 19", "  ↓ 17 more"])
    }

    @Test func severalChoicesAreMarkedAndReturnedInListOrder() {
        var list = OptionList(colours)
        let renderer = ListRenderer(multi: true)
        list.move(by: 2)
        list.toggleHighlighted()
        list.move(by: -2)
        list.toggleHighlighted()
        #expect(renderer.rows(&list, width: 40, height: 3) == ["› ◉ red", "  ○ green", "  ↓ 4 more"])
        #expect(list.chosenOptions == ["red", "blue"])
        list.toggleHighlighted()
        #expect(list.chosenOptions == ["blue"])
    }

    @Test func wideOptionsAreCutAndControlCharactersEscaped() {
        adoptCharacterLocale()   // wide characters are measured as the terminal does
        var list = OptionList([String(repeating: "x", count: 50), "日本語のテキストです", "bad\u{1B}[31mred"])
        let rows = ListRenderer().rows(&list, width: 12, height: 5)
        #expect(rows == ["› xxxxxxxxx…", "  日本語の…", "  bad\\u{1b}…"])
        // Picked whole.
        #expect(list.option(0).count == 50)
    }

    @Test func coloursTheMatchOnlyWithColour() {
        var list = OptionList(["red", "green"])
        list.setFilter("ee")
        let plain = ListRenderer().rows(&list, width: 40, height: 5)
        #expect(plain == ["› green"])
        let coloured = ListRenderer(color: true).rows(&list, width: 40, height: 5)
        #expect(coloured == ["\u{1B}[36m› \u{1B}[0m\u{1B}[1mgr\u{1B}[1;33mee\u{1B}[0m\u{1B}[1mn\u{1B}[0m"])
    }

    @Test func aListWithNoOptionsIsAnErrorNotAQuestion() {
        #expect(throws: FieldError.invalid(field: "Colour", message: "no options to choose from")) {
            _ = try ListField(prompt: "Colour", options: []).read()
        }
    }

    @Test func aMillionOptionsFilterNarrowingAndWidening() {
        var list = OptionList()
        for n in 1...1_000_000 { list.append(Array(String(n).utf8)[...]) }
        list.matchAll()
        list.setFilter("99999")
        #expect(list.matches.count == 10 + 9)   // 99999, 199999...999999 (9), 999990...999999 (10) shares 999999
        list.setFilter("999999")
        #expect(list.matches.map { list.option(Int($0)) } == ["999999"])
        list.setFilter("1000000")
        #expect(list.matches.map { list.option(Int($0)) } == ["1000000"])
        #expect(list.index(of: "500000") == 499_999)
    }

    @Test func optionsThatStreamInJoinTheMatchesOfTheFilterAndKeepTheHighlight() {
        var list = OptionList(["red", "green"])
        list.setFilter("e")
        list.move(by: 1)
        #expect(list.highlightedIndex == 1)
        for option in ["blue", "sky", "Teal"] { list.append(Array(option.utf8)[...]) }
        list.matchAppended(from: 2)
        #expect(list.matches == [0, 1, 2, 4])      // "sky" has no e; "Teal" matches ignoring case
        #expect(list.highlightedIndex == 1)        // still green
        #expect(ListWords.grouped(1_204) == "1,204")
        #expect(ListWords.grouped(999) == "999")
        #expect(ListWords.grouped(1_000_000) == "1,000,000")
    }
}
