// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema

/// Which schema a file is checked against when `check` is given none, as editors find it: the document's own
/// `$schema` (a path relative to the document), then a modeline (`# yaml-language-server: $schema=...` or
/// `# $schema: ...`), then a catalog in SchemaStore's `catalog.json` format (`--catalog`: the first entry whose
/// `fileMatch` globs match the file's path). A URL names a file in `--schema-dir` by its last path segment; the
/// metaschemas of the JSON Schema drafts are built in. Nothing is fetched.
struct SchemaDiscovery {
    /// Where a schema came from, said by `--print-schema`.
    struct Found: Equatable {
        /// A schema file's path, or the URL of a built-in metaschema.
        var schema: String
        var reason: String
        var isMetaschema = false
        /// An http(s) URL to fetch (`--fetch`, `--offline`).
        var isRemote = false
    }

    struct CatalogEntry {
        var name: String
        var fileMatch: [String]
        var url: String
    }

    var catalog: [CatalogEntry] = []
    var catalogPath: String?
    var schemaDirectory: String?
    /// Whether URLs may be fetched (or read from the fetch cache) when `--schema-dir` does not hold them.
    var fetches = false

    init(catalog path: String?, schemaDirectory: String?, fetches: Bool = false) throws(CommandFailure) {
        self.schemaDirectory = schemaDirectory
        self.fetches = fetches
        guard let path else { return }
        catalogPath = path
        let shown = displayEscaped(path, limit: 200)
        let value: JSONValue
        do {
            value = try JSONValue.document(try readFile(path))
        } catch let problem as FileProblem {
            throw CommandFailure.usage("--catalog: \(problem.description)")
        } catch {
            throw CommandFailure.usage("--catalog \(shown): \(error)")
        }
        guard case .array(let schemas)? = value["schemas"] else {
            throw CommandFailure.usage("--catalog \(shown): expected SchemaStore's catalog format, "
                                       + "{\"schemas\": [{\"name\": ..., \"fileMatch\": [...], \"url\": ...}]}")
        }
        for entry in schemas {
            guard case .string(let url)? = entry["url"] else { continue }
            var patterns: [String] = []
            if case .array(let globs)? = entry["fileMatch"] {
                for case .string(let glob) in globs { patterns.append(glob) }
            }
            var name = url
            if case .string(let given)? = entry["name"] { name = given }
            if !patterns.isEmpty { catalog.append(CatalogEntry(name: name, fileMatch: patterns, url: url)) }
        }
    }

    /// The schema for the file at `path` whose text is `text` and first document `document` (nil when it could
    /// not be read: then only modelines and the catalog are asked); a failure says why none was found.
    func schema(for path: String, text: String, document: JSONValue?) -> Result<Found, DiscoveryProblem> {
        if case .string(let reference)? = document?["$schema"] {
            return resolve(reference, relativeTo: path, reason: "the document's $schema")
        }
        if let (reference, line) = Self.modeline(in: text) {
            return resolve(reference, relativeTo: path, reason: "the modeline on line \(line)")
        }
        let normalized = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        for entry in catalog where Self.matches(entry.fileMatch, normalized) {
            let reason = "the catalog's entry \(displayQuoted(entry.name, limit: 80))"
            // A relative url names a file beside the catalog.
            return resolve(entry.url, relativeTo: catalogPath, reason: reason)
        }
        var tried = ["a $schema in the document", "a `# yaml-language-server: $schema=` or `# $schema:` modeline"]
        tried.append(catalogPath == nil ? "a catalog (none given: --catalog FILE)" : "the catalog's fileMatch patterns")
        return .failure(DiscoveryProblem(message: "no schema found (looked for \(tried.joined(separator: ", "))); "
                                         + "give --schema SCHEMA"))
    }

