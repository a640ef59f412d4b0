// SPDX-License-Identifier: GPL-3.0-or-later
/// Why `LineField.read()` returned no value.
///
/// ```swift
/// do {
///     let email = try LineField(prompt: "Email", rules: [.nonEmpty]).read()
/// } catch FieldError.cancelled {
///     exit(130)                      // Ctrl-C: the terminal is already restored
/// } catch FieldError.endOfInput {
///     exit(1)                        // Ctrl-D on an empty line, or no more input
/// } catch FieldError.interrupted(let signal) {
///     exit(128 + signal)             // Ctrl-\ (SIGQUIT): 131, the terminal already restored
/// }
/// ```
public enum FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user pressed Ctrl-C (SIGINT). The terminal is restored; a command line tool exits 130.
    case cancelled
    /// Ctrl-D on an empty line, or standard input ended before a line.
    case endOfInput
    /// Input that did not come from a person at a terminal failed the field's rules; nobody can be asked
    /// again. `message` names the field, the rule and the value, as printed on standard error.
    case invalid(field: String, message: String)
    /// Ctrl-\ (SIGQUIT) was pressed, or a signal asking the program to stop (SIGTERM, SIGHUP) arrived while
    /// reading and the program's own handler did not end it. The terminal is restored. SIGQUIT is handled like
    /// Ctrl-C: the program's own disposition for it is not run (in a Swift program that is the runtime's crash
    /// reporter); a command line tool exits 131.
    case interrupted(signal: Int32)
    /// There is no terminal to talk to or it could not be used (for example stdin is a terminal but neither
    /// stderr nor /dev/tty can be written).
    case terminalUnavailable(String)

    public var description: String {
        switch self {
        case .cancelled: "cancelled"
        case .endOfInput: "end of input"
        case .invalid(_, let message): message
        case .interrupted(let signal): "interrupted by signal \(signal)"
        case .terminalUnavailable(let reason): "no usable terminal: \(reason)"
        }
    }
}
