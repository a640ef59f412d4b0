// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SwitchboardFullCLI
import SwitchboardCLISupport

/// The safe write under `form --edit`: a file changed on disk between the read and the write is not overwritten
/// (the edit is refused and says so), and nothing is left beside it.
@Suite("EditedFile")
struct EditedFileTests {
    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-edited-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func leftovers(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".switchboard-") }
    }

    @Test("a file changed on disk since it was read is refused, and keeps the other program's version")
    func changedUnderneath() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.yaml").path
        try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: path))
        let read = try EditedFile.load(path, limit: 1 << 20)
        // Another program writes the same size meanwhile (the content and modification time differ).
        try Data("a: 9\n".utf8).write(to: URL(fileURLWithPath: path))
        var refusal: CommandFailure?
        do { try read.replace(with: Array("a: 2\n".utf8), backup: true) } catch { refusal = error }
        #expect(refusal?.status == 2)
        #expect(refusal?.lines == ["\(path) changed on disk since it was read (its size, modification time or content "
                                   + "differ); nothing written: run the edit again on the new version"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a: 9\n")
        #expect(!FileManager.default.fileExists(atPath: path + "~"))
        #expect(try leftovers(folder).isEmpty)

        // Unchanged: written, the backup holding the version read.
        let again = try EditedFile.load(path, limit: 1 << 20)
        try again.replace(with: Array("a: 3\n".utf8), backup: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a: 3\n")
        #expect(try String(contentsOfFile: path + "~", encoding: .utf8) == "a: 9\n")
        #expect(try leftovers(folder).isEmpty)
    }

    @Test("a file deleted since it was read is said to be deleted, and is not made again")
    func deletedUnderneath() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.yaml").path
        try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: path))
        let read = try EditedFile.load(path, limit: 1 << 20)
        try FileManager.default.removeItem(atPath: path)
        var refusal: CommandFailure?
        do { try read.replace(with: Array("a: 2\n".utf8), backup: false) } catch { refusal = error }
        #expect(refusal?.status == 2)
        #expect(refusal?.lines == ["\(path) was deleted since it was read; nothing written (not made again)"])
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try leftovers(folder).isEmpty)
    }

    @Test("the file replaced by a rename: a reader holding the old one keeps it; the folder holds no stray file")
    func renamedIntoPlace() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.json").path
        try Data("{\"a\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        let held = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? held.close() }
        try EditedFile.load(path, limit: 1 << 20).replace(with: Array("{\"a\": 2}".utf8), backup: false)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int != before)
        #expect(String(decoding: held.readDataToEndOfFile(), as: UTF8.self) == "{\"a\": 1}")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\": 2}")
        #expect(try leftovers(folder).isEmpty)
    }
}
