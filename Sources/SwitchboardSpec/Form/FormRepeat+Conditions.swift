// SPDX-License-Identifier: GPL-3.0-or-later
import Switchboard
import SwitchboardRules

// A list asked only while a condition holds (a spec's `when:` on a `repeat:`; an optional object of a schema that
// holds a list, asked after a yes). The same switch, signal and bindings as a field's condition: while the list
// is not shown it is not asked, its items are hidden (not reviewed, validated, drafted or written), its number of
// items is not checked, and the review takes no `+list`/`-list.N` for it. Its items come back when it is shown.

extension FormRepeat {
    /// Asks this list only while `condition` holds, re-evaluated whenever a field it reads changes its answer
    /// or its visibility; its items (present and added later) follow the same condition.
    ///
    /// ```swift
    /// let more = form.yesNo("more", prompt: "Add hosts?")
    /// let hosts = form.repeating("hosts", title: "Hosts") { $0.field() }
    /// hosts.show(when: .answeredYes(more))
    /// more.answer("no")
    /// hosts.isShown.value   // false: not asked, not in the answers
    /// ```
    /// - Returns: the switch that decides the visibility (its verdict is valid while the list is shown).
    /// - note: Calling it again replaces the earlier condition. The switch lives as long as the list.
    @discardableResult
    public func show(when condition: ShowCondition) -> ObservableSwitch {
        visibility = nil
        let visibility = ObservableSwitch(.anyState)
        visibility.addSignal("when", message: "is not asked") { try condition.decide() }
        for dependency in condition.fields {
            Binder(visibility) { visibility, _ in visibility.validate() } <~ dependency.text
            Binder(visibility) { visibility, _ in visibility.validate() } <~ dependency.isShown
        }
        self.condition = condition
        self.visibility = visibility
        isShown <~ visibility
        Binder(self) { list, _ in list.form?.updateValidity() } <~ isShown
        for item in items {
            for field in item { field.show(when: field.withItemCondition(condition)) }
        }
        return visibility
    }
}

extension FormField {
    /// A list's `condition` for this field of one of its items, with the condition its item gave it (both must hold).
    func withItemCondition(_ condition: ShowCondition) -> ShowCondition {
        itemCondition.map { .all([condition, $0]) } ?? condition
    }
}
