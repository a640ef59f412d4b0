// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema

/// `switchboard check --schema SCHEMA [FILE|-]...`: JSON documents against a JSON Schema. Standard input and files
/// ending `.jsonl`/`.ndjson` hold one document per line (blank lines skipped); any other file is one document,
/// JSON or (`.yaml`/`.yml`) YAML. Runs in `switchboard-full` (the quick `switchboard` hands `--schema` over), which
/// links the validator and the YAML reader; `switchboard`'s own start stays as it was.
struct SchemaCheckOptions {
    /// The schema every input is checked against; nil: each file's own (`SchemaDiscovery`).
    var schema: String?
    var files: [String]
    var format: ReportFormat
    var count: Bool
    /// Threads validating one large input at once (output in input order).
    var jobs: Int
    /// A catalog in SchemaStore's format, for files that name no schema.
    var catalog: String? = nil
    /// Where URLs of schemas are read from (a URL's last path segment names the file).
    var schemaDirectory: String? = nil
    /// Say which schema each file gets, and why, instead of checking it.
    var printSchema = false
    /// Fetches http(s) schemas and references (`--fetch`), or reads them from its cache alone (`--offline`).
    var fetcher: SchemaFetcher? = nil

    /// A schema to load: a file, or a built-in metaschema named by its URL.
    enum Source: Hashable {
        case file(String)
        case metaschema(String)
        /// An http(s) URL (fetched, or from the cache).
        case remote(String)
    }

    func run() throws(CommandFailure) {
        let inputs = files.isEmpty ? ["-"] : files
        guard schema == nil else {
            let given = schema ?? ""
            let source = given.hasPrefix("http://") || given.hasPrefix("https://") ? Source.remote(given) : Source.file(given)
            if printSchema {
                for input in inputs { standardOutput.write("\(displayEscaped(input, limit: 200)): \(displayEscaped(schema ?? "", limit: 200)) (given with --schema)\n") }
                return
            }
            // With --jobs, the threads' copies of the schema are compiled beside the first one; with --fetch or
            // --offline once the first is loaded (then from the cache: two downloads of one URL at once would
            // write one cache file).
            let threaded = inputs.contains { Self.isLines($0) && !($0 == "-" && isTerminal(0)) }
            var early = 0
            if case .file = source, fetcher == nil, jobs > 1, threaded { early = jobs - 1 }
            let copies = jobs > 1 && threaded ? SchemaCopies(compiling: early) { try? self.loadSchema(source) } : nil
            let validator = try loadSchema(source)
            copies?.give(validator)
            var report = SchemaReport(format: format, countOnly: count, named: files.count > 1)
            // A file that cannot be read is an error naming it (exit 2), after the others are checked and reported.
            var problems: [String] = []
            for input in inputs {
                do { try checkInput(input, source, validator, &report, copies: copies) } catch { problems += error.lines }
            }
            report.finish()
            if !problems.isEmpty { throw CommandFailure(lines: problems, status: ExitStatus.usage) }
            if report.invalid > 0 { throw CommandFailure.status(ExitStatus.invalid) }
            return
        }
        try runDiscovering(inputs)
    }

    /// Each file against the schema it names or the catalog gives it; a file with none is an error naming it
    /// (exit 2), after the others are checked.
    private func runDiscovering(_ inputs: [String]) throws(CommandFailure) {
        let discovery = try SchemaDiscovery(catalog: catalog, schemaDirectory: schemaDirectory, fetches: fetcher != nil)
        var report = printSchema ? nil : SchemaReport(format: format, countOnly: count, named: inputs.count > 1)
        var validators: [Source: JSONSchema] = [:]
        var missing: [String] = []
        for input in inputs {
            let name = displayEscaped(input, limit: 200)
            guard input != "-" else {
                missing.append("standard input: give --schema SCHEMA (a schema is found by itself only for files)")
                continue
            }
            let isLines = Self.isLines(input)
            var text = ""
            if !isLines {
                do { text = try readText(input) } catch {
                    missing += error.lines
                    continue
                }
            }
            let first: JSONValue? = isLines ? nil : Self.firstDocument(text, yaml: isYAML(input, text))
            switch discovery.schema(for: input, text: text, document: first) {
            case .failure(let problem):
                missing.append("\(name): \(problem.message)")
            case .success(let found):
                if printSchema {
                    standardOutput.write("\(name): \(displayEscaped(found.schema, limit: 200)) (\(found.reason))\n")
                    continue
                }
                let source = found.isMetaschema ? Source.metaschema(found.schema)
                    : found.isRemote ? Source.remote(found.schema) : Source.file(found.schema)
                do {
                    let validator: JSONSchema
                    if let known = validators[source] {
                        validator = known
                    } else {
                        validator = try loadSchema(source)
                        validators[source] = validator
                    }
                    guard var checked = report else { continue }
                    try checkInput(input, source, validator, &checked, text: isLines ? nil : text)
                    report = checked
                } catch {
                    missing += error.lines.map { "\(name): \($0)" }
                }
            }
        }
        report?.finish()
        if !missing.isEmpty { throw CommandFailure(lines: missing, status: ExitStatus.usage) }
        if let report, report.invalid > 0 { throw CommandFailure.status(ExitStatus.invalid) }
    }

