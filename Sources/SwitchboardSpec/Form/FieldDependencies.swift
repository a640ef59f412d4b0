// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-field checks: a switch registered with one field whose signal reads other fields, re-validated with
// `<~` whenever any of them changes (answered fields included).

extension FormField {
    /// Adds a check that reads other fields; the field re-validates whenever any of `dependencies` changes,
    /// even after it was answered, so its verdict is never stale.
    ///
    /// ```swift
    /// end.require("after-start", message: "must be after the start", dependsOn: [start]) {
    ///     end.text.value > start.text.value
    /// }
    /// ```
    /// - Returns: the switch holding the check (observe its `verdict` to drive a status line).
    /// - note: The dependencies are observed for as long as this field lives.
    @discardableResult
    public func require(_ name: String, message: String, dependsOn dependencies: [FormField],
                        _ test: @escaping () -> Bool) -> ObservableSwitch {
        let check = ObservableSwitch(.anyState)
        check.addSignal(name, message: message) { test() }
        input.register(check)
        for dependency in dependencies where dependency !== self {
            Binder(self) { field, _ in field.input.revalidate() } <~ dependency.text
        }
        input.revalidate()
        return check
    }

    /// Requires the text to equal `other`'s ("confirm equals password"); re-checked when either changes.
    ///
    /// ```swift
    /// confirm.mustEqual(password, message: "must match the password")
    /// ```
    @discardableResult
    public func mustEqual(_ other: FormField, message: String? = nil) -> ObservableSwitch {
        if let message { authoredMessages.insert(message) }
        return require("same-as", message: message ?? "must match \(other.name)", dependsOn: [other]) {
            [weak self, weak other] in
            guard let self else { return false }
            return self.text.value == (other?.text.value ?? "")
        }
    }

    /// Requires the value to come after `other`'s ("end after start"): compared as numbers when both are
    /// numbers, else as text (which orders ISO dates and times correctly). Passes while either is empty.
    ///
    /// ```swift
    /// end.mustBeAfter(start)      // "2026-05-02" after "2026-05-01"
    /// ```
    @discardableResult
    public func mustBeAfter(_ other: FormField, message: String? = nil) -> ObservableSwitch {
        if let message { authoredMessages.insert(message) }
        return require("after", message: message ?? "must be after \(other.name)", dependsOn: [other]) {
            [weak self, weak other] in
            guard let self else { return false }
            let mine = self.text.value, theirs = other?.text.value ?? ""
            if mine.isEmpty || theirs.isEmpty { return true }
            if let a = parseNumber(mine), let b = parseNumber(theirs) { return a > b }
            return mine > theirs
        }
    }
}
