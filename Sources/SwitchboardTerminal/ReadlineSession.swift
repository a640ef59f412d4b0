// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

/// The start of a control sequence (CSI).
let escape = "\u{1B}["

/// One interactive read of a `LineField` with readline's callback interface: poll the input and a signal
/// pipe, feed readline one character at a time, publish each change of the line buffer, and draw the hint
/// under the input from readline's own display model.
@MainActor
final class ReadlineSession {
    nonisolated(unsafe) static var active: ReadlineSession?

    enum Outcome { case line(String), endOfInput }

    let field: LineField
    let streams: TerminalStreams
    let color: Bool
    var completions: [String] = []

    var outcome: Outcome?
    var lastBuffer: [UInt8] = []
    var lastText = ""
    var validated = false
    var refused = false
    var redisplayDeferred = false
    var hintShown = false
    /// A list's rows were drawn under the hint.
    var listShown = false
    /// The last hint computed, and what it was computed from: a keystroke that changes none of it (the common
    /// case) reuses the text instead of building and measuring it again.
    var hintKey: HintKey?
    var hintCache = ""
    /// The hint drawn last (with its colours), to leave it in place when a keystroke does not change it.
    var drawnHint = ""
    /// An upper bound of the prompt's width in columns (see `widthBound`).
    var promptWidthBound = 0
    var placeholderShown = false
    /// The decorations were last drawn during a history search (no placeholder then): draw again when it ends.
    var drawnWhileSearching = false
    /// readline's cursor row, column and bottom row when the decorations were drawn: if readline's model
    /// no longer matches (it started a new line itself), the old decorations are not where we think.
    var drawnAt: (Int32, Int32, Int32) = (-1, -1, -1)
    var columns = 80
    var trap: SignalTrap?
    /// Set while readline cleans up after a signal: its redisplays must not draw the hint again.
    var tearingDown = false
    var resumedFromSuspend = false
    /// Set when our Enter accepted the line (already checked); a line accepted otherwise is checked again.
    private var acceptedByEnter = false
    /// An invalid line was accepted by another binding: ask again with the same text.
    private var restartNeeded = false
    private var subscriptions = SubscriptionBag()
    /// The clock and hand-back of the field's asynchronous checks while it reads.
    let checks = TerminalCheckLoop()
    /// Enter was pressed while a check was pending and the check came back valid for the same text: the key
    /// to feed readline again so that it accepts.
    var submitKey: Int32?
    /// The key of an Enter waiting for a pending check.
    private var waitingKey: Int32 = 13
    /// Whether "checking…" (and which spinner frame) was drawn last.
    var drawnSpinner: Int?
    /// The verdict when the field was last drawn.
    var drawnVerdict = Verdict.valid

    init(field: LineField, streams: TerminalStreams) {
        self.field = field
        self.streams = streams
        self.color = field.colorEnabled
    }

