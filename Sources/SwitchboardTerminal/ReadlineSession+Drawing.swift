// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

extension ReadlineSession {
    // MARK: drawing

    func redisplayNow() {
        syncText()
        redisplayDeferred = false   // after syncText: a note set by a switch's action is drawn now
        drawnVerdict = field.verdict.value
        if redisplayKeepingHint() { return }
        eraseDecorations()
        if field.options.masked { redisplayMasked() } else { redisplaySafely() }
        drawDecorations()
        streams.flush()
        field.proxy.redisplayed.send(())
    }

    private func innerRedisplay() {
        if let host = field.proxy.forwardRedisplay { host() } else { rl_redisplay() }
    }

    /// Draws the line with each character a terminal would obey but readline passes through as it is (C1
    /// controls such as U+009B CSI, the line separators U+2028/U+2029, bidirectional controls; readline itself
    /// shows C0 controls as `^[`) replaced by a visible stand-in of the same length in bytes: `¿` for two bytes,
    /// `�` for three. A pasted, preset or completed value cannot drive the terminal; the buffer is restored at
    /// once and the value keeps its characters (the field's plain-text rule refuses control characters).
    private func redisplaySafely() {
        guard let line = sb_rl_line_buffer() else { return innerRedisplay() }
        let end = Int(sb_rl_end())
        let bytes = UnsafeMutableRawPointer(line).assumingMemoryBound(to: UInt8.self)
        var unsafe: [(offset: Int, length: Int)] = []
        var i = 0
        while i < end {
            let lead = bytes[i]
            guard lead >= 0xC2 && lead < 0xF0 else { i += 1; continue }
            let length = lead < 0xE0 ? 2 : 3
            guard i + length <= end, bytes[i + 1] & 0xC0 == 0x80,
                  length == 2 || bytes[i + 2] & 0xC0 == 0x80 else { i += 1; continue }
            let value = length == 2
                ? UInt32(lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                : UInt32(lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            if let scalar = Unicode.Scalar(value), needsDisplayEscape(scalar) { unsafe.append((i, length)) }
            i += length
        }
        guard !unsafe.isEmpty else { return innerRedisplay() }
        let saved = Array(UnsafeBufferPointer(start: bytes, count: end))
        let standIns: [[UInt8]] = [[], [], [0xC2, 0xBF], [0xEF, 0xBF, 0xBD]]   // "¿", "�"
        for (offset, length) in unsafe {
            for k in 0..<length { bytes[offset + k] = standIns[length][k] }
        }
        innerRedisplay()
        for k in 0..<end { bytes[k] = saved[k] }
    }

    /// Draws one `*` per character: the buffer is overwritten for the redisplay and restored, so the secret
    /// never reaches the terminal.
    private func redisplayMasked() {
        guard let buffer = sb_rl_line_buffer() else { return innerRedisplay() }
        let end = Int(sb_rl_end())
        let point = Int(sb_rl_point())
        let saved = Array(UnsafeBufferPointer(start: buffer, count: end + 1))
        let characters = lastText.count
        let pointCharacters = String(decoding: lastBuffer.prefix(point), as: UTF8.self).count
        for i in 0..<characters { buffer[i] = CChar(UInt8(ascii: "*")) }
        buffer[characters] = 0
        sb_rl_set_end(Int32(characters))
        sb_rl_set_point(Int32(pointCharacters))
        innerRedisplay()
        for i in 0...end { buffer[i] = saved[i] }
        sb_rl_set_end(Int32(end))
        sb_rl_set_point(Int32(point))
    }

    /// The common keystroke: the line stays on the prompt's row and the hint's text does not change (typing an
    /// address under "✗ must be a valid email address"). Then readline redraws its row alone and the hint row
    /// under it is left as it is: no erasing and drawing the hint again on every key (that was most of the bytes
    /// and of the CPU a keystroke cost over bare readline). Returns false, having drawn nothing, when the full
    /// erase-redisplay-draw is needed.
    private func redisplayKeepingHint() -> Bool {
        guard field.list?.showsList != true, hintShown, !placeholderShown, !lastBuffer.isEmpty, !drawnWhileSearching, sb_rl_searching() == 0,
              drawnAt.0 == 0, drawnAt.2 == 0, readlineModel() == drawnAt
        else { return false }
        // readline must not reach the hint's row: the whole line, at its widest, fits before the last column.
        guard promptWidthBound + widthBound(lastBuffer[...]) < columns - 1,
              hintText(width: columns - 1) == drawnHint else { return false }
        if field.options.masked { redisplayMasked() } else { redisplaySafely() }
        drawnAt = readlineModel()
        field.proxy.redisplayed.send(())
        return true
    }

    /// An upper bound of the columns readline uses to show `bytes`: printable ASCII 1, a tab 8, another control
    /// character 2 (`^X`), a multi-byte character 2 (wide at most; combining marks counted too). Readline's own
    /// measure decides where it wraps; this one only says when wrapping is impossible.
    func widthBound(_ bytes: ArraySlice<UInt8>) -> Int {
        var width = 0
        for byte in bytes {
            switch byte {
            case 0x20..<0x7F: width += 1
            case 0x09: width += 8
            case 0x80..<0xC0: break          // continuation byte
            default: width += 2              // control character, or the lead byte of a multi-byte character
            }
        }
        return width
    }

    func readlineModel() -> (Int32, Int32, Int32) {
        (sb_rl_cursor_row(), sb_rl_cursor_column(), sb_rl_bottom_row())
    }

    /// Removes the placeholder and the hint drawn last time, leaving the cursor where readline thinks it is.
    func eraseDecorations() {
        let (row, column, bottom) = readlineModel()
        defer { hintShown = false; placeholderShown = false; listShown = false }
        guard (row, column, bottom) == drawnAt else { return }
        var out = ""
        if placeholderShown { out += escape + "K" }
        if hintShown {
            let down = Int(bottom) + 1 - Int(row)
            // A list's rows follow the hint: clear to the end of the screen.
            out += saveCursor + escape + "\(down)B\r" + escape + (listShown ? "J" : "K") + restoreCursor
        }
        if !out.isEmpty { streams.write(out) }
    }

    private func drawDecorations() {
        let (row, column, bottom) = readlineModel()
        var rows: Int32 = 0
        var cols: Int32 = 0
        rl_get_screen_size(&rows, &cols)
        if cols > 0 { columns = Int(cols) }
        var out = ""
        if lastBuffer.isEmpty, let placeholder = field.placeholder, !placeholder.isEmpty, bottom == 0,
           sb_rl_searching() == 0 {
            let room = columns - Int(column) - 1
            let shown = DisplayWidth.truncate(displayEscaped(placeholder), toColumns: room)
            if !shown.isEmpty {
                // Always dim, even under NO_COLOR (an attribute, not a colour): plain, it would read as typed text.
                out += escape + "2m" + shown + escape + "0m"
                out += escape + "\(DisplayWidth.columns(of: shown))D"
                placeholderShown = true
            }
        }
        let hint = hintText(width: columns - 1)
        let list = listRows(screenRows: Int(rows), inputRows: Int(bottom) + 1)
        if !hint.isEmpty || !list.isEmpty {
            // The hint row (and a list's rows under it) are made to exist first (IND moves down keeping the
            // column, and scrolls on the bottom row), then the cursor is saved, the rows drawn, and the cursor
            // restored. The cursor is never put back at readline's column: readline counts a ZWJ sequence as the
            // sum of its emoji (4 columns for 👩‍💻) where the terminal draws one (2), and its relative moves only
            // work from where the cursor really is.
            let down = Int(bottom) + 1 - Int(row)
            let below = down + list.count
            out += String(repeating: index, count: below) + escape + "\(below)A"
            out += saveCursor + escape + "\(down)B\r" + hint + escape + "K"
            for line in list { out += "\r\n" + line + escape + "K" }
            out += escape + "J" + restoreCursor
            hintShown = true
            listShown = !list.isEmpty
        }
        drawnHint = hint
        if !out.isEmpty { streams.write(out) }
        drawnAt = (row, column, bottom)
        drawnWhileSearching = sb_rl_searching() != 0
    }

}

/// IND: down one row, keeping the column; scrolls on the bottom row.
private let index = "\u{1B}D"
/// DECSC and DECRC: save and restore the cursor's position (and attributes).
private let saveCursor = "\u{1B}7"
private let restoreCursor = "\u{1B}8"
