// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of TerminalFields.md use (scripts/check-docs.py: file scope, then after "// locals" the function's values).
import SwitchboardTerminal

/// A directory of taken user names, asked asynchronously (a server in a real program).
actor Directory {
    func contains(_ name: String) async throws -> Bool { ["ada", "root"].contains(name) }
}
let directory = Directory()
let handle = Rule.length(3...20).condition
// locals
let fd: Int32 = 2
