// SPDX-License-Identifier: Apache-2.0
// The MVVM article's Dynamic<T>: `bind` hears changes from now on; `bindAndFire` also hears the value it
// already holds. Run: swift run dynamic-demo
import Switchboard

/// A label that shows whatever it is told (the article's UILabel).
final class Label {
    let name: String
    var text = "" { didSet { print("\(name).text = \"\(text)\"") } }
    init(_ name: String) { self.name = name }
}

/// The article's view model: an article's fields as Dynamics.
struct ArticleViewModel {
    let title = Dynamic("Switchboard 0.1 released")
    let products = Dynamic(["Macintosh", "iPod", "iPhone"])
    let alive = Dynamic(false)
}

let name = Dynamic("Steve")   // does not print anything
let bindLabel = Label("bindLabel")
let fireLabel = Label("fireLabel")

print("-- bind: nothing until the value changes")
name.bind(owner: bindLabel) { label, value in label.text = value }
print("-- bindAndFire: the current value at once")
name.bindAndFire(owner: fireLabel) { label, value in label.text = value }

print("-- name.value = \"Tim\"")
name.value = "Tim"
print("-- name.value = \"Tim\" again: unchanged, nothing delivered")
name.value = "Tim"

let model = ArticleViewModel()
let titleLabel = Label("titleLabel")
Binder(titleLabel) { label, title in label.text = title } <~ model.title.map { "Title: \($0)" }
let count = Dynamic(0)
count <~ model.products.map(\.count)
print("products: \(count.value)")
model.products.value.append("iPad")
print("products: \(count.value)")

print("-- an owner-scoped observer goes away with its owner")
var scoped: Label? = Label("scoped")
model.alive.bindAndFire(owner: scoped!) { label, alive in label.text = alive ? "alive" : "not alive" }
scoped = nil
model.alive.value = true
print("observers of alive after the owner went away: \(model.alive.observerCount)")
