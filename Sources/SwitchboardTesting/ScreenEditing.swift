// SPDX-License-Identifier: Apache-2.0
import Switchboard

/// What the program's output does to the screen: drawing text, moving the cursor, erasing, inserting and deleting,
/// scrolling, the alternate screen, resizing. The escape parser and the control sequences call these.
extension TerminalScreen {

    /// A printable scalar at the cursor, with the terminal layer's widths: wide characters take two cells (and
    /// wrap early at the last column), zero-width scalars and scalars after a zero-width joiner join the cell
    /// drawn last.
    mutating func draw(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.columns(ofScalar: scalar.value)
        if width == 0 || afterJoiner {
            afterJoiner = scalar.value == 0x200D
            guard let last = lastCell, last.row < rows, last.column < columns else { return }
            if grid[last.row][last.column].text.unicodeScalars.count < 32 {   // bounded, whatever the input
                grid[last.row][last.column].text.unicodeScalars.append(scalar)
            }
            return
        }
        afterJoiner = false
        if pendingWrap && autoWrap {
            carriageReturn()
            lineFeed()
        }
        pendingWrap = false
        if width == 2 && cursorColumn == columns - 1 {
            if columns < 2 { return }
            if autoWrap {
                clearWide(at: cursorRow, cursorColumn)
                grid[cursorRow][cursorColumn] = .blank(style)
                carriageReturn()
                lineFeed()
            } else {
                cursorColumn -= 1
            }
        }
        clearWide(at: cursorRow, cursorColumn)
        if width == 2 { clearWide(at: cursorRow, cursorColumn + 1) }
        grid[cursorRow][cursorColumn] = TerminalCell(text: String(Character(scalar)), width: width, style: style)
        if width == 2 { grid[cursorRow][cursorColumn + 1] = TerminalCell(text: "", width: 0, style: style) }
        lastCell = (cursorRow, cursorColumn)
        if cursorColumn + width >= columns {
            cursorColumn = columns - 1
            pendingWrap = autoWrap
        } else {
            cursorColumn += width
        }
    }

    /// Before a cell is overwritten: the other half of a wide character it belongs to becomes blank.
    mutating func clearWide(at row: Int, _ column: Int) {
        guard row < rows, column < columns else { return }
        let cell = grid[row][column]
        if cell.width == 0, column > 0 {
            grid[row][column - 1] = .blank(grid[row][column - 1].style)
        } else if cell.width == 2, column + 1 < columns {
            grid[row][column + 1] = .blank(grid[row][column + 1].style)
        }
    }

    mutating func carriageReturn() {
        cursorColumn = 0
        pendingWrap = false
    }

