// SPDX-License-Identifier: Apache-2.0
/// What a matcher decided about a value: three-valued, so that no composition turns "could not tell" into a pass.
enum Decision: Equatable, Sendable {
    case pass
    case fail
    /// The value could not be judged (a regex hit PCRE2's match limit or the JIT stack limit, a condition
    /// threw or was itself undecided): a failure with this message, whatever `not:`, AND or OR surround it.
    case undecided(String)
}

/// What a rule tests, as a tree the byte fast path walks without making a `String`.
///
/// Every case is safe on any bytes (it never reads outside the buffer). For cases whose decision on invalid UTF-8
/// could differ from their decision on the repaired `String`, `Rule` checks validity first and sends invalid input
/// through the `String` path (repaired with U+FFFD), so both paths judge the same text.
///
/// Undecided results (see `Decision`) are never a pass, as in the core's `Condition`: `not` keeps them
/// undecided, `and` stops at them, and `or` stops at them too (an undecided left side is not rescued by a passing
/// right side; a right side is only asked when the left one failed).
// Only the recursive cases are boxed (see Condition.Node: LeakSanitizer cannot follow a boxed payload's tagged
// pointer).
enum Matcher: Sendable {
    case required(allowWhitespace: Bool)
    case length(min: Int?, max: Int?)
    case email
    case integer(min: Int?, max: Int?)
    case decimal(min: Double?, max: Double?)
    /// Options as UTF-8; for a case-insensitive list, lowercased, with `asciiOnly` when every option is ASCII.
    /// `spelled` keeps the options as written, for `Rule.choices`.
    case oneOf(options: [[UInt8]], caseInsensitive: Bool, asciiOnly: Bool, spelled: [String])
    case equals([UInt8])
    case contains([UInt8])
    case prefix([UInt8])
    case suffix([UInt8])
    case regex(PCRERegex)
    case url
    case noControlCharacters
    /// A format, network or path rule's own scanner (FormatMatcher.swift).
    case format(FormatMatcher)
    /// A condition supplied by the caller: only the `String` path can run it.
    case condition(Condition<String>)
    indirect case and(Matcher, Matcher)
    indirect case or(Matcher, Matcher)
    indirect case not(Matcher)
    case always

