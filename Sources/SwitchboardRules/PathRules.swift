// SPDX-License-Identifier: Apache-2.0
// The path rules for command-line tools: `path`, `file`, `dir`, `exists`, `new-path`, `readable`, `writable`,
// `executable`, `ext:`. They ask the filesystem each time a value is checked (a file that appears while the user
// types passes at the next edit); an error that prevents an answer (permission denied on a directory on the
// way, a symbolic-link loop, an I/O error) is an undecided failure, never a pass.

/// What Tab completes in a field whose rule has a path rule: file names, or directory names only (`dir`).
///
/// ```swift
/// try Rule.parse("dir").pathCompletion    // .directories
/// try Rule.parse("file").pathCompletion   // .files
/// Rule.email.pathCompletion               // nil
/// ```
public enum PathCompletion: Sendable, Equatable {
    case files
    case directories
}

enum PathCheck: Sendable {
    case path, file, directory, exists, newPath, readable, writable, executable

    var completion: PathCompletion { self == .directory ? .directories : .files }
}

enum PathScan {
    /// Well formed: not empty, no NUL, at most 4095 bytes (PATH_MAX less the NUL), no component over 255 bytes.
    static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n > 0, n < 4096 else { return false }
        var componentLength = 0
        for b in bytes {
            if b == 0 { return false }
            if b == UInt8(ascii: "/") { componentLength = 0; continue }
            componentLength &+= 1
            if componentLength > 255 { return false }
        }
        return true
    }

    static func undecided(_ code: Int32) -> Decision {
        .undecided("could not check the path: " + String(cString: strerror(code)).lowercased())
    }

    /// Whether `code` (an errno from stat or access) means "no such path" rather than "could not tell".
    static func isAbsence(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR || code == ENAMETOOLONG }

    static func decide(_ check: PathCheck, _ bytes: UnsafeRawBufferPointer) -> Decision {
        guard isWellFormed(bytes) else { return .fail }
        if check == .path { return .pass }
        let path = String(decoding: bytes, as: UTF8.self)
        if check == .newPath { return decideNewPath(path) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            return isAbsence(code) ? .fail : undecided(code)
        }
        let kind = info.st_mode & S_IFMT
        switch check {
        case .file: return kind == S_IFREG ? .pass : .fail
        case .directory: return kind == S_IFDIR ? .pass : .fail
        case .exists: return .pass
        case .readable: return access(path, R_OK)
        case .writable: return access(path, W_OK)
        default: return access(path, X_OK)
        }
    }

    private static func access(_ path: String, _ mode: Int32) -> Decision {
        if posixAccess(path, mode) == 0 { return .pass }
        let code = errno
        return code == EACCES || code == EROFS || code == EPERM || code == ETXTBSY ? .fail : undecided(code)
    }

    /// Does not exist (not even as a dangling symbolic link), and its directory exists and is writable.
    private static func decideNewPath(_ path: String) -> Decision {
        var info = stat()
        if lstat(path, &info) == 0 { return .fail }
        let code = errno
        guard code == ENOENT else { return isAbsence(code) ? .fail : undecided(code) }
        // On the bytes: as characters, a "/" followed by a combining mark is one character, not a slash.
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let parent: String
        if let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
            parent = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        } else {
            parent = "."
        }
        guard stat(parent, &info) == 0 else {
            let code = errno
            return isAbsence(code) ? .fail : undecided(code)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .fail }
        return access(parent, W_OK | X_OK)
    }

    /// The last component ends with one of `extensions` (lowercased, each starting with "."), ASCII letters in
    /// any case, and has something before it.
    static func hasExtension(_ bytes: UnsafeRawBufferPointer, _ extensions: [[UInt8]]) -> Bool {
        guard isWellFormed(bytes) else { return false }
        var nameStart = bytes.count
        while nameStart > 0, bytes[nameStart &- 1] != UInt8(ascii: "/") { nameStart &-= 1 }
        let nameLength = bytes.count &- nameStart
        for ext in extensions where nameLength > ext.count {
            var matches = true
            let start = bytes.count &- ext.count
            for k in 0..<ext.count {
                var b = bytes[start &+ k]
                if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
                if b != ext[k] { matches = false; break }
            }
            if matches { return true }
        }
        return false
    }
}

