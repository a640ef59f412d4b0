// SPDX-License-Identifier: Apache-2.0
import Switchboard
import Synchronization

/// An ECMA-262 pattern compiled at its first match, by whichever thread matches first (the others wait for it).
///
/// A form mapped from a JSON Schema checks each `pattern` live, and the schema's validator compiles the same
/// patterns on its own thread, where a pattern that does not compile is reported before the first question. The
/// form's copy need not compile them again before asking: a schema with hundreds of patterns asks sooner, and a
/// pattern is compiled when its field is first typed into. A pattern that does not compile fails every value.
final class DeferredPattern: Sendable {
    let pattern: String
    private let compiled = Mutex<Result<PCRERegex, PCRERegex.CompileError>?>(nil)

    init(_ pattern: String) { self.pattern = pattern }

    /// The compiled pattern, compiled now if no match has compiled it yet.
    func regex() throws(PCRERegex.CompileError) -> PCRERegex {
        try compiled.withLock { state in
            if let state { return state }
            let made = Result { () throws(PCRERegex.CompileError) in try PCRERegex(ecmaPattern: pattern) }
            state = made
            return made
        }.get()
    }
}

extension Rule {
    /// The condition of `Rule.pattern(pattern)` (the same name and message), with the pattern compiled at its first
    /// match rather than now (see `DeferredPattern`): for a caller whose pattern is already known to compile, as a
    /// schema's validator has compiled it. A pattern that does not compile fails every value with PCRE2's message.
    package static func deferredPattern(_ pattern: String) -> Condition<String> {
        let deferred = DeferredPattern(pattern)
        return Condition<String>("pattern", requirement: "match the pattern \(displayEscaped(pattern, limit: 80))") {
            try deferred.regex().evaluate($0)
        }
    }
}
