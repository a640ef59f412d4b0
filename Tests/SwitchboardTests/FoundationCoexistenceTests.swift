// SPDX-License-Identifier: Apache-2.0
import Foundation
import Switchboard
import Testing

/// Most Swift programs import Foundation, which has a `Predicate` of its own: Switchboard's names must not clash.
@Suite("Foundation and Switchboard together")
struct FoundationCoexistenceTests {
    @Test("Condition, Dynamic, Signal and the rest resolve unqualified next to Foundation")
    func unqualifiedNames() throws {
        let required: Condition<String> = .nonEmpty
        let field = ObservableTextField()
        field.addRule(required)
        field.text.value = "x"
        let date = Dynamic(Date(timeIntervalSince1970: 0))
        let signal = Signal<URL>()
        var urls: [URL] = []
        signal.observe { urls.append($0) }
        signal.send(URL(fileURLWithPath: "/tmp"))
        #expect(field.verdict.value.isValid && urls.count == 1 && date.value.timeIntervalSince1970 == 0)
        // Foundation's own Predicate is still there, unqualified too.
        let foundationPredicate = #Predicate<Int> { $0 > 1 }
        #expect(try foundationPredicate.evaluate(2))
    }

    @Test("Immutable values are Sendable: conditions, verdicts and switch modes cross into concurrent code")
    func valuesAreSendable() async {
        let condition = Condition<String>.nonEmpty && Condition("short") { $0.count < 5 }
        let mode = BoolState.onlyTrue
        let verdict = await Task.detached { () -> Verdict in
            _ = mode
            return condition.check("toolong")
        }.value
        #expect(verdict == .invalid("short", "must satisfy short"))
    }
}
