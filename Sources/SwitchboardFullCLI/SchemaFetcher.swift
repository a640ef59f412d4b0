// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema

/// Remote schemas for `check --fetch` (and `--offline`): http(s) schemas and references downloaded with
/// Foundation's URLSession into an on-disk cache, each under the SHA-256 of its whole URL (never its file name: a
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
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/switchboard/schemas" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/switchboard/schemas"
    }

    /// The cache file of `url`.
    func cachePath(_ url: String) -> String {
        directory + "/" + sha256Hex(Array(url.utf8)) + (Self.isYAML(url) ? ".yaml" : ".json")
    }

    /// The document at `url`: from the cache, else downloaded (online), checked, cached.
    func document(_ url: String) throws(SchemaError) -> JSONValue {
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
        return value
    }

    /// The answer's body: 2xx only, bounded in size, time and redirects.
    private func download(_ url: String) throws(SchemaError) -> [UInt8] {
        guard let address = URL(string: url), address.scheme == "http" || address.scheme == "https" else {
            throw SchemaError(location: "", message: "\(url) is not an http(s) URL")
        }
        let configuration = URLSessionConfiguration.ephemeral
        // The deadline below ends a download; URLSession's own (which restart with each byte) only back it up.
        configuration.timeoutIntervalForRequest = timeout + 5
        configuration.timeoutIntervalForResource = timeout + 5
        configuration.urlCache = nil
        let delegate = FetchDelegate(limit: Self.maximumSize, redirects: Self.maximumRedirects)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: address)
        // Compressed answers are not asked for: a small gzip can unpack to gigabytes before the size check sees it.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.dataTask(with: request)
        task.resume()
        // The whole answer within `timeout` (URLSession's own timeouts restart with each byte received).
        guard let outcome = delegate.wait(seconds: timeout) else {
            task.cancel()
            throw SchemaError(location: "", message: "cannot fetch \(url): no complete answer in \(Self.seconds(timeout))")
        }
        if let problem = outcome.problem {
            throw SchemaError(location: "", message: "cannot fetch \(url): \(problem)")
        }
        guard (200..<300).contains(outcome.status) else {
            throw SchemaError(location: "", message: "cannot fetch \(url): the server answered \(outcome.status)")
        }
        return outcome.body
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

/// Collects one download's answer, bounded in size and redirects, and wakes the waiting thread at its end.
private final class FetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    struct Outcome {
        var status = 0
        var body: [UInt8] = []
        var problem: String?
        var redirects = 0
    }

    private let state = Mutex(Outcome())
    private let finished = DispatchSemaphore(value: 0)
    private let limit: Int
    private let maximumRedirects: Int

    init(limit: Int, redirects: Int) {
        self.limit = limit
        maximumRedirects = redirects
    }

    /// The outcome once the download ends, or nil when `seconds` pass first.
    func wait(seconds: Double) -> Outcome? {
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        return state.withLock { $0 }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let tooLarge = response.expectedContentLength > Int64(limit)
        state.withLock {
            $0.status = status
            if tooLarge { $0.problem = "the answer is larger than \(limit >> 20) MB" }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { outcome -> Bool in
            // Once over the limit, nothing more is kept (data already on its way still arrives).
            guard outcome.problem == nil else { return false }
            outcome.body.append(contentsOf: data)
            guard outcome.body.count > limit else { return false }
            outcome.problem = "the answer is larger than \(limit >> 20) MB"
            outcome.body = []
            return true
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let from = task.originalRequest?.url?.scheme, to = request.url?.scheme
        let refused = state.withLock { outcome -> Bool in
            outcome.redirects += 1
            if outcome.redirects > maximumRedirects {
                outcome.problem = "more than \(maximumRedirects) redirects"
                return true
            }
            if to != "http" && to != "https" || (from == "https" && to == "http") {
                outcome.problem = "a redirect to \(request.url?.absoluteString ?? "?") is refused (only http(s), never from https to http)"
                return true
            }
            return false
        }
        completionHandler(refused ? nil : request)
        if refused { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            let timedOut = (error as? URLError)?.code == .timedOut
            state.withLock {
                if $0.problem == nil { $0.problem = timedOut ? "no complete answer in time" : "\(error.localizedDescription)" }
            }
        }
        finished.signal()
    }
}