    func run() throws -> String {
        adoptCharacterLocale()
        let trap = SignalTrap([SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT],
                              alsoAtDefault: SignalTrap.otherTerminating(), interrupts: true)
        self.trap = trap
        defer { trap.close() }
        // readline's reads never wait for a key while a signal that ends the field is waiting on the pipe: Ctrl-C
        // empties the terminal's input as it signals, so a byte poll or FIONREAD counted may be gone when readline
        // (inside a command: typed keys inserted in a batch, a paste) asks for it, and a blocking read would wait
        // for the next key with the Ctrl-C already caught. Closed before the trap (defers run in reverse).
        let keyReading = sb_rl_begin_key_reading(streams.inputFD, trap.interruptReadEnd)
        defer { sb_rl_end_key_reading(keyReading) }
        // A crash (or a fatal signal sent from outside) while readline has the terminal restores it first.
        var modes = termios()
        if tcgetattr(streams.inputFD, &modes) == 0 {
            _ = sb_echo_held_modes(&modes)   // a form holding echo off: the modes it began with
            sb_fatal_guard_install(streams.inputFD, &modes)
        }
        defer { sb_fatal_guard_remove() }
        let previous = ReadlineSession.active
        ReadlineSession.active = self
        defer { ReadlineSession.active = previous }
        let listKeys = field.list.map { ReadlineProxy.listBindings(for: $0.kind, words: $0.words) } ?? []
        field.proxy.take(input: streams.input, output: streams.output, history: field.historyForReading(),
                         masked: field.options.masked, listKeys: listKeys)
        defer { field.proxy.release() }
        columns = streams.columns

        // Asynchronous checks take their time from this loop while the field reads; runs scheduled before
        // (on another loop) start again here.
        let previousLoop = field.field.checkLoop
        field.field.cancelChecks()
        field.field.checkLoop = checks
        defer {
            field.field.cancelSubmit()
            field.field.cancelChecks()
            field.field.checkLoop = previousLoop
        }

        subscriptions.insert(field.text.bind { [weak self] value in self?.textSetByHost(value) })
        subscriptions.insert(field.note.bind { [weak self] _ in self?.redisplayDeferred = true })
        defer { subscriptions.cancelAll() }

        promptWidthBound = widthBound(Array(field.displayedPrompt.utf8)[...])
        rl_callback_handler_install(field.displayedPrompt, lineHandler)
        var fds = [pollfd(fd: streams.inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: trap.readEnd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: checks.wakeFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: -1, events: Int16(POLLIN), revents: 0)]
        while outcome == nil {
            // Everything readline and the hint drew for the last key reaches the terminal in one write.
            if SettleMark.requested { markSettledIfIdle() }
            streams.flush()
            fds[0].revents = 0
            fds[1].revents = 0
            fds[2].revents = 0
            fds[3].revents = 0
            fds[2].fd = checks.wakeFD
            // Options still streaming in are read in this same loop, between keys (a negative fd is not polled).
            fds[3].fd = field.list?.feed?.fd ?? -1
            let ready = waitForInput(&fds, timeout: checks.pollTimeout(cap: spinnerTimeout()))
            if ready < 0 {
                if errno == EINTR { continue }
                cleanUpAfterSignal(echo: nil)
                throw FieldError.terminalUnavailable("poll failed: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents != 0 {
                for signal in trap.take() { try handle(signal) }
            }
            if fds[3].revents != 0, let state = field.list {
                try readOptions(state)
            }
            // Check results and timers: applied here, on the main thread, between keys (never while one is
            // being read), then drawn unless more input is waiting.
            checks.runDue(woken: fds[2].revents != 0)
            if outcome == nil && (field.verdict.value != drawnVerdict || spinnerNeedsDrawing()) && submitKey == nil
                && !inputPending() {
                redisplayNow()   // a stale result (dropped) changed nothing and draws nothing
            }
            var feed = fds[0].revents != 0
            if outcome == nil, let key = submitKey {
                // The pending check came back valid for the text Enter was pressed on: press it again.
                submitKey = nil
                rl_execute_next(key)
                feed = true
            }
            if outcome == nil && feed {
                // A byte poll said is waiting: readline's read of it needs no select of its own (see
                // sb_rl_read_key_byte), and whether more is pending needs no system call.
                if fds[0].revents != 0 { sb_rl_set_known_input(1) }
                rl_callback_read_char()
                // A read gave up for a signal that ends the field (readline stopped what it was doing): the
                // signal is on the trap's pipe, handled at once by the next turn.
                if sb_rl_key_reading_interrupted() != 0 { continue }
                if restartNeeded {
                    restartNeeded = false
                    lastBuffer = []
                    drawnAt = (-1, -1, -1)
                    hintShown = false
                    placeholderShown = false
                    refused = true
                    rl_callback_handler_install(field.displayedPrompt, lineHandler)   // inserts field.text again
                    continue
                }
                let searchEnded = drawnWhileSearching && sb_rl_searching() == 0
                if outcome == nil && (redisplayDeferred || bufferChanged() || searchEnded) && !inputPending() {
                    redisplayNow()
                }
            }
        }
        switch outcome! {
        case .endOfInput:
            throw FieldError.endOfInput
        case .line(let value):
            field.remember(value)
            return value
        }
    }

    // MARK: readline callbacks

    func started() {
        field.proxy.forwardStartup()
        let initial = field.text.value
        if !initial.isEmpty { rl_insert_text(initial) }
    }

    func redisplayRequested() {
        if tearingDown { return }
        if inputPending() {
            redisplayDeferred = true   // a paste is still arriving: validate and draw once it is read
            return
        }
        redisplayNow()
    }

    /// Enter: refuse an invalid value (the text stays, the hint says why), else draw the final state (even in
    /// the middle of a paste) and accept.
    func accept(_ count: Int32, _ key: Int32) -> Int32 {
        syncText()
        if lastText.isEmpty, let defaultValue = field.defaultValue, !defaultValue.isEmpty {
            rl_replace_line(defaultValue, 0)
            sb_rl_set_point(sb_rl_end())
            syncText()
        }
        if !validated {
            field.field.revalidate()
            validated = true
        }
        if field.verdict.value.isPending && field.options.refusesInvalid {
            // Keep the text, check it now (no more debounce), and accept when this same text comes back
            // valid; typing meanwhile cancels the wait.
            waitingKey = key
            field.field.startPendingChecksNow()
            field.field.submit { [weak self] verdict in self?.submitDecided(verdict) }
            redisplayNow()
            return 0
        }
        if !field.verdict.value.isValid && field.options.refusesInvalid {
            refused = true
            rl_ding()
            redisplayNow()
            return 0
        }
        if let list = field.list, !finishList(list) {
            rl_ding()
            return 0
        }
        redisplayNow()
        acceptedByEnter = true
        return rl_newline(count, key)
    }

    /// The check an Enter waited for answered for the same text.
    private func submitDecided(_ verdict: Verdict) {
        if verdict.isValid {
            submitKey = waitingKey
        } else {
            refused = true
            rl_ding()
        }
    }

    func lineReceived(_ bytes: [UInt8]?) {
        rl_callback_handler_remove()
        if bytes == nil && sb_rl_key_reading_interrupted() != 0 {
            // Not Ctrl-D: a read gave up for a signal (see `run`), which readline took for the end of the input: it
            // has restored the terminal and, with bracketed paste on, gone to the start of the next row (as for
            // Ctrl-D below). The cursor goes back to where the line was drawn, for the signal's `^C`; the signal
            // is handled next.
            if sb_rl_cursor_column() == 0 && drawnAt.1 > 0 { streams.write(escape + "1A\r" + escape + "\(drawnAt.1)C") }
            return
        }
        guard let bytes else {
            // Ctrl-D on an empty line. With bracketed paste on, readline has already gone to the start of the
            // next row (the hint's) when it restored the terminal; otherwise the cursor is still on the input.
            var out = ""
            if sb_rl_cursor_column() == 0 && drawnAt.1 > 0 {
                out += "\r" + escape + "J"
                if placeholderShown { out += escape + "1A" + escape + "\(drawnAt.1)C" + escape + "K\r\n" }
            } else {
                if placeholderShown { out += escape + "K" }
                out += "\r\n" + escape + "J"
            }
            streams.write(out)
            streams.flush()
            outcome = .endOfInput
            return
        }
        let text = String(validating: bytes, as: UTF8.self) ?? lastText
        if field.options.refusesInvalid && !acceptedByEnter {
            // Accepted by another binding (operate-and-get-next, a user's own accept-line key): check it too.
            if text != field.text.value { field.text.value = text }
            if !validated { field.field.revalidate() }
            if !field.verdict.value.isValid {
                streams.write("\r" + escape + "J")
                streams.flush()
                restartNeeded = true
                return
            }
        }
        // readline has moved to the row under the input, where the hint is.
        switch field.options.hintAfterEnter {
        case .clear: streams.write("\r" + escape + "J")
        case .keep: if hintShown { streams.write("\r\n") }
        }
        streams.flush()
        outcome = .line(text)
    }
}
