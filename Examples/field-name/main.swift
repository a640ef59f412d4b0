// SPDX-License-Identifier: GPL-3.0-or-later
// The seed's first scenario in a terminal: a name field whose `.onlyTrue` switch announces when the text
// equals a given name. Run: swift run field-name [name]   (default name: NguyenPhong)
// Prints the accepted name on standard output; Ctrl-C exits 130, Ctrl-D on an empty line exits 1.
import SwitchboardTerminal

let expected = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "NguyenPhong"
let name = LineField(prompt: "Name", placeholder: "try \(expected)", rules: [.nonEmpty])
let greet = ObservableSwitch(.onlyTrue)
var greetings = 0
greet.action = { _ in
    greetings += 1
    name.note.value = "Hello, \(expected)!"
}
// A switch registered with the field takes part in its verdict: until the name matches, the hint says so.
name.addSignal(toSwitch: greet, Condition("name", requirement: "be \"\(expected)\"") { $0 == expected })
// The announcement goes away when the text no longer matches.
name.textDidChange.observe { text in if text != expected { name.note.value = "" } }

do {
    let value = try name.read()
    print(value)
    let line = "greeted \(greetings) time(s)\n"
    _ = write(STDERR_FILENO, line, line.utf8.count)
} catch FieldError.cancelled {
    exit(130)
} catch FieldError.endOfInput {
    exit(1)
} catch {
    let line = "field-name: \(error)\n"
    _ = write(STDERR_FILENO, line, line.utf8.count)
    exit(2)
}
