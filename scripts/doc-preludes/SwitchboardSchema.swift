// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of SwitchboardSchema.md (Documentation/ and the DocC catalog) use (scripts/check-docs.py: file scope, then
// after "// locals" the function's values).
import SwitchboardSchema

let text = #"{"type": "object", "properties": {"port": {"type": "integer"}}}"#
// locals
let schema = try JSONSchema(json: text)
