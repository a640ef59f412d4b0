// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema
import SwitchboardSpec

/// Writes `check --schema`'s report: per failure `LINE: /pointer: message` (text), one JSON object (json), or one
/// TAP line per document (tap); with `--count` only the number of invalid documents. With several inputs each
/// failure starts with its input's name (`FILE:LINE: ...`); a whole-file document is named by its file.
struct SchemaReport {
    let format: CheckFormat
    let countOnly: Bool
    /// Whether to name the input on each line (several inputs were given).
    let named: Bool
    private(set) var documents = 0
    private(set) var invalid = 0
    private let output = standardOutput

    init(format: CheckFormat, countOnly: Bool, named: Bool) {
        self.format = format
        self.countOnly = countOnly
        self.named = named
        if format == .tap && !countOnly { output.write(tapVersionLine) }
    }

    mutating func add(_ results: [DocumentResult], input: String) {
        for result in results { add(result, input: input, lines: true) }
    }

    mutating func add(_ result: DocumentResult, input: String, lines: Bool) {
        documents += 1
        let failed = !result.failures.isEmpty
        if failed { invalid += 1 }
        if countOnly { return }
        // Where: "12", "file.jsonl:12", or "file.json".
        let place = lines ? (named ? "\(input):\(result.line)" : "\(result.line)") : input
        switch format {
        case .text:
            for failure in result.failures {
                output.write(place + ": " + displayEscaped(shownPointer(failure.pointer)) + ": "
                             + displayEscaped(failure.message) + "\n")
            }
        case .json:
            for failure in result.failures {
                var line = "{"
                if !lines || named { line += "\"file\":" + jsonString(input) + "," }
                if lines { line += "\"line\":\(result.line)," }
                line += "\"pointer\":" + jsonString(failure.pointer) + ",\"keyword\":" + jsonString(failure.keyword)
                    + ",\"message\":" + jsonString(failure.message)
                line += failure.isUndecided ? ",\"undecided\":true}\n" : "}\n"
                output.write(line)
            }
        case .tap:
            var line = (failed ? "not ok " : "ok ") + "\(documents) - " + tapDescription(place)
            if failed {
                line += ": " + tapDescription(result.failures.map {
                    shownPointer($0.pointer) + ": " + $0.message
                }.joined(separator: "; "))
            }
            output.write(line + "\n")
        }
    }

    func finish() {
        switch (format, countOnly) {
        case (.json, true):
            output.write("{\"documents\":\(documents),\"valid\":\(documents - invalid),\"invalid\":\(invalid)}\n")
        case (_, true):
            output.write("\(invalid)\n")
        case (.tap, false):
            output.write("1..\(documents)\n")
        default:
            break
        }
    }

    private func shownPointer(_ pointer: String) -> String { pointer.isEmpty ? "(root)" : pointer }
}
