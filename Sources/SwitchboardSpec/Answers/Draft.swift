// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// A file keeping a form's accepted answers (masked ones excluded) so that a later run resumes where the
/// last one stopped. The file is a JSON object, readable only by its owner (mode 0600), replaced atomically.
///
/// ```swift
/// let draft = Draft(path: ".signup-draft.json")
/// try draft.checkPath()                                  // before asking anything: refuses a FIFO, a directory...
/// if let saved = try draft.load() { form.fill(saved) }   // resume
/// try draft.save(form)                                   // after each accepted answer
/// draft.remove()                                         // once submitted
/// ```
///
/// **Links and special files.** A draft is written to a new temporary file with an unpredictable name in the
/// draft's directory, created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600) and renamed over the draft: a
/// link planted at the temporary name or at the draft's own path is never written through (a symbolic link at
/// the draft's path is replaced by the draft). A draft path that is (or links to) a directory, a FIFO, a device
/// or a socket is refused, as is a draft owned by another user.
public struct Draft: Sendable {
    /// Where the draft lives.
    public let path: String

    /// The largest draft read back (a draft holds a form's answers: far less).
    static let maximumSize = 16 << 20

    /// A draft kept in the file at `path` (created with mode 0600 on the first save).
    public init(path: String) {
        self.path = path
    }

