/// A named test of an input with a message for the user when it fails.
///
/// A predicate carries a *requirement*, a verb phrase such as `"contain \"@\""`, from which its failure
/// message is made (`"must contain \"@\""`) and its negation's (`"must not contain \"@\""`). A custom message
/// replaces the generated one.
///
/// ```swift
/// let work = Condition<String>("work-email", requirement: "end with \"@acme.com\"") { $0.hasSuffix("@acme.com") }
/// work.check("ada@acme.com").isValid            // true
/// (!work).check("ada@acme.com").failure?.message // "must not end with \"@acme.com\""
/// let short = (work && .nonEmpty).message("Use your work address")
/// ```
/// A predicate that throws fails with the error's description as its message; it never crashes the caller.
public struct Condition<Input> {
    indirect enum Node {
        case test((Input) throws -> Bool)
        /// A test of a `String` input (made only when `Input` is `String`), kept with its concrete type: a
        /// closure over the generic `Input` is stored generically and every call from code that knows the
        /// input is a `String` (a field's switch, on every edit) goes through two reabstraction thunks.
        case stringTest(StringTest)
        case and(Condition, Condition)
        case or(Condition, Condition)
        case not(Condition)
        /// A whole check supplied by the caller (used by `pullback`).
        case checked((Input) -> Verdict)
    }

    /// A short identifier: `"email"`, `"length"`, or a composite such as `"email && length"`.
    public let name: String
    /// What the input must do, as a verb phrase: `"be a valid email address"`.
    public let requirement: String
    /// A message set with `message(_:)` that replaces the generated ones.
    public let customMessage: String?
    let node: Node

    /// Creates a predicate from a test.
    /// - Parameters:
    ///   - name: a short identifier shown with failures (`"email"`).
    ///   - requirement: what a valid input does, as a verb phrase after "must" (`"be a valid email address"`).
    ///   - message: a failure message replacing `"must <requirement>"`.
    ///   - test: returns whether the input passes; a thrown error is a failure with the error's description.
    public init(
        _ name: String, requirement: String? = nil, message: String? = nil,
        _ test: @escaping (Input) throws -> Bool
    ) {
        self.name = name
        self.requirement = requirement ?? "satisfy \(name)"
        self.customMessage = message
        self.node = .test(test)
    }

    /// `input` as the `String` it is in a `.stringTest` node (whose predicates have `Input == String`).
    static func string(_ input: Input) -> String {
        withUnsafePointer(to: input) { UnsafeRawPointer($0).assumingMemoryBound(to: String.self).pointee }
    }

    init(name: String, requirement: String, customMessage: String?, node: Node) {
        self.name = name
        self.requirement = requirement
        self.customMessage = customMessage
        self.node = node
    }

    /// The message shown when the predicate fails: the custom message, or `"must <requirement>"`.
    public var message: String { customMessage ?? "must \(requirement)" }

    /// The same predicate with a different failure message.
    ///
    /// ```swift
    /// let p = Condition<String>.nonEmpty.message("Tell us your name")
    /// ```
    public func message(_ text: String) -> Condition {
        Condition(name: name, requirement: requirement, customMessage: text, node: node)
    }

    /// The same predicate under another name.
    public func named(_ newName: String) -> Condition {
        Condition(name: newName, requirement: requirement, customMessage: customMessage, node: node)
    }

    /// Tests `input` and says which part failed, and why. For `a && b`, the first failing part's message;
    /// for `a || b`, `!a`, or a predicate with a custom message, the predicate's own message.
    public func check(_ input: Input) -> Verdict {
        switch node {
        case .test(let test):
            do {
                return try test(input) ? .valid : .invalid(name, message)
            } catch {
                return .invalid(name, customMessage ?? "\(error)")
            }
        case .stringTest(let test):
            do {
                return try test.run(Self.string(input)) ? .valid : .invalid(name, message)
            } catch {
                return .invalid(name, customMessage ?? "\(error)")
            }
        case .and(let lhs, let rhs):
            let left = lhs.check(input)
            let verdict = left.isValid ? rhs.check(input) : left
            if let customMessage, var failure = verdict.failure {
                failure.message = customMessage
                return Verdict(failure: failure)
            }
            return verdict
        case .or(let lhs, let rhs):
            if lhs.check(input).isValid || rhs.check(input).isValid { return .valid }
            return .invalid(name, message)
        case .not(let inner):
            return inner.check(input).isValid ? .invalid(name, message) : .valid
        case .checked(let checker):
            let verdict = checker(input)
            if let customMessage, var failure = verdict.failure {
                failure.message = customMessage
                return Verdict(failure: failure)
            }
            return verdict
        }
    }

