// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// One `confirm`: exit 0 for yes, 1 for no (`if switchboard confirm "Deploy?"; then ...`).
package struct ConfirmOptions: Equatable {
    package var prompt: String
    package var defaultAnswer: Bool?

    package init(prompt: String, defaultAnswer: Bool? = nil) {
        self.prompt = prompt
        self.defaultAnswer = defaultAnswer
    }

    /// Asks; returns for yes, throws `CommandFailure` with status 1 for no (or the status of what went wrong).
    @MainActor package func run() throws(CommandFailure) {
        if closedStandardStreams.contains(0) {
            throw CommandFailure(lines: ["\(displayEscaped(prompt, limit: 60)): no input (standard input is closed)"],
                                 status: ExitStatus.usage)
        }
        let field = ConfirmField(prompt: prompt, default: defaultAnswer)
        standardError.flush()
        let interactive = isTerminal(0)
        let yes: Bool
        do {
            yes = try field.read()
        } catch let error as FieldError {
            switch error {
            case .invalid:
                // Neither yes nor no (the field said so on standard error): not a "no".
                throw CommandFailure.status(ExitStatus.usage)
            case .endOfInput where !interactive:
                if let defaultAnswer {
                    yes = defaultAnswer
                } else {
                    throw CommandFailure(lines: ["\(displayEscaped(prompt, limit: 60)): no input (standard input ended "
                                                 + "before a line) and no --default"], status: ExitStatus.usage)
                }
            default:
                throw failure(error, prompt: prompt, interactive: interactive)
            }
        } catch {
            throw CommandFailure.usage("cannot ask \(displayQuoted(prompt)): \(error)")
        }
        if !yes { throw CommandFailure.status(ExitStatus.invalid) }
    }
}
