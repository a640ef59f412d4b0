// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of Rules.md use (scripts/check-docs.py: file scope, then after "// locals" the function's values).
import SwitchboardRules
// locals
let field = ObservableTextField()
let bytes = Array("ada@example.com".utf8)
