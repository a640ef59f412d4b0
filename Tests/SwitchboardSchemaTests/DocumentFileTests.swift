// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwitchboardSchema
import Testing

/// `DocumentFile.read`: regular files within a size limit, anything else refused by name at once.
@Suite("DocumentFile")
struct DocumentFileTests {
    private func directory() throws -> String {
        let path = NSTemporaryDirectory() + "documentfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func refusal(_ path: String, limit: Int = DocumentFile.maximumSize) -> String? {
        do {
            _ = try DocumentFile.read(path, limit: limit)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a regular file is read whole; over the limit it is refused by its size")
    func regular() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"{"a": 1}"#.utf8)))
        #expect(try DocumentFile.read(path) == Array(#"{"a": 1}"#.utf8))
        #expect(refusal(path, limit: 8) == nil)
        #expect(refusal(path, limit: 7) == "\(path) is larger than 7 bytes (8 bytes); documents and schemas are read whole, up to 7 bytes")
        let empty = folder + "/empty.json"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(try DocumentFile.read(empty) == [])
    }

    @Test("a device, a FIFO without a writer, a directory and a missing file are refused at once, by name")
    func refused() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(refusal("/dev/zero")?.hasPrefix("/dev/zero is a character device, not a regular file") == true)
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(refusal(fifo)?.hasPrefix("\(fifo) is a FIFO (named pipe), not a regular file") == true)
        #expect(refusal(folder)?.hasPrefix("\(folder) is a directory, not a regular file") == true)
        #expect(refusal(folder + "/none.json") == "cannot open \(folder)/none.json: No such file or directory")
        let named = #expect(throws: DocumentFile.ReadError.self) { try DocumentFile.read("/dev/zero", shownAs: "ZERO") }
        #expect(named?.description.hasPrefix("ZERO is a character device") == true && named?.path == "/dev/zero")
    }

    @Test("a schema's $ref to a FIFO or /dev/zero is a load error, not a hang or unbounded read")
    func references() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe.json", 0o600) == 0)
        let schema = folder + "/s.json"
        #expect(FileManager.default.createFile(atPath: schema, contents: Data(#"{"$ref": "pipe.json"}"#.utf8)))
        let fifo = #expect(throws: SchemaError.self) { try JSONSchema(contentsOf: schema) }
        #expect(fifo?.description.contains("is a FIFO") == true)
        let zero = #expect(throws: SchemaError.self) { try JSONSchema(json: #"{"$ref": "/dev/zero"}"#) }
        #expect(zero?.description.contains("/dev/zero is a character device") == true)
    }
}
