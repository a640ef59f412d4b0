// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport

/// The terminal's echo held off across several fields (a form's), so that keys typed ahead between two fields are
/// not echoed by the terminal before the next prompt (see `sb_echo_hold_begin`).
///
/// ```swift
/// let held = EchoHold.begin(input: 0)
/// defer { if held { EchoHold.end() } }
/// ```
package enum EchoHold {
    /// Holds echo off on `input` when it is a terminal that echoes; returns whether it did (then call `end`).
    package static func begin(input: Int32) -> Bool {
        sb_echo_hold_begin(input) == 1
    }

    /// Puts the terminal's modes back as they were at `begin`.
    package static func end() {
        sb_echo_hold_end()
    }
}
