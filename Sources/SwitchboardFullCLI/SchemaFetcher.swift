// SPDX-License-Identifier: GPL-3.0-or-later
import CFetch
import Synchronization
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema

/// Remote schemas for `check --fetch` (and `--offline`): http(s) schemas and references downloaded with libcurl
/// (loaded at the first download: `CFetch`) into an on-disk cache, each under the SHA-256 of its whole URL (never its file name: a
/// cache keyed by name let one URL's schema stand in for another's, check-jsonschema's CVE-2024-53848). Bounded:
/// at most `maximumSize` bytes, `timeout` seconds for the whole answer, five redirects (never from https to http).
/// A download is cached only when it reads as a schema document (JSON, or YAML for a .yaml/.yml URL).
final class SchemaFetcher: Sendable {
    enum Mode: Sendable {
        /// Download what the cache lacks.
        case online
        /// The cache alone: a URL not in it is an error naming it.
        case offline
    }

    let mode: Mode
    let directory: String
    let timeout: Double
    /// The documents downloaded by this run, by URL: each is downloaded once, whether or not the cache could keep
    /// it (the copies of a schema that `--jobs` threads compile must all be of the same answer).
    private let downloaded = Mutex<[String: JSONValue]>([:])
    static let maximumSize = 16 << 20
    static let maximumRedirects = 5

