// SPDX-License-Identifier: GPL-3.0-or-later

/// A field's history file: one value per line, created with mode 0600. Only a regular file of the user's own is
/// read or appended to: a symbolic link at the path is not followed, and a FIFO, a device or another user's file
/// is left alone (the history is then kept for this session only).
enum HistoryFile {
    /// `~/name` is taken relative to `$HOME`.
    static func expand(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst(1)
    }

    /// The largest history file read (older lines are of no use past that).
    static let maximumSize = 4 << 20

    /// Opens the file if it is a regular file owned by the user, without following a link or blocking on a FIFO.
    private static func openOwnFile(_ path: String, _ flags: Int32) -> Int32? {
        let fd = open(expand(path), flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
            close(fd)
            return nil
        }
        return fd
    }

    static func load(_ path: String) -> [String] {
        guard let fd = openOwnFile(path, O_RDONLY) else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count < maximumSize {
            let n = posixRead(fd, &chunk, chunk.count)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]); continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        return bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }

    static func append(_ value: String, to path: String) {
        guard let fd = openOwnFile(path, O_WRONLY | O_CREAT | O_APPEND) else { return }
        defer { close(fd) }
        _ = fchmod(fd, 0o600)
        let line = Array((value + "\n").utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
