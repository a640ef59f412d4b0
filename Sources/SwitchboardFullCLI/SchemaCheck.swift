// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema

/// `switchboard check --schema SCHEMA [FILE|-]...`: JSON documents against a JSON Schema. Standard input and files
/// ending `.jsonl`/`.ndjson` hold one document per line (blank lines skipped); any other file is one document,
/// JSON or (`.yaml`/`.yml`) YAML. Runs in `switchboard-full` (the quick `switchboard` hands `--schema` over), which
/// links the validator and Yams; `switchboard`'s own start stays as it was.
struct SchemaCheckOptions {
    var schema: String
    var files: [String]
    var format: CheckFormat
    var count: Bool
    /// Threads validating one large input at once (output in input order).
    var jobs: Int

    /// Lines per batch handed to a thread: large enough to amortise the hand-over, small enough that memory stays
    /// flat (at most 2 x jobs batches are in flight).
    static let batchLines = 2048
    static let batchBytes = 4 << 20

    func run() throws(CommandFailure) {
        let validator = try loadSchema()
        var report = SchemaReport(format: format, countOnly: count, named: files.count > 1)
        let inputs = files.isEmpty ? ["-"] : files
        for input in inputs {
            if input == "-" || input.hasSuffix(".jsonl") || input.hasSuffix(".ndjson") {
                try checkLines(input, validator, &report)
            } else {
                try checkDocument(input, validator, &report)
            }
        }
        report.finish()
        if report.invalid > 0 { throw CommandFailure.status(ExitStatus.invalid) }
    }

    private func loadSchema() throws(CommandFailure) -> JSONSchema {
        let shown = displayEscaped(schema, limit: 200)
        let options = JSONSchema.Options(resolver: yamlAwareResolver)
        do {
            if schema.hasSuffix(".yaml") || schema.hasSuffix(".yml") {
                let text = try readText(schema)
                let value: JSONValue
                do {
                    value = try YAMLDocument.parse(text)
                } catch {
                    throw CommandFailure.usage("\(shown): \(error.description)")
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

    /// One document: the whole file, JSON or YAML.
    private func checkDocument(_ path: String, _ validator: JSONSchema, _ report: inout SchemaReport)
        throws(CommandFailure)
    {
        let text = try readText(path)
        let name = displayEscaped(path, limit: 200)
        var result = DocumentResult(line: 0, failures: [])
        if path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            do {
                let value = try YAMLDocument.parse(text)
                result.failures = validator.isValid(value) ? [] : validator.validate(value)
            } catch {
                result.failures = [SchemaFailure(pointer: "", message: error.description, keyword: "yaml")]
            }
        } else {
            result = check(ArraySlice(text.utf8), line: 0, validator)
        }
        report.add(result, input: name, lines: false)
    }

    /// One document per line, in batches validated on `jobs` threads, reported in input order.
    private func checkLines(_ input: String, _ validator: JSONSchema, _ report: inout SchemaReport)
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
        let name = input == "-" ? "-" : displayEscaped(input, limit: 200)
        var reader = LineReader(fd: fd, name: fd == 0 ? "standard input" : name)
        let typed = isTerminal(fd)
        let limit = typed ? 1 : Self.batchLines
        var batch = LineBatch()
        var lineNumber = 0
        let pool = jobs > 1 && !typed
            ? BatchPool(jobs: jobs, validator: validator, verdictOnly: count) { try? self.loadSchema() } : nil
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
        var start = 0
        for (i, end) in ends.enumerated() {
            let line = bytes[start..<end]
            start = end
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            results.append(SwitchboardFullCLI.check(line, line: firstLine + i, validator, verdictOnly: verdictOnly))
        }
        return results
    }
}

/// One document's verdict: its line (0 for a whole file) and its failures (none: valid).
struct DocumentResult: Sendable {
    var line: Int
    var failures: [SchemaFailure]
}

/// Parses and validates one document's bytes.
func check(_ bytes: ArraySlice<UInt8>, line: Int, _ validator: JSONSchema, verdictOnly: Bool = false) -> DocumentResult {
    do {
        let value = try JSONValue.parse(bytes: bytes)
        if validator.isValid(value) { return DocumentResult(line: line, failures: []) }
        if verdictOnly {
            return DocumentResult(line: line, failures: [SchemaFailure(pointer: "", message: "is not valid", keyword: "")])
        }
        return DocumentResult(line: line, failures: validator.validate(value))
    } catch {
        let place = line > 0 ? "column \(error.column)" : "line \(error.line), column \(error.column)"
        return DocumentResult(line: line, failures: [
            SchemaFailure(pointer: "", message: "is not valid JSON: \(place): \(error.message)", keyword: "json"),
        ])
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
            return try YAMLDocument.parse(text)
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
