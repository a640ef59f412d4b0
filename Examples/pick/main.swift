// SPDX-License-Identifier: GPL-3.0-or-later
// pick: list questions from plain top-level code in a Swift 5 language-mode program (the mode many packages still
// use), with no MainActor ceremony: ListField.ask and ConfirmField.ask check that they run on the main thread.
// Run: swift run pick
// Prints the colour, the tags (comma-separated) and yes/no on standard output. Exit: 0, 1 (no), 130 (Ctrl-C).
import SwitchboardTerminal

do {
    let colour = try ListField.ask("Colour", options: ["red", "green", "blue"])
    let tags = try ListField.ask("Tags", options: ["api", "cli", "docs", "web"], multi: true, minimum: 1, maximum: 2)
    let save = try ConfirmField.ask("Save?", default: true)
    print("\(colour.joined()) \(tags.joined(separator: ",")) \(save ? "yes" : "no")")
    exit(save ? 0 : 1)
} catch FieldError.cancelled {
    exit(130)
} catch {
    fputs("pick: \(error)\n", stderr)
    exit(2)
}
