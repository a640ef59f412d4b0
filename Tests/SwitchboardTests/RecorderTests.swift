// SPDX-License-Identifier: Apache-2.0
import Switchboard
import SwitchboardTesting
import Testing

@Suite("SwitchRecorder")
struct RecorderTests {
    @Test("Typing character by character records one step per prefix, with the text and what fired")
    func typing() {
        let field = ObservableTextField()
        let gmail = ObservableSwitch(.onlyTrue)
        var original: [Bool] = []
        gmail.action = { original.append($0) }
        field.addSignal(toSwitch: gmail, Condition("gmail", requirement: "contain \"@gmail.com\"") {
            $0.contains("@gmail.com")
        })
        let run = SwitchRecorder(gmail).type("a@gmail.com", into: field)
        #expect(run.steps.count == 11)
        #expect(run.steps.last == .init(text: "a@gmail.com", verdict: .valid, fired: true))
        #expect(run.steps.first?.verdict.failure?.message == "must contain \"@gmail.com\"")
        #expect(run.fired == [true])
        #expect(original == [true], "the switch's own action still runs")
        #expect(run.steps.first?.description == "\"a\" -> gmail: must contain \"@gmail.com\"")
    }

    @Test("Validating directly records verdicts without text")
    func direct() {
        let target = ObservableSwitch(.anyState)
        var flag = false
        target.addSignal { flag }
        let run = SwitchRecorder(target).validate(times: 2)
        flag = true
        run.validate()
        #expect(run.fired == [false, false, true], "\(run.steps)")
        #expect(run.steps.allSatisfy { $0.text == nil })
        run.reset()
        #expect(run.steps.isEmpty)
    }
}
