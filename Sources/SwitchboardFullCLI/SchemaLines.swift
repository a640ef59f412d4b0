// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization
import SwitchboardSchema

/// One document's verdict: its line (0 for a whole file), its index in a YAML file, and its failures (none: valid),
/// each at its place in the text.
struct DocumentResult: Sendable {
    var line: Int
    var document: Int? = nil
    var failures: [SchemaFailure]

    /// The same result `lines` lines further down (a chunk's lines are numbered from 1 where they are checked).
    mutating func moveDown(_ lines: Int) {
        line += lines
        for i in failures.indices { failures[i].location?.line += lines }
    }
}

/// The results of a chunk of JSON Lines (`LineChunks`), numbered from line 1 of the chunk, and how many lines it holds
/// (blank ones too), so that the next chunk's numbers follow on. Counted only (`--count`): no results, the numbers of
/// documents and of invalid ones.
struct ChunkResults: Sendable {
    var results: [DocumentResult]
    var lines: Int
    var documents = 0
    var invalid = 0
}

/// Every non-blank line's result, each line checked where it lies in `chunk` (split on `\n`, one trailing `\r`
/// taken off). `countOnly` (for `--count`): the documents and the invalid ones are counted, and no result is made
/// (nor an invalid document's failures looked for: that costs as much again as the verdict).
func checkChunk(_ chunk: [UInt8], _ validator: JSONSchema, countOnly: Bool = false) -> ChunkResults {
    var checked = ChunkResults(results: [], lines: 0)
    var names = JSONNameCache()   // the chunk's documents share their member names
    var tape = JSONTape()         // one buffer for the chunk's documents
    var start = 0, line = 0
    while start < chunk.count {
        let newline = LineChunks.firstNewline(in: chunk, from: start) ?? chunk.count
        line += 1
        var end = newline
        if end > start, chunk[end - 1] == 0x0D { end -= 1 }
        if chunk[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
            if countOnly {
                checked.documents += 1
                if !isValid(chunk, start..<end, validator, names: &names, tape: &tape) { checked.invalid += 1 }
            } else {
                checked.results.append(check(chunk, start..<end, line: line, validator, names: &names, tape: &tape))
            }
        }
        start = newline + 1
    }
    checked.lines = line
    return checked
}

/// Whether the JSON document in `range` of `batch` is valid: decided on `tape`, else (not JSON: invalid, or left to
/// the tree) parsed and validated the tree's way.
func isValid(_ batch: [UInt8], _ range: Range<Int>, _ validator: JSONSchema, names: inout JSONNameCache,
             tape: inout JSONTape) -> Bool
{
    if validator.validatesTapes, tape.read(batch, in: range) { return validator.isValid(tape: tape) }
    guard let value = try? JSONValue.parse(bytes: batch, in: range, names: &names) else { return false }
    return validator.isValid(value)
}

/// Parses and validates one JSON document's bytes (a whole file when `line` is 0, else the line `line` of a JSON
/// Lines input), each failure at its place.
func check(_ bytes: ArraySlice<UInt8>, line: Int, _ validator: JSONSchema) -> DocumentResult {
    let whole = Array(bytes)
    var names = JSONNameCache()
    var tape = JSONTape()
    return check(whole, whole.indices, line: line, validator, names: &names, tape: &tape)
}

/// `check` of the bytes in `range` of `batch` (a line of a chunk, read where it lies). A document is read onto
/// `tape` and decided there (no tree of values); one the tape refuses (not JSON, or left to the tree: see
/// `JSONTape`), or an invalid one, is parsed into a `JSONValue` and checked as before, so that errors and failures
/// are the tree's, word for word. (`--count` asks `isValid` instead: no failures looked for.)
func check(_ batch: [UInt8], _ range: Range<Int>, line: Int, _ validator: JSONSchema, names: inout JSONNameCache,
           tape: inout JSONTape) -> DocumentResult
{
    if validator.validatesTapes, tape.read(batch, in: range), validator.isValid(tape: tape) {
        return DocumentResult(line: line, failures: [])
    }
    do {
        let value = try JSONValue.parse(bytes: batch, in: range, names: &names)
        if validator.isValid(value) { return DocumentResult(line: line, failures: []) }
        let document = LocatedDocument(value: value, json: batch[range], line: max(line, 1))
        return DocumentResult(line: line, failures: document.locate(validator.validate(value)))
    } catch {
        var failure = SchemaFailure(pointer: "", message: "is not valid JSON: \(error.message)", keyword: "json")
        failure.location = SourceLocation(line: line > 0 ? line : error.line, column: error.column)
        return DocumentResult(line: line, failures: [failure])
    }
}