extension Rule {
    private static func pathRule(_ name: String, _ requirement: String, _ check: PathCheck) -> Rule {
        format(name, requirement, source: name,
               FormatMatcher(asciiOnly: false, completion: check.completion) { PathScan.decide(check, $0) })
    }

    /// A well-formed path: not empty, no NUL byte, at most 4095 bytes, no name over 255 bytes. It need not exist.
    ///
    /// ```swift
    /// Rule.path.check("").failure?.message   // "must be a path (not empty, no NUL byte)"
    /// ```
    public static var path: Rule { pathRule("path", "be a path (not empty, no NUL byte)", .path) }

    /// An existing regular file (after following symbolic links). Relative paths are from the working directory.
    ///
    /// ```swift
    /// Rule.file.check("/etc/hostname").isValid   // true where that file exists
    /// ```
    public static var file: Rule { pathRule("file", "name an existing file", .file) }

    /// An existing directory (after following symbolic links).
    ///
    /// ```swift
    /// Rule.directory.check("/tmp").isValid   // true
    /// ```
    public static var directory: Rule { pathRule("dir", "name an existing directory", .directory) }

    /// An existing file, directory or other entry (a dangling symbolic link does not exist).
    ///
    /// ```swift
    /// Rule.exists.check("/nonexistent").failure?.message   // "must name an existing file or directory"
    /// ```
    public static var exists: Rule { pathRule("exists", "name an existing file or directory", .exists) }

    /// A path that does not exist yet (not even as a symbolic link) in an existing directory the user may write
    /// to: somewhere to create a file.
    ///
    /// ```swift
    /// Rule.newPath.check("/tmp/new-report.txt").isValid   // true unless it exists
    /// ```
    public static var newPath: Rule {
        pathRule("new-path", "name a new path in a writable directory", .newPath)
    }

    /// An existing path the user may read.
    ///
    /// ```swift
    /// Rule.readable.check("/etc/shadow").isValid   // false for most users
    /// ```
    public static var readable: Rule { pathRule("readable", "name a readable file or directory", .readable) }

    /// An existing path the user may write to.
    ///
    /// ```swift
    /// Rule.writable.check("/tmp").isValid   // true
    /// ```
    public static var writable: Rule { pathRule("writable", "name a writable file or directory", .writable) }

    /// An existing path the user may execute (a program, or a directory to enter).
    ///
    /// ```swift
    /// Rule.executable.check("/bin/sh").isValid   // true
    /// ```
    public static var executable: Rule { pathRule("executable", "name an executable file", .executable) }

    /// A path whose last name ends with one of `extensions` (letters in any case; the dot may be left out):
    /// `ext:.yaml,.yml`. Only the name is looked at; combine with `file` for an existing one.
    ///
    /// ```swift
    /// Rule.pathExtension([".yaml", ".yml"]).check("spec.YML").isValid   // true
    /// ```
    public static func pathExtension(_ extensions: [String]) -> Rule {
        let normalized = extensions.map { ($0.hasPrefix(".") ? $0 : "." + $0).lowercased() }
        let stored = normalized.map { Array($0.utf8) }
        let listed = normalized.count == 1 ? normalized[0]
            : normalized.dropLast().joined(separator: ", ") + " or " + normalized.last!
        let source = "ext:" + normalized.map { escapeArgument($0, commas: true) }.joined(separator: ",")
        return format("ext", "be a file name ending in \(displayEscaped(listed, limit: 80))", source: source,
                      FormatMatcher(asciiOnly: false, completion: .files) { PathScan.hasExtension($0, stored) })
    }

    /// What Tab completes in a field checked by this rule: `.directories` when it has a `dir` rule, `.files` when
    /// it has another path rule (`file`, `exists`, `ext:`...), nil when none.
    ///
    /// ```swift
    /// try Rule.parseList(["file", "ext:.yaml"]).pathCompletion   // .files
    /// ```
    public var pathCompletion: PathCompletion? { matcher.pathCompletion }
}

extension Matcher {
    /// The completion of the path rules in the tree: directories if any side asks for them only, else files.
    var pathCompletion: PathCompletion? {
        switch self {
        case .format(let scanner): return scanner.completion
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            let left = lhs.pathCompletion, right = rhs.pathCompletion
            if left == .directories || right == .directories { return .directories }
            return left ?? right
        default: return nil
        }
    }
}
