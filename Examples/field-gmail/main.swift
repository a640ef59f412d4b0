// SPDX-License-Identifier: GPL-3.0-or-later
// The seed's second scenario in a terminal: the hint turns ✓ once the text contains "@gmail.com";
// Enter is refused until then. Run: swift run field-gmail
// Prints the address on standard output (so `EMAIL=$(field-gmail)` captures only the value).
import SwitchboardTerminal

let gmail = Condition<String>("gmail", requirement: "contain \"@gmail.com\"") { $0.contains("@gmail.com") }
let email = LineField(prompt: "Email", placeholder: "you@gmail.com", rules: [.nonEmpty, gmail])

do {
    print(try email.read())
} catch FieldError.cancelled {
    exit(130)
} catch FieldError.endOfInput {
    exit(1)
} catch {
    exit(2)   // non-interactive input that failed: the reason is already on standard error
}
