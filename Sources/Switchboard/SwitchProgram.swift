// SPDX-License-Identifier: Apache-2.0
/// What a switch's validation finds, as a number: `SwitchOutcome.valid`, the index of the signal whose fixed
/// failure it is, or `SwitchOutcome.recorded` (the verdict is in `SwitchOutcome.other`). A number is copied
/// without reference counting, where a `Verdict` holding a failure costs an atomic retain and release at every
/// hand-over. Benchmark row: `make bench-instructions`, 5-predicate validation.
typealias Failed = Int

/// One signal of a switch: its check, and the field text it reads, if any.
/// A condition's plain test is kept as it is, with its failure verdict made once: calling it directly, rather
/// than through a closure that wraps it, saves a retain and a release of the wrapper on every validation. The
/// weak reference to the text sits in a box of its own, read only when another field's edit validates the switch.
@MainActor
final class SwitchSignal {
    let name: String
    /// The identity of the text the check reads (nil for a signal that reads its own input).
    let textID: ObjectIdentifier?
    let source: TextSource?
    /// Whether the signal is a plain test (`test` and `failure`) or a whole check (`check`). Both closures are
    /// stored, not optional: calling an optional closure copies it out first, a retain and a release each time.
    let isPlainTest: Bool
    let test: @Sendable (String) throws -> Bool
    /// A plain test's failure (`.valid` for a whole check, which returns its own).
    let failure: Verdict
    private let check: (String) -> Verdict

    convenience init(name: String, text: Dynamic<String>?, _ check: @escaping (String) -> Verdict) {
        self.init(name: name, id: text.map(ObjectIdentifier.init), source: text.map(TextSource.init), check)
    }

    /// A whole check over the text `source` reads (`id`: that text's identity).
    init(name: String, id: ObjectIdentifier?, source: TextSource?, _ check: @escaping (String) -> Verdict) {
        self.name = name
        self.textID = id
        self.source = source
        self.isPlainTest = false
        self.test = { _ in true }
        self.failure = .valid
        self.check = check
    }

    /// A plain test over the text `source` reads (`id`: that text's identity), failing with `failure`.
    init(name: String, id: ObjectIdentifier?, source: TextSource?, test: @escaping @Sendable (String) throws -> Bool,
         failure: Verdict) {
        self.name = name
        self.textID = id
        self.source = source
        self.isPlainTest = true
        self.test = test
        self.failure = failure
        self.check = { _ in .valid }
    }

    /// The signal's outcome when the switch validates, for the signal at `index`: for a signal over a field's
    /// text, that text (handed over when it is the field whose edit validates the switch, else read now). A
    /// verdict other than the fixed failure is recorded in `outcome`.
    func failed(at index: Int, text: String?, of changed: ObjectIdentifier?, into outcome: SwitchOutcome) -> Failed {
        guard let textID else { return failed(at: index, for: "", into: outcome) }
        if textID == changed, let text { return failed(at: index, for: text, into: outcome) }
        guard let current = source?.text?.value else {
            return outcome.record(.undecided(name, "the field this check reads is gone"))
        }
        return failed(at: index, for: current, into: outcome)
    }

    /// The signal's outcome on `input`; a test that throws is an undecided failure.
    private func failed(at index: Int, for input: String, into outcome: SwitchOutcome) -> Failed {
        guard isPlainTest else {
            let verdict = check(input)
            return verdict.isValid ? SwitchOutcome.valid : outcome.record(verdict)
        }
        return SwitchProgram.runTest(test, input, index: index, name: name, outcome: outcome)
    }
}

/// The text a signal reads, held weakly (a switch never keeps a field alive).
@MainActor
final class TextSource {
    weak var text: Dynamic<String>?
    init(_ text: Dynamic<String>) { self.text = text }
}

