// SPDX-License-Identifier: Apache-2.0
/// A key a test presses, sent as the bytes xterm sends for it (the cursor keys follow the program's cursor-key
/// mode, as a terminal's do).
///
/// ```swift
/// try term.press(.down)
/// try term.press(.ctrl("c"))
/// try term.press(.enter, .enter)
/// ```
public enum Key: Hashable, Sendable {
    /// Enter (CR), Tab, Shift-Tab (`ESC [ Z`), Escape, Backspace (DEL, 0x7F), Delete (`ESC [ 3 ~`), Insert, Space.
    case enter, tab, backTab, escape, backspace, delete, insert, space
    /// The cursor keys, Home and End (`ESC [ A`..., or `ESC O A`... in application mode), Page Up and Page Down.
    case up, down, left, right, home, end, pageUp, pageDown
    /// Control and a letter (or one of `@ [ \ ] ^ _ ?`): `.ctrl("c")` is Ctrl-C, `.ctrl("d")` end of input.
    case ctrl(Character)
    /// Alt (Meta) and a character: Escape followed by it, as xterm sends it by default.
    case alt(Character)
    /// A function key, F1 to F12.
    case function(Int)

    /// The bytes the key sends; `applicationCursor` when the program switched the cursor keys to application mode.
    public func bytes(applicationCursor: Bool = false) -> [UInt8] {
        let csi: [UInt8] = [0x1B, 0x5B]
        func cursor(_ final: Character) -> [UInt8] {
            (applicationCursor ? [0x1B, 0x4F] : csi) + [final.asciiValue ?? 0x41]
        }
        switch self {
        case .enter: return [0x0D]
        case .tab: return [0x09]
        case .backTab: return csi + Array("Z".utf8)
        case .escape: return [0x1B]
        case .backspace: return [0x7F]
        case .delete: return csi + Array("3~".utf8)
        case .insert: return csi + Array("2~".utf8)
        case .space: return [0x20]
        case .up: return cursor("A")
        case .down: return cursor("B")
        case .right: return cursor("C")
        case .left: return cursor("D")
        case .home: return cursor("H")
        case .end: return cursor("F")
        case .pageUp: return csi + Array("5~".utf8)
        case .pageDown: return csi + Array("6~".utf8)
        case .ctrl(let character):
            guard let ascii = character.uppercased().first?.asciiValue, ascii >= 0x3F, ascii <= 0x5F else { return [] }
            return [ascii == 0x3F ? 0x7F : ascii & 0x1F]
        case .alt(let character):
            return [0x1B] + Array(String(character).utf8)
        case .function(let number):
            switch number {
            case 1...4: return [0x1B, 0x4F] + [UInt8(0x50 + number - 1)]
            case 5...12:
                let codes = [15, 17, 18, 19, 20, 21, 23, 24]
                return csi + Array("\(codes[number - 5])~".utf8)
            default: return []
            }
        }
    }
}
