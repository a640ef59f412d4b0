// SPDX-License-Identifier: GPL-3.0-or-later
// Module SwitchboardArgumentParser: SwitchboardArgumentRules plus live prompts for missing options (`Prompting`),
// which link GNU readline through SwitchboardTerminal (GPL-3.0-or-later).
@_exported import SwitchboardArgumentRules
