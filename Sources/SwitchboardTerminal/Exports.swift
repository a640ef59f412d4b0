// SPDX-License-Identifier: GPL-3.0-or-later
// Module SwitchboardTerminal: see README.md, "Architecture". `import SwitchboardTerminal` brings what it is built on:
// the rules (`Rule`) and the core (`Condition`, `Dynamic`), as README's product table says.
@_exported import Switchboard
@_exported import SwitchboardRules