/// A switch's latest outcome and the fixed failures of its signals, so a verdict can be rebuilt from a number
/// (see `Failed`) when someone reads it. Appended to, never rewritten: a number recorded once names the same
/// failure for ever, which lets a field keep one as its own verdict. Its state is private and changed only by
/// stores and `swap`s, so the compiler checks no access at run time.
@MainActor
final class SwitchOutcome {
    /// Every signal passed.
    static let valid: Failed = -1
    /// The verdict is `other` (a whole check's, an undecided or a pending one).
    static let recorded: Failed = -2

    private var failures: [Verdict] = []
    private(set) var latest: Failed = SwitchOutcome.valid
    /// The verdict `recorded` stands for in `latest`.
    private(set) var other = Verdict(failure: nil)
    /// The verdict `recorded` stands for in the validation under way (it becomes `other` with `setLatest`, so
    /// `verdict` read meanwhile, by one of the switch's own signals, is still the previous one).
    private var incoming = Verdict(failure: nil)

    func addSignal(failure: Verdict) {
        var list: [Verdict] = []
        swap(&list, &failures)
        if list.isEmpty { list.reserveCapacity(4) }   // a field's few rules: one buffer, not one per doubling
        list.append(failure)
        failures = list
    }

    /// Keeps `verdict` as the one `recorded` stands for; the verdict replaced is released after the store. (A
    /// validation records its verdict again once it has published, when a validation nested in its action or
    /// observers recorded another meanwhile: its caller reads its own.)
    @discardableResult
    func record(_ verdict: Verdict) -> Failed {
        var replaced = verdict
        swap(&incoming, &replaced)
        keepUntilHere(replaced)
        return SwitchOutcome.recorded
    }

    /// Makes `failed` the latest outcome (a `recorded` one takes the verdict recorded last).
    func setLatest(_ failed: Failed) {
        if failed == SwitchOutcome.recorded {
            var replaced = incoming
            swap(&other, &replaced)
            keepUntilHere(replaced)
        }
        latest = failed
    }

    /// The verdict `failed` stands for: `recorded` is the verdict recorded last (in the validation under way,
    /// or else the one the validation that returned last recorded).
    func verdict(_ failed: Failed) -> Verdict {
        if failed == SwitchOutcome.valid { return Verdict(failure: nil) }
        if failed == SwitchOutcome.recorded { return incoming }
        return failures[failed]
    }

    /// The verdict of the latest outcome.
    var latestVerdict: Verdict {
        latest == SwitchOutcome.recorded ? other : verdict(latest)
    }

    /// Whether `failed` stands for a pending verdict (an asynchronous check still running).
    func isPending(_ failed: Failed) -> Bool { failed == SwitchOutcome.recorded && incoming.isPending }
}

/// What a switch's validation runs, made once after its signals, asynchronous checks or action change, and
/// immutable: a validation loads it once (one retain and release) and reaches everything else through its
/// constants, where loading the compiled signals and the action from the switch's variables cost a retain and a
/// release each. A field keeps the programs of its switches with their `version` (see `FieldValidation`).
/// Benchmark row: `make bench-instructions`, 5-predicate validation.
@MainActor
final class SwitchProgram {
    /// The signals' AND in order, stopping at the first failure (see `compile`).
    let run: (String?, ObjectIdentifier?) -> Failed
    let action: ((Bool) -> Void)?
    let hasSignals: Bool
    let hasAsyncChecks: Bool
    /// The switch's `version` when this was made.
    let version: Int

    init(signals: ArraySlice<SwitchSignal>, outcome: SwitchOutcome, action: ((Bool) -> Void)?,
         hasAsyncChecks: Bool, version: Int) {
        run = SwitchProgram.compile(signals, outcome: outcome)
        self.action = action
        hasSignals = !signals.isEmpty
        self.hasAsyncChecks = hasAsyncChecks
        self.version = version
    }

