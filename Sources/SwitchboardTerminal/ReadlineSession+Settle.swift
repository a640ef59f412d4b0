// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport

/// The settle mark for test kits (SwitchboardTesting's `TerminalSession.waitUntilSettled`): asked for with
/// `SWITCHBOARD_TEST_SETTLE=1`, a field writes `OSC 7707 ; settled ; <pid> ; <bytes read> BEL` whenever it is
/// about to wait for a key with nothing left to do: no key waiting, no signal waiting to be handled (a resize's
/// redraw), no check running or debouncing, no Enter waiting for a check, its screen drawn. Terminals ignore an OSC they do not know; the kit consumes it. Not
/// asked for, it costs one Boolean test per wait.
enum SettleMark {
    /// Whether the environment asked for settle marks (read once).
    static let requested: Bool = getenv("SWITCHBOARD_TEST_SETTLE").map { String(cString: $0) == "1" } ?? false
}

extension ReadlineSession {
    /// Writes the settle mark (into the output flushed next) when the field is idle.
    func markSettledIfIdle() {
        guard outcome == nil, submitKey == nil, !redisplayDeferred, !field.verdict.value.isPending,
              !inputPending(), trap?.signalWaiting() != true else { return }
        streams.write("\u{1B}]7707;settled;\(getpid());\(sb_rl_bytes_read())\u{7}")
    }
}
