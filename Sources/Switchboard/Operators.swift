// SPDX-License-Identifier: Apache-2.0
// Operators that derive new values and signals. A derived value holds a subscription to its source and ends it
// when it is deallocated; the source keeps it alive only while it has observers of its own. So
// `label <~ name.map { ... }` needs no stored intermediate, and a derived value that is dropped (a binding
// cancelled, a map nobody keeps) leaves nothing behind on its source.

extension Dynamic {
    /// A value derived from this one, updated on every change.
    ///
    /// ```swift
    /// let email = Dynamic("ada@example.com")
    /// let user = email.map { $0.split(separator: "@").first.map(String.init) ?? "" }   // "ada"
    /// ```
    public func map<Result>(_ transform: @escaping (Value) -> Result) -> Dynamic<Result> {
        let derived = Dynamic<Result>(transform(value))
        derived.follow(self) { derived, value in derived.value = transform(value) }
        return derived
    }

    /// The changes that pass `isIncluded`, as a signal.
    ///
    /// ```swift
    /// let longNames = name.filter { $0.count > 10 }
    /// ```
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
        let derived = Signal<Value>()
        derived.follow(self) { derived, value in if isIncluded(value) { derived.send(value) } }
        return derived
    }

    /// A copy that delivers a change only when `isDuplicate` says it differs from the previous value.
    ///
    /// ```swift
    /// let byLength = name.removeDuplicates { $0.count == $1.count }
    /// ```
    public func removeDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Dynamic<Value> {
        let derived = Dynamic(value, deliversDuplicates: true)
        derived.follow(self) { derived, value in
            if !isDuplicate(derived.value, value) { derived.value = value }
        }
        return derived
    }
}

extension Signal {
    /// Each event transformed.
    ///
    /// ```swift
    /// let lengths = field.textDidChange.map(\.count)
    /// ```
    public func map<Result>(_ transform: @escaping (Value) -> Result) -> Signal<Result> {
        let derived = Signal<Result>()
        derived.follow(self) { derived, value in derived.send(transform(value)) }
        return derived
    }

    /// Only the events that pass `isIncluded`.
    ///
    /// ```swift
    /// let long = field.textDidChange.filter { $0.count > 10 }
    /// ```
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
        let derived = Signal<Value>()
        derived.follow(self) { derived, value in if isIncluded(value) { derived.send(value) } }
        return derived
    }

    /// Drops an event equal (by `isDuplicate`) to the one before it.
    ///
    /// ```swift
    /// let byLength = field.textDidChange.removeDuplicates { $0.count == $1.count }
    /// ```
    public func removeDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Signal<Value> {
        let derived = Signal<Value>()
        var previous: Value?
        derived.follow(self) { derived, value in
            if let last = previous, isDuplicate(last, value) { return }
            previous = value
            derived.send(value)
        }
        return derived
    }
}

extension Signal where Value: Equatable {
    /// Drops an event equal to the one before it.
    ///
    /// ```swift
    /// field.textDidChange.removeDuplicates().observe { print($0) }
    /// ```
    public func removeDuplicates() -> Signal<Value> { removeDuplicates { $0 == $1 } }
}

/// The latest values of two sources, updated when either changes.
///
/// ```swift
/// let matches = combineLatest(password.text, confirm.text).map(==)
/// confirmOK <~ matches
/// ```
/// - note: Lifetime: as a derived value; it reads each source weakly and stops following one that is gone.
@MainActor
public final class Combined<First, Second>: BindingSource {
    /// The latest pair.
    public let pair: Dynamic<(First, Second)>

    init(_ first: Dynamic<First>, _ second: Dynamic<Second>) {
        let pair = Dynamic((first.value, second.value))
        // Each side reads the other weakly: two sources whose observers held each other would never be freed.
        pair.follow(first) { [weak second] pair, value in
            if let second { pair.value = (value, second.value) }
        }
        pair.follow(second) { [weak first] pair, value in
            if let first { pair.value = (first.value, value) }
        }
        self.pair = pair
    }

    /// The current pair.
    public var value: (First, Second) { pair.value }

    /// A value computed from both, updated when either changes.
    public func map<Result>(_ transform: @escaping (First, Second) -> Result) -> Dynamic<Result> {
        pair.map { transform($0.0, $0.1) }
    }

    @discardableResult
    public func subscribe(whileAlive owner: AnyObject?, _ observer: @escaping ((First, Second)) -> Void)
        -> Subscription
    {
        pair.subscribe(whileAlive: owner, observer)
    }
}

/// Combines two values into one that changes when either does.
///
/// ```swift
/// let same = combineLatest(password, confirm).map(==)   // Dynamic<Bool>
/// ```
@MainActor public func combineLatest<A, B>(_ first: Dynamic<A>, _ second: Dynamic<B>) -> Combined<A, B> {
    Combined(first, second)
}

/// Combines three values; the result changes when any of them does.
///
/// ```swift
/// let summary = combineLatest(name, age, country).map { "\($0), \($1), \($2)" }
/// ```
@MainActor public func combineLatest<A, B, C>(_ first: Dynamic<A>, _ second: Dynamic<B>, _ third: Dynamic<C>)
    -> Combined3<A, B, C>
{
    Combined3(first, second, third)
}

/// The latest values of three sources.
///
/// ```swift
/// let all = combineLatest(name, age, country)
/// all.value.1   // the age
/// ```
@MainActor
public final class Combined3<A, B, C>: BindingSource {
    /// The latest triple.
    public let triple: Dynamic<(A, B, C)>

    init(_ a: Dynamic<A>, _ b: Dynamic<B>, _ c: Dynamic<C>) {
        let triple = Dynamic((a.value, b.value, c.value))
        triple.follow(a) { [weak b, weak c] triple, value in
            if let b, let c { triple.value = (value, b.value, c.value) }
        }
        triple.follow(b) { [weak a, weak c] triple, value in
            if let a, let c { triple.value = (a.value, value, c.value) }
        }
        triple.follow(c) { [weak a, weak b] triple, value in
            if let a, let b { triple.value = (a.value, b.value, value) }
        }
        self.triple = triple
    }

    /// A value computed from all three, updated when any changes.
    public func map<Result>(_ transform: @escaping (A, B, C) -> Result) -> Dynamic<Result> {
        triple.map { transform($0.0, $0.1, $0.2) }
    }

    @discardableResult
    public func subscribe(whileAlive owner: AnyObject?, _ observer: @escaping ((A, B, C)) -> Void)
        -> Subscription
    {
        triple.subscribe(whileAlive: owner, observer)
    }
}
