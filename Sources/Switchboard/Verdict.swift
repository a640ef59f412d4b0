// SPDX-License-Identifier: Apache-2.0
/// The outcome of one validation: valid, or the first check that failed and why.
///
/// ```swift
/// let verdict = Condition<String>.nonEmpty.check("")
/// verdict.isValid          // false
/// verdict.failure?.message // "must not be empty"
/// ```
///
/// A failure is *undecided* when the check could not reach an answer: it threw an error, a regex hit a limit,
/// a check timed out. An undecided failure is still a failure everywhere (`isValid` is false), and negating or
/// combining it never turns it into a pass.
public struct Verdict: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Which check failed and what it says to the user.
    public struct Failure: Equatable, Hashable, Sendable {
        /// The strings in one immutable box: copying a verdict (a switch and a field each keep the latest
        /// one) costs one reference count instead of two.
        private final class Storage: Sendable {
            let name: String
            let message: String
            let isUndecided: Bool
            let isPending: Bool
            init(name: String, message: String, isUndecided: Bool, isPending: Bool = false) {
                self.name = name
                self.message = message
                self.isUndecided = isUndecided || isPending
                self.isPending = isPending
            }
        }

        private var storage: Storage

        /// The failing check's name, e.g. `"email"` or `"length"`.
        public var name: String {
            get { storage.name }
            set {
                storage = Storage(name: newValue, message: storage.message, isUndecided: isUndecided,
                                  isPending: isPending)
            }
        }

        /// The message for the user, e.g. `"must be a valid email address"`.
        public var message: String {
            get { storage.message }
            set {
                storage = Storage(name: storage.name, message: newValue, isUndecided: isUndecided,
                                  isPending: isPending)
            }
        }

        /// Whether the check could not decide (an error, a limit, a timeout) rather than found the value wrong.
        public var isUndecided: Bool { storage.isUndecided }

        /// Whether an asynchronous check of the current value is still running (or waiting for typing to
        /// pause). A pending failure is also undecided: it never counts as a pass.
        public var isPending: Bool { storage.isPending }

        /// A failure of the check `name`, saying `message`.
        ///
        /// ```swift
        /// let f = Verdict.Failure(name: "email", message: "must be a valid email address")
        /// ```
        public init(name: String, message: String, isUndecided: Bool = false) {
            storage = Storage(name: name, message: message, isUndecided: isUndecided)
        }

        /// A failure that is not decided yet: an asynchronous check of the value is pending.
        ///
        /// ```swift
        /// let f = Verdict.Failure(pending: "username", message: "checking…")
        /// ```
        public init(pending name: String, message: String) {
            storage = Storage(name: name, message: message, isUndecided: true, isPending: true)
        }

        public static func == (lhs: Failure, rhs: Failure) -> Bool {
            lhs.storage === rhs.storage
                || (lhs.name == rhs.name && lhs.message == rhs.message && lhs.isUndecided == rhs.isUndecided
                    && lhs.isPending == rhs.isPending)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(message)
            hasher.combine(isUndecided)
            hasher.combine(isPending)
        }
    }

    /// The failure, or `nil` when every check passed.
    public var failure: Failure?

    /// Whether every check passed.
    @inlinable public var isValid: Bool { failure == nil }

    /// Whether the verdict is a failure to decide (see `Failure.isUndecided`).
    public var isUndecided: Bool { failure?.isUndecided ?? false }

    /// Whether an asynchronous check of the value has not answered yet (see `Verdict.pending`).
    public var isPending: Bool { failure?.isPending ?? false }

    /// The verdict of a validation that passed.
    public static let valid = Verdict(failure: nil)

    /// A failed verdict naming the check and its message.
    ///
    /// ```swift
    /// Verdict.invalid("email", "must be a valid email address")
    /// ```
    public static func invalid(_ name: String, _ message: String) -> Verdict {
        Verdict(failure: Failure(name: name, message: message))
    }

    /// A failure to decide: the check threw, hit a limit or timed out. It never counts as a pass.
    ///
    /// ```swift
    /// Verdict.undecided("regex", "regex could not finish matching: match limit exceeded")
    /// ```
    public static func undecided(_ name: String, _ message: String) -> Verdict {
        Verdict(failure: Failure(name: name, message: message, isUndecided: true))
    }

    /// Not decided yet: an asynchronous check (`AsyncCheck`) of this value is waiting for typing to pause or
    /// running. It is a failure (and undecided) until the check answers; a switch does not fire its action
    /// on it (README, "Contract").
    ///
    /// ```swift
    /// Verdict.pending("username").isValid   // false
    /// ```
    public static func pending(_ name: String, _ message: String = "checking…") -> Verdict {
        Verdict(failure: Failure(pending: name, message: message))
    }

    /// A verdict with this failure, or valid for `nil`.
    public init(failure: Failure?) {
        self.failure = failure
    }

    /// `"valid"`, or `"name: message"`.
    public var description: String {
        guard let failure else { return "valid" }
        return "\(failure.name): \(failure.message)"
    }
}
