// SPDX-License-Identifier: Apache-2.0
// The glue between the format, network and path rules (each in its own file) and `Matcher`: one matcher case,
// `.format`, runs a scanner that decides pass, fail or undecided on the value's bytes.

/// A scanner for one rule of the format, network or path families: the byte fast path and the `String` path
/// both run it, so they cannot disagree.
struct FormatMatcher: Sendable {
    /// Decides valid UTF-8 `bytes`.
    let decide: @Sendable (UnsafeRawBufferPointer) -> Decision
    /// For a scanner that never leaves a value undecided, its test itself (one call less per value in `check`).
    let passes: (@Sendable (UnsafeRawBufferPointer) -> Bool)?
    /// Whether, given invalid UTF-8, the scanner decides as it would on the repaired `String` (true for scanners
    /// that reject every non-ASCII byte: the repaired value has U+FFFD, which fails too).
    let decidesInvalidUTF8AsRepaired: Bool
    /// For a path rule, what Tab completes in a field it checks.
    let completion: PathCompletion?

    init(asciiOnly: Bool = true, completion: PathCompletion? = nil,
         _ decide: @escaping @Sendable (UnsafeRawBufferPointer) -> Decision) {
        self.decide = decide
        self.passes = nil
        self.decidesInvalidUTF8AsRepaired = asciiOnly
        self.completion = completion
    }

    /// A scanner that never leaves a value undecided.
    init(asciiOnly: Bool = true, completion: PathCompletion? = nil,
         passes: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool) {
        self.decide = { passes($0) ? .pass : .fail }
        self.passes = passes
        self.decidesInvalidUTF8AsRepaired = asciiOnly
        self.completion = completion
    }

    /// Whether `bytes` pass (an undecided value does not).
    @inline(__always)
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let passes { return passes(bytes) }
        return decide(bytes) == .pass
    }
}

/// Why a rule could not decide a value (a filesystem error while checking a path): an undecided failure with
/// this text as its message.
struct UndecidedReason: Error, CustomStringConvertible {
    let description: String
}

extension Rule {
    /// A leaf rule run by a format scanner; an undecided result is an undecided failure on both paths.
    static func format(_ name: String, _ requirement: String, source: String, _ scanner: FormatMatcher) -> Rule {
        let condition = Condition<String>(name, requirement: requirement) { value in
            var value = value
            let decision = value.withUTF8 { scanner.decide(UnsafeRawBufferPointer($0)) }
            switch decision {
            case .pass: return true
            case .fail: return false
            case .undecided(let reason): throw UndecidedReason(description: reason)
            }
        }
        return Rule(source: source, condition: condition, matcher: .format(scanner))
    }

    /// A format rule without an argument, which never leaves a value undecided: `name` is its rule name and its
    /// source.
    static func format(_ name: String, _ requirement: String,
                       passes: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool) -> Rule {
        format(name, requirement, source: name, FormatMatcher(passes: passes))
    }
}
