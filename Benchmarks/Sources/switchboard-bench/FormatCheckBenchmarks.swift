// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

// `switchboard check --count --rule ipv4 | uuid | date` versus `LC_ALL=C grep -cE` with the shape-only pattern
// (what a regex can say cheaply: digits and dots, hex and dashes, digits and dashes) on the same generated
// 1M-line file, side by side in one run. The rule checks more than the pattern (octets up to 255 without leading
// zeros, real calendar days), so the counts differ by the lines only the rule refuses; the target is at most 1x.

/// Runs the format rows of the `check` section.
func runFormatCheckBenchmarks() {
    print("\n== check: format rules vs LC_ALL=C grep -cE with the shape-only pattern, 1,000,000 lines (best of 5) ==")
    guard let switchboard = findSwitchboards().first else {
        print("  skipped: no release-built switchboard (make bench builds it, or set SWITCHBOARD)")
        return
    }
    let candidates: [String] = ["/usr/bin/grep", "/bin/grep"]
    guard let grep = candidates.first(where: { access($0, X_OK) == 0 }) else {
        print("  skipped: grep not found")
        return
    }
    var template = Array("/tmp/switchboard-format-bench-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return }
    let directory = String(cString: made)
    defer { _ = system("rm -rf '\(directory)'") }

    let lines = 1_000_000
    let cases: [(rule: String, pattern: String, make: (inout BenchRandom) -> String)] = [
        ("ipv4", #"^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$"#, ipv4Line),
        ("uuid", "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$", uuidLine),
        ("date", "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", dateLine),
    ]
    for item in cases {
        let file = directory + "/\(item.rule).txt"
        var random = BenchRandom(seed: 7)
        var text: [UInt8] = []
        text.reserveCapacity(lines * 40)
        for _ in 0..<lines {
            text.append(contentsOf: item.make(&random).utf8)
            text.append(0x0A)
        }
        guard let stream = fopen(file, "wb") else { continue }
        _ = text.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) }
        fclose(stream)

        let grepArguments = [grep, "-cE", item.pattern, file]
        let ours = [switchboard, "check", "--count", "--rule", item.rule, file]
        let grepRun = spawnAndWait(grepArguments, environment: ["LC_ALL=C"])
        let ourRun = spawnAndWait(ours, environment: [])
        guard ourRun.status == 0 || ourRun.status == 1 else {
            print("\n\(item.rule): switchboard check exited with \(ourRun.status)")
            continue
        }
        var grepBest = Double.infinity, ourBest = Double.infinity
        for _ in 0..<5 {
            grepBest = min(grepBest, spawnAndWait(grepArguments, environment: ["LC_ALL=C"]).seconds)
            ourBest = min(ourBest, spawnAndWait(ours, environment: []).seconds)
        }
        let matching = Int(grepRun.output.filter { $0.isNumber }) ?? -1
        let failing = Int(ourRun.output.filter { $0.isNumber }) ?? -1
        let ratio = ourBest / grepBest
        print("\n\(item.rule): --rule \(item.rule)   vs   grep -cE '\(item.pattern)'")
        print("  grep -cE           \(millis(grepBest)) ms   (\(matching) lines of the shape)")
        print("  switchboard check  \(millis(ourBest)) ms   (\(lines - failing) valid lines; \(failing) failing)")
        print("  ratio \(format(ratio))x   target: at most 1x   \(ratio <= 1 ? "met" : "NOT MET")")
    }
}

private func millis(_ seconds: Double) -> String { format(seconds * 1000) }


/// Mostly addresses; one line in ten of the shape with an octet over 255 or a leading zero; one in twenty not of
/// the shape at all.
private func ipv4Line(_ random: inout BenchRandom) -> String {
    let roll = random.below(100)
    if roll < 5 { return ["10.0.0", "192.168.1.1.1", "localhost", "10.0.0.x", ""][random.below(5)] }
    var octets = (0..<4).map { _ in String(random.below(256)) }
    if roll < 15 { octets[random.below(4)] = random.below(2) == 0 ? String(256 + random.below(744)) : "0" + String(random.below(10)) }
    return octets.joined(separator: ".")
}

private func uuidLine(_ random: inout BenchRandom) -> String {
    let hex = Array("0123456789abcdef")
    let roll = random.below(100)
    var text = ""
    for (index, count) in [8, 4, 4, 4, 12].enumerated() {
        if index > 0 { text.append("-") }
        for _ in 0..<count { text.append(hex[random.below(16)]) }
    }
    if roll < 5 { return String(text.dropLast()) }
    if roll < 10 { return text.replacingOccurrences(of: "-", with: "") }
    return roll < 40 ? text.uppercased() : text
}

/// Dates from 1900 to 2099; one in ten a day the month does not have (Feb 29 in a common year, Apr 31...).
private func dateLine(_ random: inout BenchRandom) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = 1900 + random.below(200)
    let month = 1 + random.below(12)
    let roll = random.below(100)
    if roll < 5 { return ["2026-3-14", "14/03/2026", "2026-03-14T09:30", "20260314", ""][random.below(5)] }
    let day = roll < 15 ? [29, 30, 31][random.below(3)] : 1 + random.below(28)
    return "\(year)-\(two(month))-\(two(day))"
}

extension String {
    fileprivate func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
