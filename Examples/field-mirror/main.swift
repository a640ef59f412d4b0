// SPDX-License-Identifier: GPL-3.0-or-later
// The seed's text field <-> text view, in a terminal: two fields whose texts are bound both ways with `<~>`.
// While the first is edited, the second follows (shown in the hint); the second then starts with the first's
// text, and editing it updates the first. Run: swift run field-mirror
import SwitchboardTerminal

let textField = LineField(prompt: "Text field")
let textView = LineField(prompt: "Text view")
let mirror = textField.text <~> textView.text
textView.text.bind { text in textField.note.value = "text view: \(text)" }
textField.text.bind { text in textView.note.value = "text field: \(text)" }

do {
    _ = try textField.read()
    _ = try textView.read()
    print("text field: \(textField.text.value)")
    print("text view: \(textView.text.value)")
    mirror.cancel()
} catch FieldError.cancelled {
    exit(130)
} catch FieldError.endOfInput {
    exit(1)
} catch {
    exit(2)
}
