// SPDX-License-Identifier: Apache-2.0
// Module SwitchboardSchema: the JSON Schema validator and the one YAML/JSON reader. `import SwitchboardSchema`
// brings what it is built on: the rules (`Rule`, `PCRERegex`) and the core, as README's product table says.
@_exported import Switchboard
@_exported import SwitchboardRules
