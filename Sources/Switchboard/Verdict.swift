/// The outcome of one validation: valid, or the first predicate that failed and why.
///
/// ```swift
/// let verdict = Condition<String>.nonEmpty.check("")
/// verdict.isValid          // false
/// verdict.failure?.message // "must not be empty"
/// ```
public struct Verdict: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Which predicate failed and what it says to the user.
    public struct Failure: Equatable, Hashable, Sendable {
        /// The two strings in one immutable box: copying a verdict (a switch and a field each keep the
        /// latest one) costs one reference count instead of two, and comparing a verdict with a copy of
        /// itself (the same predicate failing again) is one pointer comparison.
        private final class Storage: Sendable {
            let name: String
            let message: String
            init(name: String, message: String) {
                self.name = name
                self.message = message
            }
        }

        private var storage: Storage

        /// The failing predicate's name, e.g. `"email"` or `"length"`.
        public var name: String {
            get { storage.name }
            set { storage = Storage(name: newValue, message: storage.message) }
        }

        /// The message for the user, e.g. `"must be a valid email address"`.
        public var message: String {
            get { storage.message }
            set { storage = Storage(name: storage.name, message: newValue) }
        }

        /// A failure of the predicate `name`, saying `message`.
        public init(name: String, message: String) {
            storage = Storage(name: name, message: message)
        }

        public static func == (lhs: Failure, rhs: Failure) -> Bool {
            lhs.storage === rhs.storage || (lhs.name == rhs.name && lhs.message == rhs.message)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(message)
        }
    }

    /// The failure, or `nil` when every predicate passed.
    public var failure: Failure?

    /// Whether every predicate passed.
    @inline(__always) public var isValid: Bool { failure == nil }

    /// The verdict of a validation that passed.
    public static let valid = Verdict(failure: nil)

    /// A failed verdict naming the predicate and its message.
    public static func invalid(_ name: String, _ message: String) -> Verdict {
        Verdict(failure: Failure(name: name, message: message))
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
