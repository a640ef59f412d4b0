// SPDX-License-Identifier: Apache-2.0
// Module SwitchboardTesting: SwitchRecorder and TerminalSession. `import SwitchboardTesting` brings the core it
// records (`ObservableSwitch`, `ObservableTextField`), as README's product table says.
@_exported import Switchboard
