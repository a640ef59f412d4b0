// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of Testing.md use (scripts/check-docs.py: file scope, then after "// locals" the function's values).
import Switchboard
import SwitchboardTesting
// locals
let field = ObservableTextField()
let greet = ObservableSwitch(.onlyTrue)
field.addSignal(toSwitch: greet) { $0 == "NguyenPhong" }
