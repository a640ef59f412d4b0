// SPDX-License-Identifier: GPL-3.0-or-later
import CReadline
import CReadlineSupport

/// The DelegateProxy idea for readline's global hooks. While a `LineField` reads, the proxy takes the
/// redisplay function, the startup and pre-input hooks, the completion functions and word-break characters,
/// the Enter bindings of the emacs and vi keymaps, the signal settings (`rl_catch_signals`, `rl_catch_sigwinch`)
/// and `rl_change_environment`, the streams and the history; it
/// exposes the hooks as signals, forwards them to the hooks the host program had installed, and puts every one
/// of them back afterwards. A host with its own readline loop can ask one validated field and carry on
/// unchanged.
///
/// ```swift
/// rl_startup_hook = hostStartup                 // the host's own hooks
/// let field = LineField(prompt: "Port", rules: [isPort])
/// field.proxy.redisplayed.observe { redraws += 1 }
/// let port = try field.read()                   // hostStartup still runs (forwarded) ...
/// // ... and is installed again, with the host's history, bindings and streams, once read() returns.
/// ```
/// - note: The host's completion function is not forwarded: a field completes only from its own choices.
@MainActor
public final class ReadlineProxy {
    /// Fires after each redisplay the field drew (the line and its hint).
    public let redisplayed = Signal<Void>()
    /// Fires when readline starts reading the field's line (its startup hook).
    public let startup = Signal<Void>()
    /// Fires just before readline reads the first key (its pre-input hook).
    public let preInput = Signal<Void>()
    /// Fires with the text before the cursor when Tab asks for completions.
    public let completionRequested = Signal<String>()

    /// Whether the proxy currently holds readline's hooks.
    public private(set) var isActive = false

    // What the host had; restored by `release()`.
    private var hostRedisplay: (@convention(c) () -> Void)?
    private var hostGetc: (@convention(c) (UnsafeMutablePointer<FILE>?) -> Int32)?
    private var hostStartup: (@convention(c) () -> Int32)?
    private var hostPreInput: (@convention(c) () -> Int32)?
    private var hostAttemptedCompletion: (@convention(c) (UnsafePointer<CChar>?, Int32, Int32)
        -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)?
    private var hostCompletionEntry: (@convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?)?
    private var hostWordBreaks: UnsafePointer<CChar>?
    private var hostCatchSignals: Int32 = 1
    private var hostCatchSigwinch: Int32 = 1
    private var hostChangeEnvironment: Int32 = 1
    private var hostInstream: UnsafeMutablePointer<FILE>?
    private var hostOutstream: UnsafeMutablePointer<FILE>?
    private var hostHistory: UnsafeMutablePointer<HISTORY_STATE>?
    private var hostBindings: [(Keymap, Int, KEYMAP_ENTRY)] = []
    private var discardsKills = false
    /// Keymaps made to bind a key sequence no keymap led to yet (PgUp in vi mode): freed on release.
    private var madeKeymaps: [Keymap] = []

    /// A proxy that has taken nothing yet; a `LineField` makes its own.
    public init() {}

    /// The host's redisplay function (readline's own when the host set none): the field draws through it.
    var forwardRedisplay: (@convention(c) () -> Void)? { hostRedisplay }

    func forwardStartup() {
        if let hostStartup { _ = hostStartup() }
        startup.send(())
    }

    func forwardPreInput() {
        if let hostPreInput { _ = hostPreInput() }
        preInput.send(())
    }