    /// Whether `input` holds one document per line: standard input, and files ending `.jsonl`/`.ndjson`.
    private static func isLines(_ input: String) -> Bool {
        input == "-" || input.hasSuffix(".jsonl") || input.hasSuffix(".ndjson")
    }

    private func checkInput(_ input: String, _ source: Source, _ validator: JSONSchema, _ report: inout SchemaReport,
                            text: String? = nil, copies: SchemaCopies? = nil) throws(CommandFailure)
    {
        if Self.isLines(input) {
            try checkLines(input, source, validator, &report, copies: copies)
        } else {
            var whole = ""
            if let text { whole = text } else { whole = try readText(input) }
            try checkDocument(input, whole, validator, &report)
        }
    }

    /// The value of a file's first document, for its `$schema` (nil when it cannot be read).
    private static func firstDocument(_ text: String, yaml: Bool) -> JSONValue? {
        if yaml { return try? LocatedDocument.yamlDocuments(text).first?.get().value }
        return try? JSONValue.document(text)
    }

    /// Whether a file is read as YAML: a `.yaml`/`.yml` name (any case); a `.json` one is JSON; any other
    /// (`CITATION.cff`, `.clang-format`) by its text: JSON when it starts with `{` or `[`, else YAML.
    private func isYAML(_ path: String, _ text: String? = nil) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { return true }
        if name.hasSuffix(".json") { return false }
        guard let text else { return false }
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        return first != "{" && first != "["
    }

    private func loadSchema(_ source: Source) throws(CommandFailure) -> JSONSchema {
        let schema: String
        switch source {
        case .metaschema(let url):
            do {
                return try JSONSchema(.object(JSONObject([("$ref", .string(url))])))
            } catch {
                throw CommandFailure.usage("schema \(displayEscaped(url, limit: 200)): \(error.message)")
            }
        case .remote(let url):
            let shown = displayEscaped(url, limit: 200)
            guard let fetcher else {
                throw CommandFailure.usage("schema \(shown) is a URL, which is not fetched; add --fetch, or save it "
                                           + "and give its path")
            }
            do {
                return try JSONSchema(try fetcher.document(url), uri: url, options: JSONSchema.Options(resolver: resolver))
            } catch {
                let location = error.location.hasPrefix("#") ? url + error.location : error.location
                throw CommandFailure.usage("schema \(displayEscaped(location.isEmpty ? url : location, limit: 200)): \(error.message)")
            }
        case .file(let path):
            schema = path
        }
        let shown = displayEscaped(schema, limit: 200)
        let options = JSONSchema.Options(resolver: resolver)
        do {
            if isYAML(schema) {
                let text = try readText(schema)
                let value: JSONValue
                do {
                    value = try JSONValue.document(text, yaml: true)
                } catch {
                    throw CommandFailure.usage("\(shown): \(error.message)")
                }
                return try JSONSchema(value, uri: JSONSchema.fileURI(forPath: schema), options: options)
            }
            return try JSONSchema(contentsOf: schema, options: options)
        } catch let error as SchemaError {
            let location = error.location.hasPrefix("#") ? shown + error.location : error.location
            throw CommandFailure.usage("schema \(location.isEmpty ? shown : location): \(error.message)")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure.usage("schema \(shown): \(error)")
        }
    }

    /// The documents of a whole file: JSON, or YAML (`.yaml`/`.yml`: every document of it, in order), each failure
    /// at its line and column.
    private func checkDocument(_ path: String, _ text: String, _ validator: JSONSchema, _ report: inout SchemaReport)
        throws(CommandFailure)
    {
        // The report escapes the name as each format needs (text and tap for a terminal, JSON, GitHub, SARIF).
        let name = path
        guard isYAML(path, text) else {
            report.add(check(ArraySlice(text.utf8), line: 0, validator), input: name, lines: false)
            return
        }
        let documents = LocatedDocument.yamlDocuments(text)
        if documents.isEmpty {
            // No document at all (empty, or comments only): YAML's null.
            let failures = validator.validate(.null).map { failure in
                var located = failure
                located.location = SourceLocation(line: 1, column: 1)
                return located
            }
            report.add(DocumentResult(line: 0, document: 0, failures: failures), input: name, lines: false)
            return
        }
        for (index, document) in documents.enumerated() {
            var result = DocumentResult(line: 0, document: index, failures: [])
            switch document {
            case .success(let located):
                result.failures = located.validate(with: validator)
            case .failure(let problem):
                var failure = SchemaFailure(pointer: "", message: problem.problem, keyword: "yaml")
                failure.location = problem.mark.map { SourceLocation(line: $0.line, column: $0.column) }
                result.failures = [failure]
            }
            report.add(result, input: name, lines: false)
        }
    }

    /// One document per line, in chunks of whole lines validated on `jobs` threads (each splitting its chunk into
    /// lines), reported in input order. `copies`: the schema's copies for the threads, if some were started early.
    private func checkLines(_ input: String, _ source: Source, _ validator: JSONSchema, _ report: inout SchemaReport,
                            copies: SchemaCopies? = nil) throws(CommandFailure)
    {
        var fd: Int32 = 0
        if input != "-" {
            fd = open(input, O_RDONLY | O_NOCTTY | O_CLOEXEC)
            if fd < 0 {
                throw CommandFailure.usage("cannot open \(displayEscaped(input, limit: 200)): \(String(cString: strerror(errno)))")
            }
        } else if closedStandardStreams.contains(0) {
            throw CommandFailure.usage("standard input is closed; give a file to check, or pipe the documents in")
        }
        defer { if fd > 0 { close(fd) } }
        let name = input
        // 1 MiB chunks: large enough to amortise the hand-over, small enough that memory stays flat (at most
        // 2 x jobs in flight) and that the threads finish together (the last chunk is one thread's alone).
        let shown = fd == 0 ? "standard input" : displayEscaped(name, limit: 200)
        var chunks = LineChunks(fd: fd, name: shown, size: 1 << 20)
        var pool: BatchPool? = nil
        if jobs > 1 && !isTerminal(fd) {
            var shared = copies
            if shared == nil {
                shared = SchemaCopies { try? self.loadSchema(source) }
                shared?.give(validator)
            }
            if let shared { pool = BatchPool(jobs: jobs, validator: validator, copies: shared, countOnly: count) }
        }
        var linesBefore = 0
        func write(_ checked: ChunkResults) {
            if count {
                report.add(documents: checked.documents, invalid: checked.invalid)
            } else if linesBefore > 0 {
                // The chunk's lines numbered on from the chunks before.
                var results = checked.results
                for i in results.indices { results[i].moveDown(linesBefore) }
                report.add(results, input: name)
            } else {
                report.add(checked.results, input: name)
            }
            linesBefore += checked.lines
            // What was typed or piped slowly is reported as it is checked.
            standardOutput.flush()
        }
        // On any failure to read on, the chunks read before are checked and reported first (and counted: a line
        // too long is named by its number).
        func nextChunk() throws(CommandFailure) -> [UInt8]? {
            do {
                // Input that comes slowly (a pipe): what was checked is reported while the next read would wait.
                return try chunks.next { pool?.waitForInput(fd, write) }
            } catch {
                pool?.finish(write)
                switch error {
                case .unreadable(let failure):
                    throw failure
                case .lineTooLong:
                    throw .usage("\(shown): line \(linesBefore + 1) is longer than "
                                 + "\(LineChunks.maximumLineLength >> 20) MB (no newline in it); values are lines of text")
                }
            }
        }
        // Results that can no longer be written (a full disk, a reader gone with SIGPIPE ignored) end the reading:
        // an endless producer would otherwise be read, and checked, for ever.
        while standardOutput.failure == nil {
            guard let chunk = try nextChunk() else { break }
            if let pool {
                pool.submit(chunk, write)
            } else {
                write(checkChunk(chunk, validator, countOnly: count))
            }
        }
        pool?.finish(write)
    }

    private func readText(_ path: String) throws(CommandFailure) -> String {
        do {
            return try readFile(path)
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }
}