    /// `list`'s AND as a balanced tree of closures: each calls the closures it captured (no retain), and the
    /// tree is as deep as log2 of the number of signals (a chain as deep as the list would overflow the stack
    /// for a switch with a hundred thousand signals). Signal `i` of the switch is `list[i]`.
    ///
    /// When every signal is a plain test of the same field's text (the common case), an edit of that field
    /// runs a tree of the tests alone, two to a closure: no per-signal check of which text it reads, half the
    /// calls. Benchmark row: `make bench-instructions`, 5-predicate validation.
    ///
    /// The general tree of such a switch is made the first time it is needed (a validation not from its field's
    /// edit): most fields never need it, and a form of 2,000 fields made both trees for each.
    private static func compile(_ list: ArraySlice<SwitchSignal>,
                                outcome: SwitchOutcome) -> (String?, ObjectIdentifier?) -> Failed {
        guard let textID = list.first?.textID,
              list.allSatisfy({ $0.isPlainTest && $0.textID == textID }) else {
            return compileSignals(list, outcome: outcome)
        }
        let tests = compileTests(list, outcome: outcome)
        let general = LaterProgram(list, outcome: outcome)
        return { text, source in
            if source == textID, let text { return tests(text) }
            return general.run(text, source)
        }
    }

    /// `compileSignals` of a list, made at its first run.
    @MainActor private final class LaterProgram {
        private var list: ArraySlice<SwitchSignal>
        private let outcome: SwitchOutcome
        private var compiled: ((String?, ObjectIdentifier?) -> Failed)?

        init(_ list: ArraySlice<SwitchSignal>, outcome: SwitchOutcome) {
            self.list = list
            self.outcome = outcome
        }

        func run(_ text: String?, _ source: ObjectIdentifier?) -> Failed {
            if let compiled { return compiled(text, source) }
            let made = SwitchProgram.compileSignals(list, outcome: outcome)
            compiled = made
            list = []   // the tree holds the signals now
            return made(text, source)
        }
    }

    /// Plain tests of one text (see `compile`).
    private static func compileTests(_ list: ArraySlice<SwitchSignal>,
                                     outcome: SwitchOutcome) -> (String) -> Failed {
        let start = list.startIndex
        switch list.count {
        case 1:
            let test = list[start].test, name = list[start].name
            return { text in runTest(test, text, index: start, name: name, outcome: outcome) }
        case 2:
            let test = list[start].test, name = list[start].name
            let test2 = list[start + 1].test, name2 = list[start + 1].name
            return { text in
                let failed = runTest(test, text, index: start, name: name, outcome: outcome)
                if failed != SwitchOutcome.valid { return failed }
                return runTest(test2, text, index: start + 1, name: name2, outcome: outcome)
            }
        default:
            // Split so that the halves' leaves hold two tests each where they can.
            let middle = start + max(2, (list.count / 2) & ~1)
            let first = compileTests(list[..<middle], outcome: outcome)
            let second = compileTests(list[middle...], outcome: outcome)
            return { text in
                let failed = first(text)
                return failed == SwitchOutcome.valid ? second(text) : failed
            }
        }
    }

    /// One plain test: valid, the signal's fixed failure (`index`), or an undecided failure recorded.
    @inline(__always)
    static func runTest(_ test: @Sendable (String) throws -> Bool, _ text: String, index: Int, name: String,
                                outcome: SwitchOutcome) -> Failed {
        do {
            return try test(text) ? SwitchOutcome.valid : index
        } catch {
            return outcome.record(.undecided(name, "\(error)"))
        }
    }

    /// Any signals (see `compile`).
    private static func compileSignals(_ list: ArraySlice<SwitchSignal>,
                                       outcome: SwitchOutcome) -> (String?, ObjectIdentifier?) -> Failed {
        switch list.count {
        case 0:
            return { _, _ in SwitchOutcome.valid }
        case 1:
            let index = list.startIndex
            let signal = list[index]
            return { text, source in signal.failed(at: index, text: text, of: source, into: outcome) }
        default:
            let middle = list.startIndex + list.count / 2
            let first = compileSignals(list[..<middle], outcome: outcome)
            let second = compileSignals(list[middle...], outcome: outcome)
            return { text, source in
                let failed = first(text, source)
                return failed == SwitchOutcome.valid ? second(text, source) : failed
            }
        }
    }
}
