// SPDX-License-Identifier: Apache-2.0
import Synchronization
import Testing
import Switchboard

/// Counts and records what a check was asked, from whatever thread runs it.
nonisolated final class CheckLog: Sendable {
    private let state = Mutex<(asked: [String], cancelled: [String])>(([], []))
    func asked(_ text: String) { state.withLock { $0.asked.append(text) } }
    func cancelled(_ text: String) { state.withLock { $0.cancelled.append(text) } }
    var askedTexts: [String] { state.withLock { $0.asked } }
    var cancelledTexts: [String] { state.withLock { $0.cancelled } }
}

nonisolated struct TakenError: Error, CustomStringConvertible {
    var description: String { "directory unreachable" }
}

/// Asynchronous checks on virtual time: `VirtualCheckLoop` moves the clock and hands results back when the
/// test says; nothing sleeps.
@Suite("Async checks")
struct AsyncCheckTests {
    let taken: Set<String> = ["ada", "root"]

    /// A username field: synchronous rule "at least 2 characters", then an async lookup that answers at once.
    func usernameField(log: CheckLog, debounce: Duration = .milliseconds(250)) -> (ObservableTextField, VirtualCheckLoop) {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        field.addRule(Condition("length", requirement: "have at least 2 characters") { $0.count >= 2 })
        let taken = self.taken
        field.addAsyncCheck(AsyncCheck("available", message: "is taken", debounce: debounce) { name in
            log.asked(name)
            return !taken.contains(name)
        })
        return (field, loop)
    }

    /// A check that never answers by itself: it waits until cancelled and records the cancellation.
    func hangingField(log: CheckLog, timeout: Duration = .seconds(5)) -> (ObservableTextField, VirtualCheckLoop) {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        field.addAsyncCheck(AsyncCheck("slow", message: "is slow", timeout: timeout) { text in
            log.asked(text)
            do {
                try await Task.sleep(for: .seconds(3600))   // ends at once when the run is cancelled
            } catch {
                log.cancelled(text)
                throw error
            }
            return true
        })
        return (field, loop)
    }

    @Test("Debounce: keystrokes 10 ms apart start no check until typing pauses, then exactly one")
    func debounce() async {
        let log = CheckLog()
        let (field, loop) = usernameField(log: log)
        for prefix in ["ad", "ada", "adam", "adams", "adamso", "adamson"] {
            field.text.value = prefix
            #expect(field.verdict.value.isPending)
            loop.advance(by: .milliseconds(10))
        }
        loop.advance(by: .milliseconds(239))
        #expect(field.checkRunsStarted == 0)
        loop.advance(by: .milliseconds(1))
        #expect(field.checkRunsStarted == 1)
        await loop.waitForResults()
        #expect(log.askedTexts == ["adamson"])
        #expect(field.verdict.value == .valid)
    }

    @Test("A check runs only when the synchronous rules pass")
    func onlyAfterSyncRules() {
        let log = CheckLog()
        let (field, loop) = usernameField(log: log)
        field.text.value = "a"
        #expect(field.verdict.value.failure?.name == "length")
        #expect(!field.verdict.value.isPending)
        loop.advance(by: .seconds(1))
        #expect(field.checkRunsStarted == 0)
        #expect(!field.hasPendingChecks)
    }

    @Test("Results: a taken name fails with the check's message, a free one passes")
    func decided() async {
        let log = CheckLog()
        let (field, loop) = usernameField(log: log)
        field.text.value = "ada"
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(field.verdict.value == .invalid("available", "is taken"))
        field.text.value = "grace"
        #expect(field.verdict.value.isPending)
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(field.verdict.value == .valid)
    }

    @Test("Staleness: a result for a text that is no longer the text never shows")
    func staleResultDropped() async {
        let log = CheckLog()
        let (field, loop) = usernameField(log: log)
        var seen: [Verdict] = []
        field.verdict.bind { seen.append($0) }
        field.text.value = "ada"
        loop.advance(by: .milliseconds(250))        // the run for "ada" starts
        await waitUntilPosted(loop, log: log, count: 1)
        field.text.value = "adb"                    // the text moves on before the result is handed back
        loop.deliver()                              // "ada is taken" arrives now: dropped
        #expect(field.verdict.value.isPending)
        #expect(!seen.contains(.invalid("available", "is taken")))
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(field.verdict.value == .valid)
        #expect(!seen.contains(.invalid("available", "is taken")))
    }

    @Test("Cancellation: an edit cancels the run in flight")
    func supersededRunCancelled() async {
        let log = CheckLog()
        let (field, loop) = hangingField(log: log)
        field.text.value = "one"
        loop.advance(by: .milliseconds(250))
        field.text.value = "two"                    // supersedes the run for "one"...
        loop.advance(by: .zero)                     // ...its task is cancelled on the loop's next turn
        await loop.waitForResults()                 // the cancelled run ends and posts: dropped
        #expect(log.cancelledTexts == ["one"])
        #expect(field.verdict.value.isPending)
        field.cancelChecks()
    }

    @Test("Caching: retyping a value already checked answers at once, without a run")
    func caching() async {
        let log = CheckLog()
        let (field, loop) = usernameField(log: log)
        for name in ["ada", "grace"] {
            field.text.value = name
            loop.advance(by: .milliseconds(250))
            await loop.waitForResults()
        }
        field.text.value = "ada"
        #expect(field.verdict.value == .invalid("available", "is taken"))
        field.text.value = "grace"
        #expect(field.verdict.value == .valid)
        #expect(field.checkRunsStarted == 2)
        #expect(log.askedTexts == ["ada", "grace"])
    }

