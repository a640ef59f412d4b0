// SPDX-License-Identifier: Apache-2.0
/// The control sequences (`ESC [ ... final`) the virtual screen carries out: cursor movement, erasing,
/// inserting and deleting, scrolling, SGR, modes, and the cursor position report. Others are skipped.
extension TerminalScreen {
    mutating func controlSequence(_ body: [UInt8], final: UInt8) {
        var body = body[...]
        var privateMarker: UInt8?
        if let first = body.first, first >= 0x3C && first <= 0x3F {
            privateMarker = first
            body = body.dropFirst()
        }
        // Intermediate bytes (0x20-0x2F) end the parameters: `CSI ! p` (soft reset), `CSI SP q` (cursor shape).
        let intermediates = body.drop { $0 < 0x20 || $0 > 0x2F }
        let parameterBytes = body.prefix { $0 < 0x20 || $0 > 0x2F }
        let parameters = Self.parameters(parameterBytes)
        func value(_ index: Int, _ fallback: Int) -> Int {
            guard index < parameters.count, let first = parameters[index].first, first != 0 else { return fallback }
            return first
        }
        if !intermediates.isEmpty {
            if intermediates == [0x21], final == 0x70 { softReset() }   // CSI ! p
            return
        }
        if let marker = privateMarker {
            guard marker == 0x3F else { return }   // ? modes; > = < are queries and settings with nothing to show
            if final == 0x68 || final == 0x6C { setPrivateModes(parameters.map { $0.first ?? 0 }, on: final == 0x68) }
            return
        }
        let n = value(0, 1)
        switch final {
        case 0x41: moveCursor(row: cursorRow - n, column: cursorColumn)                // A
        case 0x42, 0x65: moveCursor(row: cursorRow + n, column: cursorColumn)          // B e
        case 0x43, 0x61: moveCursor(row: cursorRow, column: cursorColumn + n)          // C a
        case 0x44: moveCursor(row: cursorRow, column: cursorColumn - n)                // D
        case 0x45: moveCursor(row: cursorRow + n, column: 0)                           // E
        case 0x46: moveCursor(row: cursorRow - n, column: 0)                           // F
        case 0x47, 0x60: moveCursor(row: cursorRow, column: n - 1)                     // G `
        case 0x48, 0x66: moveCursor(row: value(0, 1) - 1, column: value(1, 1) - 1)     // H f
        case 0x64: moveCursor(row: n - 1, column: cursorColumn)                        // d
        case 0x4A: eraseInDisplay(parameters.first?.first ?? 0)                        // J
        case 0x4B: eraseInLine(parameters.first?.first ?? 0)                           // K
        case 0x58: eraseCharacters(n)                                                  // X
        case 0x40: insertCharacters(n)                                                 // @
        case 0x50: deleteCharacters(n)                                                 // P
        case 0x4C: insertLines(n)                                                      // L
        case 0x4D: deleteLines(n)                                                      // M
        case 0x53: scrollUp(n)                                                         // S
        case 0x54: if parameters.count <= 1 { scrollDown(n) }                          // T
        case 0x49: for _ in 0..<min(n, columns) { tab() }                              // I
        case 0x5A:                                                                     // Z: back tab
            for _ in 0..<min(n, columns) { cursorColumn = max(0, (cursorColumn - 1) / 8 * 8) }
            pendingWrap = false
        case 0x72: setScrollRegion(top: value(0, 1) - 1, bottom: value(1, rows) - 1)   // r
        case 0x73: if parameters.isEmpty { saveCursor() }                              // s
        case 0x75: restoreCursor()                                                     // u
        case 0x6D: style.apply(sgr: parameters)                                        // m
        case 0x6E: reportStatus(parameters.first?.first ?? 0)                          // n
        default: break
        }
    }

    /// `1;2:3` -> [[1], [2, 3]]; an empty parameter is 0; values are capped so that no count can be huge.
    static func parameters(_ bytes: ArraySlice<UInt8>) -> [[Int]] {
        guard !bytes.isEmpty else { return [] }
        var result: [[Int]] = [[0]]
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let last = result[result.count - 1].count - 1
                result[result.count - 1][last] = min(result[result.count - 1][last] * 10 + Int(byte - 0x30), 65535)
            case 0x3B: if result.count < 32 { result.append([0]) }
            case 0x3A: if result[result.count - 1].count < 8 { result[result.count - 1].append(0) }
            default: break
            }
        }
        return result
    }

    private mutating func setPrivateModes(_ modes: [Int], on: Bool) {
        for mode in modes {
            switch mode {
            case 1: applicationCursorKeys = on
            case 7: autoWrap = on; if !on { pendingWrap = false }
            case 25: cursorVisible = on
            case 47, 1047: setAlternateScreen(on, saveCursor: false)
            case 1048: if on { saveCursor() } else { restoreCursor() }
            case 1049: setAlternateScreen(on, saveCursor: true)
            case 2004: bracketedPaste = on
            default: break
            }
        }
    }

    /// DSR: `6` asks where the cursor is (answered `ESC [ row ; column R`, one-based), `5` whether all is well.
    private mutating func reportStatus(_ kind: Int) {
        switch kind {
        case 5: replies += Array("\u{1B}[0n".utf8)
        case 6: replies += Array("\u{1B}[\(cursorRow + 1);\(cursorColumn + 1)R".utf8)
        default: break
        }
    }

    /// DECSTR: modes and style back to their defaults; the text stays.
    private mutating func softReset() {
        style = CellStyle()
        autoWrap = true
        cursorVisible = true
        scrollTop = 0
        scrollBottom = rows - 1
        applicationCursorKeys = false
        saved = nil
        pendingWrap = false
    }
}
