#if canImport(Glibc)
import Glibc
#endif

/// A file keeping a form's accepted answers (masked ones excluded) so that a later run resumes where the
/// last one stopped. The file is a JSON object, readable only by its owner (mode 0600), replaced atomically.
///
/// ```swift
/// let draft = Draft(path: ".signup-draft.json")
/// if let saved = try draft.load() { form.fill(saved) }   // resume
/// try draft.save(form)                                   // after each accepted answer
/// draft.remove()                                         // once submitted
/// ```
public struct Draft: Sendable {
    /// Where the draft lives.
    public let path: String

    /// A draft kept in the file at `path` (created with mode 0600 on the first save).
    public init(path: String) {
        self.path = path
    }

    /// The saved answers, or `nil` when there is no draft yet.
    /// - Throws: `DraftError` when the file exists but cannot be read or is not a JSON object of answers.
    public func load() throws(DraftError) -> Answers? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw DraftError(path: path, message: "cannot read the draft: \(String(cString: strerror(errno)))")
        }
        let bytes = readAll(fd)
        close(fd)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DraftError(path: path, message: "the draft is not valid UTF-8")
        }
        do {
            return try Answers(json: text)
        } catch {
            throw DraftError(path: path, message: "the draft is not a JSON object of answers (\(error))")
        }
    }

    /// Writes the form's draft answers (answered, not masked) to the file, mode 0600, atomically.
    @MainActor public func save(_ form: Form) throws(DraftError) {
        try save(form.draftAnswers)
    }

    /// Writes `answers` to the file, mode 0600, atomically (a temporary file renamed over the old one).
    public func save(_ answers: Answers) throws(DraftError) {
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw DraftError(path: path, message: "cannot write the draft: \(String(cString: strerror(errno)))")
        }
        fchmod(fd, 0o600)
        writeAll(answers.json() + "\n", to: fd)
        let synced = fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw DraftError(path: path, message: "cannot write the draft: \(reason)")
        }
    }

    /// Deletes the draft (after the form was submitted). Missing files are fine.
    public func remove() {
        unlink(path)
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

    /// `.signup-draft.json: cannot write the draft: Permission denied`.
    public var description: String { "\(path): \(message)" }
}

extension Form {
    /// Fills the form from a draft's answers, skipping masked fields and keys that name no field; returns the
    /// names of the fields it answered.
    @discardableResult
    public func resume(from answers: Answers) -> [String] {
        var resumed: [String] = []
        for field in fields where !field.isMasked {
            if let value = answers[field.name] {
                field.answer(value)
                resumed.append(field.name)
            }
        }
        return resumed
    }
}
