// SPDX-License-Identifier: GPL-3.0-or-later
// Module SwitchboardArgumentParser: SwitchboardArgumentRules plus live prompts for missing options (`Prompting`),
// which link GNU readline through SwitchboardTerminal (GPL-3.0-or-later). `import SwitchboardArgumentParser` brings
// both (the rules on options, and the terminal's fields and `onMainThread` for a run() that asks more).
@_exported import SwitchboardArgumentRules
@_exported import SwitchboardTerminal
