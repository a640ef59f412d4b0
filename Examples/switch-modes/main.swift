// SPDX-License-Identifier: Apache-2.0
// The seed article's ObservableSwitch in its three modes, plus the edge-triggered option, driven by a
// headless text field. Run: swift run switch-modes [text...]
// With no arguments it types "NguyenPhong" one character at a time, then "Nguyen".
import Switchboard

let edits = CommandLine.arguments.count > 1
    ? Array(CommandLine.arguments.dropFirst())
    : ["N", "Ng", "NguyenPhong", "NguyenPhong!", "NguyenPhong", "Nguyen"]

let field = ObservableTextField()
var log: [String] = []

@MainActor func makeSwitch(_ label: String, _ mode: BoolState, trigger: Trigger = .level) -> ObservableSwitch {
    let s = ObservableSwitch(mode, trigger: trigger)
    s.action = { ok in log.append("\(label)(\(ok))") }
    field.addSignal(toSwitch: s) { text in text == "NguyenPhong" }
    return s
}

let any = makeSwitch("anyState", .anyState)
let onlyTrue = makeSwitch("onlyTrue", .onlyTrue)
let onlyFalse = makeSwitch("onlyFalse", .onlyFalse)
let edge = makeSwitch("edge", .anyState, trigger: .edge)
// Registering the same switch again adds the signal but does not validate it twice per edit.
field.addSignal(toSwitch: onlyTrue) { text in !text.isEmpty }

for edit in edits {
    log.removeAll()
    field.text.value = edit
    let fired = log.isEmpty ? "nothing fired" : log.joined(separator: " ")
    print("\"\(edit)\": \(fired)")
}
