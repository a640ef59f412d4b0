// SPDX-License-Identifier: GPL-3.0-or-later
// Module SwitchboardSpec: see README.md, "Architecture". `import SwitchboardSpec` brings what it is built on: the
// terminal's fields (`LineField`, `FormWords`, `onMainThread`), the rules (`Rule`), the core, and the JSON Schema
// validator its schema forms use (`JSONValue`, `JSONSchema`), as README's product table says.
@_exported import Switchboard
@_exported import SwitchboardRules
@_exported import SwitchboardSchema
@_exported import SwitchboardTerminal
