// SPDX-License-Identifier: Apache-2.0
import Switchboard

/// Records what a switch fired while a sequence of edits is fed to a headless field, so predicates can be
/// unit-tested without a terminal.
///
/// ```swift
/// let field = ObservableTextField()
/// let gmail = ObservableSwitch(.onlyTrue)
/// field.addSignal(toSwitch: gmail) { text in text.contains("@gmail.com") }
/// let run = SwitchRecorder(gmail).feed(field, edits: ["a", "a@gmail.com", "a@gmail.co"])
/// run.fired      // [true]        (the action's arguments, in order)
/// run.verdicts   // one per edit: invalid, valid, invalid
/// ```
@MainActor
public final class SwitchRecorder {
    /// One validation seen by the recorder.
    public struct Step: Equatable, Sendable, CustomStringConvertible {
        /// The field's text when the switch validated (nil when the switch was validated directly).
        public var text: String?
        /// The switch's verdict for this validation.
        public var verdict: Verdict
        /// Whether the switch's action fired, and with what.
        public var fired: Bool?

        /// A step: the text set (nil when validated directly), the verdict, and what the action got (nil: not fired).
        public init(text: String?, verdict: Verdict, fired: Bool?) {
            self.text = text
            self.verdict = verdict
            self.fired = fired
        }

        public var description: String {
            let input = text.map { "\"\($0)\"" } ?? "-"
            return "\(input) -> \(verdict)\(fired.map { ", fired \($0)" } ?? "")"
        }
    }

    /// The recorded validations, in order.
    public private(set) var steps: [Step] = []
    private let target: ObservableSwitch
    private var currentText: String?
    private var pendingFire: Bool?
    private var subscription: Subscription?

    /// Starts recording `target`: wraps its action (the original still runs) and observes its validations.
    public init(_ target: ObservableSwitch) {
        self.target = target
        let original = target.action
        target.action = { [weak self] outcome in
            self?.pendingFire = outcome
            original?(outcome)
        }
        subscription = target.validated.observe(owner: self) { recorder, verdict in
            recorder.steps.append(Step(text: recorder.currentText, verdict: verdict, fired: recorder.pendingFire))
            recorder.pendingFire = nil
        }
    }

    /// The values the action was called with, in order.
    public var fired: [Bool] { steps.compactMap(\.fired) }

    /// Every validation's verdict, in order.
    public var verdicts: [Verdict] { steps.map(\.verdict) }

    /// Sets the field's text to each edit in turn (each is one change, so one validation), and returns the
    /// recorder.
    @discardableResult
    public func feed(_ field: ObservableTextField, edits: [String]) -> SwitchRecorder {
        for edit in edits {
            currentText = edit
            field.text.value = edit
        }
        currentText = nil
        return self
    }

    /// Types `text` into the field one character at a time, as a user would (each prefix is an edit).
    @discardableResult
    public func type(_ text: String, into field: ObservableTextField) -> SwitchRecorder {
        var prefix = field.text.value
        var edits: [String] = []
        for character in text {
            prefix.append(character)
            edits.append(prefix)
        }
        return feed(field, edits: edits)
    }

    /// Validates the switch directly `times` times (no field involved).
    @discardableResult
    public func validate(times: Int = 1) -> SwitchRecorder {
        for _ in 0..<times { target.validate() }
        return self
    }

    /// Forgets the recorded steps.
    public func reset() { steps.removeAll() }

    isolated deinit { subscription?.cancel() }
}