    /// Whether valid UTF-8 `bytes` pass. An undecided result is `false`.
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .required(let allowWhitespace):
            return allowWhitespace ? bytes.count > 0 : Scan.hasContent(bytes)
        case .length(let min, let max):
            return Scan.length(bytes, min: min, max: max)
        case .email:
            return Scan.email(bytes)
        case .integer(let min, let max):
            return Scan.integer(bytes, min: min, max: max)
        case .decimal(let min, let max):
            return Scan.decimal(bytes, min: min, max: max)
        case .oneOf(let options, let caseInsensitive, let asciiOnly, _):
            if !caseInsensitive {
                for option in options where Scan.equal(bytes, option) { return true }
                return false
            }
            if asciiOnly, isASCII(bytes) {
                for option in options where Scan.equalIgnoringASCIICase(bytes, option) { return true }
                return false
            }
            var lowered = String(decoding: bytes, as: UTF8.self).lowercased()
            return lowered.withUTF8 { buffer in
                let raw = UnsafeRawBufferPointer(buffer)
                for option in options where Scan.equal(raw, option) { return true }
                return false
            }
        case .equals(let literal):
            return Scan.equal(bytes, literal)
        case .contains(let literal):
            return Scan.contains(bytes, literal)
        case .prefix(let literal):
            return Scan.hasPrefix(bytes, literal)
        case .suffix(let literal):
            return Scan.hasSuffix(bytes, literal)
        case .regex(let regex):
            return regex.matches(utf8: bytes)
        case .url:
            return Scan.url(bytes)
        case .noControlCharacters:
            return Scan.noControlCharacters(bytes)
        case .format(let scanner):
            return scanner.matches(bytes)
        case .condition(let condition):
            return condition.evaluate(String(decoding: bytes, as: UTF8.self))
        case .and(let lhs, let rhs):
            // Anything but a pass on the left (a failure or an undecided result) is not a pass.
            return lhs.matches(bytes) && rhs.matches(bytes)
        case .or, .not:
            if case .pass = decide(bytes) { return true }
            return false
        case .always:
            return true
        }
    }

    /// Judges valid UTF-8 `bytes`: pass, fail, or undecided with the reason.
    func decide(_ bytes: UnsafeRawBufferPointer) -> Decision {
        switch self {
        case .regex(let regex):
            do {
                return try regex.evaluate(utf8: bytes) ? .pass : .fail
            } catch {
                return .undecided(error.description)
            }
        case .format(let scanner):
            return scanner.decide(bytes)
        case .condition(let condition):
            return Matcher.decision(condition.check(String(decoding: bytes, as: UTF8.self)))
        case .and(let lhs, let rhs):
            let left = lhs.decide(bytes)
            guard case .pass = left else { return left }
            return rhs.decide(bytes)
        case .or(let lhs, let rhs):
            let left = lhs.decide(bytes)
            guard case .fail = left else { return left }
            return rhs.decide(bytes)
        case .not(let inner):
            switch inner.decide(bytes) {
            case .pass: return .fail
            case .fail: return .pass
            case .undecided(let reason): return .undecided(reason)
            }
        default:
            return matches(bytes) ? .pass : .fail
        }
    }

    /// A core verdict as a decision: an undecided failure (a thrown error) stays undecided.
    static func decision(_ verdict: Verdict) -> Decision {
        guard let failure = verdict.failure else { return .pass }
        return failure.isUndecided ? .undecided(failure.message) : .fail
    }

    /// Whether the matcher, given invalid UTF-8, decides as it would on the `String` the bytes repair to, so the
    /// fast path may skip the validity check. True of scanners that reject every non-ASCII byte (a repaired value
    /// has U+FFFD, so it fails too), of ASCII literals (repairing never moves or changes an ASCII byte), and of
    /// cases that decode non-ASCII input into a `String` themselves. Not of regexes (PCRE2 matches nothing at an
    /// invalid byte), URLs and control characters (they look at multi-byte sequences).
    var decidesInvalidUTF8AsRepaired: Bool {
        switch self {
        case .required, .length, .email, .integer, .decimal, .condition, .always: return true
        case .oneOf(_, let caseInsensitive, let asciiOnly, _): return caseInsensitive || asciiOnly
        case .equals(let literal), .contains(let literal), .prefix(let literal), .suffix(let literal):
            return literal.allSatisfy { $0 < 0x80 }
        case .regex, .url, .noControlCharacters: return false
        case .format(let scanner): return scanner.decidesInvalidUTF8AsRepaired
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            return lhs.decidesInvalidUTF8AsRepaired && rhs.decidesInvalidUTF8AsRepaired
        case .not(let inner): return inner.decidesInvalidUTF8AsRepaired
        }
    }

    /// `matches(_:)` for valid UTF-8 bytes as one function, made once per rule: the common leaves call their
    /// scanner directly.
    var byteTest: @Sendable (UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .email: return Scan.email
        case .url: return Scan.url
        // Only `Rule.accepts` calls this, after finding the bytes valid UTF-8 (a regex never skips that check).
        case .regex(let regex): return { regex.matches(validatedUTF8: $0) }
        case .integer(let min, let max): return { Scan.integer($0, min: min, max: max) }
        case .length(let min, let max): return { Scan.length($0, min: min, max: max) }
        case .format(let scanner):
            if let passes = scanner.passes { return passes }
            return { [self] in matches($0) }
        default: return { [self] in matches($0) }
        }
    }

    /// Whether every value with a byte above 0x7F fails (so invalid UTF-8, which always has one, fails too, as it
    /// would repaired: U+FFFD is not ASCII). True of the scanners that take ASCII only.
    var rejectsNonASCII: Bool {
        switch self {
        case .email, .integer, .decimal: return true
        case .and(let lhs, let rhs): return lhs.rejectsNonASCII || rhs.rejectsNonASCII
        case .or(let lhs, let rhs): return lhs.rejectsNonASCII && rhs.rejectsNonASCII
        default: return false
        }
    }

    /// The options of the `one-of` this matcher is made of, as written: one side's list for an AND (the caller
    /// filters it by the whole rule), both lists for an OR of two lists; else nil (the rule allows unlisted values).
    var listedChoices: [String]? {
        switch self {
        case .oneOf(_, _, _, let spelled): return spelled
        case .and(let lhs, let rhs): return lhs.listedChoices ?? rhs.listedChoices
        case .or(let lhs, let rhs):
            guard let left = lhs.listedChoices, let right = rhs.listedChoices else { return nil }
            return left + right
        default: return nil
        }
    }

    /// Whether `value` passes (its UTF-8 is valid by construction).
    @inline(__always)
    func matches(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
    }
}
