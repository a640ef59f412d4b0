// SPDX-License-Identifier: Apache-2.0
/// The state of the byte stream between two `feed` calls: a UTF-8 character or an escape sequence may arrive
/// split across writes. Hostile output cannot make it grow: sequences longer than their bound are dropped.
struct EscapeParser: Sendable {
    enum State: Sendable {
        case ground
        case escape
        /// `ESC` followed by intermediate bytes (`ESC ( B`, `ESC # 8`): the final byte ends it.
        case escapeIntermediate
        case csi
        /// OSC (`ESC ]`), ended by BEL or ST (`ESC \`).
        case osc
        /// DCS, SOS, PM, APC: strings ended by ST, ignored.
        case ignoredString
        /// `ESC` inside a string: a `\` ends the string.
        case stringEscape(osc: Bool)
    }

    var state = State.ground
    /// A UTF-8 character being read: its bytes so far, how many more it needs, and the range of the next one.
    var pending: [UInt8] = []
    var needed = 0
    var nextLow: UInt8 = 0x80
    var nextHigh: UInt8 = 0xBF
    /// A control sequence's parameter and intermediate bytes.
    var sequence: [UInt8] = []
    var sequenceTooLong = false
    /// An OSC string's bytes.
    var string: [UInt8] = []

    static let sequenceLimit = 256
    static let stringLimit = 4096
}

/// The settle mark a Switchboard field writes when the test kit asks for it (`SWITCHBOARD_TEST_SETTLE=1`) and
/// it is idle: `OSC 7707 ; settled ; <pid> ; <bytes read> BEL`. Never shown.
struct SettleMark: Equatable, Sendable {
    var pid: Int
    var bytesRead: Int
    /// How many marks the screen had seen when this one came (1 for the first).
    var serial: Int
}

