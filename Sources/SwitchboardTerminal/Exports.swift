// SPDX-License-Identifier: GPL-3.0-or-later
// Module SwitchboardTerminal: see README.md, "Architecture".
@_exported import Switchboard
