// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

// The regression guard: every row that has a target records its ratio here, and `switchboard-bench quick`
// (`make bench-quick`) ends with the list of rows over their target. Timed ratios on a shared machine move by
// 10-30% between runs; the instruction counts of `make bench-instructions` do not move at all.

/// Whether this run is the short mode: fewer rounds, only the rows with targets.
let isQuickRun = CommandLine.arguments.dropFirst().contains("quick")

/// Rounds per contender in an interleaved comparison (the best round counts).
let benchRounds = isQuickRun ? 7 : 15

private let measuredTargets = Mutex<[(name: String, ratio: Double, limit: Double)]>([])

/// Records a ratio (measured / its limit's measure) that must stay at or below `limit`.
func recordTarget(_ name: String, ratio: Double, limit: Double) {
    measuredTargets.withLock { $0.append((name, ratio, limit)) }
}

/// Prints every recorded ratio against its target; returns whether all are met.
func printTargetSummary() -> Bool {
    let rows = measuredTargets.withLock { $0 }
    print("\n== Targets (ratio / target) ==")
    var met = true
    for row in rows {
        let ok = row.ratio <= row.limit
        met = met && ok
        print("  \(pad(row.name, 52)) \(pad(format(row.ratio), 6, left: true))x / \(format(row.limit))x   "
              + (ok ? "met" : "EXCEEDS"))
    }
    if rows.isEmpty { print("  (no row with a target ran)") }
    print(met ? "  all targets met" : "  some targets exceeded: see the rows marked EXCEEDS")
    return met
}
