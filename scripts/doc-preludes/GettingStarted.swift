// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of GettingStarted.md use (scripts/check-docs.py: file scope, then after "// locals" the function's values).
import Switchboard
// locals
let field = ObservableTextField()
