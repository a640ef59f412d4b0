// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// The seed's observable text field on a terminal: a prompt edited with GNU readline, validated on every
/// edit, with a live ✓/✗ hint under the input.
///
/// ```swift
/// let email = LineField(prompt: "Email", rules: [
///     Condition("gmail", requirement: "end with \"@gmail.com\"") { $0.hasSuffix("@gmail.com") },
/// ])
/// let value = try email.read()        // throws FieldError.cancelled (Ctrl-C) or .endOfInput (Ctrl-D)
/// ```
///
/// One change of readline's line buffer is one change of `text`: every registered switch validates once,
/// `verdict` updates, then `textDidChange` fires. Cursor moves change nothing; a paste is validated once,
/// when the burst of input has been read. Enter on an invalid value is refused (see `Options`).
///
/// Where it writes: the prompt and hint go to standard error when it is a terminal, else to /dev/tty; the
/// value is returned to the caller. When standard input is not a terminal there is no prompt and no readline:
/// exactly one line is read with read(2), checked by the same rules, and a failure is printed on standard
/// error as `Email: must end with "@gmail.com", got "ada"` and thrown as `FieldError.invalid`.
@MainActor
public final class LineField {
    /// The headless field underneath: text, switches and verdict (module Switchboard).
    public let field: ObservableTextField
    /// The prompt, e.g. `"Email"`; shown as `Email: ` (a prompt ending in a space is shown as is).
    public let prompt: String
    /// The value accepted when Enter is pressed on empty text (shown as `Email [ada@gmail.com]: `).
    public let defaultValue: String?
    /// Shown dimmed where the text goes while the text is empty.
    public let placeholder: String?
    /// How the field talks to the terminal.
    public var options: Options
    /// A line of text shown after the verdict in the hint, for the host to announce things (a switch's
    /// action can set it: `field.note.value = "Hello, Phong!"`).
    public let note = Dynamic("")
    /// The readline hooks the field takes while it reads, as signals; see `ReadlineProxy`.
    public let proxy = ReadlineProxy()
    /// The field's own history (most recent last). Masked fields keep none.
    public internal(set) var history: [String] = []

    /// The current text; setting it while the field is being read replaces the line being edited.
    public var text: Dynamic<String> { field.text }
    /// Fires once per change of the text, after validation.
    public var textDidChange: Signal<String> { field.textDidChange }
    /// The first failure among the field's rules and registered switches, else valid.
    public var verdict: Dynamic<Verdict> { field.verdict }

    /// The list (or yes/no) question this line asks, drawn under it while it reads.
    var list: ListState?

    /// Whether the bytes of the current text were valid UTF-8 (the built-in text rule needs it).
    var textBytesAreValidUTF8 = true

    /// Creates a field.
    /// - Parameters:
    ///   - prompt: what to ask, e.g. `"Email"`.
    ///   - initialText: the text already in the line when reading starts (editable).
    ///   - defaultValue: the value when Enter is pressed on empty text (the `default:` argument).
    ///   - placeholder: a dimmed example shown while the text is empty.
    ///   - rules: predicates the value must pass, in order; the first failure is the hint's message.
    ///   - options: streams, mode, colour, masking, history, completion.
    public init(prompt: String, initialText: String = "", default defaultValue: String? = nil,
                placeholder: String? = nil, rules: [Condition<String>] = [], options: Options = Options()) {
        self.field = ObservableTextField(initialText)
        self.prompt = prompt
        self.defaultValue = defaultValue
        self.placeholder = placeholder
        self.options = options
        field.addRule(named: "text") { [weak self] text in self?.plainTextVerdict(text) ?? .valid }
        for rule in rules { field.addRule(rule) }
    }

    /// Attaches a rule to the field; its failure becomes the field's verdict and the hint's message.
    ///
    /// ```swift
    /// field.addRule(.nonEmpty)
    /// ```
    public func addRule(_ rule: Condition<String>) {
        field.addRule(rule)
    }

    /// Attaches a check that may read other state (a form's cross-field checks): it is handed the text and
    /// returns the verdict.
    ///
    /// ```swift
    /// field.addRule(named: "confirm") { text in text == password.text.value ? .valid : .invalid("confirm", "must match") }
    /// ```
    public func addRule(named name: String, _ check: @escaping (String) -> Verdict) {
        field.addRule(named: name, check)
    }

    /// Adds a signal to `toSwitch` and registers the switch with the field once (the seed's meaning): every
    /// edit validates it once.
    ///
    /// ```swift
    /// let greet = ObservableSwitch(.onlyTrue)
    /// greet.action = { _ in name.note.value = "Hello, Phong!" }
    /// name.addSignal(toSwitch: greet) { text in text == "NguyenPhong" }
    /// ```
    public func addSignal(toSwitch target: ObservableSwitch, _ signal: @escaping (String) -> Bool) {
        field.addSignal(toSwitch: target, signal)
    }

    /// Adds a signal that reads what it needs itself (the seed's form), registering the switch once.
    ///
    /// ```swift
    /// name.addSignal(toSwitch: greet) { settings.isReady }
    /// ```
    public func addSignal(toSwitch target: ObservableSwitch, _ signal: @escaping () -> Bool) {
        field.addSignal(toSwitch: target, signal)
    }

    /// Adds a predicate over the field's text to `toSwitch`, registering the switch once.
    public func addSignal(toSwitch target: ObservableSwitch, _ predicate: Condition<String>) {
        field.addSignal(toSwitch: target, predicate)
    }

