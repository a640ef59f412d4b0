// SPDX-License-Identifier: Apache-2.0
// Module SwitchboardRules: see README.md, "Architecture".
@_exported import Switchboard
