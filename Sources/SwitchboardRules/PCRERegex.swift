// SPDX-License-Identifier: Apache-2.0
import CPCRE2
import Synchronization

/// A regular expression in PCRE2 syntax (`\d`, `(?i)`, lookaround), compiled once, and compiled again to machine
/// code by PCRE2's JIT at its first match (a schema or form with thousands of patterns loads without JIT-compiling
/// the ones it never matches).
///
/// **What matches.** A pattern must match the *whole value*, unless it anchors itself: a pattern that starts with
/// `^`, `\A` or `\G` (after any leading option settings such as `(?i)` or verbs such as `(*UCP)`), or ends with
/// an unescaped `$`, `\z` or `\Z`, is searched for as written. So `\d{3}` accepts `"123"` but not `"a123"`;
/// `^\d{3}` accepts any value starting with three digits; `\d+$` any value ending with digits. `$` means the
/// end of the value, never "before a final newline" (PCRE2_DOLLAR_ENDONLY): `^abc$` rejects `"abc\n"`.
///
/// **Characters.** Patterns and values are UTF-8 (PCRE2_UTF); `.` is one code point; `\d`, `\w`, `\s` and
/// `[[:alpha:]]` are ASCII-only (no PCRE2_UCP; write `(*UCP)` at the start for Unicode classes). Raw bytes given
/// to `matches(utf8:)` may be invalid UTF-8 (PCRE2_MATCH_INVALID_UTF): an invalid sequence matches nothing, not
/// even `.`, and never crashes. `\C` is not allowed.
///
/// ```swift
/// let phone = try PCRERegex(#"\d{3}-\d{4}"#)
/// phone.matches("555-1234")     // true
/// phone.matches("555-1234 x")   // false: the whole value must match
/// try PCRERegex("a(b")          // throws: regex "a(b": at column 4: missing closing parenthesis
/// ```
/// - note: A regex may be used from several threads at once; each match uses the regex's own match buffers when
///   they are free and temporary ones otherwise.
public final class PCRERegex: @unchecked Sendable {
    /// A pattern PCRE2 could not compile: its message and where (byte offset and 1-based character column).
    public struct CompileError: Error, CustomStringConvertible, Equatable, Sendable {
        /// The pattern as given.
        public var pattern: String
        /// PCRE2's offset of the problem, in UTF-8 bytes from the start of the pattern.
        public var offset: Int
        /// The same place as a 1-based column in user-perceived characters.
        public var column: Int
        /// PCRE2's message, e.g. `"missing closing parenthesis"`.
        public var message: String

        /// A compile error of `pattern` at `offset` (bytes) / `column` (characters, 1-based), with PCRE2's message.
        public init(pattern: String, offset: Int, column: Int, message: String) {
            self.pattern = pattern
            self.offset = offset
            self.column = column
            self.message = message
        }

        /// `regex "a(b": at column 4: missing closing parenthesis`
        /// A long pattern is cut after 60 characters.
        public var description: String { "regex \(displayQuoted(pattern, limit: 60)): at column \(column): \(message)" }
    }

    /// A match PCRE2 gave up on (match limit, depth limit, JIT stack): never a crash, and never a pass.
    public struct MatchError: Error, CustomStringConvertible, Equatable, Sendable {
        /// PCRE2's error code.
        public var code: Int32
        /// PCRE2's message, e.g. `"match limit exceeded"`.
        public var message: String

        public var description: String { "regex could not finish matching: \(message)" }
    }

    /// The pattern as given.
    public let pattern: String
    /// Whether the pattern must match the whole value (it does not anchor itself).
    public let matchesWholeValue: Bool
    /// Whether the regex was compiled with `caseInsensitive: true`.
    public let isCaseInsensitive: Bool
    /// Whether PCRE2's JIT compiled the pattern (otherwise PCRE2's interpreter matches it, more slowly). Reading
    /// it JIT-compiles the pattern if no match has yet.
    public var isJITCompiled: Bool {
        compileJIT()
        return jitCompiled.load(ordering: .relaxed)
    }