    /// A reference as a schema: a built-in metaschema, a URL found in `--schema-dir`, or a path (relative to the
    /// document's folder when `relativeTo` is given).
    private func resolve(_ reference: String, relativeTo document: String?, reason: String)
        -> Result<Found, DiscoveryProblem>
    {
        guard !reference.unicodeScalars.contains("\0") else {
            return .failure(DiscoveryProblem(message: "\(reason) holds a NUL character, which no file name or URL "
                                             + "holds: \(displayEscaped(reference, limit: 200))"))
        }
        if SchemaDraft(metaschema: reference) != nil {
            return .success(Found(schema: reference, reason: reason + " (a built-in metaschema)", isMetaschema: true))
        }
        let shown = displayEscaped(reference, limit: 200)
        let lowered = reference.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || reference.hasPrefix("//") {
            let withoutQuery = reference.split(separator: "#", maxSplits: 1).first.map(String.init) ?? reference
            let name = withoutQuery.split(separator: "?", maxSplits: 1).first?.split(separator: "/").last.map(String.init) ?? ""
            if let directory = schemaDirectory, !name.isEmpty, name != "..", name != "." {
                let local = directory + (directory.hasSuffix("/") ? "" : "/") + name
                if isRegularFile(local) {
                    return .success(Found(schema: local, reason: reason + " \(shown), read from --schema-dir"))
                }
                if !fetches {
                    return .failure(DiscoveryProblem(message: "\(reason) names \(shown), and --schema-dir has no "
                                                     + "\(displayEscaped(name, limit: 80)) (or add --fetch)"))
                }
            }
            if fetches, !reference.hasPrefix("//") {
                return .success(Found(schema: withoutQuery, reason: reason + ", fetched (or from the cache)", isRemote: true))
            }
            return .failure(DiscoveryProblem(message: "\(reason) names \(shown), which is not fetched; add --fetch, "
                                             + "or save it in a folder and give --schema-dir FOLDER (it is read as "
                                             + "FOLDER/\(displayEscaped(name, limit: 80)))"))
        }
        var path = lowered.hasPrefix("file://") ? String(reference.dropFirst(7)).removingPercentEncoding : reference
        if path.hasPrefix("localhost/") { path = String(path.dropFirst("localhost".count)) }
        if let document, !path.hasPrefix("/"), let slash = document.lastIndex(of: "/") {
            path = String(document[...slash]) + path
        }
        guard isRegularFile(path) else {
            return .failure(DiscoveryProblem(message: "\(reason) names \(shown), which is not a readable file "
                                             + "(\(displayEscaped(path, limit: 200)))"))
        }
        return .success(Found(schema: path, reason: reason))
    }

    /// `# yaml-language-server: $schema=REF` or `# $schema: REF` on a comment line, and its line number.
    static func modeline(in text: String) -> (String, Int)? {
        // Line by line over the bytes (a 5,000-line file is not cut into lines first; a CRLF file's lines are lines
        // too): only a line whose first character after blanks is `#` (or a BOM) is looked at as text.
        let utf8 = text.utf8
        var start = utf8.startIndex
        var number = 0
        while true {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            number += 1
            let first = utf8[start..<end].first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            if first == UInt8(ascii: "#") || first == 0xEF, let reference = modelineReference(text[start..<end]) {
                return (reference, number)
            }
            guard end < utf8.endIndex else { return nil }
            start = utf8.index(after: end)
        }
    }

    /// The schema a comment line names (`# yaml-language-server: $schema=REF`, `# $schema: REF`), if it names one.
    private static func modelineReference(_ line: Substring) -> String? {
        var rest = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        guard rest.first == "#" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        for prefix in ["yaml-language-server: $schema=", "yaml-language-server:$schema=", "$schema:"] where rest.hasPrefix(prefix) {
            let reference = rest.dropFirst(prefix.count).drop { $0 == " " || $0 == "\t" }.trimmingWhitespace
            if !reference.isEmpty { return String(reference) }
        }
        return nil
    }

    /// Whether `path` matches the patterns: one matching (a pattern without a leading `/` may match any tail of
    /// the path after a `/`, as editors read SchemaStore's globs), and no `!pattern` matching.
    static func matches(_ patterns: [String], _ path: String) -> Bool {
        var matched = false
        for pattern in patterns {
            if pattern.hasPrefix("!") {
                if globMatchesTail(Array(pattern.dropFirst().utf8), Array(path.utf8)) { return false }
            } else if globMatchesTail(Array(pattern.utf8), Array(path.utf8)) {
                matched = true
            }
        }
        return matched
    }

