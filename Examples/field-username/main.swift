// SPDX-License-Identifier: GPL-3.0-or-later
// A username field with a check that takes time: the name is looked up in a list of taken names after an
// artificial delay, off the main thread. While it runs, typing goes on; after ~300 ms "checking…" shows
// under the input; then ✓ or ✗ "is taken". Enter while the check runs waits for it (typing cancels that).
// Run: swift run field-username [--delay MS] [--taken a,b,c]
// Prints the accepted name on standard output.
import SwitchboardTerminal

var delay = 800
var taken: Set<String> = ["ada", "admin", "grace", "root"]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--delay":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else {
            writeError("field-username: --delay needs milliseconds, e.g. --delay 800")
            exit(2)
        }
        delay = value
    case "--taken":
        guard let value = arguments.popFirst() else {
            writeError("field-username: --taken needs names separated by commas, e.g. --taken ada,root")
            exit(2)
        }
        taken = Set(value.split(separator: ",").map(String.init))
    default:
        writeError("field-username: unknown argument; use --delay MS and --taken a,b,c")
        exit(2)
    }
}

func writeError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let handle = Condition<String>("handle", requirement: "be 2 to 20 lower-case letters or digits") { name in
    (2...20).contains(name.count) && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
}
let field = LineField(prompt: "Username", placeholder: "grace2", rules: [handle])
let directory = taken
let lookupDelay = Duration.milliseconds(delay)
// The lookup: a Sendable async function of the text, run as a task off the main actor.
field.addAsyncCheck(AsyncCheck("available", message: "is taken", timeout: .seconds(5)) { name in
    try await Task.sleep(for: lookupDelay)
    return !directory.contains(name)
})

do {
    print(try field.read())
} catch FieldError.cancelled {
    exit(130)
} catch FieldError.endOfInput {
    exit(1)
} catch {
    exit(2)   // non-interactive input that failed: the reason is already on standard error
}
