// SPDX-License-Identifier: Apache-2.0
/// Reads a document file (a schema, a file a schema refers to, a document to check) whole, within a size limit,
/// and only when it is a regular file: `/dev/zero`, a FIFO or a terminal is refused by name before a byte is read
/// (a FIFO is opened without waiting for a writer), and a file larger than `maximumSize` is refused, so no path can
/// make a reader hang or grow without bound. `check`, `form` and the schema resolver all read through it.
///
/// ```swift
/// let bytes = try DocumentFile.read("schema.json")
/// // try DocumentFile.read("/dev/zero") throws: "/dev/zero is a character device, not a regular file"
/// ```
public enum DocumentFile {
    /// The largest file read: 64 MB (SchemaStore's largest schema is under 2 MB).
    public static let maximumSize = 64 << 20

    /// Why a file could not be read: a sentence naming the file (`cannot open a.json: No such file or directory`,
    /// `/dev/zero is a character device, not a regular file; ...`).
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        /// The path, as given.
        public var path: String
        /// What was wrong, naming the path.
        public var description: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them. Errors show the path as `name` (a
    /// caller that writes them on a terminal passes the path escaped), else as given.
    ///
    /// ```swift
    /// let text = String(decoding: try DocumentFile.read("/etc/app/config.json"), as: UTF8.self)
    /// ```
    /// - Throws: `ReadError` when the file cannot be opened or read, is not a regular file, or is larger than `limit`.
    public static func read(_ path: String, limit: Int = maximumSize, shownAs name: String? = nil)
        throws(ReadError) -> [UInt8]
    {
        let shown = name ?? path
        func failure(_ problem: String) -> ReadError { ReadError(path: path, description: "\(shown) \(problem)") }
        func systemError(_ what: String) -> ReadError {
            ReadError(path: path, description: "\(what) \(shown): \(String(cString: strerror(errno)))")
        }
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer (it is refused just below).
        let fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw systemError("cannot open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw systemError("cannot read") }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw failure("is \(fileKind(kind)), not a regular file; give a JSON or YAML file")
        }
        guard Int(info.st_size) <= limit else {
            throw failure("is larger than \(limitText(limit)) (\(info.st_size) bytes); documents and schemas are read "
                            + "whole, up to \(limitText(limit))")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // The size can change while the file is read (a file being written): the limit holds all the same.
        while bytes.count <= limit {
            let count = readSome(fd, into: &chunk)
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError("cannot read")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
        throw failure("grew larger than \(limitText(limit)) while it was read")
    }

    private static func limitText(_ limit: Int) -> String {
        limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MB" : "\(limit) bytes"
    }

    private static func fileKind(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }
}

/// One `read(2)` into `buffer` (a free function: inside `DocumentFile`, `read` names its own method).
private func readSome(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
}
