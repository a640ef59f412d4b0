// SPDX-License-Identifier: Apache-2.0
import Switchboard

/// One cell of a virtual screen: the text drawn in it (a character with its combining marks and joined scalars,
/// or `""` for the right half of a wide character) and its style.
///
/// ```swift
/// let cell = term.screen.cell(row: 0, column: 0)
/// cell.text          // "N"
/// cell.style.bold    // true
/// ```
public struct TerminalCell: Hashable, Sendable {
    /// What the cell shows: `" "` when blank, `""` when it is the second column of the wide character before it.
    public var text: String
    /// The columns the text takes: 1, 2 for a wide character, 0 for the second half of one.
    public var width: Int
    /// Its attributes and colours.
    public var style: CellStyle

    /// A blank cell drawn in `style` (erasing fills cells with the current background).
    public static func blank(_ style: CellStyle = CellStyle()) -> TerminalCell {
        TerminalCell(text: " ", width: 1, style: style)
    }
}

/// What a program drew on a terminal, as a grid of cells: the virtual screen of a `TerminalSession`, or of any
/// bytes fed to `TerminalScreen(columns:rows:)` with `feed(_:)`. It behaves as xterm does (the same display
/// widths as Switchboard's terminal layer, auto-wrap with the pending-wrap state, no re-flow on resize).
///
/// ```swift
/// var screen = TerminalScreen(columns: 20, rows: 3)
/// screen.feed(Array("Name: \u{1B}[1mAda\u{1B}[m".utf8))
/// screen.text                                   // "Name: Ada"
/// screen.cell(row: 0, column: 6).style.bold     // true
/// ```
public struct TerminalScreen: Sendable {
    /// The width in columns.
    public internal(set) var columns: Int
    /// The height in rows.
    public internal(set) var rows: Int
    /// The grid shown now (the alternate screen's while a program uses it).
    var grid: [[TerminalCell]]
    /// The normal screen's grid, kept while the alternate screen shows.
    var savedGrid: [[TerminalCell]]?
    /// The cursor's row, zero-based.
    public internal(set) var cursorRow = 0
    /// The cursor's column, zero-based.
    public internal(set) var cursorColumn = 0
    /// The next printable character goes to the next row first (the cursor stands on the last column after
    /// filling it).
    var pendingWrap = false
    /// The style new text is drawn in.
    var style = CellStyle()
    /// The scroll region's first and last rows (inclusive).
    var scrollTop = 0
    var scrollBottom: Int
    var autoWrap = true
    var saved: (row: Int, column: Int, style: CellStyle, pendingWrap: Bool)?
    var savedForAlternate: (row: Int, column: Int, style: CellStyle, pendingWrap: Bool)?
    /// The cell the last printable character went to, for the zero-width scalars that follow it.
    var lastCell: (row: Int, column: Int)?
    var afterJoiner = false
    /// Whether the program hid the cursor (`ESC [ ? 25 l`).
    public internal(set) var cursorVisible = true
    /// Whether the program turned on bracketed paste (`ESC [ ? 2004 h`): then `paste` brackets what it sends.
    public internal(set) var bracketedPaste = false
    /// Whether the cursor keys send application sequences (`ESC [ ? 1 h`, as readline's keypad mode asks).
    public internal(set) var applicationCursorKeys = false
    /// Whether the alternate screen shows (`ESC [ ? 1049 h`, `47`, `1047`).
    public var alternateScreen: Bool { savedGrid != nil }
    /// The window title, as set with `OSC 0` or `OSC 2`.
    public internal(set) var title = ""
    /// How many times the program rang the bell.
    public internal(set) var bells = 0
    /// Bytes the program wrote that a terminal answers (cursor position reports): the session sends them back.
    var replies: [UInt8] = []
    var parser = EscapeParser()
    /// Settle marks seen so far, the last one, and whether nothing was written after it.
    var settleMarks = 0
    var lastSettleMark: SettleMark?
    var markIsLast = false

    /// The most columns, and the most rows, a screen has: a larger size asked for is cut to it (a smaller one
    /// than 1 becomes 1), so that no size can exhaust memory.
    public static let maximumSize = 1000

    /// `columns` within 1...`maximumSize`.
    static func clamped(columns: Int) -> Int { min(max(1, columns), maximumSize) }
    /// `rows` within 1...`maximumSize`.
    static func clamped(rows: Int) -> Int { min(max(1, rows), maximumSize) }

    /// An empty screen of `columns` x `rows` (from 1 x 1 to `maximumSize` x `maximumSize`).
    ///
    /// ```swift
    /// TerminalScreen(columns: 0, rows: 5000).rows   // 1000
    /// ```
    public init(columns: Int = 80, rows: Int = 24) {
        self.columns = Self.clamped(columns: columns)
        self.rows = Self.clamped(rows: rows)
        grid = Array(repeating: Array(repeating: .blank(), count: self.columns), count: self.rows)
        scrollBottom = self.rows - 1
    }

    // MARK: reading

    /// The cell at `row`, `column` (zero-based); a blank cell outside the screen.
    public func cell(row: Int, column: Int) -> TerminalCell {
        guard row >= 0, row < rows, column >= 0, column < columns else { return .blank() }
        return grid[row][column]
    }

    /// Every row as text, trailing spaces trimmed (as tmux's capture-pane shows them); always `rows` of them.
    public var lines: [String] {
        grid.map { row in
            var line = ""
            for cell in row where cell.width > 0 { line += cell.text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// The screen's lines joined by "\n", trailing spaces trimmed and the empty rows at the bottom left out.
    public var text: String {
        var shown = lines
        while shown.last == "" { shown.removeLast() }
        return shown.joined(separator: "\n")
    }

    /// Whether some row contains `text`.
    public func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    /// The first row containing `text`, if any.
    public func row(containing text: String) -> Int? {
        lines.firstIndex { $0.contains(text) }
    }

    /// The cells of `row` that show `text` (its first occurrence), for asserting on their style.
    ///
    /// ```swift
    /// let mark = term.screen.cells(showing: "✗")
    /// #expect(mark.allSatisfy { $0.style.foreground == .red })
    /// ```
    public func cells(showing text: String) -> [TerminalCell] {
        for row in grid {
            let visible = row.filter { $0.width > 0 }
            let texts = visible.map(\.text)
            for start in texts.indices {
                var joined = ""
                var end = start
                while end < texts.count && joined.count < text.count {
                    joined += texts[end]
                    end += 1
                }
                if joined == text { return Array(visible[start..<end]) }
            }
        }
        return []
    }
}

extension TerminalScreen: CustomStringConvertible {
    /// The screen in a frame, with its size and the cursor: what a failed expectation or wait shows.
    ///
    /// ```
    /// 20x3 screen, cursor at row 0, column 11:
    /// +--------------------+
    /// |Name: Ada           |
    /// ...
    /// ```
    public var description: String {
        let frame = "+" + String(repeating: "-", count: columns) + "+"
        let shown = lines.map { line in
            "|" + line + String(repeating: " ", count: max(0, columns - DisplayWidth.columns(of: line))) + "|"
        }
        return "\(columns)x\(rows) screen, cursor at row \(cursorRow), column \(cursorColumn):\n"
            + ([frame] + shown + [frame]).joined(separator: "\n")
    }
}
