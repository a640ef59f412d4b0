// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

// Conditional fields: a field's visibility (`isShown`) is a `Dynamic<Bool>` bound with `<~` to an
// `ObservableSwitch` whose one signal tests the condition over the fields it reads; the switch re-validates
// whenever one of those fields' text or visibility changes. No second mechanism: the same switch, signal and
// binding pieces as a field's own rules.

/// When a field is asked: a test of earlier fields' answers, all of a list of tests, or any of them.
///
/// ```swift
/// let status = form.choice("status", from: ["employed", "student", "other"])
/// let company = form.text("company")
/// company.show(when: .field(status, try Rule.parse("equals:employed").condition))
/// let school = form.text("school")
/// school.show(when: .any([.field(status, Rule.equals("student").condition),
///                         .field(status, Rule.equals("apprentice").condition)]))
/// ```
/// A field that is not shown reads as unanswered (empty) to the conditions of other fields, so a chain of
/// conditions hides everything that depends on a hidden field.
/// - note: Read fields asked before the conditional one (a spec requires it): the flow decides whether to ask a
///   field when its turn comes, and a field shown by a later answer is only reachable from the review.
@MainActor
public struct ShowCondition {
    indirect enum Node {
        case field(WeakField, Condition<String>)
        case yes(WeakField)
        case all([Node])
        case any([Node])
        /// Any test of the answers (a schema's `if` decided by the validator), re-evaluated when a field it
        /// reads changes.
        case test([WeakField], @MainActor () throws(UndecidedCondition) -> Bool)
    }

    /// True when `test` passes; it is evaluated again whenever one of `fields` changes its answer or visibility.
    static func test(reading fields: [FormField],
                     _ test: @escaping @MainActor () throws(UndecidedCondition) -> Bool) -> ShowCondition {
        ShowCondition(node: .test(fields.map(WeakField.init), test))
    }

    let node: Node

    /// True when `field`'s answer passes `rule`.
    ///
    /// ```swift
    /// company.show(when: .field(status, Rule.equals("employed").condition))
    /// ```
    public static func field(_ field: FormField, _ rule: Condition<String>) -> ShowCondition {
        ShowCondition(node: .field(WeakField(field), rule))
    }

    /// True when `field`'s answer is one of `values` (for a yes/no or confirm field, compared as yes or no:
    /// `"true"` holds for an answer `y`; for a multi-select, one of the chosen values is): the spec shorthand
    /// `{status: employed}`.
    ///
    /// ```swift
    /// company.show(when: .field(status, is: "employed", "self-employed"))
    /// ```
    public static func field(_ field: FormField, is values: String...) -> ShowCondition {
        self.field(field, isOneOf: values)
    }

    /// `field(_:is:)` with the values in an array.
    public static func field(_ field: FormField, isOneOf values: [String]) -> ShowCondition {
        let requirement = "be \(listed(values))"
        if field.isYesNo {
            let wanted = Set(values.compactMap(parseYesNo))
            return .field(field, Condition("when", requirement: requirement) { answer in
                parseYesNo(answer).map(wanted.contains) ?? false
            })
        }
        return .field(field, Condition("when", requirement: requirement) { values.contains($0) })
    }

    /// True when `field` is answered yes (a yes/no or confirm field) or answered at all (any other kind; a
    /// multi-select with at least one value chosen).
    ///
    /// ```swift
    /// frequency.show(when: .answeredYes(newsletter))
    /// ```
    public static func answeredYes(_ field: FormField) -> ShowCondition {
        ShowCondition(node: .yes(WeakField(field)))
    }

    /// True when every one of `conditions` holds (an empty list always holds).
    public static func all(_ conditions: [ShowCondition]) -> ShowCondition {
        ShowCondition(node: .all(conditions.map(\.node)))
    }

    /// True when at least one of `conditions` holds (an empty list never holds).
    public static func any(_ conditions: [ShowCondition]) -> ShowCondition {
        ShowCondition(node: .any(conditions.map(\.node)))
    }

    /// The fields the condition reads, each once, in the order written.
    public var fields: [FormField] {
        var result: [FormField] = []
        func walk(_ node: Node) {
            switch node {
            case .field(let weak, _), .yes(let weak):
                if let field = weak.field, !result.contains(where: { $0 === field }) { result.append(field) }
            case .all(let nodes), .any(let nodes):
                nodes.forEach(walk)
            case .test(let reads, _):
                for field in reads.compactMap(\.field) where !result.contains(where: { $0 === field }) {
                    result.append(field)
                }
            }
        }
        walk(node)
        return result
    }

    /// Whether the condition holds for the fields' current answers. A field that is gone, or not shown, reads
    /// as empty; a rule that cannot decide counts as not holding.
    public func holds() -> Bool {
        (try? decide()) ?? false
    }

