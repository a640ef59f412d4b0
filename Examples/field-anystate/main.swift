// SPDX-License-Identifier: GPL-3.0-or-later
// An `.anyState` switch reports every verdict: the hint's note shows each validation as it happens, and the
// whole list is printed on standard error once the value is accepted.
// Run: swift run field-anystate   (the value must be at least 3 characters long)
import SwitchboardTerminal

let field = LineField(prompt: "Code")
let report = ObservableSwitch(.anyState)
var verdicts: [String] = []
report.action = { ok in
    verdicts.append(ok ? "true" : "false")
    field.note.value = "validation #\(verdicts.count): \(ok)"
}
field.addSignal(toSwitch: report, Condition("length", requirement: "be at least 3 characters long") { $0.count >= 3 })

do {
    let value = try field.read()
    print(value)
    let line = "verdicts: " + verdicts.joined(separator: " ") + "\n"
    _ = write(STDERR_FILENO, line, line.utf8.count)
} catch FieldError.cancelled {
    exit(130)
} catch FieldError.endOfInput {
    exit(1)
} catch {
    exit(2)
}
