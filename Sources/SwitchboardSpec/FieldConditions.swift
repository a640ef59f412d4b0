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
            }
        }
        walk(node)
        return result
    }

    /// Whether the condition holds for the fields' current answers. A field that is gone, or not shown, reads
    /// as empty; a rule that cannot decide counts as not holding.
    public func holds() -> Bool {
        Self.holds(node)
    }

    private static func holds(_ node: Node) -> Bool {
        switch node {
        case .field(let weak, let rule):
            // A list answer (a multi-select) holds when one of its values passes; an empty one is tested as "".
            let values = answersRead(weak.field)
            return values.isEmpty ? rule.check("").isValid : values.contains { rule.check($0).isValid }
        case .yes(let weak):
            guard let field = weak.field, field.isShown.value else { return false }
            if field.isYesNo { return field.value == "yes" }
            return answersRead(field).contains { !$0.allSatisfy(\.isWhitespace) }
        case .all(let nodes):
            return nodes.allSatisfy(holds)
        case .any(let nodes):
            return nodes.contains(where: holds)
        }
    }

    /// What a condition tests of `field`: its answer as a program receives it (a multi-select's chosen values),
    /// or nothing while it is hidden.
    private static func answersRead(_ field: FormField?) -> [String] {
        guard let field, field.isShown.value else { return [] }
        return field.isMultiselect ? field.values : [field.value]
    }
}

/// A field held weakly by a condition (a condition never keeps a field alive).
@MainActor
final class WeakField {
    weak var field: FormField?
    init(_ field: FormField) { self.field = field }
}

extension FormField {
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
        let visibility = ObservableSwitch(.anyState)
        visibility.addSignal("when", message: "is not asked") { condition.holds() }
        for dependency in condition.fields where dependency !== self {
            Binder(visibility) { visibility, _ in visibility.validate() } <~ dependency.text
            Binder(visibility) { visibility, _ in visibility.validate() } <~ dependency.isShown
        }
        self.visibility = visibility
        isShown <~ visibility
        return visibility
    }
}