    /// What a value's first characters must be to match (an ECMA pattern anchored with `^`): checked before PCRE2.
    private let prefix: PatternPrefix?
    private let code: OpaquePointer
    private let matchData: OpaquePointer
    private let matchContext: OpaquePointer?
    /// The regex's own JIT stack, made at its first match (a schema or form with thousands of patterns made
    /// thousands of stacks while loading, most never used). Touched only while `busy` is held.
    private var jitStack: OpaquePointer?
    private let busy = Atomic<Bool>(false)
    /// Where the JIT compilation is: not tried (0), under way on some thread (1), done (2), whether it succeeded
    /// or not (`jitCompiled`). Every match waits for 2 before it reads `code`, which the JIT compilation writes.
    private let jitState = Atomic<UInt8>(0)
    private let jitCompiled = Atomic<Bool>(false)

    /// Compiles `pattern`.
    /// - Parameters:
    ///   - pattern: a PCRE2 pattern; it must match the whole value unless it anchors itself (see above).
    ///   - caseInsensitive: match without regard to case (as `(?i)` does).
    /// - Throws: `CompileError` with PCRE2's message and the position of the problem.
    public convenience init(_ pattern: String, caseInsensitive: Bool = false) throws(CompileError) {
        try self.init(pattern, caseInsensitive: caseInsensitive, whole: !PCRERegex.anchorsItself(pattern), extra: 0)
    }

    /// Compiles `pattern` to be *searched for* anywhere in a value, as JSON Schema's `pattern` and
    /// `patternProperties` are (no whole-value matching: `\d` accepts `"a1"`). `$` is still the end of the value
    /// only, `\d`, `\w`, `\s` are still ASCII. With `allowEmptyClass`, `[]` matches nothing and `[^]` any
    /// character, as in ECMAScript.
    ///
    /// ```swift
    /// try PCRERegex(searching: "[0-9]").matches("abc1")   // true
    /// ```
    public convenience init(searching pattern: String, allowEmptyClass: Bool = false) throws(CompileError) {
        try self.init(pattern, caseInsensitive: false, whole: false,
                      extra: allowEmptyClass ? UInt32(PCRE2_ALLOW_EMPTY_CLASS) : 0)
    }

    /// Compiles an ECMA-262 pattern, as JSON Schema's `pattern` means it: searched for anywhere in the value,
    /// with ECMA's `\s`, `.`, `\uXXXX`, `[]`, `[^]`, `[` inside a class and back-references to groups that did
    /// not match (they match the empty string; see `ECMARegex`). `pattern` stays the text as given; a
    /// compile error's column is in PCRE2's translation.
    ///
    /// ```swift
    /// try PCRERegex(ecmaPattern: "[0-9]").matches("a1")    // true
    /// try PCRERegex(ecmaPattern: #"^\S+$"#).matches("a\u{A0}b")   // false: no-break space is white space
    /// ```
    public convenience init(ecmaPattern pattern: String) throws(CompileError) {
        try self.init(ECMARegex.translate(pattern), caseInsensitive: false, whole: false,
                      extra: UInt32(PCRE2_ALLOW_EMPTY_CLASS | PCRE2_MATCH_UNSET_BACKREF), shown: pattern,
                      prefix: PatternPrefix(ecmaPattern: pattern))
    }

