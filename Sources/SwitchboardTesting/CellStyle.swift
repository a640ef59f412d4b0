// SPDX-License-Identifier: Apache-2.0
/// A colour a program gave a cell with SGR: one of the 256 palette colours (0-7 the basic colours, 8-15 their
/// bright forms) or a 24-bit colour.
///
/// ```swift
/// #expect(term.screen.cell(row: 1, column: 0).style.foreground == .red)
/// ```
public enum TerminalColor: Hashable, Sendable, CustomStringConvertible {
    /// A palette colour: `SGR 31` is `.palette(1)`, `SGR 91` is `.palette(9)`, `SGR 38;5;n` is `.palette(n)`.
    case palette(UInt8)
    /// A 24-bit colour (`SGR 38;2;r;g;b`).
    case rgb(UInt8, UInt8, UInt8)

    /// The basic colours (SGR 30-37 and 40-47): `.red` is `.palette(1)`.
    public static let black = TerminalColor.palette(0)
    public static let red = TerminalColor.palette(1)
    public static let green = TerminalColor.palette(2)
    public static let yellow = TerminalColor.palette(3)
    public static let blue = TerminalColor.palette(4)
    public static let magenta = TerminalColor.palette(5)
    public static let cyan = TerminalColor.palette(6)
    public static let white = TerminalColor.palette(7)

    /// `1` for a palette colour, `#ff8000` for a 24-bit one.
    public var description: String {
        switch self {
        case .palette(let index): "\(index)"
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}

/// How a cell is drawn: the attributes SGR (`ESC [ ... m`) sets, apart from the text.
///
/// ```swift
/// let mark = term.screen.cell(row: 1, column: 0)
/// #expect(mark.text == "✗" && mark.style.foreground == .red && mark.style.bold)
/// ```
public struct CellStyle: Hashable, Sendable {
    /// SGR 1 (22 clears it).
    public var bold = false
    /// SGR 2, faint (22 clears it).
    public var dim = false
    /// SGR 3 (23).
    public var italic = false
    /// SGR 4, 21 or 4:1-5 (24 or 4:0).
    public var underline = false
    /// SGR 5 or 6 (25).
    public var blink = false
    /// SGR 7, colours swapped (27).
    public var inverse = false
    /// SGR 8, hidden (28).
    public var invisible = false
    /// SGR 9, crossed out (29).
    public var strikethrough = false
    /// The text colour; nil for the terminal's default.
    public var foreground: TerminalColor?
    /// The background colour; nil for the terminal's default.
    public var background: TerminalColor?

    /// The default style: no attributes, default colours.
    public init() {}

    /// Whether this is the default style.
    public var isPlain: Bool { self == CellStyle() }

    /// Applies one SGR sequence's parameters (each with its colon-separated sub-parameters). Unknown
    /// parameters are ignored, as terminals ignore them.
    mutating func apply(sgr parameters: [[Int]]) {
        if parameters.isEmpty { self = CellStyle(); return }
        var index = 0
        while index < parameters.count {
            let parameter = parameters[index]
            let code = parameter.first ?? 0
            switch code {
            case 0: self = CellStyle()
            case 1: bold = true
            case 2: dim = true
            case 3: italic = true
            case 4: underline = parameter.count < 2 || parameter[1] != 0
            case 5, 6: blink = true
            case 7: inverse = true
            case 8: invisible = true
            case 9: strikethrough = true
            case 21: underline = true
            case 22: bold = false; dim = false
            case 23: italic = false
            case 24: underline = false
            case 25: blink = false
            case 27: inverse = false
            case 28: invisible = false
            case 29: strikethrough = false
            case 30...37: foreground = .palette(UInt8(code - 30))
            case 39: foreground = nil
            case 40...47: background = .palette(UInt8(code - 40))
            case 49: background = nil
            case 90...97: foreground = .palette(UInt8(code - 90 + 8))
            case 100...107: background = .palette(UInt8(code - 100 + 8))
            case 38, 48:
                let color: TerminalColor?
                if parameter.count > 1 {
                    color = Self.extendedColor(Array(parameter.dropFirst()), colonForm: true)
                } else {
                    let rest = parameters[(index + 1)...].map { $0.first ?? 0 }
                    color = Self.extendedColor(rest, colonForm: false)
                    index += rest.first == 5 ? 2 : rest.first == 2 ? 4 : 0
                }
                if code == 38 { foreground = color } else { background = color }
            default: break
            }
            index += 1
        }
    }

    /// `5;n` or `2;r;g;b` (the colon form may carry a colour space id: `2::r:g:b` or `2:id:r:g:b`).
    private static func extendedColor(_ values: [Int], colonForm: Bool) -> TerminalColor? {
        func byte(_ value: Int) -> UInt8 { UInt8(clamping: value) }
        guard let kind = values.first else { return nil }
        if kind == 5, values.count >= 2 { return .palette(byte(values[1])) }
        if kind == 2 {
            let rgb = colonForm && values.count >= 5 ? Array(values[2...4]) : Array(values.dropFirst().prefix(3))
            guard rgb.count == 3 else { return nil }
            return .rgb(byte(rgb[0]), byte(rgb[1]), byte(rgb[2]))
        }
        return nil
    }
}