    init(mode: Mode, directory: String?, timeout: Double) throws(CommandFailure) {
        self.mode = mode
        self.timeout = timeout
        guard let folder = directory ?? Self.defaultDirectory() else {
            throw CommandFailure.usage("--fetch and --offline need a cache folder: neither XDG_CACHE_HOME nor HOME is "
                                       + "set; give --cache-dir FOLDER")
        }
        self.directory = folder
        let shown = displayEscaped(folder, limit: 200)
        guard Self.makeDirectory(folder) else {
            throw CommandFailure.usage("--cache-dir: cannot make \(shown): " + String(cString: strerror(errno)))
        }
        // Another user's folder, or one others may write to, could hold schemas planted to pass for fetched ones.
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw CommandFailure.usage("--cache-dir: \(shown) is not a folder")
        }
        guard info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            throw CommandFailure.usage("--cache-dir: \(shown) must be a folder of yours that no one else may write to "
                                       + "(owned by you, not group or world writable)")
        }
    }

    /// `$XDG_CACHE_HOME/switchboard/schemas`, else `$HOME/.cache/switchboard/schemas`; nil when neither is set.
    static func defaultDirectory() -> String? {
        if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), cache.hasPrefix("/") {
            return cache + "/switchboard/schemas"
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        return home + "/.cache/switchboard/schemas"
    }

    /// The cache file of `url`.
    func cachePath(_ url: String) -> String {
        directory + "/" + sha256Hex(Array(url.utf8)) + (Self.isYAML(url) ? ".yaml" : ".json")
    }

    /// The document at `url`: from the cache, else downloaded (online), checked, cached.
    func document(_ url: String) throws(SchemaError) -> JSONValue {
        if let known = downloaded.withLock({ $0[url] }) { return known }
        let path = cachePath(url)
        if let cached = try? readFile(path) {
            do {
                let value = try Self.parse(cached, url: url)
                try Self.checkRemote(value, url: url)
                return value
            } catch {
                // A cache entry that no longer reads is downloaded again (online) or refused (offline).
                if mode == .offline { throw SchemaError(location: url, message: "the cached copy is not readable: \(error)") }
            }
        }
        guard mode == .online else {
            throw SchemaError(location: "", message: "\(url) is not in the cache (\(directory)) and --offline "
                              + "fetches nothing; run once with --fetch")
        }
        let bytes = try download(url)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SchemaError(location: "", message: "\(url) answered with bytes that are not UTF-8 text, not a schema")
        }
        let value: JSONValue
        do {
            value = try Self.parse(text, url: url)
        } catch {
            throw SchemaError(location: "", message: "\(url) answered with a document that is not "
                              + "\(Self.isYAML(url) ? "YAML" : "JSON"): \(error.message)")
        }
        try Self.checkRemote(value, url: url)
        store(bytes, at: path)
        downloaded.withLock { $0[url] = value }
        return value
    }

    /// The answer's body: 2xx only, bounded in size, time (`timeout` for the whole answer, redirects included) and
    /// redirects (each followed here: only to http(s), never from https to http).
    private func download(_ url: String) throws(SchemaError) -> [UInt8] {
        // No space, control byte or NUL: handed to C, a NUL would end the URL early (another URL fetched, cached
        // under this one's name).
        guard url.hasPrefix("http://") || url.hasPrefix("https://"),
              !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw SchemaError(location: "", message: "\(url) is not an http(s) URL")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        let late = "cannot fetch \(url): no complete answer in \(Self.seconds(timeout))"
        var current = url
        var redirects = 0
        while true {
            let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
            let left = seconds * 1000 + attoseconds / 1_000_000_000_000_000   // milliseconds
            guard left > 0 else { throw SchemaError(location: "", message: late) }
            var answer = sb_fetch_answer()
            let outcome = sb_fetch(current, Int(left), Self.maximumSize, &answer)
            defer { sb_fetch_free(&answer) }
            switch outcome {
            case SB_FETCH_ANSWERED:
                break
            case SB_FETCH_NO_LIBRARY:
                throw SchemaError(location: "", message: "cannot fetch \(url): libcurl is not installed (libcurl4)")
            case SB_FETCH_TOO_LARGE:
                throw SchemaError(location: "", message: "cannot fetch \(url): the answer is larger than "
                                  + "\(Self.maximumSize >> 20) MB")
            case SB_FETCH_TIMED_OUT:
                throw SchemaError(location: "", message: late)
            default:
                let reason = withUnsafeBytes(of: answer.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                throw SchemaError(location: "", message: "cannot fetch \(url): \(reason)")
            }
            if (300..<400).contains(answer.status), let target = answer.location.map({ String(cString: $0) }) {
                redirects += 1
                if redirects > Self.maximumRedirects {
                    throw SchemaError(location: "", message: "cannot fetch \(url): more than \(Self.maximumRedirects) redirects")
                }
                let secure = current.hasPrefix("https://")
                guard target.hasPrefix("https://") || target.hasPrefix("http://") && !secure else {
                    throw SchemaError(location: "", message: "cannot fetch \(url): a redirect to \(target) is refused "
                                      + "(only http(s), never from https to http)")
                }
                current = target
                continue
            }
            guard (200..<300).contains(answer.status) else {
                throw SchemaError(location: "", message: "cannot fetch \(url): the server answered \(answer.status)")
            }
            guard let body = answer.body, answer.size > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: body, count: answer.size))
        }
    }

    /// Writes the cache entry: a temporary file created anew beside it (no link followed), then renamed over it.
    private func store(_ bytes: [UInt8], at path: String) {
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let complete = written == bytes.count && fsync(fd) == 0
        close(fd)
        if !complete || rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Refuses what a schema from the network may not be or do: anything but a schema (an object or a boolean),
    /// and a reference or base in a local file (`$ref`, `$id`, `id`, `$schema`, `$dynamicRef`, `$recursiveRef`
    /// with a `file:` URI): a schema named by a document someone else wrote could otherwise read this machine's
    /// files and show their values in failure messages.
    private static func checkRemote(_ value: JSONValue, url: String) throws(SchemaError) {
        switch value {
        case .object, .bool: break
        default:
            throw SchemaError(location: "", message: "\(url) answered with a JSON \(value.typeName), not a schema (an object or "
                              + "a boolean)")
        }
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .object(let object):
                for member in object.members {
                    if ["$ref", "$id", "id", "$schema", "$dynamicRef", "$recursiveRef"].contains(member.key),
                       case .string(let reference) = member.value, reference.lowercased().hasPrefix("file:") {
                        throw SchemaError(location: "", message: "\(url) refers to the local file \(reference) (in "
                                          + "\(member.key)); a schema from the network may refer to http(s) "
                                          + "documents only")
                    }
                    pending.append(member.value)
                }
            case .array(let items):
                pending.append(contentsOf: items)
            default:
                break
            }
        }
    }

    /// JSON, or YAML for a `.yaml`/`.yml` URL (a page that is neither is refused, never read as a YAML string).
    private static func parse(_ text: String, url: String) throws(DocumentError) -> JSONValue {
        if isYAML(url) { return try JSONValue.document(text, yaml: true) }
        do { return try JSONValue.parse(text) } catch { throw DocumentError("line \(error.line), column \(error.column): \(error.message)") }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private static func isYAML(_ url: String) -> Bool {
        let path = url.split(separator: "?", maxSplits: 1).first ?? ""
        return path.hasSuffix(".yaml") || path.hasSuffix(".yml")
    }

    /// `mkdir -p` with mode 0700 for what it makes (an existing file at `path` is left for the caller to name).
    private static func makeDirectory(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return true }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            guard makeDirectory(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }
}