    private init(_ pattern: String, caseInsensitive: Bool, whole: Bool, extra: UInt32,
                 shown: String? = nil, prefix: PatternPrefix? = nil) throws(CompileError) {
        self.pattern = shown ?? pattern
        self.prefix = prefix
        self.isCaseInsensitive = caseInsensitive
        matchesWholeValue = whole
        var options = UInt32(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_NEVER_BACKSLASH_C) | extra
        if whole { options |= UInt32(PCRE2_ANCHORED | PCRE2_ENDANCHORED) }
        if caseInsensitive { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset: Int = 0
        var bytes = Array(pattern.utf8)
        if bytes.isEmpty { bytes = [0] }  // a valid pointer for the empty pattern; its length stays 0
        let length = pattern.utf8.count
        let compiled = bytes.withUnsafeBufferPointer {
            pcre2_compile_8($0.baseAddress, length, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            let offset = min(max(errorOffset, 0), length)
            let prefix = String(decoding: pattern.utf8.prefix(offset), as: UTF8.self)
            throw CompileError(pattern: pattern, offset: offset, column: prefix.count + 1,
                               message: PCRERegex.errorMessage(errorCode))
        }
        code = compiled
        matchData = pcre2_match_data_create_8(1, nil)
        let context = PCRERegex.limitedContext(matchLimit: PCRERegex.defaultMatchLimit)
        matchContext = context
        jitStack = nil
    }

    /// JIT-compiles the pattern, once: the first caller compiles while any other waits (a few microseconds).
    @inline(__always)
    private func compileJIT() {
        if jitState.load(ordering: .acquiring) != 2 { compileJITOnce() }
    }

    private func compileJITOnce() {
        if jitState.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            jitCompiled.store(pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0, ordering: .relaxed)
            jitState.store(2, ordering: .releasing)
        } else {
            while jitState.load(ordering: .acquiring) != 2 { sched_yield() }
        }
    }

    /// Gives the regex its own JIT stack (32 KB growing to 32 MB, reserved lazily) so that 1 MB values with
    /// repeated groups match: the default is 32 KB on the machine stack. Longer values that need more get a larger
    /// one for their match (`matchLongValue`). Called with `busy` held.
    private func assignJITStack() {
        guard jitCompiled.load(ordering: .relaxed), jitStack == nil, let matchContext,
              let stack = pcre2_jit_stack_create_8(32 * 1024, 32 * 1024 * 1024, nil) else { return }
        pcre2_jit_stack_assign_8(matchContext, nil, UnsafeMutableRawPointer(stack))
        jitStack = stack
    }

    /// A match context with the limits every match has: `matchLimit` steps, a depth limit as large, and at most
    /// `memoryLimit` of heap for the interpreter's backtracking (PCRE2's own default is 20 GB). Nil when PCRE2
    /// has no memory for it (the match then fails with its own error).
    private static func limitedContext(matchLimit: Int) -> OpaquePointer? {
        guard let context = pcre2_match_context_create_8(nil) else { return nil }
        let steps = UInt32(clamping: matchLimit)
        pcre2_set_match_limit_8(context, steps)
        pcre2_set_depth_limit_8(context, steps)
        pcre2_set_heap_limit_8(context, UInt32(memoryLimit >> 10))   // in KiB
        return context
    }

    deinit {
        pcre2_code_free_8(code)
        pcre2_match_data_free_8(matchData)
        if let matchContext { pcre2_match_context_free_8(matchContext) }
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    /// Whether `value` matches (see the type's notes for whole-value matching). A match PCRE2 gives up on is
    /// `false`; use `evaluate(_:)` to tell it apart.
    ///
    /// ```swift
    /// try PCRERegex("(?i)yes|no").matches("YES")   // true
    /// ```
    public func matches(_ value: String) -> Bool {
        (try? evaluate(value)) ?? false
    }

    /// Whether the raw bytes match. Invalid UTF-8 in them matches nothing (not even `.`) and is never an error.
    public func matches(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        (try? evaluate(utf8: bytes)) ?? false
    }

    /// Whether `value` matches; throws when PCRE2 gives up (for example its match limit on catastrophic
    /// backtracking).
    /// Whether the value whose UTF-8 bytes are `bytes` may match, as far as what the pattern requires of its first
    /// characters tells (`PatternPrefix`): false only when it cannot.
    package func mayMatch(utf8 bytes: Span<UInt8>) -> Bool { prefix?.admits(utf8: bytes) ?? true }

    /// What `mayMatch` tests: per position of a match's first characters, the ASCII characters allowed there as a
    /// 128-bit set (low and high halves). A value shorter than the list, or with another byte at one of its
    /// positions, cannot match. Nil when the pattern does not say.
    package var prefixCharacters: [(low: UInt64, high: UInt64)]? { prefix?.sets }

    public func evaluate(_ value: String) throws(MatchError) -> Bool {
        if let prefix, !prefix.admits(value) { return false }
        var value = value
        // A Swift string's UTF-8 is valid by construction: PCRE2 need not check it again (a JSON Schema `pattern`
        // over tsconfig's case-insensitive enums spent a third of its time in that check and pcre2_match's entry).
        let result = value.withUTF8 { match(UnsafeRawBufferPointer($0), validated: true) }
        return try interpret(result)
    }

    /// Whether the raw bytes match; throws when PCRE2 gives up.
    public func evaluate(utf8 bytes: UnsafeRawBufferPointer) throws(MatchError) -> Bool {
        try interpret(match(bytes))
    }

    /// `matches(utf8:)` for bytes the caller has just found to be valid UTF-8 (`Rule.accepts` classifies every
    /// value first): PCRE2 is told not to check them again, and a JIT-compiled pattern is entered directly
    /// (`pcre2_jit_match`), skipping `pcre2_match`'s checks: together a third of `check --rule regex:`'s time
    /// outside the pattern itself (benchmark row: `make bench`, section check, regex rule). Never call it with bytes
    /// that were not validated: PCRE2's behaviour on invalid UTF-8 it was told is valid is undefined.
    func matches(validatedUTF8 bytes: UnsafeRawBufferPointer) -> Bool {
        (try? interpret(match(bytes, validated: true))) ?? false
    }

    @inline(__always)
    private func interpret(_ result: Int32) throws(MatchError) -> Bool {
        if result >= 0 { return true }
        if result == PCRE2_ERROR_NOMATCH || result == PCRE2_ERROR_PARTIAL { return false }
        var message = PCRERegex.errorMessage(result)
        if result == PCRE2_ERROR_JIT_STACKLIMIT || result == PCRE2_ERROR_HEAPLIMIT {
            message += " (a match may use at most \(PCRERegex.memoryLimit >> 20) MB)"
        }
        throw MatchError(code: result, message: message)
    }

    /// pcre2_match's result for the bytes.
    @inline(__always)
    private func match(_ bytes: UnsafeRawBufferPointer, validated: Bool = false) -> Int32 {
        // PCRE2 wants a non-null subject even when it is empty.
        let empty: UInt8 = 0
        compileJIT()
        let isJITCompiled = jitCompiled.load(ordering: .relaxed)
        return withUnsafePointer(to: empty) { emptyPointer in
            let subject = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? emptyPointer
            let result: Int32
            if busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                defer { busy.store(false, ordering: .releasing) }
                if isJITCompiled && jitStack == nil { assignJITStack() }
                if validated && isJITCompiled {
                    result = pcre2_jit_match_8(code, subject, bytes.count, 0, UInt32(PCRE2_NO_UTF_CHECK), matchData,
                                               matchContext)
                } else {
                    result = pcre2_match_8(code, subject, bytes.count, 0, validated ? UInt32(PCRE2_NO_UTF_CHECK) : 0,
                                           matchData, matchContext)
                }
            } else {
                // Another thread is using this regex's buffers: use temporary ones, with the same limits.
                let data = pcre2_match_data_create_8(1, nil)
                defer { pcre2_match_data_free_8(data) }
                let context = PCRERegex.limitedContext(matchLimit: PCRERegex.defaultMatchLimit)
                defer { if let context { pcre2_match_context_free_8(context) } }
                result = pcre2_match_8(code, subject, bytes.count, 0, 0, data, context)
            }
            if result == PCRE2_ERROR_JIT_STACKLIMIT
                || (result == PCRE2_ERROR_MATCHLIMIT && bytes.count > PCRERegex.defaultMatchLimit / PCRERegex.stepsPerByte)
            {
                return matchLongValue(subject, bytes.count)
            }
            return result
        }
    }

    /// PCRE2's match limit (steps of backtracking) for ordinary values: catastrophic patterns stop within it.
    static let defaultMatchLimit = 10_000_000
    /// The match limit a long value gets: this many steps per byte, so that a linear match (`^(a|b)+$` failing
    /// at the end of a 16 MB line takes one step per byte to back out) is decided, while the work stays bounded
    /// by the value's length.
    static let stepsPerByte = 16
    /// The most memory one match may use: the largest JIT stack a retry may reserve, and the interpreter's heap
    /// limit. `^(a|b)+$` takes about 32 bytes of it per byte of the value, so it is decided on lines up to about
    /// 15 MB; a longer one is undecided (a failure) after using at most this much, not 3 GB for a 100 MB line.
    static let memoryLimit = 512 << 20
    /// How much JIT stack a retry reserves per byte of the value (at most `memoryLimit`).
    static let largeStackPerByte = 64

    /// Matches a value that hit a limit again, with limits sized for its length, for this match only: a JIT
    /// stack of 64 bytes per byte of the value (at least 128 MB, at most `memoryLimit`, 512 MB) and a match limit
    /// of 16 steps per byte. Repeated groups over long values need both: `^(a|b)+$` uses about 32 bytes of JIT
    /// stack per character, so a 15 MB line needs about 480 MB. The stack is address space reserved up front and
    /// only touched as deep as the match goes; it is freed when the match ends. If the reservation is refused,
    /// smaller ones are tried down to 64 MB.
    private func matchLongValue(_ subject: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
        let steps = count.multipliedReportingOverflow(by: PCRERegex.stepsPerByte)
        let limit = steps.overflow ? Int(UInt32.max) : max(steps.partialValue, PCRERegex.defaultMatchLimit)
        guard let context = PCRERegex.limitedContext(matchLimit: limit) else { return PCRE2_ERROR_NOMEMORY }
        defer { pcre2_match_context_free_8(context) }
        let data = pcre2_match_data_create_8(1, nil)
        defer { pcre2_match_data_free_8(data) }
        guard jitCompiled.load(ordering: .relaxed) else { return pcre2_match_8(code, subject, count, 0, 0, data, context) }
        let perByte = count.multipliedReportingOverflow(by: PCRERegex.largeStackPerByte)
        var size = perByte.overflow ? PCRERegex.memoryLimit
            : min(max(perByte.partialValue, 128 << 20), PCRERegex.memoryLimit)
        while size >= 64 << 20 {
            guard let stack = pcre2_jit_stack_create_8(1 << 20, size, nil) else {
                size /= 2
                continue
            }
            defer { pcre2_jit_stack_free_8(stack) }
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack))
            return pcre2_match_8(code, subject, count, 0, 0, data, context)
        }
        return PCRE2_ERROR_JIT_STACKLIMIT
    }

    /// PCRE2's text for an error code.
    static func errorMessage(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
        }
        guard length > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
    }

    /// Whether the pattern anchors itself: starts with `^`, `\A` or `\G` after leading `(?flags)` and `(*VERB)`
    /// groups, or ends with an unescaped `$`, `\z` or `\Z`.
    static func anchorsItself(_ pattern: String) -> Bool {
        let p = Array(pattern.utf8)
        var i = 0
        // Skip leading option settings "(?imsx-n)" / "(?^)" and start-of-pattern verbs "(*UTF)", "(*CRLF)".
        while i + 2 < p.count, p[i] == UInt8(ascii: "(") {
            let marker = p[i + 1]
            guard marker == UInt8(ascii: "?") || marker == UInt8(ascii: "*") else { break }
            var j = i + 2
            while j < p.count, p[j] != UInt8(ascii: ")") {
                let b = p[j]
                let allowed = marker == UInt8(ascii: "?")
                    ? (b | 0x20) &- UInt8(ascii: "a") < 26 || b == UInt8(ascii: "-") || b == UInt8(ascii: "^")
                    : (b | 0x20) &- UInt8(ascii: "a") < 26 || b &- UInt8(ascii: "0") < 10
                        || b == UInt8(ascii: "_") || b == UInt8(ascii: "=")
                guard allowed else { break }
                j += 1
            }
            guard j < p.count, p[j] == UInt8(ascii: ")") else { break }
            i = j + 1
        }
        if i < p.count {
            if p[i] == UInt8(ascii: "^") { return true }
            if p[i] == UInt8(ascii: "\\"), i + 1 < p.count, p[i + 1] == UInt8(ascii: "A") || p[i + 1] == UInt8(ascii: "G") {
                return true
            }
        }
        guard let last = p.last else { return false }
        // Backslashes immediately before position `end` (exclusive).
        func backslashes(before end: Int) -> Int {
            var count = 0
            var k = end - 1
            while k >= 0, p[k] == UInt8(ascii: "\\") { count += 1; k -= 1 }
            return count
        }
        if last == UInt8(ascii: "$"), backslashes(before: p.count - 1) % 2 == 0 { return true }
        if last == UInt8(ascii: "z") || last == UInt8(ascii: "Z"), p.count >= 2, p[p.count - 2] == UInt8(ascii: "\\"),
            backslashes(before: p.count - 1) % 2 == 1
        {
            return true
        }
        return false
    }
}
