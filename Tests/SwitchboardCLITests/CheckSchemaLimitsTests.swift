// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TerminalTestSupport
import Testing

/// `check --schema` and `form` on inputs that once took unbounded memory or hung: every file read is a regular file
/// of a bounded size, and collected failures are capped and listed once. The runs that read `/dev/zero` are made
/// under `ulimit -v` (2 GB of address space): reading it whole aborted at 16.8 GB.
@Suite("check --schema: bounded reads and failures")
struct CheckSchemaLimitsTests {
    /// `switchboard ARGUMENTS` under a 2 GB address-space limit, from /bin/sh as a script would run it.
    private func limited(_ arguments: [String], input: String = "") throws -> CLIRun {
        try runProgram("/bin/sh", ["-c", #"ulimit -v 2000000 && exec "$@""#, "sh", try switchboardPath()] + arguments,
                       input: Array(input.utf8))
    }

    @Test("/dev/zero as the schema, as a $ref target or as the document is refused by name, in bounded memory")
    func devZero() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", #"{"type": "object"}"#)
        let asSchema = try limited(["check", "--schema", "/dev/zero"], input: "{}\n")
        #expect(asSchema.status == 2)
        #expect(asSchema.stderr.contains("/dev/zero is a character device, not a regular file"), "\(asSchema.stderr)")
        let reference = try scratch.file("ref.json", #"{"$ref": "/dev/zero"}"#)
        let asReference = try limited(["check", "--schema", reference], input: "{}\n")
        #expect(asReference.status == 2)
        #expect(asReference.stderr.contains("/dev/zero is a character device"), "\(asReference.stderr)")
        let asDocument = try limited(["check", "--schema", schema, "/dev/zero"])
        #expect(asDocument.status == 2)
        #expect(asDocument.stderr.contains("/dev/zero is a character device"), "\(asDocument.stderr)")
        let formSchema = try limited(["form", "--schema", "/dev/zero"], input: "{}")
        #expect(formSchema.status == 2)
        #expect(formSchema.stderr.contains("is a character device"), "\(formSchema.stderr)")
    }

    @Test("a FIFO as a $ref target, the schema or the document is refused at once, without waiting for a writer")
    func fifo() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let pipe = scratch.path("pipe.json")
        #expect(mkfifo(pipe, 0o600) == 0)
        let yamlPipe = scratch.path("pipe.yaml")
        #expect(mkfifo(yamlPipe, 0o600) == 0)
        // No process ever opens the FIFOs for writing: a reader that waited would wait for ever.
        let reference = try scratch.file("ref.json", #"{"$ref": "pipe.json"}"#)
        let run = try switchboard(["check", "--schema", reference], input: "{}\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("is a FIFO (named pipe), not a regular file"), "\(run.stderr)")
        let yamlReference = try scratch.file("yref.json", #"{"$ref": "pipe.yaml"}"#)
        let yamlRun = try switchboard(["check", "--schema", yamlReference], input: "{}\n")
        #expect(yamlRun.status == 2 && yamlRun.stderr.contains("is a FIFO"), "\(yamlRun.stderr)")
        let asSchema = try switchboard(["check", "--schema", pipe], input: "{}\n")
        #expect(asSchema.status == 2 && asSchema.stderr.contains("is a FIFO"), "\(asSchema.stderr)")
        let schema = try scratch.file("s.json", #"{"type": "object"}"#)
        let asDocument = try switchboard(["check", "--schema", schema, pipe])
        #expect(asDocument.status == 2 && asDocument.stderr.contains("is a FIFO"), "\(asDocument.stderr)")
        let asYAMLDocument = try switchboard(["check", "--schema", schema, yamlPipe])
        #expect(asYAMLDocument.status == 2 && asYAMLDocument.stderr.contains("is a FIFO"), "\(asYAMLDocument.stderr)")
        let formSchema = try switchboard(["form", "--schema", pipe], input: "{}")
        #expect(formSchema.status == 2 && formSchema.stderr.contains("is a FIFO"), "\(formSchema.stderr)")
    }

    @Test("a file larger than 64 MB is refused by its size before it is read")
    func largeFile() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // Sparse: 65 MB long, no blocks written.
        let big = try scratch.file("big.json", "")
        #expect(truncate(big, 65 << 20) == 0)
        let schema = try scratch.file("s.json", #"{"type": "object"}"#)
        let asDocument = try switchboard(["check", "--schema", schema, big])
        #expect(asDocument.status == 2)
        #expect(asDocument.stderr.contains("is larger than 64 MB"), "\(asDocument.stderr)")
        let reference = try scratch.file("ref.json", #"{"$ref": "big.json"}"#)
        let asReference = try switchboard(["check", "--schema", reference], input: "{}\n")
        #expect(asReference.status == 2 && asReference.stderr.contains("is larger than 64 MB"), "\(asReference.stderr)")
    }

    /// 1.7 KB: 19 levels of allOf, each applying the level below twice (2^19 applications of `type: integer`).
    private static let doubling: String = {
        var definitions = [#""l0": {"type": "integer"}"#]
        for level in 1...19 {
            definitions.append(##""l\##(level)": {"allOf": [{"$ref": "#/$defs/l\##(level - 1)"}, {"$ref": "#/$defs/l\##(level - 1)"}]}"##)
        }
        return ##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/l19", "$defs": {"## + definitions.joined(separator: ", ") + "}}"
    }()

    @Test("an allOf doubling schema: one failure line and a note of the cap, in check and form; --count stays exact")
    func doubling() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("double.json", Self.doubling)
        let run = try limited(["check", "--schema", schema], input: "\"\"\n\"\"\n")
        #expect(run.status == 1)
        // Each document: its one failure, then the note of the cap (the line's place is written LINE: or LINE:COL:).
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(run.stdout.prefix(500))")
        let cap = "(root): has more failures: validation stopped recording them after 1000 (those above are the first, "
            + "without repeats)"
        for (i, line) in lines.enumerated() {
            #expect(line.hasPrefix(i < 2 ? "1:" : "2:"))
            #expect(line.hasSuffix(i % 2 == 0 ? " (root): must be an integer, not a string" : " " + cap), "\(line)")
        }
        let json = try limited(["check", "--schema", schema, "--format", "json"], input: "\"\"\n")
        #expect(json.stdout.split(separator: "\n").count == 2)
        #expect(json.stdout.contains(#""keyword":"maximumFailures""#))
        let count = try limited(["check", "--schema", schema, "--count"], input: "\"\"\n1\n\"\"\n")
        #expect(count.stdout == "2\n" && count.status == 1, "\(count.stdout)")   // 2 of the 3 are invalid
        let form = try limited(["form", "--schema", schema], input: "\"\"")
        #expect(form.status == 1)
        #expect(form.stderr.split(separator: "\n").count == 2, "\(form.stderr.prefix(500))")
    }

    @Test("a repeated member name: check and form both take the last value, as python-jsonschema does")
    func duplicateKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"port": {"type": "integer"}}}"#)
        let check = try switchboard(["check", "--schema", schema],
                                    input: #"{"port": "x", "port": 8080}"# + "\n" + #"{"port": 8080, "port": "x"}"# + "\n")
        #expect(check.stdout.hasPrefix("2:") && check.stdout.hasSuffix(" /port: must be an integer, not a string\n"))
        #expect(check.stdout.split(separator: "\n").count == 1, "\(check.stdout)")
        let document = try scratch.file("doc.json", #"{"port": "x", "port": 8080}"#)
        #expect(try switchboard(["check", "--schema", schema, document]).status == 0)
        let form = try switchboard(["form", "--schema", schema], input: #"{"port": "x", "port": 8080}"#)
        #expect(form.status == 0, "\(form.stderr)")
        #expect(form.stdout == "{\n  \"port\": 8080\n}\n")
        let formLast = try switchboard(["form", "--schema", schema], input: #"{"port": 8080, "port": "x"}"#)
        #expect(formLast.status == 1 && formLast.stderr.contains("/port: must be an integer"), "\(formLast.stderr)")
    }

    @Test("draft 3 is refused by name; a //host reference is refused as a network reference")
    func refusedByName() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let old = try scratch.file("old.json", #"{"$schema": "http://json-schema.org/draft-03/schema#", "type": "string"}"#)
        let run = try switchboard(["check", "--schema", old], input: "{}\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("is draft 3, which is not supported"), "\(run.stderr)")
        // host/x.json exists beside the working directory: it must not be read.
        try FileManager.default.createDirectory(atPath: scratch.path("host"), withIntermediateDirectories: true)
        try scratch.file("host/x.json", #"{"type": "object"}"#)
        let network = try scratch.file("net.json", #"{"$ref": "//host/x.json"}"#)
        let refused = try switchboard(["check", "--schema", network], input: Array("{}\n".utf8), directory: scratch.url.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not fetched over the network"), "\(refused.stderr)")
    }
}
