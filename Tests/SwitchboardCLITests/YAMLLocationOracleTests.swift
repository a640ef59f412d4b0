// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Issue 39: every failure `check --schema` reports on a YAML file is placed where an independent parser (PyYAML's
// composer, scripts/yaml-marks-oracle.py) places the same node: generated workflow-shaped files with mutations
// (wrong types, bad enums, extra keys, missing required keys, block scalars, flow style, documents after the first,
// CRLF lines, a byte order mark, text that is not ASCII before the failing value).

private let workflowSchema = #"""
    {"type": "object", "required": ["name", "jobs"], "additionalProperties": false,
     "properties": {
       "name": {"type": "string", "maxLength": 40},
       "on": {"type": "object"},
       "jobs": {"type": "object", "additionalProperties": {
         "type": "object", "required": ["runs-on", "steps"], "additionalProperties": false,
         "properties": {
           "runs-on": {"enum": ["ubuntu-latest", "macos-15"]},
           "timeout": {"type": "integer", "maximum": 60},
           "steps": {"type": "array", "items": {"type": "object", "additionalProperties": false,
             "properties": {"name": {"type": "string"}, "uses": {"type": "string", "pattern": "^[a-z-]+/[a-z-]+@v[0-9]+$"},
                            "run": {"type": "string", "maxLength": 20},
                            "env": {"type": "object", "additionalProperties": {"type": "string"}}}}}}}}}}
    """#

/// A small deterministic generator (the same files on every run).
private struct Generator {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func chance(_ percent: Int) -> Bool { next(100) < percent }

    mutating func pick<T>(_ choices: [T]) -> T { choices[next(choices.count)] }

    /// One workflow document: mostly valid, with a few faults of each kind the issue names.
    mutating func workflow() -> String {
        var lines: [String] = []
        if chance(30) { lines.append("# CI for Zoë's project — 日本語") }
        if !chance(15) {
            lines.append("name: " + (chance(20) ? "\"Build and test every platform we support, twice a day\"" : pick(["CI", "Zoë ✓ build", "release"])))
        }
        if chance(50) { lines.append("on:\n  push:\n    branches: [main, \"dev\"]") }
        if chance(15) { lines.append("extra: " + pick(["1", "[a, b]", "{x: y}"])) }
        lines.append("jobs:")
        for job in 0..<(1 + next(3)) {
            lines.append("  job\(job)\(chance(20) ? "é" : ""):")
            if !chance(10) { lines.append("    runs-on: " + pick(["ubuntu-latest", "macos-15", "windows-2019", "[ubuntu-latest]"])) }
            if chance(30) { lines.append("    timeout: " + pick(["30", "90", "\"ten\"", "1.5"])) }
            if chance(10) { lines.append("    unknown-key: true") }
            if chance(10) { continue }
            if chance(30) {
                lines.append("    steps: [{uses: actions/checkout@v5}, {run: " + pick(["make", "\"make all the things now\"", "42"]) + "}]")
                continue
            }
            lines.append("    steps:")
            for _ in 0..<(1 + next(3)) {
                switch next(5) {
                case 0: lines.append("      - uses: " + pick(["actions/checkout@v5", "Actions/Checkout@main", "setup-swift@v2"]))
                case 1: lines.append("      - run: |\n          " + pick(["make test", "swift build --configuration release"]) + "\n          echo done")
                case 2: lines.append("      - name: Zoë's step ✓\n        run: " + pick(["ls", "12", "~"]))
                case 3: lines.append("      - env: {A: \"1\", B: " + pick(["\"2\"", "2", "[x]"]) + "}\n        run: env")
                default: lines.append("      - name: Test\n        with: {x: 1}")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

@Suite("check --schema locations agree with PyYAML's marks")
struct YAMLLocationOracleTests {
    @Test("generated workflows with mutations: every failure's line and column is PyYAML's for the same node")
    func locationsAgreeWithPyYAML() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("workflow.schema.json", workflowSchema)
        var generator = Generator(state: 39)
        var files: [String] = []
        for index in 0..<80 {
            var text = generator.workflow()
            if generator.chance(25) { text = "---\n" + text + "---\n" + generator.workflow() }
            if generator.chance(20) { text = text.replacing("\n", with: "\r\n") }
            var bytes = Array(text.utf8)
            if generator.chance(10) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            files.append(try scratch.file("w\(index).yaml", bytes))
        }
        let run = try switchboard(["check", "--schema", schema, "--format", "json"] + files)
        #expect(run.status == 1, "\(run.stderr)")
        struct Reported: Decodable {
            var file: String
            var document: Int
            var line: Int
            var column: Int
            var pointer: String
            var keyword: String
        }
        let reported = try run.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Reported.self, from: Data($0.utf8))
        }
        #expect(reported.count > 100, "\(reported.count) failures")
        #expect(Set(reported.map(\.keyword)).isSuperset(of: ["required", "additionalProperties", "enum", "type",
                                                           "maxLength", "pattern", "maximum"]))
        let queries = reported.map { failure -> [String: Any] in
            ["file": failure.file, "document": failure.document, "pointer": failure.pointer,
             "key": ["additionalProperties", "unevaluatedProperties", "propertyNames"].contains(failure.keyword)]
        }
        let oracle = try runTool("/usr/bin/env", ["python3", repositoryFile("scripts/yaml-marks-oracle.py")],
                                 input: String(decoding: try JSONSerialization.data(withJSONObject: queries), as: UTF8.self))
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as? [[Int]])
        #expect(expected.count == reported.count)
        var disagreements: [String] = []
        for (failure, place) in zip(reported, expected) where [failure.line, failure.column] != place {
            disagreements.append("\(failure.file) #\(failure.document) \(failure.pointer) (\(failure.keyword)): "
                                 + "\(failure.line):\(failure.column), PyYAML \(place[0]):\(place[1])")
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).joined(separator: "\n"))")
    }
}

/// A file of this repository, found from this file's path.
func repositoryFile(_ path: String) -> String {
    let here = #filePath
    return String(here[..<here.range(of: "/Tests/SwitchboardCLITests/")!.lowerBound]) + "/" + path
}
