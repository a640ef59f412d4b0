// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SwitchboardTerminal

// The list under the input: what one keystroke costs to filter N options (and to make the strings of the rows
// in the window), next to `fzf --filter` on the same list in the same run. fzf --filter reads the list and
// answers one query per run, so its time per query includes starting and reading the list; ours is the
// keystroke alone (the list is read once, when `switchboard choose` starts; that time is shown apart).

/// Runs the list benchmarks; prints per-query times and ratios to fzf.
func runListBenchmarks() {
    print("\n== lists: one keystroke's filtering of N options vs fzf --filter on the same list (best of 5) ==")
    let candidates: [String] = ["/usr/bin/fzf", "/usr/local/bin/fzf", "/bin/fzf"]
    guard let fzf = candidates.first(where: { access($0, X_OK) == 0 }) else {
        print("  skipped: fzf not found (Debian package fzf)")
        return
    }
    var template = Array("/tmp/switchboard-list-bench-XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    defer { _ = spawnAndWait(["/bin/rm", "-rf", directory], environment: []) }
    let queries = ["file12", "odule7/file9", "xyz"]
    print("  options: src/moduleM/fileN.swift (M = N mod 97); queries: \(queries.map { "\"\($0)\"" }.joined(separator: ", "))")
    print("  ours: a keystroke that re-filters the whole list (a paste, an edit mid-word) + the 10 rows of the window;")
    print("        typed: the mean per keystroke while the query is typed letter by letter (each narrows the last)")
    print("  fzf --filter Q --exact --no-sort: the same substring matching, one run per query (start + read + match)")
    print("  fzf --filter Q: its default fuzzy matching and sorting")
    for count in [10_000, 100_000, 1_000_000] {
        var text: [UInt8] = []
        text.reserveCapacity(count * 32)
        for index in 0..<count { text += Array("src/module\(index % 97)/file\(index).swift\n".utf8) }
        let file = "\(directory)/options-\(count).txt"
        writeFile(file, text)

        var loadBest = Double.infinity
        var list = OptionList()
        for _ in 0..<3 {
            let start = now()
            var fresh = OptionList()
            var lineStart = 0
            for (position, byte) in text.enumerated() where byte == 0x0A {
                fresh.append(text[lineStart..<position])
                lineStart = position + 1
            }
            fresh.matchAll()
            loadBest = min(loadBest, Double(now() - start) / 1e9)
            list = fresh
        }
        print("\n  \(count) options (\(text.count / 1024) KB): reading them into the list once, \(format(loadBest * 1000)) ms")
        print("    query           ours: re-filter    ours: typed    fzf --exact --no-sort    fzf (fuzzy)    matches    ratio to fzf --exact")
        for query in queries {
            func window() {
                var rows: [String] = []
                for position in 0..<min(10, list.matches.count) { rows.append(list.option(Int(list.matches[position]))) }
                blackHole(rows)
            }
            // A full re-filter: the query and its reverse in turn (neither contains the other, so each keystroke
            // scans every option), the window's rows made each time.
            let reversed = String(query.reversed())
            let refilter = nanosPerIteration(iterations: count >= 1_000_000 ? 6 : 60, rounds: 5) { n in
                for _ in 0..<(n / 2) {
                    list.setFilter(query)
                    window()
                    list.setFilter(reversed)
                    window()
                }
            }
            let typed = nanosPerIteration(iterations: count >= 1_000_000 ? 3 : 20, rounds: 5) { n in
                for _ in 0..<n {
                    list.setFilter("")
                    var prefix = ""
                    for character in query {
                        prefix.append(character)
                        list.setFilter(prefix)
                        window()
                    }
                }
            } / Double(query.count)
            list.setFilter(query)
            let matches = list.matches.count
            let exact = bestRun([fzf, "--filter", query, "--exact", "--no-sort"], input: file)
            let fuzzy = bestRun([fzf, "--filter", query], input: file)
            let ratio = max(refilter, typed) / 1e9 / exact.seconds
            print("    \(pad("\"\(query)\"", 14)) \(pad(format(refilter / 1e6) + " ms", 17, left: true))"
                + "  \(pad(format(typed / 1e6) + " ms", 13, left: true))"
                + "  \(pad(format(exact.seconds * 1000) + " ms", 22, left: true))"
                + "  \(pad(format(fuzzy.seconds * 1000) + " ms", 13, left: true))"
                + "  \(pad(String(matches), 9, left: true)) (fzf \(exact.lines))"
                + "  \(pad(format(ratio) + "x", 8, left: true))")
        }
    }
    print("\n  target: a keystroke at or below fzf's time per query on the same list")
}

/// The best of 5 runs of `arguments` with standard input from `input`: wall seconds and the lines it printed.
private func bestRun(_ arguments: [String], input: String) -> (seconds: Double, lines: Int) {
    let command = ["/bin/sh", "-c", "exec \"$0\" \"$@\" < '\(input)'"] + arguments
    var best = Double.infinity
    var lines = -1
    for _ in 0..<5 {
        let run = spawnAndWait(command, environment: ["FZF_DEFAULT_OPTS="])
        best = min(best, run.seconds)
        lines = run.output.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    return (best, lines)
}
