// SPDX-License-Identifier: Apache-2.0
// The settle waits where they returned early or hung (issue 38, items 11 and 12), once each; SettleStressTests runs
// them 100 times under load.
import Glibc
import SwitchboardTesting
import TerminalTestSupport
import Testing

@Suite struct SettleTests {
    @Test("Keys typed before the program's first settle wait for it: no echo before the prompt, the check answered")
    func keysBeforeFirstSettle() throws {
        try SettleCases.keysBeforeFirstSettle()
    }

    @Test("A fast \"yes\" into a confirm field: the discarded type-ahead counts as read, the next waits return")
    func fastYesIntoConfirm() throws {
        try SettleCases.fastYesIntoConfirm(spec: SettleCases.temporaryFile("form.yaml", SettleCases.confirmSpec))
    }

    @Test("After Ctrl-C the wait returns with the next question, not at once with the old screen")
    func ctrlCThenNextQuestion() throws {
        try SettleCases.ctrlCThenNextQuestion()
    }

    @Test("A resize to the same size does not hang the wait")
    func resizeToTheSameSize() throws {
        try SettleCases.resizeToTheSameSize()
    }

    @Test("A resize to a new size: the wait returns after the redraw at the new width")
    func resizeWaitsForTheRedraw() throws {
        try SettleCases.resizeWaitsForTheRedraw()
    }

    @Test("The quiet period of a program not built on Switchboard counts from the last key sent")
    func quietCountsFromTheLastKey() throws {
        try SettleCases.quietCountsFromTheLastKey()
    }
}

/// The cases above, 100 times each, meant to run with busy processes competing for the CPU: only with
/// `SWITCHBOARD_STRESS=1` (`make stress-kit`, scripts/stress-kit.sh, which starts two CPU hogs), never in the ordinary
/// `swift test` run. Prints each case's failed runs and time. `SWITCHBOARD_STRESS_RUNS` sets another number of runs,
/// `SWITCHBOARD_STRESS_ONLY` runs only the cases whose name contains it.
@Suite(.enabled(if: getenv("SWITCHBOARD_STRESS").map { String(cString: $0) == "1" } ?? false))
struct SettleStressTests {
    static let runs = getenv("SWITCHBOARD_STRESS_RUNS").flatMap { Int(String(cString: $0)) }.map { max($0, 1) } ?? 100
    static let only = getenv("SWITCHBOARD_STRESS_ONLY").map { String(cString: $0) } ?? ""

    @Test("100 runs of each settle case, no failure", .timeLimit(.minutes(60)))
    func stress() throws {
        let spec = try SettleCases.temporaryFile("form.yaml", SettleCases.confirmSpec)
        let cases: [(String, () throws -> Void)] = [
            ("keys typed before the first settle", SettleCases.keysBeforeFirstSettle),
            ("fast yes into a confirm field", { try SettleCases.fastYesIntoConfirm(spec: spec) }),
            ("Ctrl-C, then the next question", SettleCases.ctrlCThenNextQuestion),
            ("resize to the same size", SettleCases.resizeToTheSameSize),
            ("resize waits for the redraw", SettleCases.resizeWaitsForTheRedraw),
            ("quiet period from the last key", SettleCases.quietCountsFromTheLastKey),
        ]
        var total = 0
        for (name, run) in cases where Self.only.isEmpty || name.contains(Self.only) {
            var failures = 0
            var first: (any Error)?
            let start = monotonicSeconds()
            for _ in 1...Self.runs {
                do {
                    try run()
                } catch {
                    failures += 1
                    if first == nil { first = error }
                }
            }
            total += failures
            print("stress: \(name): \(failures) of \(Self.runs) runs failed, \(monotonicSeconds() - start) s"
                  + (first.map { "; the first: \($0)" } ?? ""))
        }
        #expect(total == 0)
    }
}
