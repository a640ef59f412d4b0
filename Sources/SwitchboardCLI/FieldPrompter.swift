import SwitchboardSpec
import SwitchboardTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `FormFlow`'s prompter on `LineField`: each answer is one validated field (live hint, Enter refused while
/// invalid, `*` for masked answers, Tab completing choices); notices go where the prompts go (standard error
/// when it is a terminal, else /dev/tty), never to standard output.
///
/// (SwitchboardSpec's documentation names a `TerminalPrompter` for this; until it exists, the CLI has its own.)
final class FieldPrompter: FormPrompter {
    private let output: Int32
    private let ownsOutput: Bool

    /// - Throws: `CommandFailure` (exit 2) when there is no terminal to show the form on.
    init() throws(CommandFailure) {
        if isTerminal(2) {
            output = 2
            ownsOutput = false
        } else {
            let fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else {
                throw .usage("standard error is not a terminal and /dev/tty cannot be opened to show the form")
            }
            output = fd
            ownsOutput = true
        }
    }

    deinit { if ownsOutput { close(output) } }

    func readLine(prompt: String, initial: String, masked: Bool, choices: [String], enforcing: Bool,
                  check: @escaping (String) -> Verdict) throws(PromptInterruption) -> String {
        var options = LineField.Options()
        options.masked = masked
        options.choices = choices
        options.refusesInvalid = enforcing
        options.remembersHistory = false
        options.output = .descriptor(output)
        // The form's verdict (rules and cross-field checks) becomes the field's one rule; its message is the hint.
        let rule = Predicate<String>("form", requirement: "be valid") { text in
            if let failure = check(text).failure { throw FormVerdictMessage(text: failure.message) }
            return true
        }
        let field = LineField(prompt: prompt, initialText: initial, rules: [rule], options: options)
        do {
            return try field.read()
        } catch FieldError.endOfInput {
            throw .endOfInput
        } catch {
            throw .cancelled  // Ctrl-C, SIGTERM/SIGHUP, or a terminal that went away: nothing half-done is kept
        }
    }

    func show(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// A failure message carried out of a predicate as its error (a thrown error's text is the failure's message).
private struct FormVerdictMessage: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