/// Compiled copies of one schema, one for each thread validating at once: validating bumps the reference counts of
/// the compiled schema's objects, and threads sharing one schema fought over those counters' cache lines (two jobs
/// took a third more CPU time than one for the same documents, and ran only 1.4 times as fast).
///
/// Copies asked for at the start (`compiling`) are compiled at once on other threads, beside the first one and the
/// reading of the input, rather than by a thread that could be validating; one more wanted later is compiled then.
final class SchemaCopies: Sendable {
    /// A copy being compiled.
    private final class Coming: Sendable {
        let done = DispatchSemaphore(value: 0)
        let schema = Mutex<JSONSchema?>(nil)
    }

    private let make: @Sendable () -> JSONSchema?
    private let free = Mutex<[JSONSchema]>([])
    private let coming = Mutex<[Coming]>([])

    /// Starts compiling `compiling` copies with `make` (which returns nil when it cannot: the first copy is shared then).
    init(compiling count: Int = 0, make: @escaping @Sendable () -> JSONSchema?) {
        self.make = make
        for _ in 0..<count {
            let copy = Coming()
            coming.withLock { $0.append(copy) }
            DispatchQueue.global().async {
                let schema = make()
                copy.schema.withLock { $0 = schema }
                copy.done.signal()
            }
        }
    }

    /// A copy no other thread is using: a free one, else one being compiled (waited for), else a new one, else
    /// `shared`.
    func take(or shared: JSONSchema) -> JSONSchema {
        if let copy = free.withLock({ $0.popLast() }) { return copy }
        if let copy = coming.withLock({ $0.popLast() }) {
            copy.done.wait()
            if let schema = copy.schema.withLock({ $0 }) { return schema }
        }
        return make() ?? shared
    }

    /// Hands a copy back, or in (the one compiled first: give it once).
    func give(_ schema: JSONSchema) {
        free.withLock { $0.append(schema) }
    }
}

/// Chunks of JSON Lines validated on a concurrent queue, at most 2 x jobs in flight, each thread with a copy of the
/// schema of its own (`SchemaCopies`), the results handed back in the input's order.
final class BatchPool: Sendable {
    private let queue = DispatchQueue(label: "switchboard.check-schema", attributes: .concurrent)
    private let finished = DispatchSemaphore(value: 0)
    /// A pipe a byte is written to as each chunk is checked: `waitForInput` waits for it and for the input at once.
    private let wake: (read: Int32, write: Int32)
    private let results = Mutex<[Int: ChunkResults]>([:])
    private let limit: Int
    private let validator: JSONSchema
    private let countOnly: Bool
    private let copies: SchemaCopies
    // Touched by the submitting thread only.
    private nonisolated(unsafe) var submitted = 0
    private nonisolated(unsafe) var written = 0

    init(jobs: Int, validator: JSONSchema, copies: SchemaCopies, countOnly: Bool) {
        limit = 2 * jobs
        self.validator = validator
        self.countOnly = countOnly
        self.copies = copies
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            wake = (ends[0], ends[1])
        } else {
            wake = (-1, -1)
        }
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    func submit(_ chunk: [UInt8], _ write: (ChunkResults) -> Void) {
        while submitted - written >= limit {
            finished.wait()
            drain(write)
        }
        let number = submitted
        submitted += 1
        let countOnly = countOnly
        queue.async {
            let own = self.copies.take(or: self.validator)
            let checked = checkChunk(chunk, own, countOnly: countOnly)
            self.copies.give(own)
            self.results.withLock { $0[number] = checked }
            self.finished.signal()
            writeWakeByte(self.wake.write)
        }
        drain(write)
    }

    /// Writes the chunks checked meanwhile, in order, until `fd` can be read (a pipe whose producer is slower than
    /// the threads: what it sent is reported before more comes, and a fast one is not waited on chunk by chunk) or
    /// until none is left to check.
    func waitForInput(_ fd: Int32, _ write: (ChunkResults) -> Void) {
        guard wake.read >= 0 else { return finish(write) }
        while written < submitted {
            drain(write)
            if written == submitted { return }
            var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&ready, 2, -1) < 0 {
                if errno == EINTR { continue }
                return finish(write)
            }
            if ready[1].revents != 0 { drainWakeBytes(wake.read) }
            if ready[0].revents != 0 {
                drain(write)
                return
            }
        }
    }

    func finish(_ write: (ChunkResults) -> Void) {
        while written < submitted {
            finished.wait()
            drain(write)
        }
    }

    /// Writes every finished chunk that is next in order.
    private func drain(_ write: (ChunkResults) -> Void) {
        while let next = results.withLock({ $0.removeValue(forKey: written) }) {
            write(next)
            written += 1
        }
    }
}
