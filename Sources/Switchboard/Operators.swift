// Operators that derive new sources. A derived source is held by the source it derives from (it lives as
// long as that source), and holds nothing of it.

extension Dynamic {
    /// A value derived from this one, updated on every change.
    ///
    /// ```swift
    /// let email = Dynamic("ada@example.com")
    /// let user = email.map { $0.split(separator: "@").first.map(String.init) ?? "" }   // "ada"
    /// ```
    public func map<Result>(_ transform: @escaping (Value) -> Result) -> Dynamic<Result> {
        let derived = Dynamic<Result>(transform(value))
        bind { derived.value = transform($0) }
        return derived
    }

    /// The changes that pass `isIncluded`, as a signal.
    ///
    /// ```swift
    /// let longNames = name.filter { $0.count > 10 }
    /// ```
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
        let derived = Signal<Value>()
        bind { if isIncluded($0) { derived.send($0) } }
        return derived
    }

    /// A copy that delivers a change only when `isDuplicate` says it differs from the previous value.
    ///
    /// ```swift
    /// let byLength = name.removeDuplicates { $0.count == $1.count }
    /// ```
    public func removeDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Dynamic<Value> {
        let derived = Dynamic(value, deliversDuplicates: true)
        bind { [unowned derived] in if !isDuplicate(derived.value, $0) { derived.value = $0 } }
        return derived
    }
}

extension Signal {
    /// Each event transformed.
    public func map<Result>(_ transform: @escaping (Value) -> Result) -> Signal<Result> {
        let derived = Signal<Result>()
        observe { derived.send(transform($0)) }
        return derived
    }

    /// Only the events that pass `isIncluded`.
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
        let derived = Signal<Value>()
        observe { if isIncluded($0) { derived.send($0) } }
        return derived
    }

    /// Drops an event equal (by `isDuplicate`) to the one before it.
    public func removeDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Signal<Value> {
        let derived = Signal<Value>()
        var previous: Value?
        observe { value in
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
    public func removeDuplicates() -> Signal<Value> { removeDuplicates(by: ==) }
}

/// The latest values of two sources, updated when either changes.
///
/// ```swift
/// let matches = combineLatest(password.text, confirm.text).map(==)
/// confirmOK <~ matches
/// ```
public final class Combined<First, Second>: BindingSource {
    /// The latest pair.
    public let pair: Dynamic<(First, Second)>

    init(_ first: Dynamic<First>, _ second: Dynamic<Second>) {
        let pair = Dynamic((first.value, second.value))
        // Each side reads the other weakly: two sources that held each other would never be freed.
        first.bind { [weak second] in if let second { pair.value = ($0, second.value) } }
        second.bind { [weak first] in if let first { pair.value = (first.value, $0) } }
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
public func combineLatest<A, B>(_ first: Dynamic<A>, _ second: Dynamic<B>) -> Combined<A, B> {
    Combined(first, second)
}

/// Combines three values; the result changes when any of them does.
///
/// ```swift
/// let summary = combineLatest(name, age, country).map { "\($0), \($1), \($2)" }
/// ```
public func combineLatest<A, B, C>(_ first: Dynamic<A>, _ second: Dynamic<B>, _ third: Dynamic<C>)
    -> Combined3<A, B, C>
{
    Combined3(first, second, third)
}

/// The latest values of three sources.
public final class Combined3<A, B, C>: BindingSource {
    /// The latest triple.
    public let triple: Dynamic<(A, B, C)>

    init(_ a: Dynamic<A>, _ b: Dynamic<B>, _ c: Dynamic<C>) {
        let triple = Dynamic((a.value, b.value, c.value))
        a.bind { [weak b, weak c] in if let b, let c { triple.value = ($0, b.value, c.value) } }
        b.bind { [weak a, weak c] in if let a, let c { triple.value = (a.value, $0, c.value) } }
        c.bind { [weak a, weak b] in if let a, let b { triple.value = (a.value, b.value, $0) } }
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
