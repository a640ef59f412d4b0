// SPDX-License-Identifier: Apache-2.0
precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
    lowerThan: TernaryPrecedence
}

/// `target <~ source`: the target takes the source's current value at once, then every change.
infix operator <~ : BindingPrecedence
/// `a <~> b`: a two-way binding; `a` first takes `b`'s value.
infix operator <~> : BindingPrecedence

/// Something a binding can read from: a `Dynamic`, a `Signal`, a switch (its on/off state), or a combination.
@MainActor
public protocol BindingSource<Value>: AnyObject {
    associatedtype Value
    /// Calls `observer` with the current value, if the source has one, and then with every change, for as
    /// long as `owner` (if given) is alive.
    @discardableResult
    func subscribe(whileAlive owner: AnyObject?, _ observer: @escaping (Value) -> Void) -> Subscription
}

extension Dynamic: BindingSource {
    @inlinable @discardableResult
    public func subscribe(whileAlive owner: AnyObject?, _ observer: @escaping (Value) -> Void) -> Subscription {
        let subscription = subscribe(owner: owner, observer)
        observer(value)
        return subscription
    }
}

extension Signal: BindingSource {
    @discardableResult
    public func subscribe(whileAlive owner: AnyObject?, _ observer: @escaping (Value) -> Void) -> Subscription {
        subscribe(owner: owner, observer)
    }
}

extension ObservableSwitch: BindingSource {
    /// A switch as a binding source delivers whether it is on (`isOn`).
    @discardableResult
    public func subscribe(whileAlive owner: AnyObject?, _ observer: @escaping (Bool) -> Void) -> Subscription {
        verdict.subscribe(whileAlive: owner) { observer($0.isValid) }
    }
}

/// A binding target made of a closure, optionally scoped to an owner that it holds weakly.
///
/// ```swift
/// final class StatusLine { var text = "" }
/// let status = StatusLine()
/// Binder(status) { status, ok in status.text = ok ? "✓" : "✗" } <~ emailSwitch
/// ```
@MainActor
public struct Binder<Value> {
    let owner: AnyObject?
    let action: (Value) -> Void

    /// A binder that calls `action` with its owner while the owner lives; the binding ends with the owner.
    public init<Owner: AnyObject>(_ owner: Owner, _ action: @escaping (Owner, Value) -> Void) {
        self.owner = owner
        self.action = { [weak owner] value in if let owner { action(owner, value) } }
    }

    /// A binder with no owner: the binding lives as long as the source, or until cancelled.
    public init(_ action: @escaping (Value) -> Void) {
        self.owner = nil
        self.action = action
    }
}

/// Binds `target` to `source`: the target takes the source's current value now and every change after.
///
/// ```swift
/// let name = Dynamic("Ada")
/// let label = Dynamic("")
/// label <~ name            // label.value == "Ada"
/// name.value = "Grace"     // label.value == "Grace"
/// ```
/// - note: Lifetime: the binding holds its target weakly and ends when the target is deallocated, when the
///   source is, or when the token is cancelled; a cancelled binding leaves nothing on either side. A derived
///   source (`name.map { ... }`) stays alive while the binding lasts, with no need to store it.
@MainActor @inlinable @discardableResult
public func <~ <Source: BindingSource>(target: Dynamic<Source.Value>, source: Source) -> Subscription {
    let end = BindingEnd(target)
    let observer = source.subscribe(whileAlive: nil) { value in end.cell.set(value) }
    let binding = Subscription(handingItself: { [weak target] binding in
        observer.cancel()
        target?.inbound.removeAll { $0 === binding }
    })
    end.binding = binding
    target.inbound.append(binding)
    return binding
}

/// The target's end of a `<~` binding, held by the source's observer: when the source lets the observer go
/// (the source was freed), the binding leaves the target's list, so a long-lived target bound to sources that
/// come and go does not grow.
///
/// Each value goes straight into the target's cell, held strongly (see `ValueCell`): the target `Dynamic` itself
/// is reached only here, weakly, at the end. The binding cannot outlive the target's use: the target's deinit
/// cancels it, which takes this observer out of the source's list before anything else can run.
@MainActor @usableFromInline
final class BindingEnd<Value> {
    @usableFromInline let cell: ValueCell<Value>
    weak var target: Dynamic<Value>?
    @usableFromInline weak var binding: Subscription?

    @usableFromInline init(_ target: Dynamic<Value>) {
        cell = target.cell
        self.target = target
    }

    isolated deinit {
        if let binding, let target { target.inbound.removeAll { $0 === binding } }
    }
}

/// Binds a closure binder to `source`.
///
/// ```swift
/// Binder { print("email is", $0) } <~ email.text
/// ```
/// - note: An owned binder ends with its owner; an ownerless one lives as long as the source.
@MainActor @discardableResult
public func <~ <Source: BindingSource>(target: Binder<Source.Value>, source: Source) -> Subscription {
    source.subscribe(whileAlive: target.owner, target.action)
}

/// Binds two values both ways: `lhs` first takes `rhs`'s value, then a change of either reaches the other.
///
/// ```swift
/// let field = Dynamic("a"), view = Dynamic("b")
/// field <~> view           // both "b"
/// field.value = "c"        // both "c"
/// ```
/// Cycles settle because an `Equatable` value that did not change is not delivered again.
/// - note: Each side is held weakly; cancelling the token ends both directions.
@MainActor @discardableResult
public func <~> <Value: Equatable>(lhs: Dynamic<Value>, rhs: Dynamic<Value>) -> Subscription {
    let forward = lhs <~ rhs
    let backward = rhs <~ lhs
    return Subscription.all([forward, backward])
}