    /// Whether `input` passes.
    @inline(__always)
    public func evaluate(_ input: Input) -> Bool {
        if case .test(let test) = node { return (try? test(input)) ?? false }
        if case .stringTest(let test) = node { return (try? test.run(Self.string(input))) ?? false }
        return check(input).isValid
    }

    /// A predicate over another input, read through `transform`; failures keep the inner message.
    ///
    /// ```swift
    /// let nameRequired = Condition<String>.nonEmpty.pullback { (user: User) in user.name }
    /// ```
    public func pullback<Outer>(_ transform: @escaping (Outer) -> Input) -> Condition<Outer> {
        let inner = self
        return Condition<Outer>(name: name, requirement: requirement, customMessage: customMessage,
                                node: .checked { inner.check(transform($0)) })
    }
}

extension Condition {
    /// Both must pass; stops at the first failure and reports it.
    public static func && (lhs: Condition, rhs: Condition) -> Condition {
        Condition(name: "\(lhs.name) && \(rhs.name)", requirement: "\(lhs.requirement) and \(rhs.requirement)",
                  customMessage: nil, node: .and(lhs, rhs))
    }

    /// Either may pass; the message reads "must A or B".
    public static func || (lhs: Condition, rhs: Condition) -> Condition {
        Condition(name: "\(lhs.name) || \(rhs.name)", requirement: "\(lhs.requirement) or \(rhs.requirement)",
                  customMessage: nil, node: .or(lhs, rhs))
    }

    /// Passes when the operand fails; the message reads "must not A".
    public static prefix func ! (operand: Condition) -> Condition {
        Condition(name: "not \(operand.name)", requirement: negate(operand.requirement),
                  customMessage: nil, node: .not(operand))
    }

    /// A predicate that always passes.
    public static var always: Condition { Condition("always", requirement: "be anything") { _ in true } }

    private static func negate(_ requirement: String) -> String {
        requirement.hasPrefix("not ") ? String(requirement.dropFirst(4)) : "not \(requirement)"
    }
}

extension Condition where Input == String {
    /// Creates a predicate over text from a test (the same as the general initializer; text predicates
    /// are the common case and are stored so that a field's switch calls `test` directly).
    /// - Parameters:
    ///   - name: a short identifier shown with failures (`"email"`).
    ///   - requirement: what a valid input does, as a verb phrase after "must" (`"be a valid email address"`).
    ///   - message: a failure message replacing `"must <requirement>"`.
    ///   - test: returns whether the input passes; a thrown error is a failure with the error's description.
    ///
    /// ```swift
    /// let at = Condition<String>("at", requirement: "contain \"@\"") { $0.contains("@") }
    /// ```
    public init(
        _ name: String, requirement: String? = nil, message: String? = nil,
        _ test: @escaping (String) throws -> Bool
    ) {
        self.init(name: name, requirement: requirement ?? "satisfy \(name)", customMessage: message,
                  node: .stringTest(StringTest(test)))
    }

    /// Not empty (whitespace counts as content here; the rule library's `required` can say otherwise).
    public static var nonEmpty: Condition {
        Condition("required", requirement: "not be empty") { !$0.isEmpty }
    }
}

/// A test of text, boxed so that a generic `Condition` can hold it without reabstracting it.
final class StringTest {
    let run: (String) throws -> Bool
    init(_ run: @escaping (String) throws -> Bool) { self.run = run }
}
