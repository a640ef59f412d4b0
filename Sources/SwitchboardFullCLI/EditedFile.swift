// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules

/// A file read to be edited in place, and written back safely: a temporary file in the same folder (created
/// exclusively, so a planted link is never followed), flushed to disk, given the file's mode and owner, then
/// renamed over it, once the file is found unchanged since it was read (size, modification time and content).
/// A symbolic link edits its target.
struct EditedFile {
    /// The path given.
    let given: String
    /// The file edited: the given path, or a symbolic link's target.
    let path: String
    /// Whether the given path is a symbolic link.
    let isLink: Bool
    let bytes: [UInt8]
    /// How many names (hard links) the file had when it was read: the new version, renamed over this one, is under
    /// this name only; the other names keep the version read.
    let links: Int
    private let identity: Identity

    /// What tells this version of the file from a later one, and what a rewrite keeps.
    fileprivate struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int
        var modifiedNanoseconds: Int
        var hash: UInt64
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    private var shown: String { displayEscaped(given, limit: 200) }
    private var shownPath: String { displayEscaped(path, limit: 200) }

    /// Reads the file at `given`: a regular file (a symbolic link's target), at most `limit` bytes.
    /// - Throws: a usage failure (exit 2) saying what the path is when it is not a regular file, or cannot be read.
    static func load(_ given: String, limit: Int) throws(CommandFailure) -> EditedFile {
        let shown = displayEscaped(given, limit: 200)
        var info = stat()
        guard lstat(given, &info) == 0 else { throw CommandFailure.usage("cannot edit \(shown): \(errorText())") }
        var path = given
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        if isLink {
            guard let resolved = realpath(given, nil) else {
                throw CommandFailure.usage("cannot edit \(shown): it is a symbolic link whose target cannot be found "
                                           + "(\(errorText()))")
            }
            path = String(cString: resolved)
            free(resolved)
            guard stat(path, &info) == 0 else { throw CommandFailure.usage("cannot edit \(shown): \(errorText())") }
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure.usage("cannot edit \(shown): it is \(kind(info.st_mode)), not a regular file; "
                                       + "nothing written")
        }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure.usage("cannot open \(shown): \(errorText())") }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, opened.st_ino == info.st_ino,
              opened.st_dev == info.st_dev
        else {
            throw CommandFailure.usage("cannot edit \(shown): it changed while it was opened; nothing written")
        }
        guard Int(opened.st_size) <= limit else {
            throw CommandFailure.usage("cannot edit \(shown): it is larger than \(limit >> 20) MB")
        }
        let bytes = try readAll(fd, shown: shown, limit: limit)
        return EditedFile(given: given, path: path, isLink: isLink, bytes: bytes,
                          links: Int(opened.st_nlink), identity: Identity(opened, hash: fnv1a(bytes)))
    }

    /// Refuses a file that cannot be written in place: read-only (no write permission, whoever runs this), or in
    /// a folder where no temporary file can be made.
    func checkWritable() throws(CommandFailure) {
        if identity.mode & 0o222 == 0 || access(path, W_OK) != 0 {
            let mode = String(identity.mode & 0o7777, radix: 8)
            throw CommandFailure.usage("cannot edit \(shown): it is read-only (mode \(mode)); "
                                       + "nothing written (make it writable first: chmod u+w)")
        }
        if access(folder, W_OK | X_OK) != 0 {
            throw CommandFailure.usage("cannot edit \(shown): its folder \(displayEscaped(folder, limit: 200)) is not "
                                       + "writable (the new version is written beside the file, then renamed over it)")
        }
    }

    private var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes `newBytes` in place of the file (and the version read as `FILE~` when `backup`), when the file on
    /// disk is still the version read; else nothing is written.
    func replace(with newBytes: [UInt8], backup: Bool) throws(CommandFailure) {
        let temporary = try temporaryCopy(of: newBytes)
        do throws(CommandFailure) {
            try checkUnchanged()
            if backup {
                let saved = try temporaryCopy(of: bytes)
                guard rename(saved, path + "~") == 0 else {
                    let problem = errorText()
                    unlink(saved)
                    throw CommandFailure.usage("cannot keep \(shownPath)~: \(problem); nothing written")
                }
            }
            guard rename(temporary, path) == 0 else {
                throw CommandFailure.usage("cannot replace \(shownPath): \(errorText()); nothing written")
            }
        } catch {
            unlink(temporary)
            throw error
        }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// A new file beside the edited one holding `content`, with its mode and owner, flushed to disk; its path.
    private func temporaryCopy(of content: [UInt8]) throws(CommandFailure) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? "file"
        var template = Array((folder + "/." + base + ".switchboard-XXXXXX").utf8CString)
        // mkstemp opens with O_CREAT | O_EXCL: a link planted at the name is never followed.
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw CommandFailure.usage("cannot write beside \(shownPath): \(errorText()); nothing written")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ what: String) -> CommandFailure {
            let problem = errorText()
            close(fd)
            unlink(temporary)
            return CommandFailure.usage("cannot write \(shownPath) (\(what)): \(problem); nothing written")
        }
        var written = 0
        while written < content.count {
            let count = content[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("writing")
            }
            written += count
        }
        guard fchmod(fd, identity.mode & 0o7777) == 0 else { throw fail("keeping its mode") }
        var made = stat()
        if fstat(fd, &made) == 0, made.st_uid != identity.owner || made.st_gid != identity.group {
            guard fchown(fd, identity.owner, identity.group) == 0 else { throw fail("keeping its owner and group") }
        }
        guard fsync(fd) == 0 else { throw fail("flushing it to disk") }
        close(fd)
        return temporary
    }

    /// Refuses when the file on disk is not the version read (another program wrote it meanwhile).
    private func checkUnchanged() throws(CommandFailure) {
        let changed = CommandFailure.usage("\(shownPath) changed on disk since it was read (its size, modification "
                                           + "time or content differ); nothing written: run the edit again on the new "
                                           + "version")
        var now = stat()
        guard stat(path, &now) == 0 else {
            if errno == ENOENT {
                throw CommandFailure.usage("\(shownPath) was deleted since it was read; nothing written (not made again)")
            }
            throw changed
        }
        guard now.st_mode & S_IFMT == S_IFREG else { throw changed }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw changed }
        defer { close(fd) }
        guard let current = try? Self.readAll(fd, shown: shownPath, limit: Int(now.st_size) + 1),
              Identity(now, hash: fnv1a(current)) == identity
        else { throw changed }
    }

    private static func readAll(_ fd: Int32, shown: String, limit: Int) throws(CommandFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure.usage("cannot read \(shown): \(errorText())")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw CommandFailure.usage("cannot edit \(shown): it is larger than \(limit >> 20) MB")
            }
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }
}

extension EditedFile.Identity {
    init(_ info: stat, hash: UInt64) {
        #if os(Linux)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                  modified: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec), hash: hash,
                  mode: info.st_mode, owner: info.st_uid, group: info.st_gid)
    }
}

private func errorText() -> String { String(cString: strerror(errno)) }

/// FNV-1a, 64 bits: the content's fingerprint (with the size and modification time, what tells versions apart).
private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return hash
}
