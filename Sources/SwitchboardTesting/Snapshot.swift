// SPDX-License-Identifier: Apache-2.0

/// The environment variable that makes `assertSnapshot` write new and changed snapshots instead of failing.
let recordVariable = "SWITCHBOARD_RECORD_SNAPSHOTS"

/// A screen that differs from its stored snapshot, or a snapshot that is missing or cannot be written.
public struct SnapshotError: Error, CustomStringConvertible {
    /// What went wrong, with a line diff when the screen differs (`- ` stored, `+ ` on screen).
    public var description: String
}

/// Compares `screen`'s text with the snapshot stored beside the test file, in
/// `__Snapshots__/<test file name>/<name>.txt`. A missing or different snapshot throws, with a line diff;
/// run with `SWITCHBOARD_RECORD_SNAPSHOTS=1` to write new and changed snapshots instead (check them, then commit
/// them). Snapshots are written without following symbolic links (a link in their place is an error).
///
/// ```swift
/// try term.waitUntilSettled()
/// try assertSnapshot(of: term.screen, named: "email-invalid")
/// ```
///
/// - Parameters:
///   - screen: the screen to compare, as `TerminalSession.screen` reads it.
///   - name: the snapshot's name: its file is `<name>.txt`.
///   - directory: the folder holding the snapshots instead of `__Snapshots__/<test file name>` beside the test.
///   - record: write new and changed snapshots (nil: as `SWITCHBOARD_RECORD_SNAPSHOTS=1` says).
///   - file: the test's source file (the caller's by default), beside which `__Snapshots__` is.
public func assertSnapshot(of screen: TerminalScreen, named name: String, directory: String? = nil,
                           record: Bool? = nil, file: StaticString = #filePath) throws {
    try assertSnapshot(of: screen.text, named: name, directory: directory, record: record, file: file)
}

/// Compares `text` with the stored snapshot `name` (see `assertSnapshot(of:named:directory:record:file:)` for a
/// screen).
public func assertSnapshot(of text: String, named name: String, directory: String? = nil, record: Bool? = nil,
                           file: StaticString = #filePath) throws {
    guard !name.isEmpty, name.utf8.allSatisfy({ isNameByte($0) }), !name.hasPrefix(".") else {
        throw SnapshotError(description: "snapshot name \(String(reflecting: name)) is not usable as a file name: "
                            + "use letters, digits, '-', '_' and '.' (not first)")
    }
    let testFile = "\(file)"
    let folder = testFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    var base = String(testFile.split(separator: "/").last ?? "Tests")
    if base.hasSuffix(".swift") { base.removeLast(6) }
    let directory = directory ?? folder + "/__Snapshots__/" + base
    let path = directory + "/" + name + ".txt"
    let wanted = text + "\n"
    let recording = record ?? (getenv(recordVariable).map { String(cString: $0) } == "1")
    // Recording, an unreadable snapshot (a planted link) is simply replaced.
    let stored: String?
    if recording { stored = (try? readSnapshot(path)) ?? nil } else { stored = try readSnapshot(path) }
    if stored == wanted { return }
    if recording {
        try writeSnapshot(wanted, directory: directory, path: path)
        return
    }
    guard let stored else {
        throw SnapshotError(description: "no snapshot \(path); run with \(recordVariable)=1 to record it:\n"
                            + text)
    }
    let old = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
    throw SnapshotError(description: "the screen differs from snapshot \(path) (- stored, + now; "
                        + "\(recordVariable)=1 records it):\n" + lineDiff(expected: old, actual: text))
}

private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x2D || byte == 0x5F || byte == 0x2E
}

/// The snapshot's text, nil when there is none; an error when it is a link or unreadable.
private func readSnapshot(_ path: String) throws -> String? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    if fd < 0 {
        if errno == ENOENT { return nil }
        throw SnapshotError(description: "cannot read snapshot \(path): \(String(cString: strerror(errno)))"
                            + (errno == ELOOP ? " (it is a symbolic link)" : ""))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n > 0 { bytes += chunk[0..<n]; continue }
        if n < 0 && errno == EINTR { continue }
        break
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes the snapshot through a new temporary file renamed over it: a planted link is replaced, never followed,
/// and folders on the way must not be links.
private func writeSnapshot(_ text: String, directory: String, path: String) throws {
    let parent = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
    for full in [parent, directory] where !full.isEmpty {
        if mkdir(full, 0o755) != 0 && errno != EEXIST {
            throw SnapshotError(description: "cannot create \(full): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw SnapshotError(description: "\(full) is not a folder (a symbolic link?): snapshots are not "
                                + "written through links")
        }
    }
    let temporary = path + ".\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
        throw SnapshotError(description: "cannot write \(temporary): \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
    }
    close(fd)
    guard offset == bytes.count, rename(temporary, path) == 0 else {
        unlink(temporary)
        throw SnapshotError(description: "cannot write snapshot \(path): \(String(cString: strerror(errno)))")
    }
}
