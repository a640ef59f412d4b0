// SPDX-License-Identifier: GPL-3.0-or-later
import CReadline

// The keys of a list question, bound by `ReadlineProxy.bindListKeys` while the list shows (and given back
// afterwards). Like the other hooks they reach the reading session through `ReadlineSession.active`.
nonisolated func listUpKey(_ count: Int32, _ key: Int32) -> Int32 { listKey(.up) }
nonisolated func listDownKey(_ count: Int32, _ key: Int32) -> Int32 { listKey(.down) }
nonisolated func listPageUpKey(_ count: Int32, _ key: Int32) -> Int32 { listKey(.pageUp) }
nonisolated func listPageDownKey(_ count: Int32, _ key: Int32) -> Int32 { listKey(.pageDown) }
nonisolated func listToggleDownKey(_ count: Int32, _ key: Int32) -> Int32 { listKey(.toggleDown) }
nonisolated func listToggleUpKey(_ count: Int32, _ key: Int32) -> Int32 { listKey(.toggleUp) }
nonisolated func listFillKey(_ count: Int32, _ key: Int32) -> Int32 { listKey(.fill) }
nonisolated func confirmKey(_ count: Int32, _ key: Int32) -> Int32 {
    MainActor.assumeIsolated { ReadlineSession.active?.confirmKeyPressed(key) } ?? rl_insert(count, key)
}

nonisolated private func listKey(_ action: ListAction) -> Int32 {
    MainActor.assumeIsolated { ReadlineSession.active?.listKeyPressed(action) }
    return 0
}

/// What a list key does.
enum ListAction {
    case up, down, pageUp, pageDown
    /// Several choices: choose (or un-choose) the highlighted option and move.
    case toggleDown, toggleUp
    /// One choice: put the highlighted option on the line (Tab).
    case fill
}

extension ReadlineProxy {
    /// The keys a list question binds: arrows, Ctrl-P/Ctrl-N, PgUp/PgDn; Tab/Shift-Tab choose (several) or Tab
    /// fills the line (one); for a yes/no question, its yes and no keys.
    static func listBindings(for kind: ListState.Kind, words: ListWords) -> [([UInt8], KeyFunction)] {
        if case .confirm = kind {
            var keys: [([UInt8], KeyFunction)] = []
            for character in (words.yesKeys + words.noKeys).lowercased() + (words.yesKeys + words.noKeys).uppercased() {
                // An ASCII key, or a character of several UTF-8 bytes (`Д`): bound as its byte sequence, so it
                // answers at once too; other characters with the same first byte still type themselves.
                let bytes = Array(String(character).utf8)
                let printable = bytes.count == 1 ? bytes[0] > 0x20 && bytes[0] < 0x7F : bytes.allSatisfy { $0 >= 0x80 }
                guard printable, character.unicodeScalars.count == 1,
                      !keys.contains(where: { $0.0 == bytes }) else { continue }
                keys.append((bytes, confirmKey))
            }
            return keys
        }
        var keys: [([UInt8], KeyFunction)] = [
            (Array("\u{1B}[A".utf8), listUpKey), (Array("\u{1B}OA".utf8), listUpKey), ([0x10], listUpKey),
            (Array("\u{1B}[B".utf8), listDownKey), (Array("\u{1B}OB".utf8), listDownKey), ([0x0E], listDownKey),
            (Array("\u{1B}[5~".utf8), listPageUpKey), (Array("\u{1B}[6~".utf8), listPageDownKey),
        ]
        if kind == .multi {
            keys.append(([0x09], listToggleDownKey))
            keys.append((Array("\u{1B}[Z".utf8), listToggleUpKey))
        } else {
            keys.append(([0x09], listFillKey))
        }
        return keys
    }
}

/// A readline command, as a C function pointer.
typealias KeyFunction = @convention(c) (Int32, Int32) -> Int32