    /// Whether the condition holds; throws `UndecidedCondition` when a rule it needs cannot decide (a regex
    /// that hit PCRE2's limit) and the parts it could decide do not settle it (`any` with one part true does).
    func decide() throws(UndecidedCondition) -> Bool {
        switch Self.decide(node) {
        case .decided(let holds): return holds
        case .undecided(let reason): throw UndecidedCondition(reason: reason)
        }
    }

    private enum Outcome {
        case decided(Bool)
        case undecided(String)
    }

    private static func decide(_ node: Node) -> Outcome {
        switch node {
        case .field(let weak, let rule):
            // A list answer (a multi-select) holds when one of its values passes; an empty one is tested as "".
            let values = answersRead(weak.field)
            var undecided: String?
            for value in values.isEmpty ? [""] : values {
                let verdict = rule.check(value)
                if verdict.isValid { return .decided(true) }
                if let failure = verdict.failure, failure.isUndecided { undecided = undecided ?? failure.message }
            }
            return undecided.map { .undecided($0) } ?? .decided(false)
        case .yes(let weak):
            guard let field = weak.field, field.isShown.value else { return .decided(false) }
            if field.isYesNo { return .decided(field.value == "yes") }
            return .decided(answersRead(field).contains { !$0.allSatisfy(\.isWhitespace) })
        case .test(_, let test):
            do { return .decided(try test()) } catch { return .undecided(error.reason) }
        case .all(let nodes):
            var undecided: String?
            for node in nodes {
                switch decide(node) {
                case .decided(false): return .decided(false)
                case .decided(true): break
                case .undecided(let reason): undecided = undecided ?? reason
                }
            }
            return undecided.map { .undecided($0) } ?? .decided(true)
        case .any(let nodes):
            var undecided: String?
            for node in nodes {
                switch decide(node) {
                case .decided(true): return .decided(true)
                case .decided(false): break
                case .undecided(let reason): undecided = undecided ?? reason
                }
            }
            return undecided.map { .undecided($0) } ?? .decided(false)
        }
    }

    /// What a condition tests of `field`: its answer as a program receives it (a multi-select's chosen values),
    /// or nothing while it is hidden.
    private static func answersRead(_ field: FormField?) -> [String] {
        guard let field, field.isShown.value else { return [] }
        return field.isMultiselect ? field.values : [field.value]
    }
}

/// A condition that could not be decided: a rule it needs hit a limit. The field is not asked, and the form
/// says why (an undecided check is a failure, never a pass).
struct UndecidedCondition: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// A field held weakly by a condition (a condition never keeps a field alive).
@MainActor
final class WeakField {
    weak var field: FormField?
    init(_ field: FormField) { self.field = field }
}

extension FormField {
    /// Why the field's condition could not be decided (a rule it needs hit a limit), if it could not; the field
    /// is then not asked, and `Form.failures` names it.
    ///
    /// ```swift
    /// school.undecidedCondition   // "regex could not finish matching: match limit exceeded"
    /// ```
    public var undecidedCondition: String? {
        guard !isShown.value, let failure = visibility?.verdict.value.failure, failure.isUndecided else { return nil }
        return failure.message
    }

    /// Asks this field only when `condition` holds: `isShown` follows the condition, re-evaluated whenever a
    /// field it reads changes its answer or its own visibility. A hidden field is not asked, not shown in the
    /// review, not validated, and left out of the answers and the draft; its answer is kept, so it comes back
    /// if the field is shown again.
    ///
    /// ```swift
    /// let employed = form.yesNo("employed", prompt: "Employed?")
    /// let company = form.text("company", prompt: "Company")
    /// company.show(when: .answeredYes(employed))
    /// employed.answer("no")
    /// company.isShown.value   // false
    /// ```
    /// - Returns: the switch that decides the visibility (its verdict is valid while the field is shown).
    /// - note: Calling it again replaces the earlier condition. The switch lives as long as the field.
    @discardableResult
    public func show(when condition: ShowCondition) -> ObservableSwitch {
        visibility = nil   // an earlier condition's switch and bindings end with it
        shownWhen = condition
        let visibility = ObservableSwitch(.anyState)
        // Undecided: a thrown error makes the switch's verdict an undecided failure with the reason.
        visibility.addSignal("when", message: "is not asked") { try condition.decide() }
        conditionReads = condition.fields.map(WeakField.init)
        var reads = false
        for dependency in condition.fields where dependency !== self {
            dependency.text.observe(owner: visibility) { visibility, _ in visibility.validate() }
            dependency.isShown.observe(owner: visibility) { visibility, _ in visibility.validate() }
            reads = true
        }
        // Once, as the bindings' first deliveries did (two per field read).
        if reads { visibility.validate() }
        self.visibility = visibility
        isShown <~ visibility
        return visibility
    }
}