    /// Takes readline's hooks for `session`. For a masked field, the history search commands (which echo
    /// what is typed into their prompt) and the copy commands ring the bell instead, and killed text is not
    /// kept on the kill ring.
    func take(input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, history: [String],
              masked: Bool = false, listKeys: [([UInt8], KeyFunction)] = []) {
        precondition(!isActive, "ReadlineProxy: a field is already reading")
        isActive = true
        hostRedisplay = sb_rl_redisplay_function()
        hostGetc = sb_rl_getc_function()
        hostStartup = sb_rl_startup_hook()
        hostPreInput = sb_rl_pre_input_hook()
        hostAttemptedCompletion = sb_rl_attempted_completion_function()
        hostCompletionEntry = sb_rl_completion_entry_function()
        hostWordBreaks = sb_rl_completer_word_break_characters()
        hostCatchSignals = sb_rl_catch_signals()
        hostCatchSigwinch = sb_rl_catch_sigwinch()
        hostChangeEnvironment = sb_rl_change_environment()
        hostInstream = sb_rl_instream()
        hostOutstream = sb_rl_outstream()

        sb_rl_set_instream(input)
        sb_rl_set_outstream(output)
        sb_rl_set_catch_signals(0)
        sb_rl_set_catch_sigwinch(0)
        sb_rl_set_change_environment(0)   // do not export LINES and COLUMNS into the host's environment
        // rl_initialize before replacing the redisplay function, or readline takes the terminal for dumb.
        rl_initialize()
        // Only GNU readline defines rl_gnu_readline_p: linking against libedit fails here, not at the first key.
        precondition(sb_rl_is_gnu_readline() == 1, "the readline library linked is not GNU readline")
        sb_rl_set_redisplay_function(redisplayHook)
        sb_rl_set_fallback_getc(hostGetc)   // the field's key reader hands the host's function what it cannot read
        sb_rl_set_getc_function(sb_rl_read_key_byte)
        sb_rl_set_startup_hook(startupHook)
        sb_rl_set_pre_input_hook(preInputHook)
        sb_rl_set_attempted_completion_function(attemptedCompletion)
        sb_rl_set_completion_entry_function(noCompletion)
        sb_rl_set_completer_word_break_characters(UnsafePointer(noWordBreaks))

        hostBindings = []
        for name in ["emacs", "vi-insert", "vi-command"] {
            guard let map = rl_get_keymap_by_name(name) else { continue }
            for key in [10, 13] {
                hostBindings.append((map, key, map[key]))
                rl_bind_key_in_map(Int32(key), acceptKey, map)
            }
        }
        for name in ["emacs", "vi-insert", "vi-command"] {
            guard let map = rl_get_keymap_by_name(name) else { continue }
            for (sequence, function) in listKeys { bind(sequence, to: function, in: map) }
        }
        // Function keys nothing binds are read whole and dropped: readline would type their last characters
        // (F5's `~`, Shift-F5's `;2~`) into the answer. A binding of the user's (inputrc) is kept.
        for name in ["emacs", "vi-insert"] {
            if let map = rl_get_keymap_by_name(name) { bindFunctionKeys(to: ignoreKey, in: map) }
        }
        if masked {
            var seen: Set<UnsafeMutableRawPointer> = []
            for name in ["emacs", "vi-insert", "vi-command"] {
                if let map = rl_get_keymap_by_name(name) { disableRevealingCommands(in: map, seen: &seen) }
            }
            sb_rl_set_discard_kills(1)
        }
        discardsKills = masked

        hostHistory = history_get_history_state()
        var empty = HISTORY_STATE()
        history_set_history_state(&empty)
        for entry in history { add_history(entry) }
        using_history()
    }

    /// Gives every hook, binding, stream and the history back to the host.
    func release() {
        guard isActive else { return }
        isActive = false
        clear_history()
        free(history_list())
        if let hostHistory {
            history_set_history_state(hostHistory)
            free(hostHistory)
        }
        hostHistory = nil
        if discardsKills { sb_rl_set_discard_kills(0) }
        discardsKills = false
        for (map, key, entry) in hostBindings.reversed() { map[key] = entry }
        hostBindings = []
        // Unreachable again now that the entries that led to them are back: the innermost first.
        for map in madeKeymaps.reversed() { free(map) }
        madeKeymaps = []
        sb_rl_set_redisplay_function(hostRedisplay)
        sb_rl_set_getc_function(hostGetc)
        sb_rl_set_fallback_getc(nil)
        sb_rl_set_known_input(0)
        sb_rl_set_startup_hook(hostStartup)
        sb_rl_set_pre_input_hook(hostPreInput)
        sb_rl_set_attempted_completion_function(hostAttemptedCompletion)
        sb_rl_set_completion_entry_function(hostCompletionEntry)
        sb_rl_set_completer_word_break_characters(hostWordBreaks)
        sb_rl_set_catch_signals(hostCatchSignals)
        sb_rl_set_catch_sigwinch(hostCatchSigwinch)
        sb_rl_set_change_environment(hostChangeEnvironment)
        sb_rl_set_instream(hostInstream)
        sb_rl_set_outstream(hostOutstream)
    }

    /// Binds the key sequence `sequence` in `map` to `function`, remembering every entry it changes. Where no
    /// keymap leads on yet, it makes one that runs the old binding for any other key (as readline's own binding
    /// does).
    private func bind(_ sequence: [UInt8], to function: KeyFunction, in map: Keymap) {
        guard let last = sequence.last, let current = descend(map, sequence.dropLast(), overBindings: true) else {
            return
        }
        hostBindings.append((current, Int(last), current[Int(last)]))
        current[Int(last)] = KEYMAP_ENTRY(type: CChar(ISFUNC), function: function)
    }

