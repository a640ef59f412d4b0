// SPDX-License-Identifier: Apache-2.0
import PropertyBased
import Switchboard
import SwitchboardTesting
import Testing

/// Random sequences of edits, predicates and binding graphs, checked against a simple model.
@Suite("Properties")
struct PropertyTests {
    /// Texts drawn from a small pool so that repeats (no-change edits) and both verdicts happen often.
    static let pool = ["", "a", "ab", "a@b", "ab@c.com", "a b", "@@", "abc"]
    static var menu: [Condition<String>] { [
        .nonEmpty,
        Condition("has-at", requirement: "contain @") { $0.contains("@") },
        Condition("short", requirement: "be at most 3 characters") { $0.count <= 3 },
        Condition("no-space", requirement: "not contain a space") { !$0.contains(" ") },
    ] }

    @Test("A switch fires exactly when its mode, trigger and the AND of its predicates say")
    func switchFiresPerModel() async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 0...(Self.pool.count - 1)).array(of: 0...25),
            Gen.int(in: 0...15), Gen.int(in: 0...2), Gen.bool
        ) { editIndexes, predicateMask, modeIndex, edge in
            let mode: [BoolState] = [.anyState, .onlyTrue, .onlyFalse]
            let menu = Self.menu
            let chosen = menu.indices.filter { predicateMask & (1 << $0) != 0 }.map { menu[$0] }
            let field = ObservableTextField()
            let target = ObservableSwitch(mode[modeIndex], trigger: edge ? .edge : .level)
            field.register(target)  // validated on every edit even with no predicates (then always valid)
            for predicate in chosen { field.addSignal(toSwitch: target, predicate) }
            let run = SwitchRecorder(target)
            let edits = editIndexes.map { Self.pool[$0] }
            run.feed(field, edits: edits)

            // The model: one validation per edit that changes the text.
            var expectedFired: [Bool] = []
            var expectedVerdicts: [Verdict] = []
            var text = ""
            var last: Bool?
            for edit in edits where edit != text {
                text = edit
                let failing = chosen.first { !$0.evaluate(text) }
                let verdict = failing.map { Verdict.invalid($0.name, $0.message) } ?? .valid
                expectedVerdicts.append(verdict)
                let outcome = verdict.isValid
                let flipped = last != outcome
                last = outcome
                guard !edge || flipped else { continue }
                switch mode[modeIndex] {
                case .anyState: expectedFired.append(outcome)
                case .onlyTrue where outcome: expectedFired.append(true)
                case .onlyFalse where !outcome: expectedFired.append(false)
                default: break
                }
            }
            #expect(run.verdicts == expectedVerdicts)
            #expect(run.fired == expectedFired)
        }
    }

    @Test("Random two-way binding graphs with cycles settle with every bound pair equal")
    func bindingGraphsSettle() async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 0...63).array(of: 1...14),   // edges, encoded as from * 8 + to
            Gen.int(in: 0...63).array(of: 1...12),           // sets, encoded as node * 8 + value
            Gen.bool
        ) { edgeCodes, setCodes, ring in
            let nodes = (0..<8).map { Dynamic($0 * 100) }
            var pairs: [(Int, Int)] = []
            for code in edgeCodes where code / 8 != code % 8 {
                let (from, to) = (code / 8, code % 8)
                nodes[from] <~> nodes[to]
                pairs.append((from, to))
            }
            if ring {
                // A directed ring through every node: each node has exactly one inbound one-way binding.
                for i in 0..<8 { nodes[i] <~ nodes[(i + 1) % 8] }
                pairs += (0..<8).map { ($0, ($0 + 1) % 8) }
            }
            for code in setCodes {
                let (node, value) = (code / 8, 1000 + code % 8)
                nodes[node].value = value
                #expect(nodes[node].value == value)
                for (a, b) in pairs {
                    #expect(nodes[a].value == nodes[b].value, "nodes \(a) and \(b) did not settle")
                }
            }
        }
    }

    @Test("Every observer sees the same sequence of values, whatever re-entrant sets happen")
    func observersAgree() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...9).array(of: 1...10), Gen.int(in: 1...6)) {
            starts, observerCount in
            let value = Dynamic(0, deliversDuplicates: true)
            var seen = Array(repeating: [Int](), count: observerCount)
            for index in 0..<observerCount {
                // A weak capture: an observer holding its own value strongly would form a cycle.
                value.bind { [weak value] v in
                    seen[index].append(v)
                    // Observer k counts down by re-entrant sets, so several observers queue values at once.
                    if v > 0 && v % observerCount == index { value?.value = v - 1 }
                }
            }
            for start in starts { value.value = start }
            for index in 1..<observerCount { #expect(seen[index] == seen[0]) }
        }
    }
}
