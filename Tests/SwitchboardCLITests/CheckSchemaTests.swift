// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// `switchboard check --schema` as a shell script calls it (the built binary; `--schema` runs in switchboard-full).
@Suite("check --schema")
struct CheckSchemaTests {
    static let schema = """
        {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["version", "updates"],
         "properties": {"version": {"const": 2},
           "updates": {"type": "array", "items": {"$ref": "#/definitions/update"}}},
         "definitions": {"update": {"type": "object", "required": ["schedule"], "additionalProperties": false,
           "properties": {"schedule": {"type": "object", "properties": {
             "interval": {"enum": ["daily", "weekly", "monthly"]}}}}}}}
        """

    @Test("JSON Lines on standard input: LINE:COLUMN: /pointer: message per failure, exit 1; all valid: exit 0")
    func jsonLines() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("dependabot.json", Self.schema)
        let input = """
            {"version": 2, "updates": [{"schedule": {"interval": "daily"}}]}

            {"version": 2, "updates": [{"schedule": {"interval": "hourly"}, "x": 1}]}
            {"version": 3
            [1]

            """
        let run = try switchboard(["check", "--schema", schema], input: input)
        #expect(run.stdout == """
            3:54: /updates/0/schedule/interval: must be one of daily, weekly, monthly
            3:65: /updates/0/x: is not allowed: the schema does not define this property
            4:14: (root): is not valid JSON: expected , or } in an object, got the end of the text
            5:1: (root): must be an object, not an array

            """)
        #expect(run.status == 1)
        let valid = try switchboard(["check", "--schema", schema], input: #"{"version": 2, "updates": []}"# + "\n")
        #expect(valid.status == 0 && valid.stdout.isEmpty)
    }

    @Test("files: .jsonl per line, .json and .yaml one document each, named with several inputs; --count and json")
    func files() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", Self.schema)
        let yaml = try scratch.file("dependabot.yml", "version: 2\nupdates:\n  - schedule:\n      interval: yearly\n")
        let json = try scratch.file("doc.json", "{\n  \"version\": 2,\n  \"updates\": [{\"schedule\": {}}]\n}\n")
        let lines = try scratch.file("docs.jsonl", #"{"updates": []}"# + "\n")
        let run = try switchboard(["check", "--schema", schema, yaml, json, lines])
        #expect(run.stdout == """
            \(yaml):4:17: /updates/0/schedule/interval: must be one of daily, weekly, monthly
            \(lines):1:1: (root): must have the property "version"

            """)
        #expect(run.status == 1)
        let count = try switchboard(["check", "--schema", schema, "--count", "--format", "json", yaml, json, lines])
        #expect(count.stdout == #"{"documents":3,"valid":1,"invalid":2}"# + "\n")
        let failures = try switchboard(["check", "--schema", schema, "--format", "json", lines])
        #expect(failures.stdout == #"{"line":1,"column":1,"pointer":"","keyword":"required","message":"must have the property \"version\""}"# + "\n")
        let tap = try switchboard(["check", "--schema", schema, "--format", "tap"],
                                  input: #"{"version": 2, "updates": []}"# + "\n[]\n")
        #expect(tap.stdout == "TAP version 13\nok 1 - 1\nnot ok 2 - 2: 2:1 (root): must be an object, not an array\n1..2\n")
    }

    @Test("a schema that cannot be loaded: exit 2 naming the file, the place and what is wrong")
    func loadErrors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let bad = try scratch.file("bad.json", #"{"properties": {"a": {"minLength": -1}}}"#)
        let run = try switchboard(["check", "--schema", bad], input: "{}\n")
        #expect(run.status == 2)
        #expect(run.stderr == "switchboard: schema \(bad)#/properties/a/minLength: must be a non-negative integer, got -1\n")
        let remote = try scratch.file("remote.json", #"{"$ref": "https://example.com/schema.json"}"#)
        let network = try switchboard(["check", "--schema", remote], input: "{}\n")
        #expect(network.status == 2)
        #expect(network.stderr.contains("cannot load https://example.com/schema.json"))
        let loop = try scratch.file("loop.json", ##"{"$ref": "#"}"##)
        let cyclic = try switchboard(["check", "--schema", loop], input: "{}\n")
        #expect(cyclic.status == 2 && cyclic.stderr.contains("refers to itself without moving into the instance"))
        let mixed = try switchboard(["check", "--schema", bad, "--rule", "email"], input: "{}\n")
        #expect(mixed.status == 2)
    }

    @Test("references to other files are read relative to the schema, YAML ones too")
    func relativeReferences() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("schemas/common"), withIntermediateDirectories: true)
        try scratch.file("schemas/common/interval.yaml", "enum: [daily, weekly]\n")
        let schema = try scratch.file("schemas/main.json", #"{"properties": {"interval": {"$ref": "common/interval.yaml"}}}"#)
        let run = try switchboard(["check", "--schema", schema], input: #"{"interval": "daily"}"# + "\n" + #"{"interval": 1}"# + "\n")
        #expect(run.stdout == "2:14: /interval: must be one of daily, weekly\n")
    }

    @Test("--jobs 2 keeps the report in input order, and equals --jobs 1")
    func jobs() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", Self.schema)
        var input = ""
        for i in 0..<20_000 {
            input += i % 7 == 3 ? #"{"version": \#(i), "updates": []}"# : #"{"version": 2, "updates": []}"#
            input += "\n"
        }
        let file = try scratch.file("many.jsonl", input)
        let one = try switchboard(["check", "--schema", schema, file])
        let two = try switchboard(["check", "--schema", schema, "--jobs", "2", file])
        #expect(one.status == 1 && two.status == 1)
        #expect(one.stdout.split(separator: "\n").count == 20_000 / 7)
        #expect(two.stdout == one.stdout)
        #expect(one.stdout.hasPrefix("4:13: /version: must be 2\n11:13: /version: must be 2\n"))
    }

    @Test("hostile documents: 10,000-deep nesting is a clear failure, the deepest allowed one is decided, with --jobs too")
    func deepDocuments() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", ##"{"anyOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "integer"}]}"##)
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let allowed = String(repeating: "[", count: 256) + "1" + String(repeating: "]", count: 256)
        for jobs in ["1", "2"] {
            let run = try switchboard(["check", "--schema", schema, "--jobs", jobs], input: deep + "\n" + allowed + "\n")
            #expect(run.status == 1)
            #expect(run.stdout == "1:257: (root): is not valid JSON: arrays and objects nested deeper than 256 levels\n")
        }
    }

    @Test("a JSON Lines file of several read chunks: each failure on its own line number, CRLF and blank lines, a 2 MB line; --jobs 1, 2 and 3 alike")
    func manyChunks() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", Self.schema)
        // About 5 MB: 1 MiB chunks, lines of different lengths so that chunks end anywhere; a line of 2 MB (longer
        // than a chunk) in the middle; every 9th line invalid, every 13th blank, every 5th ends with CRLF.
        var input = "", expected = ""
        let padding = String(repeating: "p", count: 2_000_000)
        for line in 1...40_000 {
            let pad = String(repeating: " ", count: line % 211)
            if line == 20_001 {
                input += #"{"version": 2, "updates": [], "note": "\#(padding)"}"#
            } else if line % 13 == 0 {
                input += pad
            } else if line % 9 == 0 {
                input += #"{"version": \#(line), "updates": []}"# + pad
                expected += "\(line):13: /version: must be 2\n"
            } else {
                input += #"{"version": 2,"# + pad + #""updates": []}"#
            }
            input += line % 5 == 0 ? "\r\n" : "\n"
        }
        input += #"{"version": 3, "updates": []}"#   // the last line, without a newline
        expected += "40001:13: /version: must be 2\n"
        let file = try scratch.file("many.jsonl", input)
        for jobs in ["1", "2", "3"] {
            let run = try switchboard(["check", "--schema", schema, "--jobs", jobs, file])
            #expect(run.status == 1)
            #expect(run.stdout == expected, "--jobs \(jobs)")
            let counted = try switchboard(["check", "--schema", schema, "--jobs", jobs, "--count"], input: input)
            #expect(counted.stdout == "\(expected.split(separator: "\n").count)\n", "--jobs \(jobs)")
            // Through a pipe (chunks as its reads give them, the threads' results written while it is read).
            let piped = try runProgram("/bin/bash", ["-c", #"cat "$FILE" | "$SB" check --schema "$SCHEMA" --jobs $JOBS"#],
                                       environment: ["SB": try switchboardPath(), "FILE": file, "SCHEMA": schema,
                                                     "JOBS": jobs])
            #expect(piped.stdout == expected, "--jobs \(jobs) through a pipe")
        }
    }

    @Test("a slow producer: a line is reported while the next is not written yet, with --jobs 1 and 2")
    func slowProducer() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        _ = try scratch.file("s.json", Self.schema)
        for jobs in ["1", "2"] {
            let run = try runProgram("/bin/bash", ["-c", #"""
                rm -f in out; mkfifo in out
                timeout -s KILL 30 "$SB" check --schema s.json --jobs $JOBS < in > out & pid=$!
                exec 3> in 4< out
                echo '{"version": 3, "updates": []}' >&3
                IFS= read -r -t 20 first <&4 && echo "first: $first"
                echo '{"version": 2, "updates": []}' >&3
                echo '{"version": 4, "updates": []}' >&3
                IFS= read -r -t 20 second <&4 && echo "second: $second"
                exec 3>&-
                wait $pid; echo "status $?"
                """#], environment: ["SB": try switchboardPath(), "JOBS": jobs], directory: scratch.url.path)
            #expect(run.stdout == "first: 1:13: /version: must be 2\nsecond: 3:13: /version: must be 2\nstatus 1\n",
                    "--jobs \(jobs): \(run.stderr)")
        }
    }

    @Test("a line longer than 256 MB is refused naming its number, after the lines before it are reported")
    func lineTooLong() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        _ = try scratch.file("s.json", Self.schema)
        for jobs in ["1", "2"] {
            let run = try runProgram("/bin/bash", ["-c", #"""
                { printf '{"version": 3, "updates": []}\n\n'; head -c 270000000 /dev/zero | tr '\0' a; } |
                    "$SB" check --schema s.json --jobs $JOBS
                """#], environment: ["SB": try switchboardPath(), "JOBS": jobs], directory: scratch.url.path)
            #expect(run.status == 2, "--jobs \(jobs)")
            #expect(run.stdout == "1:13: /version: must be 2\n", "--jobs \(jobs)")
            #expect(run.stderr.contains("standard input: line 3 is longer than 256 MB"), "--jobs \(jobs): \(run.stderr)")
        }
    }
}
