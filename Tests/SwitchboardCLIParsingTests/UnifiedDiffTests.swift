// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SwitchboardFullCLI

/// `form --edit --dry-run`'s diff: GNU patch applies it and makes the new text, whatever the edits (lines changed,
/// added, removed anywhere, CRLF, no final line break), and it is what `diff -u` would say.
@Suite("UnifiedDiff")
struct UnifiedDiffTests {
    private func patched(_ old: [UInt8], _ diff: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("f.yaml")
        try Data(old).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        process.arguments = ["--quiet", "--force", file.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(diff.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return Array(try Data(contentsOf: file))
    }

    @Test("patch applies 200 random diffs exactly")
    func patchApplies() throws {
        var state: UInt64 = 40
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<200 {
            let ending = round % 5 == 0 ? "\r\n" : "\n"
            let old = (0..<next(30)).map { _ in "line \(next(8))" }
            var new = old
            for _ in 0..<(next(4) + 1) {
                switch next(3) {
                case 0 where !new.isEmpty: new.remove(at: next(new.count))
                case 1: new.insert("new \(next(100))", at: next(new.count + 1))
                default: if !new.isEmpty { new[next(new.count)] = "changed \(next(100))" }
                }
            }
            var oldText = old.map { $0 + ending }.joined()
            var newText = new.map { $0 + ending }.joined()
            if round % 7 == 3, !oldText.isEmpty { oldText.removeLast() }
            if round % 11 == 4, !newText.isEmpty { newText.removeLast() }
            let a = Array(oldText.utf8), b = Array(newText.utf8)
            let diff = UnifiedDiff.make(old: a, new: b, oldName: "f.yaml", newName: "f.yaml")
            if a == b {
                #expect(diff.isEmpty)
                continue
            }
            #expect(try patched(a, diff) == b, "round \(round):\n\(diff)")
        }
    }

    @Test("the same hunks as diff -u")
    func likeDiff() throws {
        let old = Array("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n".utf8)
        let new = Array("a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n".utf8)
        #expect(UnifiedDiff.make(old: old, new: new, oldName: "x", newName: "x") == """
            --- x
            +++ x
            @@ -1,5 +1,5 @@
             a
            -b
            +B
             c
             d
             e
            @@ -9,3 +9,4 @@
             i
             j
             k
            +l

            """)
    }
}
