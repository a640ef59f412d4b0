// SPDX-License-Identifier: Apache-2.0
// Snapshots: missing, matching, differing (with a line diff), recorded, and never written through a link.
import Glibc
import SwitchboardTesting
import Testing

@Suite struct SnapshotTests {
    func scratch() -> String {
        var template = Array("/tmp/sb-snapshots-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        return folder
    }

    @Test("A missing snapshot fails and says how to record it; recorded, it then matches")
    func missingThenRecorded() throws {
        let folder = scratch() + "/snaps"
        var screen = TerminalScreen(columns: 20, rows: 3)
        screen.feed("Email: ada@\r\n\u{1B}[31m✗\u{1B}[m not an email")
        #expect(throws: SnapshotError.self) { try assertSnapshot(of: screen, named: "email", directory: folder, record: false) }
        do {
            try assertSnapshot(of: screen, named: "email", directory: folder, record: false)
        } catch {
            #expect("\(error)".contains("SWITCHBOARD_RECORD_SNAPSHOTS=1"))
        }
        try assertSnapshot(of: screen, named: "email", directory: folder, record: true)
        try assertSnapshot(of: screen, named: "email", directory: folder, record: false)
    }

    @Test("A different screen fails with a line diff: - stored, + now")
    func differs() throws {
        let folder = scratch()
        try assertSnapshot(of: "Name: Ada\n✓", named: "name", directory: folder, record: true)
        do {
            try assertSnapshot(of: "Name: Ad\n✓", named: "name", directory: folder, record: false)
            Issue.record("a different screen matched")
        } catch {
            #expect("\(error)".hasSuffix("- Name: Ada\n+ Name: Ad\n  ✓"), "\(error)")
        }
    }

    @Test("Recording replaces a planted symbolic link and never writes through it; bad names are refused")
    func plantedLink() throws {
        let folder = scratch()
        let victim = folder + "/victim"
        _ = creat(victim, 0o644)
        #expect(symlink(victim, folder + "/screen.txt") == 0)
        #expect(throws: SnapshotError.self) { try assertSnapshot(of: "x", named: "screen", directory: folder, record: false) }
        try assertSnapshot(of: "x", named: "screen", directory: folder, record: true)
        var info = stat()
        #expect(lstat(folder + "/screen.txt", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(lstat(victim, &info) == 0 && info.st_size == 0)
        #expect(throws: SnapshotError.self) { try assertSnapshot(of: "x", named: "../x", directory: folder, record: false) }
    }

    @Test("The line diff keeps common lines and marks the rest")
    func diff() {
        #expect(lineDiff(expected: "a\nb\nc", actual: "a\nc\nd") == "  a\n- b\n  c\n+ d")
    }
}
