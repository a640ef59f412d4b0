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
    }

    struct CatalogEntry {
        var name: String
        var fileMatch: [String]
        var url: String
    }

    var catalog: [CatalogEntry] = []
    var catalogPath: String?
    var schemaDirectory: String?

    init(catalog path: String?, schemaDirectory: String?) throws(CommandFailure) {
        self.schemaDirectory = schemaDirectory
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
            return resolve(entry.url, relativeTo: nil, reason: reason)
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
        if SchemaDraft(metaschema: reference) != nil {
            return .success(Found(schema: reference, reason: reason + " (a built-in metaschema)", isMetaschema: true))
        }
        let shown = displayEscaped(reference, limit: 200)
        if reference.hasPrefix("http://") || reference.hasPrefix("https://") || reference.hasPrefix("//") {
            let withoutQuery = reference.split(separator: "#", maxSplits: 1).first.map(String.init) ?? reference
            let name = withoutQuery.split(separator: "?", maxSplits: 1).first?.split(separator: "/").last.map(String.init) ?? ""
            guard let directory = schemaDirectory, !name.isEmpty, name != "..", name != "." else {
                return .failure(DiscoveryProblem(message: "\(reason) names \(shown), which is not fetched; save it "
                                                 + "in a folder and give --schema-dir FOLDER (it is read as FOLDER/"
                                                 + "\(displayEscaped(name, limit: 80)))"))
            }
            let local = directory + (directory.hasSuffix("/") ? "" : "/") + name
            guard isRegularFile(local) else {
                return .failure(DiscoveryProblem(message: "\(reason) names \(shown), and --schema-dir has no "
                                                 + "\(displayEscaped(name, limit: 80))"))
            }
            return .success(Found(schema: local, reason: reason + " \(shown), read from --schema-dir"))
        }
        var path = reference.hasPrefix("file://") ? String(reference.dropFirst(7)).removingPercentEncoding : reference
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
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var rest = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            guard rest.first == "#" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            for prefix in ["yaml-language-server: $schema=", "yaml-language-server:$schema=", "$schema:"] where rest.hasPrefix(prefix) {
                let reference = rest.dropFirst(prefix.count).trimmingWhitespace
                if !reference.isEmpty { return (String(reference), number) }
            }
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

    /// `*` (not `/`), `**` (anything, `/` included; `**/` also nothing), `?`, `{a,b}`; other bytes as written.
    static func glob(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            if pattern.dropFirst().first == UInt8(ascii: "*") {
                var rest = pattern.dropFirst(2)
                if rest.first == UInt8(ascii: "/") {
                    if glob(rest.dropFirst(), path) { return true }
                    rest = rest.dropFirst()
                }
                var tail = path
                while true {
                    if glob(rest, tail) { return true }
                    guard !tail.isEmpty else { return false }
                    tail = tail.dropFirst()
                }
            }
            var tail = path
            while true {
                if glob(pattern.dropFirst(), tail) { return true }
                guard let next = tail.first, next != UInt8(ascii: "/") else { return false }
                tail = tail.dropFirst()
            }
        case UInt8(ascii: "?"):
            guard let next = path.first, next != UInt8(ascii: "/") else { return false }
            return glob(pattern.dropFirst(), path.dropFirst())
        case UInt8(ascii: "{"):
            guard let close = pattern.firstIndex(of: UInt8(ascii: "}")) else { break }
            let rest = pattern[(close + 1)...]
            return pattern[(pattern.startIndex + 1)..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                .contains { glob(ArraySlice($0 + rest), path) }
        default:
            break
        }
        guard path.first == first else { return false }
        return glob(pattern.dropFirst(), path.dropFirst())
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