    /// Down one row, scrolling the region up when the cursor is on its last row.
    mutating func lineFeed() {
        pendingWrap = false
        if cursorRow == scrollBottom {
            scrollUp(1)
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
    }

    /// Up one row, scrolling the region down when the cursor is on its first row.
    mutating func reverseLineFeed() {
        pendingWrap = false
        if cursorRow == scrollTop {
            scrollDown(1)
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
    }

    mutating func scrollUp(_ count: Int) {
        let count = min(max(1, count), scrollBottom - scrollTop + 1)
        grid.removeSubrange(scrollTop..<(scrollTop + count))
        grid.insert(contentsOf: Array(repeating: blankRow(), count: count), at: scrollBottom - count + 1)
        lastCell = nil
    }

    mutating func scrollDown(_ count: Int) {
        let count = min(max(1, count), scrollBottom - scrollTop + 1)
        grid.removeSubrange((scrollBottom - count + 1)...scrollBottom)
        grid.insert(contentsOf: Array(repeating: blankRow(), count: count), at: scrollTop)
        lastCell = nil
    }

    func blankRow() -> [TerminalCell] {
        var background = CellStyle()
        background.background = style.background
        return Array(repeating: .blank(background), count: columns)
    }

    /// A blank cell in the current background colour (what erasing leaves, as xterm does).
    var erased: TerminalCell {
        var background = CellStyle()
        background.background = style.background
        return .blank(background)
    }

    mutating func moveCursor(row: Int, column: Int) {
        cursorRow = min(max(0, row), rows - 1)
        cursorColumn = min(max(0, column), columns - 1)
        pendingWrap = false
    }

    mutating func tab() {
        let next = (cursorColumn / 8 + 1) * 8
        cursorColumn = min(next, columns - 1)
    }

    mutating func backspace() {
        if pendingWrap { pendingWrap = false; return }
        cursorColumn = max(0, cursorColumn - 1)
    }

    /// Erases within the cursor's row: 0 from the cursor to the end, 1 from the start to the cursor, 2 all.
    mutating func eraseInLine(_ mode: Int) {
        let range: Range<Int>
        switch mode {
        case 0: range = cursorColumn..<columns
        case 1: range = 0..<min(columns, cursorColumn + 1)
        case 2: range = 0..<columns
        default: return
        }
        eraseCells(row: cursorRow, range)
        if mode != 1 { pendingWrap = false }
    }

    mutating func eraseCells(row: Int, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        clearWide(at: row, range.lowerBound)
        clearWide(at: row, range.upperBound - 1)
        for column in range { grid[row][column] = erased }
    }

    /// Erases the screen: 0 from the cursor to the end, 1 from the start to the cursor, 2 and 3 all.
    mutating func eraseInDisplay(_ mode: Int) {
        switch mode {
        case 0:
            eraseInLine(0)
            for row in (cursorRow + 1)..<rows { eraseCells(row: row, 0..<columns) }
        case 1:
            eraseInLine(1)
            for row in 0..<cursorRow { eraseCells(row: row, 0..<columns) }
        case 2, 3:
            for row in 0..<rows { eraseCells(row: row, 0..<columns) }
        default: return
        }
    }

    /// ECH: `count` cells from the cursor become blank; the cursor stays.
    mutating func eraseCharacters(_ count: Int) {
        eraseCells(row: cursorRow, cursorColumn..<min(columns, cursorColumn + max(1, count)))
    }

    /// ICH: blanks pushed in at the cursor; what passes the right margin is lost.
    mutating func insertCharacters(_ count: Int) {
        let count = min(max(1, count), columns - cursorColumn)
        clearWide(at: cursorRow, cursorColumn)
        var row = grid[cursorRow]
        row.insert(contentsOf: Array(repeating: erased, count: count), at: cursorColumn)
        row.removeLast(count)
        if let last = row.last, last.width == 2 { row[columns - 1] = .blank(last.style) }
        grid[cursorRow] = row
        pendingWrap = false
    }

    /// DCH: cells at the cursor removed; the rest of the row moves left, blanks come in at the right.
    mutating func deleteCharacters(_ count: Int) {
        let count = min(max(1, count), columns - cursorColumn)
        clearWide(at: cursorRow, cursorColumn)
        clearWide(at: cursorRow, cursorColumn + count - 1)
        var row = grid[cursorRow]
        row.removeSubrange(cursorColumn..<(cursorColumn + count))
        row.append(contentsOf: Array(repeating: erased, count: count))
        grid[cursorRow] = row
        pendingWrap = false
    }

    /// IL / DL: rows inserted or deleted at the cursor within the scroll region (nothing outside it).
    mutating func insertLines(_ count: Int) {
        guard cursorRow >= scrollTop, cursorRow <= scrollBottom else { return }
        let count = min(max(1, count), scrollBottom - cursorRow + 1)
        grid.removeSubrange((scrollBottom - count + 1)...scrollBottom)
        grid.insert(contentsOf: Array(repeating: blankRow(), count: count), at: cursorRow)
        cursorColumn = 0
        pendingWrap = false
    }

    mutating func deleteLines(_ count: Int) {
        guard cursorRow >= scrollTop, cursorRow <= scrollBottom else { return }
        let count = min(max(1, count), scrollBottom - cursorRow + 1)
        grid.removeSubrange(cursorRow..<(cursorRow + count))
        grid.insert(contentsOf: Array(repeating: blankRow(), count: count), at: scrollBottom - count + 1)
        cursorColumn = 0
        pendingWrap = false
    }

    mutating func setScrollRegion(top: Int, bottom: Int) {
        let top = max(0, top)
        let bottom = min(rows - 1, bottom)
        guard top < bottom else { return }
        scrollTop = top
        scrollBottom = bottom
        moveCursor(row: 0, column: 0)
    }

    mutating func saveCursor() {
        saved = (cursorRow, cursorColumn, style, pendingWrap)
    }

    mutating func restoreCursor() {
        guard let saved else { moveCursor(row: 0, column: 0); style = CellStyle(); return }
        moveCursor(row: saved.row, column: saved.column)
        style = saved.style
        pendingWrap = saved.pendingWrap
    }

    /// The alternate screen on (`saveCursor`: 1049's cursor save) or off.
    mutating func setAlternateScreen(_ on: Bool, saveCursor: Bool) {
        if on {
            guard savedGrid == nil else { return }
            if saveCursor { savedForAlternate = (cursorRow, cursorColumn, style, pendingWrap) }
            savedGrid = grid
            grid = Array(repeating: Array(repeating: .blank(), count: columns), count: rows)
        } else {
            guard let normal = savedGrid else { return }
            grid = normal
            savedGrid = nil
            if saveCursor, let saved = savedForAlternate {
                moveCursor(row: saved.row, column: saved.column)
                style = saved.style
            }
        }
        lastCell = nil
    }

    /// Everything back as at start (RIS, `ESC c`), keeping the size.
    mutating func reset() {
        let parser = self.parser
        self = TerminalScreen(columns: columns, rows: rows)
        self.parser = parser
    }

    /// A new size, as xterm takes it: no re-flow; rows cut or padded on the right; when the screen gets shorter,
    /// rows leave at the top as far as needed to keep the cursor's row, then at the bottom.
    public mutating func resize(columns newColumns: Int, rows newRows: Int) {
        let newColumns = Self.clamped(columns: newColumns)
        let newRows = Self.clamped(rows: newRows)
        func fit(_ grid: [[TerminalCell]], cursorRow: Int) -> ([[TerminalCell]], Int) {
            var grid = grid.map { row -> [TerminalCell] in
                var row = row
                if row.count > newColumns {
                    row.removeLast(row.count - newColumns)
                    if let last = row.last, last.width == 2 { row[newColumns - 1] = .blank(last.style) }
                } else {
                    row.append(contentsOf: Array(repeating: .blank(), count: newColumns - row.count))
                }
                return row
            }
            var cursorRow = cursorRow
            if grid.count > newRows {
                let fromTop = min(grid.count - newRows, max(0, cursorRow - newRows + 1))
                grid.removeFirst(fromTop)
                cursorRow -= fromTop
                grid.removeLast(grid.count - newRows)
            } else {
                grid.append(contentsOf: Array(repeating: Array(repeating: .blank(), count: newColumns),
                                              count: newRows - grid.count))
            }
            return (grid, cursorRow)
        }
        let (fitted, row) = fit(grid, cursorRow: cursorRow)
        grid = fitted
        if let normal = savedGrid { savedGrid = fit(normal, cursorRow: normal.count - 1).0 }
        columns = newColumns
        rows = newRows
        scrollTop = 0
        scrollBottom = newRows - 1
        lastCell = nil
        moveCursor(row: row, column: cursorColumn)
    }
}
