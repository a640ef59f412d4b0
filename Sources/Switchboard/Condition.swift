// SPDX-License-Identifier: Apache-2.0
/// A named test of an input, with the message a user sees when it fails.
///
/// A condition carries a *requirement*, a verb phrase such as `"contain \"@\""`, from which its failure
/// message is made (`"must contain \"@\""`) and its negation's (`"must not contain \"@\""`). A custom message
/// replaces the generated one. `Rule` (module SwitchboardRules) is a `Condition<String>` with a textual form
/// and a fast path over raw bytes.
///
/// ```swift
/// let work = Condition<String>("work-email", requirement: "end with \"@acme.com\"") { $0.hasSuffix("@acme.com") }
/// work.check("ada@acme.com").isValid            // true
/// (!work).check("ada@acme.com").failure?.message // "must not end with \"@acme.com\""
/// let short = (work && .nonEmpty).message("Use your work address")
/// ```
///
/// A test that throws is an *undecided* failure whose message is the error's description; it never crashes the
/// caller, and `!`, `&&` and `||` never turn it into a pass.
/// - note: A condition is an immutable value and `Sendable`: its test must not capture mutable state. To
///   compare with another field's text, add a signal to a switch instead (`field.addSignal(toSwitch:)`).
public struct Condition<Input>: Sendable {
    // Only the recursive cases are boxed: a boxed payload is reached through a pointer carrying the case in its
    // spare bits, which LeakSanitizer cannot follow (it reported every boxed leaf as leaked).
    enum Node: Sendable {
        case test(@Sendable (Input) throws -> Bool)
        indirect case and(Condition, Condition)
        indirect case or(Condition, Condition)
        indirect case not(Condition)
        /// A whole check supplied by the caller (used by `pullback`).
        case checked(@Sendable (Input) -> Verdict)
    }

    /// A short identifier: `"email"`, `"length"`, or a composite such as `"email && length"`.
    public let name: String
    /// What the input must do, as a verb phrase: `"be a valid email address"`.
    public let requirement: String
    /// A message set with `message(_:)` that replaces the generated ones.
    public let customMessage: String?
    let node: Node

    /// Creates a condition from a test.
    /// - Parameters:
    ///   - name: a short identifier shown with failures (`"email"`).
    ///   - requirement: what a valid input does, as a verb phrase after "must" (`"be a valid email address"`).
    ///   - message: a failure message replacing `"must <requirement>"`.
    ///   - test: returns whether the input passes; a thrown error is an undecided failure with the error's text.
    ///
    /// ```swift
    /// let even = Condition<Int>("even", requirement: "be even") { $0 % 2 == 0 }
    /// ```
    public init(
        _ name: String, requirement: String? = nil, message: String? = nil,
        _ test: @escaping @Sendable (Input) throws -> Bool
    ) {
        self.name = name
        self.requirement = requirement ?? "satisfy \(name)"
        self.customMessage = message
        self.node = .test(test)
    }

    /// Creates a condition from a check that returns the whole verdict (to report a part's own failure, or an
    /// undecided one, itself).
    ///
    /// ```swift
    /// let optionalEmail = Condition<String>("email", verdict: { $0.isEmpty ? .valid : email.check($0) })
    /// ```
    public init(_ name: String, requirement: String? = nil, verdict check: @escaping @Sendable (Input) -> Verdict) {
        self.init(name: name, requirement: requirement ?? "satisfy \(name)", customMessage: nil, node: .checked(check))
    }

    init(name: String, requirement: String, customMessage: String?, node: Node) {
        self.name = name
        self.requirement = requirement
        self.customMessage = customMessage
        self.node = node
    }

    /// The message shown when the condition fails: the custom message, or `"must <requirement>"`.
    public var message: String { customMessage ?? "must \(requirement)" }

    /// The same condition with a different failure message (an undecided failure keeps its own).
    ///
    /// ```swift
    /// let c = Condition<String>.nonEmpty.message("Tell us your name")
    /// ```
    public func message(_ text: String) -> Condition {
        Condition(name: name, requirement: requirement, customMessage: text, node: node)
    }

    /// The same condition under another name.
    ///
    /// ```swift
    /// let c = Condition<String>.nonEmpty.named("name")
    /// ```
    public func named(_ newName: String) -> Condition {
        Condition(name: newName, requirement: requirement, customMessage: customMessage, node: node)
    }

    /// Tests `input` and says which part failed, and why. For `a && b`, the first failing part's message;
    /// for `a || b`, `!a`, or a condition with a custom message, the condition's own message. An undecided
    /// part makes the whole undecided unless the outcome was already settled without it (`a && b` with `a`
    /// failing, `a || b` with `a` passing).
    ///
    /// ```swift
    /// Condition<String>.nonEmpty.check("").description   // "required: must not be empty"
    /// ```
    public func check(_ input: Input) -> Verdict {
        switch node {
        case .test(let test):
            do {
                return try test(input) ? .valid : .invalid(name, message)
            } catch {
                return .undecided(name, "\(error)")
            }
        case .and(let lhs, let rhs):
            let left = lhs.check(input)
            return withCustomMessage(left.isValid ? rhs.check(input) : left)
        case .or(let lhs, let rhs):
            let left = lhs.check(input)
            if left.isValid { return .valid }
            let right = rhs.check(input)
            if left.isUndecided { return left }
            if right.isValid { return .valid }
            if right.isUndecided { return right }
            return .invalid(name, message)
        case .not(let inner):
            let verdict = inner.check(input)
            if verdict.isUndecided { return verdict }
            return verdict.isValid ? .invalid(name, message) : .valid
        case .checked(let checker):
            return withCustomMessage(checker(input))
        }
    }