    @Test("Caching is bounded: the oldest value is forgotten first")
    func cacheBounded() async {
        let log = CheckLog()
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        field.addAsyncCheck(AsyncCheck("any", message: "no", cacheLimit: 2) { text in log.asked(text); return true })
        for name in ["a", "b", "c", "a"] {
            field.text.value = name
            loop.advance(by: .milliseconds(250))
            if field.verdict.value.isPending { await loop.waitForResults() }
        }
        #expect(log.askedTexts == ["a", "b", "c", "a"])
    }

    @Test("Timeout: a run longer than its timeout is an undecided failure with its own message")
    func timeout() async {
        let log = CheckLog()
        let (field, loop) = hangingField(log: log, timeout: .seconds(2))
        field.text.value = "x"
        loop.advance(by: .milliseconds(250))
        loop.advance(by: .milliseconds(1999))
        #expect(field.verdict.value.isPending)
        loop.advance(by: .milliseconds(1))
        let verdict = field.verdict.value
        #expect(!verdict.isValid && verdict.isUndecided && !verdict.isPending)
        #expect(verdict.failure?.message == "could not be checked in time (no answer within 2 s)")
        await loop.waitForResults()                 // the timed-out run was cancelled; its late answer is dropped
        #expect(log.cancelledTexts == ["x"])
        #expect(field.verdict.value == verdict)
    }

    @Test("Error: a thrown error is an undecided failure with the error's text, never a pass")
    func thrownError() async {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        field.addAsyncCheck(AsyncCheck("available", message: "is taken") { _ in throw TakenError() })
        field.text.value = "ada"
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(field.verdict.value == .undecided("available", "directory unreachable"))
    }

    @Test("Enter while pending, valid: the submit waits and accepts when the same text comes back valid")
    func submitWaitsThenAccepts() async {
        let log = CheckLog()
        let (field, loop) = usernameField(log: log)
        field.text.value = "grace"
        var answers: [Verdict] = []
        field.submit { answers.append($0) }
        #expect(answers.isEmpty && field.hasPendingSubmit)
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(answers == [.valid])
        #expect(!field.hasPendingSubmit)
    }

    @Test("Enter while pending, invalid: the submit gets the failure; typing cancels a waiting submit")
    func submitRefusedOrCancelled() async {
        let log = CheckLog()
        let (field, loop) = usernameField(log: log)
        field.text.value = "root"
        var answers: [Verdict] = []
        field.submit { answers.append($0) }
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(answers == [.invalid("available", "is taken")])

        field.text.value = "rooted"
        field.submit { answers.append($0) }
        field.text.value = "rooted2"                // typing: the waiting submit is dropped
        #expect(!field.hasPendingSubmit)
        loop.advance(by: .milliseconds(250))
        await loop.waitForResults()
        #expect(answers.count == 1)
        #expect(field.verdict.value == .valid)
    }

    @Test("Switch modes while pending: the action fires only on decided outcomes; the verdict shows pending")
    func switchWhilePending() async {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        let any = ObservableSwitch(.anyState)
        let edge = ObservableSwitch(.onlyTrue, trigger: .edge)
        var fired: [Bool] = []
        var edgeFired = 0
        any.action = { fired.append($0) }
        edge.action = { _ in edgeFired += 1 }
        let check = AsyncCheck("free", message: "is taken") { $0 != "ada" }
        field.addAsyncSignal(toSwitch: any, check)
        field.addAsyncSignal(toSwitch: edge, check)
        var verdicts: [Verdict] = []
        any.verdict.bind { verdicts.append($0) }
        field.text.value = "bob"
        #expect(fired.isEmpty && any.verdict.value.isPending)
        loop.advance(by: .milliseconds(250))
        await settle(field, loop)
        #expect(fired == [true] && edgeFired == 1)
        field.text.value = "ada"
        loop.advance(by: .milliseconds(250))
        await settle(field, loop)
        field.text.value = "bo"
        loop.advance(by: .milliseconds(250))
        await settle(field, loop)
        #expect(fired == [true, false, true])
        #expect(edgeFired == 2)   // bob (first), bo (flip back from ada); pending in between is no outcome
        #expect(verdicts.contains { $0.isPending })
    }

    @Test("Combined switches: all() is pending while a child is pending and nothing failed")
    func combinedPending() async {
        let field = ObservableTextField()
        let loop = VirtualCheckLoop()
        field.checkLoop = loop
        let a = ObservableSwitch()
        let b = ObservableSwitch()
        field.addSignal(toSwitch: a) { text in !text.isEmpty }
        field.addAsyncSignal(toSwitch: b, AsyncCheck("free", message: "is taken") { $0 != "ada" })
        let all = ObservableSwitch.all([a, b])
        var fired: [Bool] = []
        all.action = { fired.append($0) }
        field.text.value = "bob"
        #expect(all.verdict.value.isPending)
        loop.advance(by: .milliseconds(250))
        await settle(field, loop)
        #expect(all.verdict.value == .valid)
        #expect(fired.last == true)
        #expect(!fired.contains(false))
    }

    /// Waits until the check has been asked `count` times and its run has posted a result (undelivered).
    func waitUntilPosted(_ loop: VirtualCheckLoop, log: CheckLog, count: Int) async {
        while log.askedTexts.count < count { await Task.yield() }
        // The run posts right after the check returns; wait for the post without delivering it.
        while !loop.hasUndeliveredResults { await Task.yield() }
    }

    /// Delivers results until no check of the field is pending.
    func settle(_ field: ObservableTextField, _ loop: VirtualCheckLoop) async {
        while field.hasPendingChecks { await loop.waitForResults() }
    }
}