extension SchemaCheckOptions {
    /// The references' resolver: YAML files too, and http(s) through the fetcher when there is one.
    var resolver: SchemaResolver {
        guard let fetcher else { return yamlAwareResolver }
        return SchemaResolver { uri throws(SchemaError) in
            if uri.hasPrefix("http://") || uri.hasPrefix("https://") { return try fetcher.document(uri) }
            return try yamlAwareResolver.load(uri)
        }
    }
}

/// A resolver that also reads `.yaml`/`.yml` files referred to by a schema.
let yamlAwareResolver = SchemaResolver { uri throws(SchemaError) in
    if uri.hasPrefix("file://"), uri.hasSuffix(".yaml") || uri.hasSuffix(".yml") {
        let path = String(uri.dropFirst(7)).removingPercentEncoding
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw SchemaError(location: uri, message: "\(error)")
        }
        do {
            return try JSONValue.document(text, yaml: true)
        } catch {
            throw SchemaError(location: uri, message: "\(error)")
        }
    }
    return try SchemaResolver.files.load(uri)
}

extension String {
    /// `%XX` decoded (as in a `file:` URI).
    var removingPercentEncoding: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        let u = Array(utf8)
        var i = 0
        while i < u.count {
            if u[i] == 0x25, i + 2 < u.count, let v = UInt8(String(decoding: u[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

struct FileProblem: Error, CustomStringConvertible {
    let description: String
}

/// A whole file as text (invalid UTF-8 is an error: a document must be text); a regular file of at most
/// `DocumentFile.maximumSize` bytes (`/dev/zero`, a FIFO, a directory are refused by name).
func readFile(_ path: String) throws(FileProblem) -> String {
    let shown = displayEscaped(path, limit: 200)
    let bytes: [UInt8]
    do {
        bytes = try DocumentFile.read(path, shownAs: shown)
    } catch {
        throw FileProblem(description: error.description)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw FileProblem(description: "\(shown) is not valid UTF-8 text")
    }
    return text
}