    /// `check` as a closure, with a plain test's failure verdict built once: a field's switch calls it on every
    /// edit, and building the message each time a value fails cost more than the test.
    func makeCheck() -> @Sendable (Input) -> Verdict {
        guard case .test(let test) = node else { return { [self] in check($0) } }
        let failure = Verdict.invalid(name, message)
        let name = self.name
        return { input in
            do {
                return try test(input) ? Verdict(failure: nil) : failure
            } catch {
                return .undecided(name, "\(error)")
            }
        }
    }

    /// For a condition made from a plain test: the test and its failure verdict (made once), so a switch can
    /// call the test directly. Nil for composed conditions and whole checks.
    var plainTest: (test: @Sendable (Input) throws -> Bool, failure: Verdict)? {
        guard case .test(let test) = node else { return nil }
        return (test, Verdict.invalid(name, message))
    }

    /// The condition ready to be added to many fields: its plain test's failure verdict is made here, once, not
    /// for each field (see `ObservableTextField.addRule(_:)`).
    package var prepared: PreparedCondition<Input> { PreparedCondition(self) }

    private func withCustomMessage(_ verdict: Verdict) -> Verdict {
        guard let customMessage, var failure = verdict.failure, !failure.isUndecided else { return verdict }
        failure.message = customMessage
        return Verdict(failure: failure)
    }

    /// Whether `input` passes (an undecided check does not).
    ///
    /// ```swift
    /// Condition<String>.nonEmpty.evaluate("a")   // true
    /// ```
    public func evaluate(_ input: Input) -> Bool {
        if case .test(let test) = node { return (try? test(input)) ?? false }
        return check(input).isValid
    }

    /// A condition over another input, read through `transform`; failures keep the inner message.
    ///
    /// ```swift
    /// let nameRequired = Condition<String>.nonEmpty.pullback { (user: User) in user.name }
    /// ```
    public func pullback<Outer>(_ transform: @escaping @Sendable (Outer) -> Input) -> Condition<Outer> {
        let inner = self
        return Condition<Outer>(name: name, requirement: requirement, customMessage: customMessage,
                                node: .checked { inner.check(transform($0)) })
    }
}

extension Condition {
    /// Both must pass; stops at the first failure and reports it.
    ///
    /// ```swift
    /// let c = Condition<String>.nonEmpty && Condition("short") { $0.count < 10 }
    /// ```
    public static func && (lhs: Condition, rhs: Condition) -> Condition {
        Condition(name: "\(lhs.name) && \(rhs.name)", requirement: "\(lhs.requirement) and \(rhs.requirement)",
                  customMessage: nil, node: .and(lhs, rhs))
    }

    /// Either may pass; the message reads "must A or B".
    ///
    /// ```swift
    /// let c = Condition<String>("a") { $0 == "a" } || Condition("b") { $0 == "b" }
    /// ```
    public static func || (lhs: Condition, rhs: Condition) -> Condition {
        Condition(name: "\(lhs.name) || \(rhs.name)", requirement: "\(lhs.requirement) or \(rhs.requirement)",
                  customMessage: nil, node: .or(lhs, rhs))
    }

    /// Passes when the operand fails (and decided so); the message reads "must not A".
    ///
    /// ```swift
    /// let c = !Condition<String>("at", requirement: "contain \"@\"") { $0.contains("@") }
    /// ```
    public static prefix func ! (operand: Condition) -> Condition {
        Condition(name: "not \(operand.name)", requirement: negate(operand.requirement),
                  customMessage: nil, node: .not(operand))
    }

    /// A condition that always passes.
    public static var always: Condition { Condition("always", requirement: "be anything") { _ in true } }

    private static func negate(_ requirement: String) -> String {
        requirement.hasPrefix("not ") ? String(requirement.dropFirst(4)) : "not \(requirement)"
    }
}

extension Condition where Input == String {
    /// Not empty (whitespace counts as content here; the rule library's `required` can say otherwise).
    ///
    /// ```swift
    /// field.addRule(.nonEmpty)
    /// ```
    public static var nonEmpty: Condition {
        Condition("required", requirement: "not be empty") { !$0.isEmpty }
    }
}

/// A condition whose plain test and failure verdict are made once, for a rule every field of a kind gets (a form of
/// 2,000 fields made the same failure message 2,000 times).
///
/// ```swift
/// static let printable = Condition<String>("printable", requirement: "not contain control characters") { ... }.prepared
/// field.addRule(printable)
/// ```
package struct PreparedCondition<Input>: Sendable {
    let condition: Condition<Input>
    let plainTest: (test: @Sendable (Input) throws -> Bool, failure: Verdict)?

    init(_ condition: Condition<Input>) {
        self.condition = condition
        plainTest = condition.plainTest
    }
}
