import SwitchboardRules
import CReadline
import CReadlineSupport
import Glibc

// readline's hooks are C function pointers that cannot capture: each one reaches the session that is
// reading through `ReadlineSession.active`. readline calls them on the main thread, from inside the session's
// own read loop, so they enter the main actor's code with `assumeIsolated`.
nonisolated func redisplayHook() { MainActor.assumeIsolated { ReadlineSession.active?.redisplayRequested() } }
nonisolated func startupHook() -> Int32 { MainActor.assumeIsolated { ReadlineSession.active?.started() }; return 0 }
nonisolated func preInputHook() -> Int32 {
    MainActor.assumeIsolated { ReadlineSession.active?.field.proxy.forwardPreInput() }
    return 0
}
nonisolated func acceptKey(_ count: Int32, _ key: Int32) -> Int32 {
    MainActor.assumeIsolated { ReadlineSession.active?.accept(count, key) } ?? rl_newline(count, key)
}
nonisolated func lineHandler(_ line: UnsafeMutablePointer<CChar>?) {
    let text: [UInt8]? = line.map { pointer in
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                  count: strlen(pointer)))
    }
    free(line)
    MainActor.assumeIsolated { ReadlineSession.active?.lineReceived(text) }
}
nonisolated func attemptedCompletion(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    sb_rl_set_attempted_completion_over(1)   // never fall back to file names
    guard let text else { return nil }
    let prefix = String(cString: text)
    let found = MainActor.assumeIsolated { () -> Bool in
        guard let session = ReadlineSession.active else { return false }
        session.field.proxy.completionRequested.send(prefix)
        // A masked field neither completes nor lists its choices: both would show what has been typed.
        if session.field.options.masked { return false }
        // A choice holding a control character could never be accepted, and readline would list it raw.
        session.completions = session.field.options.choices.filter {
            $0.hasPrefix(prefix) && !$0.unicodeScalars.contains(where: needsDisplayEscape)
        }
        return !session.completions.isEmpty
    }
    guard found else { return nil }
    sb_rl_set_completion_suppress_append(1)
    return rl_completion_matches(text, choiceGenerator)
}
nonisolated func choiceGenerator(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    let choice = MainActor.assumeIsolated { () -> String? in
        guard let session = ReadlineSession.active, Int(state) < session.completions.count else { return nil }
        return session.completions[Int(state)]
    }
    return choice.map { strdup($0) }
}
nonisolated func noCompletion(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? { nil }

private let escape = "\u{1B}["
/// How long a check runs before "checking…" appears, and how often its spinner moves.
private let checkingDelay = Duration.milliseconds(300)
private let spinnerStep = Duration.milliseconds(100)
private let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

private func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
}

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

    private var outcome: Outcome?
    private var lastBuffer: [UInt8] = []
    private var lastText = ""
    private var validated = false
    private var refused = false
    private var redisplayDeferred = false
    private var hintShown = false
    /// The last hint computed, and what it was computed from: a keystroke that changes none of it (the common
    /// case) reuses the text instead of building and measuring it again.
    private var hintKey: HintKey?
    private var hintCache = ""
    /// The hint drawn last (with its colours), to leave it in place when a keystroke does not change it.
    private var drawnHint = ""
    /// An upper bound of the prompt's width in columns (see `widthBound`).
    private var promptWidthBound = 0
    private var placeholderShown = false
    /// The decorations were last drawn during a history search (no placeholder then): draw again when it ends.
    private var drawnWhileSearching = false
    /// readline's cursor row, column and bottom row when the decorations were drawn: if readline's model
    /// no longer matches (it started a new line itself), the old decorations are not where we think.
    private var drawnAt: (Int32, Int32, Int32) = (-1, -1, -1)
    private var columns = 80
    private var trap: SignalTrap?
    /// Set while readline cleans up after a signal: its redisplays must not draw the hint again.
    private var tearingDown = false
    private var resumedFromSuspend = false
    /// Set when our Enter accepted the line (already checked); a line accepted otherwise is checked again.
    private var acceptedByEnter = false
    /// An invalid line was accepted by another binding: ask again with the same text.
    private var restartNeeded = false
    private var subscriptions = SubscriptionBag()
    /// The clock and hand-back of the field's asynchronous checks while it reads.
    private let checks = TerminalCheckLoop()
    /// Enter was pressed while a check was pending and the check came back valid for the same text: the key
    /// to feed readline again so that it accepts.
    private var submitKey: Int32?
    /// The key of an Enter waiting for a pending check.
    private var waitingKey: Int32 = 13
    /// Whether "checking…" (and which spinner frame) was drawn last.
    private var drawnSpinner: Int?
    /// The verdict when the field was last drawn.
    private var drawnVerdict = Verdict.valid

    init(field: LineField, streams: TerminalStreams) {
        self.field = field
        self.streams = streams
        self.color = field.colorEnabled
    }

    func run() throws -> String {
        adoptCharacterLocale()
        let trap = SignalTrap([SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT],
                              alsoAtDefault: SignalTrap.otherTerminating())
        self.trap = trap
        defer { trap.close() }
        // A crash (or a fatal signal sent from outside) while readline has the terminal restores it first.
        var modes = termios()
        if tcgetattr(streams.inputFD, &modes) == 0 { sb_fatal_guard_install(streams.inputFD, &modes) }
        defer { sb_fatal_guard_remove() }
        let previous = ReadlineSession.active
        ReadlineSession.active = self
        defer { ReadlineSession.active = previous }
        field.proxy.take(input: streams.input, output: streams.output, history: field.historyForReading(),
                         masked: field.options.masked)
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
                   pollfd(fd: checks.wakeFD, events: Int16(POLLIN), revents: 0)]
        while outcome == nil {
            // Everything readline and the hint drew for the last key reaches the terminal in one write.
            streams.flush()
            fds[0].revents = 0
            fds[1].revents = 0
            fds[2].revents = 0
            fds[2].fd = checks.wakeFD
            let ready = poll(&fds, 3, checks.pollTimeout(cap: spinnerTimeout()))
            if ready < 0 {
                if errno == EINTR { continue }
                cleanUpAfterSignal(echo: nil)
                throw FieldError.terminalUnavailable("poll failed: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents != 0 {
                for signal in trap.take() { try handle(signal) }
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

    /// How long poll may wait before "checking…" must appear or its spinner move on (nil: no check runs).
    private func spinnerTimeout() -> Int32? {
        guard let since = field.field.checkRunningSince, field.verdict.value.isPending else { return nil }
        let elapsed = checks.now - since
        if elapsed < checkingDelay { return milliseconds(checkingDelay - elapsed) }
        return milliseconds(spinnerStep - .milliseconds(milliseconds(elapsed - checkingDelay) % 100))
    }

    /// Whether the spinner frame to show differs from the one drawn.
    private func spinnerNeedsDrawing() -> Bool { spinnerFrame() != drawnSpinner }

    /// The frame of "checking…" to show now: nil while nothing has been checking for ~300 ms.
    private func spinnerFrame() -> Int? {
        guard validated, field.verdict.value.isPending, let since = field.field.checkRunningSince else { return nil }
        let elapsed = checks.now - since
        guard elapsed >= checkingDelay else { return nil }
        return Int(milliseconds(elapsed - checkingDelay) / 100) % spinnerFrames.count
    }

    func lineReceived(_ bytes: [UInt8]?) {
        rl_callback_handler_remove()
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

    // MARK: text

    private func bufferBytes() -> [UInt8] {
        guard let buffer = sb_rl_line_buffer() else { return [] }
        let count = Int(sb_rl_end())
        return buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// Whether readline's line differs from `lastBuffer` (compared in place: no copy per keystroke).
    private func bufferChanged() -> Bool {
        let count = Int(sb_rl_end())
        guard count == lastBuffer.count else { return true }
        guard count > 0, let buffer = sb_rl_line_buffer() else { return false }
        // A loop, not memcmp in withUnsafeBytes: that closure would be checked to run on the main actor.
        for index in 0..<count where UInt8(bitPattern: buffer[index]) != lastBuffer[index] { return true }
        return false
    }

    /// Publishes the line buffer as the field's text if it changed: one change, one validation.
    private func syncText() {
        guard bufferChanged() || !validated && sb_rl_end() > 0 else { return }
        // Copied into the storage lastBuffer already has: no allocation per keystroke.
        let count = Int(sb_rl_end())
        lastBuffer.removeAll(keepingCapacity: true)
        if count > 0, let buffer = sb_rl_line_buffer() {
            buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
                lastBuffer.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }
        // ASCII (what is typed most) is valid UTF-8 as it is; only other text goes through validation. (A loop,
        // not allSatisfy: a closure written in main-actor code is checked to run on the main actor at every call.)
        var ascii = true
        for byte in lastBuffer where byte >= 0x80 {
            ascii = false
            break
        }
        let decoded: String? = ascii ? String(decoding: lastBuffer, as: UTF8.self)
            : String(validating: lastBuffer, as: UTF8.self)
        field.textBytesAreValidUTF8 = decoded != nil
        lastText = decoded ?? String(decoding: lastBuffer, as: UTF8.self)
        refused = false
        if field.text.value == lastText {
            field.field.revalidate()   // the initial text, now on the line
        } else {
            field.text.value = lastText
        }
        validated = true
    }

    /// The host (or a binding such as `<~>`) set the text while the field is being read: put it on the line.
    private func textSetByHost(_ value: String) {
        guard ReadlineSession.active === self, outcome == nil, value != lastText else { return }
        rl_replace_line(value, 0)
        sb_rl_set_point(sb_rl_end())
        lastBuffer = bufferBytes()
        lastText = value
        field.textBytesAreValidUTF8 = true
        validated = true
        redisplayDeferred = true
    }

    /// Whether more input is already waiting (a paste, keys typed faster than drawn): then validating and
    /// drawing wait until it is read. readline's pushed-back key, bytes counted and not read yet, or, after a
    /// command other than self-insert, bytes the terminal holds (FIONREAD). After self-insert nothing else needs
    /// asking: readline has inserted every printable key that was waiting and pushed back the first other one.
    private func inputPending() -> Bool {
        if sb_rl_pending_input() != 0 || sb_rl_known_input() > 0 { return true }
        if sb_rl_last_command_was_insert() != 0 { return false }
        var waiting: Int32 = 0
        return ioctl(streams.inputFD, UInt(FIONREAD), &waiting) == 0 && waiting > 0
    }

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
        guard hintShown, !placeholderShown, !lastBuffer.isEmpty, !drawnWhileSearching, sb_rl_searching() == 0,
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
    private func widthBound(_ bytes: ArraySlice<UInt8>) -> Int {
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

    private func readlineModel() -> (Int32, Int32, Int32) {
        (sb_rl_cursor_row(), sb_rl_cursor_column(), sb_rl_bottom_row())
    }

    /// Removes the placeholder and the hint drawn last time, leaving the cursor where readline thinks it is.
    private func eraseDecorations() {
        let (row, column, bottom) = readlineModel()
        defer { hintShown = false; placeholderShown = false }
        guard (row, column, bottom) == drawnAt else { return }
        var out = ""
        if placeholderShown { out += escape + "K" }
        if hintShown {
            let down = Int(bottom) + 1 - Int(row)
            out += escape + "\(down)B\r" + escape + "K" + escape + "\(down)A\r"
            if column > 0 { out += escape + "\(column)C" }
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
            let shown = truncated(displayEscaped(placeholder), toColumns: room)
            if !shown.isEmpty {
                // Always dim, even under NO_COLOR (an attribute, not a colour): plain, it would read as typed text.
                out += escape + "2m" + shown + escape + "0m"
                out += escape + "\(displayWidth(shown))D"
                placeholderShown = true
            }
        }
        let hint = hintText(width: columns - 1)
        if !hint.isEmpty {
            let down = Int(bottom) - Int(row)
            if down > 0 { out += escape + "\(down)B" }
            out += "\r\n" + hint + escape + "K" + escape + "J" + escape + "\(down + 1)A\r"
            if column > 0 { out += escape + "\(column)C" }
            hintShown = true
        }
        drawnHint = hint
        if !out.isEmpty { streams.write(out) }
        drawnAt = (row, column, bottom)
        drawnWhileSearching = sb_rl_searching() != 0
    }

    /// What the hint's text depends on.
    private struct HintKey: Equatable {
        var empty: Bool
        var validated: Bool
        var verdict: Verdict
        var refused: Bool
        var note: String
        var width: Int
        var spinner: Int?
    }

    /// `✓`, or `✗ message`, then the field's note; cut to `width` columns; coloured when allowed.
    private func hintText(width: Int) -> String {
        // The "checking…" frame depends on the time: part of what the hint is made from, and recorded as drawn.
        let showsVerdict = validated && !(lastText.isEmpty && field.defaultValue?.isEmpty == false)
        let spinner = showsVerdict ? spinnerFrame() : nil
        if showsVerdict { drawnSpinner = spinner }
        let key = HintKey(empty: lastText.isEmpty, validated: validated, verdict: field.verdict.value,
                          refused: refused, note: field.note.value, width: width, spinner: spinner)
        if key == hintKey { return hintCache }
        hintCache = buildHintText(width: width, spinner: spinner)
        hintKey = key
        return hintCache
    }

    private func buildHintText(width: Int, spinner: Int?) -> String {
        var mark = ""
        var message = ""
        var markColor = ""
        if lastText.isEmpty, let defaultValue = field.defaultValue, !defaultValue.isEmpty {
            let words = field.options.words
            message = field.options.masked ? words.enterForSecretDefault
                : FormWords.fill(words.enterForDefault, ["default": defaultValue])
        } else if validated {
            let verdict = field.verdict.value
            if verdict.isPending {
                // Nothing until a check has run ~300 ms (no flicker), then an animated "checking…".
                if let frame = spinner {
                    mark = spinnerFrames[frame]
                    markColor = "2"
                    message = field.options.words.checking
                }
            } else if verdict.isValid {
                mark = "✓"
                markColor = "32"
            } else {
                mark = "✗"
                markColor = "31"
                message = verdict.failure?.message ?? "invalid"
                if refused { message += " " + field.options.words.enterNeedsValid }
            }
        }
        let note = field.note.value
        if mark.isEmpty && message.isEmpty && note.isEmpty { return "" }
        // The message, the note and the default come from users, rules and specs: escaped before any colour.
        var plain = mark
        if !message.isEmpty { plain += (plain.isEmpty ? "" : " ") + displayEscaped(message) }
        if !note.isEmpty { plain += (plain.isEmpty ? "" : "  ") + displayEscaped(note) }
        plain = truncated(plain, toColumns: max(1, width))
        guard color, !markColor.isEmpty, plain.hasPrefix(mark) else { return plain }
        let rest = plain.dropFirst(mark.count)
        let bold = refused ? escape + "1m" : ""
        if markColor == "32" { return escape + "32m" + mark + escape + "0m" + rest }
        return escape + markColor + "m" + bold + plain + escape + "0m"
    }

    // MARK: signals

    private func handle(_ signal: Int32) throws {
        switch signal {
        case SIGWINCH:
            resize()
        case SIGTSTP:
            suspend()
        case SIGCONT:
            // Continued after a stop the field did not see coming (SIGSTOP): the shell has put the terminal
            // back to its own modes, so take it again and draw the field on a fresh line.
            if resumedFromSuspend { resumedFromSuspend = false; return }
            rl_deprep_terminal()
            rl_prep_terminal(1)
            streams.write("\r\n")
            drawnAt = (-1, -1, -1)
            rl_forced_update_display()
        case SIGINT:
            stopChecks()
            cleanUpAfterSignal(echo: SIGINT)
            throw FieldError.cancelled
        case SIGQUIT:
            // Ctrl-\ is a key the user pressed, like Ctrl-C: restore the terminal and tell the caller. The
            // host's disposition is not run: in a Swift program it is the runtime's crash reporter, which would
            // take the terminal over with a crash report.
            stopChecks()
            cleanUpAfterSignal(echo: SIGQUIT)
            throw FieldError.interrupted(signal: SIGQUIT)
        default:   // SIGTERM, SIGHUP, SIGUSR1...: restore the terminal, then let the host's disposition act
            stopChecks()
            cleanUpAfterSignal(echo: nil)
            field.proxy.release()
            trap?.restore(signal)
            raise(signal)
            throw FieldError.interrupted(signal: signal)
        }
    }

    /// Cancels every check in flight: check commands are killed with their process groups and reaped.
    private func stopChecks() {
        field.field.cancelSubmit()
        field.field.cancelChecks()
        CommandChecks.terminateAll()
    }

    /// Leaves the line as it is on the screen, clears the hint, restores the terminal modes.
    private func cleanUpAfterSignal(echo signal: Int32?) {
        eraseDecorations()
        streams.flush()
        if let signal { rl_echo_signal_char(signal) }
        tearingDown = true
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_cleanup_after_signal()
        rl_callback_handler_remove()
        streams.write("\r\n" + escape + "J")
        streams.flush()
    }

    /// Ctrl-Z: restore the terminal, stop; after `fg`, take the terminal again and draw the field anew. When
    /// nothing could resume the process (see `SignalTrap.canSuspend`), the bell rings and editing goes on.
    private func suspend() {
        guard trap?.canSuspend() == true else {
            rl_ding()
            return
        }
        eraseDecorations()
        let (row, _, bottom) = readlineModel()
        if bottom > row { streams.write(escape + "\(bottom - row)B") }
        streams.write("\r\n")
        streams.flush()
        rl_deprep_terminal()
        trap?.restore(SIGTSTP)
        raise(SIGTSTP)
        trap?.install(SIGTSTP)
        resumedFromSuspend = true   // the SIGCONT that woke us is already handled here
        rl_prep_terminal(1)
        drawnAt = (-1, -1, -1)
        rl_forced_update_display()
    }

    /// A re-flowing terminal (tmux, VTE) re-wraps the line at the new width: go up to where the prompt starts
    /// now, clear below, and draw again. The moves, the clearing and the redrawn line reach the terminal in one
    /// write (readline flushes after drawing the line; the hint follows in a write of its own that starts and
    /// ends on the input), so a second resize never re-flows a screen whose cursor is half-way through a redraw,
    /// which left two prompts.
    private func resize() {
        let (row, column, _) = readlineModel()
        let oldWidth = columns
        let newWidth = streams.columns
        let position = Int(row) * oldWidth + Int(column)
        var up = position / max(newWidth, 1)
        if up > 0 && position % newWidth == 0 { up -= 1 }
        var out = up > 0 ? escape + "\(up)A" : ""
        out += "\r" + escape + "J"
        streams.write(out)
        columns = newWidth
        rl_reset_screen_size()
        drawnAt = (-1, -1, -1)
        hintShown = false
        placeholderShown = false
        rl_forced_update_display()
    }
}
