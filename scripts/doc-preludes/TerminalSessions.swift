// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of TerminalSessions.md use (scripts/check-docs.py: file scope, then after "// locals" the function's values).
import SwitchboardTesting
// locals
let term = try TerminalSession(["/bin/cat"], columns: 80, rows: 24)
