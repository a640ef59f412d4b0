// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `check --schema` on JSON Lines decides lines on a tape and leaves some to the tree (names escaped, not ASCII or
/// repeated; anything not JSON): the verdicts, counts and reports are the tree's whichever way a line goes.
@Suite("check --schema: lines on the tape and lines left to the tree")
struct CheckSchemaTapeTests {
    static let lines = [
        #"{"version": 2, "updates": [{"schedule": {"interval": "daily"}}]}"#,   // the tape
        #"{"version": 3, "updates": [], "version": 2}"#,                          // repeated: the last value counts
        #"{"versio\u006e": 2, "updates": []}"#,                                   // an escaped name
        #"{"version": 2, "updates": [], "\u212A": 1, "caf\u00e9": 2}"#,           // names not ASCII
        #"{"version": 2, "updates": [], "version": 3}"#,                          // repeated, failing at the last
        #"{"version": 2, "updates": [{"schedule": {"interval": "h\u006furly"}}]}"#, // an escaped value, failing
        #"{"version": 2, "updates": ["\ud800"]}"#,                                // a lone surrogate: not JSON
        #"{"version": 2.0, "updates": [{"schedule": {}}]}"#,                      // 2.0 is the const 2
    ]

    @Test("each line's verdict, failures and places, and the counts")
    func mixed() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", CheckSchemaTests.schema)
        let input = try scratch.file("docs.jsonl", Self.lines.joined(separator: "\n") + "\n")
        let run = try switchboard(["check", "--schema", schema, input])
        #expect(run.stdout == """
            5:42: /version: must be 2
            6:54: /updates/0/schedule/interval: must be one of daily, weekly, monthly
            7:29: (root): is not valid JSON: \\ud800 in a string is a lone surrogate (half of a UTF-16 pair without the \
            other half), which stands for no character; write the character itself, or both halves (\\ud83d\\ude00 for \
            U+1F600)

            """)
        #expect(run.status == 1)
        let count = try switchboard(["check", "--schema", schema, "--count", "--format", "json", input])
        #expect(count.stdout == #"{"documents":8,"valid":5,"invalid":3}"# + "\n")
        #expect(count.status == 1)
    }
}