    private static func globMatchesTail(_ pattern: [UInt8], _ path: [UInt8]) -> Bool {
        if pattern.first == UInt8(ascii: "/") { return glob(pattern.dropFirst(), path[...]) }
        if glob(pattern[...], path[...]) { return true }
        for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
            if glob(pattern[...], path[(index + 1)...]) { return true }
        }
        return false
    }

    /// `*` (not `/`), `**` (anything, `/` included; `**/` any number of whole folders, none too), `?`, `{a,b}`
    /// (nested too, at most 256 alternatives); other bytes as written. Decided in time polynomial in the lengths
    /// (each pattern position and path position is tried once: ten `**` against a deep path took minutes).
    static func glob(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
        let text = Array(path)
        return alternatives(Array(pattern)).contains { alternative in
            var matcher = GlobMatcher(pattern: alternative, path: text)
            return matcher.matches(0, 0)
        }
    }

    /// The pattern with its braces expanded: `*.{yml,yaml}` is `*.yml` and `*.yaml`.
    static func alternatives(_ pattern: [UInt8], limit: Int = 256) -> [[UInt8]] {
        guard let open = pattern.firstIndex(of: UInt8(ascii: "{")) else { return [pattern] }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<pattern.count {
            switch pattern[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { close = index }
            case UInt8(ascii: ","): if depth == 1 { commas.append(index) }
            default: break
            }
            if close != nil { break }
        }
        guard let close else { return [pattern] }
        let bounds = [open] + commas + [close]
        var expanded: [[UInt8]] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let choice = Array(pattern[..<open]) + Array(pattern[(start + 1)..<end]) + Array(pattern[(close + 1)...])
            for alternative in alternatives(choice, limit: limit) {
                guard expanded.count < limit else { return expanded }
                expanded.append(alternative)
            }
        }
        return expanded
    }
}

/// Matches one brace-free glob against a path, remembering each (pattern position, path position) decided.
private struct GlobMatcher {
    let pattern: [UInt8]
    let path: [UInt8]
    /// -1 undecided, 0 no, 1 yes; by pattern position x (path count + 1) + path position.
    private var decided: [Int8]

    init(pattern: [UInt8], path: [UInt8]) {
        self.pattern = pattern
        self.path = path
        decided = Array(repeating: -1, count: (pattern.count + 1) * (path.count + 1))
    }

    mutating func matches(_ p: Int, _ s: Int) -> Bool {
        let key = p * (path.count + 1) + s
        if decided[key] >= 0 { return decided[key] == 1 }
        let result = decide(p, s)
        decided[key] = result ? 1 : 0
        return result
    }

    private mutating func decide(_ p: Int, _ s: Int) -> Bool {
        guard p < pattern.count else { return s == path.count }
        let slash = UInt8(ascii: "/")
        switch pattern[p] {
        case UInt8(ascii: "*") where p + 1 < pattern.count && pattern[p + 1] == UInt8(ascii: "*"):
            if p + 2 < pattern.count, pattern[p + 2] == slash {
                // `**/`: no folder, or any number of whole folders (up to just after a `/`).
                if matches(p + 3, s) { return true }
                for next in s..<path.count where path[next] == slash {
                    if matches(p + 3, next + 1) { return true }
                }
                return false
            }
            for next in s...path.count where matches(p + 2, next) { return true }
            return false
        case UInt8(ascii: "*"):
            var next = s
            while true {
                if matches(p + 1, next) { return true }
                guard next < path.count, path[next] != slash else { return false }
                next += 1
            }
        case UInt8(ascii: "?"):
            return s < path.count && path[s] != slash && matches(p + 1, s + 1)
        default:
            return s < path.count && path[s] == pattern[p] && matches(p + 1, s + 1)
        }
    }
}

/// Why no schema was found for a file.
struct DiscoveryProblem: Error {
    var message: String
}

private func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}

extension Substring {
    var trimmingWhitespace: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