    /// Attaches an asynchronous check (a lookup, a check command): it runs once the synchronous rules pass
    /// and typing pauses; "checking…" shows under the input when it takes longer than ~300 ms; Enter while it
    /// is pending waits for it (typing cancels that). See `AsyncCheck`.
    ///
    /// ```swift
    /// field.addAsyncCheck(.command("./is-free.sh", timeout: .seconds(5)))
    /// ```
    public func addAsyncCheck(_ check: AsyncCheck) {
        field.addAsyncCheck(check)
    }

    /// A value read without readline (a pipe, plain mode) whose check is pending: see
    /// `ObservableTextField.waitForChecks()`.
    func waitForChecks() throws {
        try field.waitForChecks()
    }

    /// Asks for the value and returns it once accepted.
    ///
    /// - Throws: `FieldError.cancelled` on Ctrl-C, `FieldError.endOfInput` on Ctrl-D on an empty line (or no
    ///   more input), `FieldError.invalid` when non-interactive input fails the rules,
    ///   `FieldError.interrupted` on SIGTERM/SIGHUP, `FieldError.terminalUnavailable`.
    ///   In every case the terminal is restored first.
    public func read() throws -> String {
        guard isatty(options.input) == 1 else {
            return try PipedLineReader(field: self).read()
        }
        let streams = try TerminalStreams(options: options)
        defer { streams.close() }
        if plainMode {
            return try PlainLineReader(field: self, streams: streams).read()
        }
        return try ReadlineSession(field: self, streams: streams).run()
    }

    /// The prompt as displayed: `Email: `, or `Email [default]: `. Control characters in the prompt or the
    /// default are shown as escapes (`\u{1b}`), never sent to the terminal: a prompt cannot set the title,
    /// write the clipboard or move the cursor. A prompt wider than 160 columns (a default wider than 40) is cut
    /// with `…`: GNU readline 8.2 corrupts its memory when a prompt spans more than about 256 screen lines, which
    /// a long prompt would do on a narrow terminal.
    var displayedPrompt: String {
        func cut(_ text: String, _ columns: Int) -> String {
            DisplayWidth.truncate(text, toColumns: columns)
        }
        var shown = cut(displayEscaped(prompt), 160)
        if let defaultValue, !defaultValue.isEmpty, !options.masked {
            let trimmed = shown.hasSuffix(": ") ? String(shown.dropLast(2)) : shown
            shown = trimmed + " [\(cut(displayEscaped(defaultValue), 40))]"
        }
        guard let last = shown.last else { return "" }
        if last == " " { return shown }
        if last == ":" || last == "?" || last == ">" { return shown + " " }
        return shown + ": "
    }

    /// The field's name in error messages: the prompt without trailing punctuation, control characters
    /// escaped, cut after 60 characters.
    var label: String {
        var name = Substring(prompt)
        while let last = name.last, last == " " || last == ":" || last == "?" || last == ">" { name.removeLast() }
        return name.isEmpty ? "value" : displayEscaped(String(name), limit: 60)
    }

    var plainMode: Bool { options.isPlain }

    var colorEnabled: Bool {
        switch options.color {
        case .always: return true
        case .never: return false
        case .automatic:
            if plainMode { return false }
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            return true
        }
    }

    /// The built-in rule every value passes first: readable text with no control characters (a bracketed
    /// paste can carry a newline into the line).
    private func plainTextVerdict(_ text: String) -> Verdict {
        guard textBytesAreValidUTF8 else { return .invalid("text", "must be valid UTF-8 text") }
        // Printable ASCII, what is typed most, has no control character: no walk over scalars. (A loop, not
        // allSatisfy: a closure written in main-actor code is checked to run on the main actor at every call.)
        var printableASCII = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            printableASCII = false
            break
        }
        if printableASCII { return .valid }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let v = scalar.value
            if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) {
                let hex = String(v, radix: 16, uppercase: true)
                let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                return .invalid("text", "must not contain control characters (U+\(code) at character \(offset + 1))")
            }
        }
        return .valid
    }

    /// Records an accepted value in the field's history (and file), unless masked. A value with a line break
    /// (accepted by a field that takes invalid values) is not recorded: the file holds one value per line.
    func remember(_ value: String) {
        guard !options.masked, options.remembersHistory, !value.isEmpty,
              !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return }
        if history.last != value { history.append(value) }
        if let path = options.historyFile { HistoryFile.append(value, to: path) }
    }

    /// The history readline should offer: the file's lines (if any) followed by this session's.
    func historyForReading() -> [String] {
        guard !options.masked, options.remembersHistory else { return [] }
        var entries: [String] = []
        if let path = options.historyFile { entries = HistoryFile.load(path) }
        for entry in history where entries.last != entry { entries.append(entry) }
        return entries
    }

    /// The message a failed verdict shows: the replacement in `options.words.ruleMessages` for its rule, if any
    /// (the field's own "text" rule included), else its own.
    func shownMessage(_ verdict: Verdict) -> String {
        guard let failure = verdict.failure else { return "invalid" }
        return options.words.message(forRule: failure.name, default: failure.message)
    }

    /// The error line for a value that failed, as printed when nobody can be asked again: one line, every
    /// part escaped (a long value is cut after 80 characters).
    func failureLine(_ verdict: Verdict, value: String) -> String {
        let message = displayEscaped(verdict.failure?.message ?? "is invalid")
        if options.masked { return "\(label): \(message) (\(value.count) characters, not shown)" }
        return "\(label): \(message), got \(displayQuoted(value, limit: 80))"
    }
}
