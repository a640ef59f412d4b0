// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

// Tab completion of the field's choices: readline asks `attemptedCompletion` for the words that complete the
// text before the cursor, then `choiceGenerator` for each of them in turn.
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
        let options = session.field.options
        if options.choices.isEmpty && options.choicesOnTab == nil, let kind = options.pathCompletion {
            session.completions = pathCompletions(of: prefix, kind)
            return !session.completions.isEmpty
        }
        // A choice holding a control character could never be accepted, and readline would list it raw.
        func completes(_ choice: String) -> Bool {
            choice.hasPrefix(prefix) && !choice.unicodeScalars.contains(where: needsDisplayEscape)
        }
        session.completions = options.choices.filter(completes) + (options.choicesOnTab?().filter(completes) ?? [])
        return !session.completions.isEmpty
    }
    guard found else { return nil }
    sb_rl_set_completion_suppress_append(1)
    if MainActor.assumeIsolated({ ReadlineSession.active?.field.options.choices.isEmpty == true
        && ReadlineSession.active?.field.options.choicesOnTab == nil
        && ReadlineSession.active?.field.options.pathCompletion != nil }) {
        // Lists show names without their directory; a name is inserted as it is (no quotes, no backslashes).
        sb_rl_set_filename_completion_desired(1)
        sb_rl_set_filename_quoting_desired(0)
    }
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
