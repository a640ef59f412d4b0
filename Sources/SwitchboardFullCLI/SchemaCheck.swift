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

    /// Lines per batch handed to a thread: large enough to amortise the hand-over, small enough that memory stays
    /// flat (at most 2 x jobs batches are in flight).
    static let batchLines = 2048
    static let batchBytes = 4 << 20

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
            let validator = try loadSchema(source)
            var report = SchemaReport(format: format, countOnly: count, named: files.count > 1)
            // A file that cannot be read is an error naming it (exit 2), after the others are checked and reported.
            var problems: [String] = []
            for input in inputs {
                do { try checkInput(input, source, validator, &report) } catch { problems += error.lines }
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
            let isLines = input.hasSuffix(".jsonl") || input.hasSuffix(".ndjson")
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

    private func checkInput(_ input: String, _ source: Source, _ validator: JSONSchema, _ report: inout SchemaReport,
                            text: String? = nil) throws(CommandFailure)
    {
        if input == "-" || input.hasSuffix(".jsonl") || input.hasSuffix(".ndjson") {
            try checkLines(input, source, validator, &report)
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

    /// One document per line, in batches validated on `jobs` threads, reported in input order.
    private func checkLines(_ input: String, _ source: Source, _ validator: JSONSchema, _ report: inout SchemaReport)
        throws(CommandFailure)
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
        var reader = LineReader(fd: fd, name: fd == 0 ? "standard input" : name)
        let typed = isTerminal(fd)
        let limit = typed ? 1 : Self.batchLines
        var batch = LineBatch()
        var lineNumber = 0
        let pool = jobs > 1 && !typed
            ? BatchPool(jobs: jobs, validator: validator, verdictOnly: count) { try? self.loadSchema(source) } : nil
        func flush(_ batch: inout LineBatch) {
            guard !batch.ends.isEmpty else { return }
            if let pool {
                pool.submit(batch) { results in report.add(results, input: name) }
            } else {
                report.add(batch.check(validator, verdictOnly: count), input: name)
                if typed { standardOutput.flush() }
            }
            batch = LineBatch()
        }
        try reader.forEachLine { bytes in
            lineNumber += 1
            batch.append(bytes, line: lineNumber)
            if batch.ends.count >= limit || batch.bytes.count >= Self.batchBytes { flush(&batch) }
        }
        flush(&batch)
        pool?.finish { results in report.add(results, input: name) }
    }

    private func readText(_ path: String) throws(CommandFailure) -> String {
        do {
            return try readFile(path)
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }
}

/// Lines copied out of the reader's buffer, with their line numbers.
struct LineBatch: Sendable {
    var bytes: [UInt8] = []
    var ends: [Int] = []
    var firstLine = 0

    mutating func append(_ line: UnsafeRawBufferPointer, line number: Int) {
        if ends.isEmpty { firstLine = number }
        bytes.append(contentsOf: line)
        ends.append(bytes.count)
    }

    /// Every non-blank line's result. `verdictOnly` (for `--count`): an invalid document gets one failure saying so
    /// instead of all of them (finding them all costs as much again as the verdict).
    func check(_ validator: JSONSchema, verdictOnly: Bool = false) -> [DocumentResult] {
        var results: [DocumentResult] = []
        results.reserveCapacity(ends.count)
        var names = JSONNameCache()   // the batch's documents share their member names
        var tape = JSONTape()         // one buffer for the batch's documents
        var start = 0
        for (i, end) in ends.enumerated() {
            let line = bytes[start..<end]
            start = end
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            results.append(SwitchboardFullCLI.check(bytes, line.indices, line: firstLine + i, validator,
                                                    verdictOnly: verdictOnly, names: &names, tape: &tape))
        }
        return results
    }
}

/// One document's verdict: its line (0 for a whole file), its index in a YAML file, and its failures (none: valid),
/// each at its place in the text.
struct DocumentResult: Sendable {
    var line: Int
    var document: Int? = nil
    var failures: [SchemaFailure]
}

/// Parses and validates one JSON document's bytes (a whole file when `line` is 0, else the line `line` of a JSON
/// Lines input). Failures are placed only when they are reported (not for `verdictOnly`).
func check(_ bytes: ArraySlice<UInt8>, line: Int, _ validator: JSONSchema, verdictOnly: Bool = false) -> DocumentResult {
    let whole = Array(bytes)
    var names = JSONNameCache()
    var tape = JSONTape()
    return check(whole, whole.indices, line: line, validator, verdictOnly: verdictOnly, names: &names, tape: &tape)
}

/// `check` of the bytes in `range` of `batch` (a line of a batch, read where it lies). A document is read onto
/// `tape` and decided there (no tree of values); one the tape refuses (not JSON, or left to the tree: see
/// `JSONTape`), or an invalid one whose failures are reported, is parsed into a `JSONValue` and checked as before,
/// so that errors and failures are the tree's, word for word.
func check(_ batch: [UInt8], _ range: Range<Int>, line: Int, _ validator: JSONSchema, verdictOnly: Bool = false,
           names: inout JSONNameCache, tape: inout JSONTape) -> DocumentResult
{
    if validator.validatesTapes, tape.read(batch, in: range) {
        if validator.isValid(tape: tape) { return DocumentResult(line: line, failures: []) }
        if verdictOnly {
            return DocumentResult(line: line, failures: [SchemaFailure(pointer: "", message: "is not valid", keyword: "")])
        }
    }
    do {
        let value = try JSONValue.parse(bytes: batch, in: range, names: &names)
        if validator.isValid(value) { return DocumentResult(line: line, failures: []) }
        if verdictOnly {
            return DocumentResult(line: line, failures: [SchemaFailure(pointer: "", message: "is not valid", keyword: "")])
        }
        let document = LocatedDocument(value: value, json: batch[range], line: max(line, 1))
        return DocumentResult(line: line, failures: document.locate(validator.validate(value)))
    } catch {
        var failure = SchemaFailure(pointer: "", message: "is not valid JSON: \(error.message)", keyword: "json")
        failure.location = SourceLocation(line: line > 0 ? line : error.line, column: error.column)
        return DocumentResult(line: line, failures: [failure])
    }
}

/// Batches validated on a concurrent queue, at most 2 x jobs in flight, handed back in submission order.
///
/// Each thread validates with a schema of its own, compiled when a thread first needs one: validating bumps the
/// reference counts of the compiled schema's objects, and threads sharing one schema fought over those counters'
/// cache lines (two jobs took a third more CPU time than one for the same documents, and ran only 1.4 times as fast).
final class BatchPool: Sendable {
    private let queue = DispatchQueue(label: "switchboard.check-schema", attributes: .concurrent)
    private let finished = DispatchSemaphore(value: 0)
    private let results = Mutex<[Int: [DocumentResult]]>([:])
    private let limit: Int
    private let validator: JSONSchema
    private let verdictOnly: Bool
    /// Compiles another copy of the schema (nil if it cannot: the shared one is used then).
    private let makeValidator: @Sendable () -> JSONSchema?
    /// Compiled schemas not in use by a thread right now.
    private let spares: Mutex<[JSONSchema]>
    // Touched by the submitting thread only.
    private nonisolated(unsafe) var submitted = 0
    private nonisolated(unsafe) var written = 0

    init(jobs: Int, validator: JSONSchema, verdictOnly: Bool, makeValidator: @escaping @Sendable () -> JSONSchema?) {
        limit = 2 * jobs
        self.validator = validator
        self.verdictOnly = verdictOnly
        self.makeValidator = makeValidator
        spares = Mutex([validator])
    }

    func submit(_ batch: LineBatch, _ write: ([DocumentResult]) -> Void) {
        while submitted - written >= limit {
            finished.wait()
            drain(write)
        }
        let number = submitted
        submitted += 1
        let verdictOnly = verdictOnly
        queue.async {
            let own = self.spares.withLock { $0.popLast() } ?? self.makeValidator() ?? self.validator
            let checked = batch.check(own, verdictOnly: verdictOnly)
            self.spares.withLock { $0.append(own) }
            self.results.withLock { $0[number] = checked }
            self.finished.signal()
        }
        drain(write)
    }

    func finish(_ write: ([DocumentResult]) -> Void) {
        while written < submitted {
            finished.wait()
            drain(write)
        }
    }

    /// Writes every finished batch that is next in order.
    private func drain(_ write: ([DocumentResult]) -> Void) {
        while let next = results.withLock({ $0.removeValue(forKey: written) }) {
            write(next)
            written += 1
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