    /// Binds F1-F12 as xterm, VTE, tmux and the Linux console send them, alone and with Shift, Alt and Ctrl
    /// (`ESC O P`, `ESC [ [ A`, `ESC [ 1 5 ~`, `ESC [ 1 ; 2 P`, `ESC [ 1 5 ; 5 ~`), to `function` where nothing in
    /// `map` binds them or a part of them. The keymaps after `;` (a modifier, then `~` or a letter) are made once
    /// and shared by every key (about 20 keymaps a field, where a keymap per sequence made about 240).
    private func bindFunctionKeys(to function: KeyFunction, in map: Keymap) {
        guard let finals = newKeymap(), let modifiers = newKeymap() else { return }
        for key in "~PQRS".utf8 { finals[Int(key)] = KEYMAP_ENTRY(type: CChar(ISFUNC), function: function) }
        for digit in "2345678".utf8 { sb_rl_set_submap(modifiers, Int32(digit), finals) }
        let escape: UInt8 = 0x1B, bracket = UInt8(ascii: "[")
        if let ss3 = descend(map, [escape, UInt8(ascii: "O")]) {
            for key in "PQRS".utf8 { bindUnbound(ss3, key, to: function) }
        }
        if let console = descend(map, [escape, bracket, bracket]) {
            for key in "ABCDE".utf8 { bindUnbound(console, key, to: function) }
        }
        if let one = descend(map, [escape, bracket, UInt8(ascii: "1")]) { attach(one, UInt8(ascii: ";"), modifiers) }
        for code in [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24] {
            guard let key = descend(map, [escape, bracket] + Array(String(code).utf8)) else { continue }
            bindUnbound(key, UInt8(ascii: "~"), to: function)
            attach(key, UInt8(ascii: ";"), modifiers)
        }
    }

    /// A keymap of unbound keys, freed when the field is done.
    private func newKeymap() -> Keymap? {
        guard let made = rl_make_bare_keymap() else { return nil }
        madeKeymaps.append(made)
        return made
    }

    /// The keymap `path` leads to from `map`, made where no keymap leads on yet (remembering the entry it replaces,
    /// which the made keymap runs for any other key); nil where a function or a macro is bound on the way, unless
    /// `overBindings`.
    private func descend(_ map: Keymap, _ path: some Sequence<UInt8>, overBindings: Bool = false) -> Keymap? {
        var current = map
        for byte in path {
            let key = Int(byte)
            let entry = current[key]
            if entry.type == ISKMAP, let next = entry.function {
                current = unsafeBitCast(next, to: Keymap.self)
                continue
            }
            guard overBindings || entry.function == nil, let made = newKeymap() else { return nil }
            made[Int(KEYMAP_SIZE) - 1] = entry   // ANYOTHERKEY: the old binding, when another key follows
            hostBindings.append((current, key, entry))
            sb_rl_set_submap(current, Int32(key), made)
            current = made
        }
        return current
    }

    /// Binds `key` of `map` to `function` when nothing binds it (remembering the entry).
    private func bindUnbound(_ map: Keymap, _ key: UInt8, to function: KeyFunction) {
        let entry = map[Int(key)]
        guard entry.function == nil else { return }
        hostBindings.append((map, Int(key), entry))
        map[Int(key)] = KEYMAP_ENTRY(type: CChar(ISFUNC), function: function)
    }

    /// Makes `key` of `map` lead to the shared keymap `shared` when nothing binds it (remembering the entry).
    private func attach(_ map: Keymap, _ key: UInt8, _ shared: Keymap) {
        let entry = map[Int(key)]
        guard entry.function == nil else { return }
        hostBindings.append((map, Int(key), entry))
        sb_rl_set_submap(map, Int32(key), shared)
    }

    /// Binds every key of `map` (and of the keymaps it leads to, such as ESC's) that runs a history search
    /// or a copy to the kill ring to ring the bell instead, remembering what was there.
    private func disableRevealingCommands(in map: Keymap, seen: inout Set<UnsafeMutableRawPointer>) {
        guard seen.insert(UnsafeMutableRawPointer(map)).inserted else { return }
        for key in 0..<Int(KEYMAP_SIZE) {
            let entry = map[key]
            if entry.type == ISKMAP, let function = entry.function {
                let submap = unsafeBitCast(function, to: Keymap.self)
                disableRevealingCommands(in: submap, seen: &seen)
            } else if entry.type == ISFUNC, let function = entry.function, sb_rl_reveals_masked_text(function) != 0 {
                hostBindings.append((map, key, entry))
                map[key].function = ringBell
            }
        }
    }
}

/// A history search or a copy in a masked field: the bell, and nothing else.
nonisolated private func ringBell(_ count: Int32, _ key: Int32) -> Int32 { rl_ding() }

/// A function key no binding takes: nothing.
nonisolated private func ignoreKey(_ count: Int32, _ key: Int32) -> Int32 { 0 }

/// Completion takes the whole line before the cursor as the word (choices may contain spaces).
nonisolated(unsafe) private let noWordBreaks: UnsafeMutablePointer<CChar> = strdup("")!
