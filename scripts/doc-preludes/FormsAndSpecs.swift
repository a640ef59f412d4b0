// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of FormsAndSpecs.md use (scripts/check-docs.py: file scope, then after "// locals" the function's values).
import SwitchboardSpec

struct Server: Decodable { var host: String; var port: Int }
struct User: Decodable { var name: String; var role: String }
// locals
let form = Form("Sign up")
form.text("email", rules: [Rule.email.condition])
form.number("age")
form.confirm("subscribe")