    /// Checks that the path can hold a draft, before a form starts: a regular file of the user's own (or a
    /// symbolic link to one), or nothing yet in an existing directory; and that a draft can be written there (a
    /// file is made in the directory and removed again), so a read-only directory is reported before the first
    /// question, not after the first answer.
    ///
    /// ```swift
    /// try Draft(path: "/tmp/fifo").checkPath()   // throws: /tmp/fifo: is a FIFO (named pipe), not a file
    /// ```
    /// - Throws: `DraftError` saying what the path is and what would be right.
    public func checkPath() throws(DraftError) {
        try checkFileType()
        // Saving writes a temporary file beside the draft and renames it over the draft: the directory must
        // take a new file (permissions, a read-only file system; root too, on /sys or /proc).
        let directory = Draft.directory(of: path)
        let token = (0..<3).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 36) }.joined()
        let probe = (directory == "." && !path.hasPrefix("./") ? "" : directory + "/") + ".switchboard-\(token).tmp"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw DraftError(path: path, message: "cannot be written: no new file can be made in its directory "
                             + "\(displayQuoted(directory)) (\(reason)); choose a draft in a folder you can write")
        }
        close(fd)
        unlink(probe)
    }

    /// The file-type part of `checkPath()`: what the path is, without writing anything.
    private func checkFileType() throws(DraftError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw failure("cannot use the draft", errno) }
            var directoryInfo = stat()
            let directory = Draft.directory(of: path)
            guard stat(directory, &directoryInfo) == 0 else {
                throw DraftError(path: path, message: "its directory \(displayQuoted(directory)) "
                                 + "cannot be used: \(String(cString: strerror(errno)))")
            }
            guard directoryInfo.st_mode & S_IFMT == S_IFDIR else {
                throw DraftError(path: path, message: "\(displayQuoted(directory)) is not a directory")
            }
            return
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            // The link itself is replaced by the first save; what it points to must not be something a read
            // would hang on or misread.
            var target = stat()
            guard stat(path, &target) == 0 else { return }   // a dangling link: replaced by the first save
            try requireDraftFile(target, through: "links to ")
        } else {
            try requireDraftFile(info, through: "")
        }
    }

    /// The saved answers, or `nil` when there is no draft yet.
    /// - Throws: `DraftError` when the file exists but cannot be read, is not a regular file of the user's own
    ///   (a FIFO is never opened for a blocking read), or is not a JSON object of answers.
    public func load() throws(DraftError) -> Answers? {
        guard let text = try loadText() else { return nil }
        do {
            return try Answers(json: text)
        } catch {
            throw DraftError(path: path, message: "the draft is not a JSON object of answers (\(error))")
        }
    }

    /// The draft's text, or nil when there is no draft yet (the checks of `load()`).
    func loadText() throws(DraftError) -> String? {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; the file type is checked before any read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure("cannot read the draft", errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot read the draft", errno) }
        try requireDraftFile(info, through: "")
        guard Int(info.st_size) <= Draft.maximumSize else {
            throw DraftError(path: path, message: "the draft is larger than \(Draft.maximumSize >> 20) MB; "
                             + "it is not a draft of this form")
        }
        let bytes = readAll(fd, limit: Draft.maximumSize)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DraftError(path: path, message: "the draft is not valid UTF-8")
        }
        return text
    }

    /// Writes the form's draft answers (answered, not masked) to the file, mode 0600, atomically.
    @MainActor public func save(_ form: Form) throws(DraftError) {
        try save(form.draftAnswers)
    }

    /// Writes `answers` to the file, mode 0600, atomically: a new temporary file with an unpredictable name in
    /// the draft's directory, created exclusively without following links, then renamed over the draft.
    ///
    /// ```swift
    /// try Draft(path: "d.json").save(["email": "ada@example.com"])
    /// ```
    public func save(_ answers: Answers) throws(DraftError) {
        try save(text: answers.json() + "\n")
    }

    /// Writes `text` as the draft (see `save(_:)`).
    func save(text: String) throws(DraftError) {
        try checkFileType()
        let directory = Draft.directory(of: path)
        // The temporary name: hidden, next to the draft, 96 random bits; never an existing file or link.
        let base = String(decoding: Array(path.utf8.split(separator: UInt8(ascii: "/")).last ?? []).prefix(200),
                          as: UTF8.self)
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            let token = (0..<3).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 36) }.joined()
            temporary = (directory == "." && !path.hasPrefix("./") ? "" : directory + "/") + ".\(base).\(token).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw failure("cannot write the draft", errno) }
        fchmod(fd, 0o600)
        let written = writeAll(text, to: fd)
        let synced = written && fsync(fd) == 0
        let reason = errno
        close(fd)
        guard synced else {
            unlink(temporary)
            throw failure("cannot write the draft", reason == 0 ? EIO : reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = errno
            unlink(temporary)
            throw failure("cannot write the draft", reason)
        }
    }

    /// Deletes the draft (after the form was submitted). Missing files are fine; a symbolic link is removed,
    /// never what it points to.
    public func remove() {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFLNK else { return }
        unlink(path)
    }

    /// Refuses anything but a regular file owned by the user.
    private func requireDraftFile(_ info: stat, through link: String) throws(DraftError) {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_uid == geteuid() else {
                throw DraftError(path: path, message: "\(link)a file owned by another user (uid \(info.st_uid)); "
                                 + "a draft must be your own file")
            }
            return
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw DraftError(path: path, message: "\(link.isEmpty ? "is " : link)\(kind), not a file; "
                         + "give the path of a file to keep the draft in (it is created if missing)")
    }

    private func failure(_ what: String, _ code: Int32) -> DraftError {
        DraftError(path: path, message: "\(what): \(String(cString: strerror(code)))")
    }

    /// The directory part of `path` (`.` when it has none).
    static func directory(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }
}

/// A draft file that could not be read or written.
public struct DraftError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The draft's path.
    public var path: String
    /// What went wrong.
    public var message: String

    /// An error about the draft file at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `.signup-draft.json: cannot write the draft: Permission denied` (the path's control characters escaped).
    public var description: String { "\(displayEscaped(path)): \(message)" }
}

extension Form {
    /// Fills the form from a draft's answers, skipping masked fields and keys that name no field; returns the
    /// names of the fields it answered. The items of lists the answers name (`routes.0.path`, `db.hosts.1`) are
    /// made first, so that a list's answers come back with the rest.
    @discardableResult
    public func resume(from answers: Answers) -> [String] {
        makeItems(for: answers)
        var resumed: [String] = []
        for field in fields where !field.isMasked && field.isShown.value {
            if let value = answers[field.name] {
                field.answer(value)
                resumed.append(field.name)
            }
        }
        return resumed
    }
}
