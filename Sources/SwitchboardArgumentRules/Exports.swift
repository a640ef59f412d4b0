// SPDX-License-Identifier: Apache-2.0
// Module SwitchboardArgumentRules: rules on swift-argument-parser options and arguments, checked when the command
// line is parsed; no prompting, no readline (Apache-2.0). SwitchboardArgumentParser adds the prompts.
@_exported import SwitchboardRules