extension TerminalScreen {
    /// Interprets what a program wrote: UTF-8 text (an invalid byte shows as U+FFFD), controls, and escape
    /// sequences; unknown sequences are skipped.
    ///
    /// ```swift
    /// var screen = TerminalScreen(columns: 10, rows: 2)
    /// screen.feed(Array("ab\r\nc\u{1B}[1;2Hx".utf8))
    /// screen.lines   // ["ax", "c"]
    /// ```
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { feed(byte: byte) }
    }

    /// Interprets `text` as written by a program (its UTF-8 bytes).
    public mutating func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    mutating func feed(byte: UInt8) {
        markIsLast = false
        switch parser.state {
        case .ground:
            ground(byte)
        case .escape:
            escape(byte)
        case .escapeIntermediate:
            if byte >= 0x30 && byte <= 0x7E || byte == 0x18 || byte == 0x1A { parser.state = .ground }
            else if byte == 0x1B { parser.state = .escape }
        case .csi:
            csi(byte)
        case .osc:
            switch byte {
            case 0x07: finishString(osc: true)
            case 0x1B: parser.state = .stringEscape(osc: true)
            case 0x18, 0x1A: parser.state = .ground
            default: if parser.string.count < EscapeParser.stringLimit { parser.string.append(byte) }
            }
        case .ignoredString:
            if byte == 0x1B { parser.state = .stringEscape(osc: false) }
            else if byte == 0x18 || byte == 0x1A { parser.state = .ground }
        case .stringEscape(let osc):
            if byte == 0x5C {
                finishString(osc: osc)
            } else {
                // Another escape sequence starts: the string ends unfinished (as xterm does).
                parser.state = .escape
                escape(byte)
            }
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if parser.needed > 0 {
            if byte >= parser.nextLow && byte <= parser.nextHigh {
                parser.pending.append(byte)
                parser.needed -= 1
                parser.nextLow = 0x80
                parser.nextHigh = 0xBF
                if parser.needed == 0 { finishCharacter() }
                return
            }
            parser.needed = 0
            parser.pending = []
            draw("\u{FFFD}")   // a cut-short character; the byte that cut it is read afresh
        }
        switch byte {
        case 0x00..<0x20, 0x7F: control(byte)
        case 0x20..<0x7F: draw(Unicode.Scalar(byte))
        case 0xC2...0xDF: startCharacter(byte, needing: 1, low: 0x80, high: 0xBF)
        case 0xE0: startCharacter(byte, needing: 2, low: 0xA0, high: 0xBF)
        case 0xED: startCharacter(byte, needing: 2, low: 0x80, high: 0x9F)
        case 0xE1...0xEF: startCharacter(byte, needing: 2, low: 0x80, high: 0xBF)
        case 0xF0: startCharacter(byte, needing: 3, low: 0x90, high: 0xBF)
        case 0xF1...0xF3: startCharacter(byte, needing: 3, low: 0x80, high: 0xBF)
        case 0xF4: startCharacter(byte, needing: 3, low: 0x80, high: 0x8F)
        default: draw("\u{FFFD}")
        }
    }

    private mutating func startCharacter(_ byte: UInt8, needing: Int, low: UInt8, high: UInt8) {
        parser.pending = [byte]
        parser.needed = needing
        parser.nextLow = low
        parser.nextHigh = high
    }

    private mutating func finishCharacter() {
        let text = String(decoding: parser.pending, as: UTF8.self)
        parser.pending = []
        for scalar in text.unicodeScalars {
            // C1 controls (U+0080-U+009F) are not interpreted in UTF-8, as in xterm: they show nothing.
            if scalar.value >= 0xA0 { draw(scalar) }
        }
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x07: bells += 1
        case 0x08: backspace()
        case 0x09: tab()
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D: carriageReturn()
        case 0x1B: parser.state = .escape
        default: break
        }
    }

    private mutating func escape(_ byte: UInt8) {
        parser.state = .ground
        switch byte {
        case 0x5B:   // [
            parser.sequence = []
            parser.sequenceTooLong = false
            parser.state = .csi
        case 0x5D:   // ]
            parser.string = []
            parser.state = .osc
        case 0x50, 0x58, 0x5E, 0x5F:   // P X ^ _
            parser.state = .ignoredString
        case 0x20...0x2F:
            parser.state = .escapeIntermediate
        case 0x37: saveCursor()         // 7
        case 0x38: restoreCursor()      // 8
        case 0x44: lineFeed()           // D: index
        case 0x45: carriageReturn(); lineFeed()   // E: next line
        case 0x4D: reverseLineFeed()    // M: reverse index
        case 0x63: reset()              // c
        case 0x1B: parser.state = .escape
        case 0x00..<0x20: control(byte)
        default: break                  // = > and the rest: keypad modes and the like, nothing to show
        }
    }

    private mutating func csi(_ byte: UInt8) {
        switch byte {
        case 0x40...0x7E:
            parser.state = .ground
            if !parser.sequenceTooLong { controlSequence(parser.sequence, final: byte) }
        case 0x20...0x3F:
            if parser.sequence.count < EscapeParser.sequenceLimit { parser.sequence.append(byte) }
            else { parser.sequenceTooLong = true }
        case 0x1B:
            parser.state = .escape
        case 0x18, 0x1A:
            parser.state = .ground
        case 0x00..<0x20:
            control(byte)   // controls inside a sequence act at once, as in xterm
        default:
            parser.state = .ground
        }
    }

    private mutating func finishString(osc: Bool) {
        parser.state = .ground
        guard osc else { return }
        let text = String(decoding: parser.string, as: UTF8.self)
        parser.string = []
        let fields = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        guard let code = fields.first else { return }
        switch code {
        case "0", "2":
            title = fields.count > 1 ? String(fields[1]) : ""
        case "7707":
            let parts = text.split(separator: ";")
            if parts.count == 4, parts[1] == "settled", let pid = Int(parts[2]), let count = Int(parts[3]) {
                settleMarks += 1
                lastSettleMark = SettleMark(pid: pid, bytesRead: count, serial: settleMarks)
                markIsLast = true
            }
        default:
            break
        }
    }
}
