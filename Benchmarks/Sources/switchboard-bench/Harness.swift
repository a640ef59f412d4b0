// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Nanoseconds from a monotonic clock.
@inline(__always)
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Keeps a value alive and opaque to the optimiser so measured work is not removed.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Runs `body(iterations)` in several rounds and returns the best nanoseconds per iteration.
///
/// The best of several rounds is the figure least disturbed by the other core's load; every case of a
/// comparison is measured the same way in the same process, so ratios are meaningful.
func nanosPerIteration(iterations: Int, rounds: Int = 7, _ body: (Int) -> Void) -> Double {
    body(max(1, iterations / 10))  // warm-up
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = now()
        body(iterations)
        let elapsed = Double(now() - start) / Double(iterations)
        best = min(best, elapsed)
    }
    return best
}

/// One contender of a comparison: `body(n)` runs `n` iterations of the measured work.
struct Contender {
    let iterations: Int
    let body: (Int) -> Void
}

/// Measures several contenders round by round, each once per round in turn, and returns each one's best
/// nanoseconds per iteration (in the order given).
///
/// Interleaving the rounds exposes every contender to the same load from the rest of the machine (the
/// engineers' builds share its two cores), so a load change between two contenders' turns cannot skew
/// their ratio as it can when each is measured in a block of its own.
func nanosPerIteration(interleaving contenders: [Contender], rounds: Int = benchRounds) -> [Double] {
    for contender in contenders { contender.body(max(1, contender.iterations / 10)) }  // warm-up
    var best = [Double](repeating: .infinity, count: contenders.count)
    for _ in 0..<rounds {
        for (index, contender) in contenders.enumerated() {
            let start = now()
            contender.body(contender.iterations)
            best[index] = min(best[index], Double(now() - start) / Double(contender.iterations))
        }
    }
    return best
}

/// One row of a comparison table.
struct Row {
    let name: String
    let nanos: Double
}

/// Prints a comparison: each row's time and its ratio to the first row (the limit).
func report(_ title: String, target: String? = nil, _ rows: [Row]) {
    print("\n\(title)")
    guard let base = rows.first?.nanos, base > 0 else { return }
    for row in rows {
        let ratio = row.nanos / base
        print("  \(pad(row.name, 34)) \(pad(format(row.nanos), 10, left: true)) ns   \(pad(format(ratio), 6, left: true))x")
    }
    if let target { print("  target: \(target)") }
}

func format(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    let scaled = (value * 100).rounded() / 100
    var text = String(scaled)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
    }
    return text
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
}

/// Whether to run the case called `name`: all cases run unless `SWITCHBOARD_BENCH_CASES` names some
/// (comma-separated), which helps when profiling one case with `perf record`.
func wantsCase(_ name: String) -> Bool {
    guard let raw = getenv("SWITCHBOARD_BENCH_CASES") else { return true }
    return String(cString: raw).split(separator: ",").contains { $0 == name }
}

/// A small deterministic random source (SplitMix64), so every run generates the same input.
struct BenchRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
