// SPDX-License-Identifier: GPL-3.0-or-later

/// A unified diff of two versions of a file, as `diff -u` writes it and `patch` reads it (`form --edit --dry-run`):
/// lines compared by Myers' algorithm between the lines both versions begin and end with, three lines of context.
enum UnifiedDiff {
    /// The diff of `old` and `new` (empty when they are equal); a line kept with its carriage return, a last line
    /// without a line break marked `\ No newline at end of file`.
    static func make(old: [UInt8], new: [UInt8], oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var operations = Array(repeating: Operation.same, count: prefix)
        operations += middle(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        operations += Array(repeating: Operation.same, count: suffix)
        return "--- \(oldName)\n+++ \(newName)\n" + hunks(operations, a, b, context: context)
    }

    enum Operation { case same, delete, insert }

    /// The lines of a text, each with its line break (the last may have none).
    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// The shortest edit script from `a` to `b` (Myers, 1986); one deletion and insertion of everything when it
    /// would take more than 1,000 steps.
    private static func middle(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Operation] {
        let n = a.count, m = b.count
        let maximum = min(n + m, 1_000)
        let offset = maximum + 1
        var v = Array(repeating: 0, count: 2 * maximum + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...maximum {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                let down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                var x = down ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else {
            return Array(repeating: .delete, count: n) + Array(repeating: .insert, count: m)
        }
        // Back through the trace, from the end.
        var operations: [Operation] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previous = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let startX = d == 0 ? 0 : v[offset + previous]
            let startY = startX - previous
            while x > startX, y > startY {
                operations.append(.same)
                x -= 1
                y -= 1
            }
            if d > 0 { operations.append(x == startX ? .insert : .delete) }
            x = startX
            y = startY
        }
        return operations.reversed()
    }

    private static func hunks(_ operations: [Operation], _ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>],
                              context: Int) -> String
    {
        // The positions of each operation in a and b.
        var positions: [(Int, Int)] = []
        var i = 0, j = 0
        for operation in operations {
            positions.append((i, j))
            switch operation {
            case .same: i += 1; j += 1
            case .delete: i += 1
            case .insert: j += 1
            }
        }
        let changed = operations.indices.filter { operations[$0] != .same }
        var out = ""
        var index = 0
        while index < changed.count {
            let first = max(changed[index] - context, 0)
            var last = changed[index]
            while index + 1 < changed.count, changed[index + 1] - last <= 2 * context {
                index += 1
                last = changed[index]
            }
            index += 1
            let end = min(last + context, operations.count - 1)
            let (oldStart, newStart) = positions[first]
            var oldCount = 0, newCount = 0
            var body = ""
            for position in first...end {
                let (x, y) = positions[position]
                switch operations[position] {
                case .same:
                    oldCount += 1; newCount += 1
                    body += line(" ", a[x])
                case .delete:
                    oldCount += 1
                    body += line("-", a[x])
                case .insert:
                    newCount += 1
                    body += line("+", b[y])
                }
            }
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    private static func line(_ mark: String, _ text: ArraySlice<UInt8>) -> String {
        let body = mark + String(decoding: text, as: UTF8.self)
        return text.last == 0x0A ? body : body + "\n\\ No newline at end of file\n"
    }
}
