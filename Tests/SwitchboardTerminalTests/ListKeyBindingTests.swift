// SPDX-License-Identifier: GPL-3.0-or-later
// The keys a list binds are readline bindings the proxy gives back: every entry it changed, in every keymap,
// and the keymaps it had to make for a sequence no keymap led to (PgUp, without an inputrc).
import CReadline
import Glibc
import Testing
@testable import SwitchboardTerminal

@MainActor @Suite(.serialized) struct ListKeyBindingTests {
    static let sequences = ["\u{1B}[A", "\u{1B}OA", "\u{1B}[B", "\u{1B}OB", "\u{10}", "\u{0E}", "\t",
                            "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[Z", "\u{1B}[5", "\u{1B}[6", "y", "n", "Y"]

    /// What each sequence runs in each keymap: the function's address and the entry's type.
    func bindings() -> [String] {
        var out: [String] = []
        for name in ["emacs", "vi-insert", "vi-command"] {
            guard let map = rl_get_keymap_by_name(name) else { continue }
            for sequence in Self.sequences {
                var type: Int32 = -1
                let function = rl_function_of_keyseq(sequence, map, &type)
                out.append("\(name) \(sequence.debugDescription) \(type) \(function.map { unsafeBitCast($0, to: Int.self) } ?? 0)")
            }
        }
        return out
    }

    func address(_ function: KeyFunction) -> Int { unsafeBitCast(function, to: Int.self) }

    @Test(arguments: [ListState.Kind.select, .multi, .confirm(defaultAnswer: true)])
    func listKeysAreGivenBack(kind: ListState.Kind) throws {
        rl_initialize()
        let before = bindings()
        let output = try #require(fdopen(dup(2), "w"))
        defer { fclose(output) }
        let proxy = ReadlineProxy()
        let keys = ReadlineProxy.listBindings(for: kind, words: ListWords())
        proxy.take(input: sb_stdin(), output: output, history: [], listKeys: keys)
        let emacs = try #require(rl_get_keymap_by_name("emacs"))
        var type: Int32 = -1
        switch kind {
        case .confirm:
            #expect(rl_function_of_keyseq("y", emacs, &type).map { unsafeBitCast($0, to: Int.self) } == address(confirmKey))
        case .multi:
            #expect(rl_function_of_keyseq("\t", emacs, &type).map { unsafeBitCast($0, to: Int.self) } == address(listToggleDownKey))
            #expect(rl_function_of_keyseq("\u{1B}[Z", emacs, &type).map { unsafeBitCast($0, to: Int.self) } == address(listToggleUpKey))
            fallthrough
        case .select:
            #expect(rl_function_of_keyseq("\u{1B}[A", emacs, &type).map { unsafeBitCast($0, to: Int.self) } == address(listUpKey))
            #expect(rl_function_of_keyseq("\u{0E}", emacs, &type).map { unsafeBitCast($0, to: Int.self) } == address(listDownKey))
            #expect(rl_function_of_keyseq("\u{1B}[5~", emacs, &type).map { unsafeBitCast($0, to: Int.self) } == address(listPageUpKey))
        }
        #expect(bindings() != before)
        proxy.release()
        #expect(bindings() == before)
    }
}
