// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema
import SwitchboardSpec

/// Writes `check --schema`'s report. Each failure is placed where editors and terminals make it clickable:
/// `FILE:LINE:COLUMN: /pointer: message` for a whole file (JSON or YAML, each document of it), `LINE:COLUMN: ...`
/// for a JSON Lines document (`FILE:LINE:COLUMN:` with several inputs); a column counts Unicode scalars.
/// Formats: text, json (one object per failure, with `line`, `column` and a YAML file's `document`), tap (a line
/// per document), github (workflow commands GitHub shows as annotations), sarif (SARIF 2.1.0, written at the end);
/// with `--count` only the number of invalid documents.
struct SchemaReport {
    let format: ReportFormat
    let countOnly: Bool
    /// Whether to name the input on each line (several inputs were given).
    let named: Bool
    private(set) var documents = 0
    private(set) var invalid = 0
    private let output = standardOutput
    /// SARIF's results, written whole by `finish()`.
    private var sarif = SARIFLog()

    init(format: ReportFormat, countOnly: Bool, named: Bool) {
        self.format = format
        self.countOnly = countOnly
        self.named = named
        if format == .tap && !countOnly { output.write(tapVersionLine) }
    }

    mutating func add(_ results: [DocumentResult], input: String) {
        for result in results { add(result, input: input, lines: true) }
    }

    /// Documents counted without results (`--count`).
    mutating func add(documents: Int, invalid: Int) {
        self.documents += documents
        self.invalid += invalid
    }

    /// `input`: the input's name as given (a path, or `-`), escaped here as the format needs.
    mutating func add(_ result: DocumentResult, input: String, lines: Bool) {
        documents += 1
        let failed = !result.failures.isEmpty
        if failed { invalid += 1 }
        if countOnly { return }
        let shown = displayEscaped(input, limit: 200)
        switch format {
        case .text:
            for failure in result.failures {
                output.write(place(failure, result, input: shown, lines: lines) + ": "
                             + displayEscaped(shownPointer(failure.pointer)) + ": "
                             + displayEscaped(failure.locatedMessage) + "\n")
            }
        case .json:
            for failure in result.failures {
                var line = "{"
                if !lines || named { line += "\"file\":" + jsonString(input) + "," }
                if let document = result.document { line += "\"document\":\(document)," }
                if let location = failure.location {
                    line += "\"line\":\(location.line),\"column\":\(location.column),"
                } else if lines {
                    line += "\"line\":\(result.line),"
                }
                line += "\"pointer\":" + jsonString(failure.pointer) + ",\"keyword\":" + jsonString(failure.keyword)
                    + ",\"message\":" + jsonString(failure.locatedMessage)
                line += failure.isUndecided ? ",\"undecided\":true}\n" : "}\n"
                output.write(line)
            }
        case .tap:
            let documentPlace = lines ? (named ? "\(shown):\(result.line)" : "\(result.line)") : shown
            var line = (failed ? "not ok " : "ok ") + "\(documents) - " + tapDescription(documentPlace)
            if failed {
                line += ": " + tapDescription(result.failures.map {
                    let at = $0.location.map { "\($0.line):\($0.column) " } ?? ""
                    return at + shownPointer($0.pointer) + ": " + $0.locatedMessage
                }.joined(separator: "; "))
            }
            output.write(line + "\n")
        case .github:
            for failure in result.failures {
                let line = failure.location?.line ?? (lines ? result.line : nil)
                // Workflow commands have escapes for `%`, CR and LF only: other control characters of a document's
                // keys or values are shown escaped, as on a terminal (a CI log is read in one).
                output.write(GitHubAnnotation(file: displayEscaped(input), line: line, column: failure.location?.column,
                                              title: failure.keyword,
                                              message: displayEscaped(shownPointer(failure.pointer) + ": "
                                                                      + failure.locatedMessage)).text)
            }
        case .sarif:
            for failure in result.failures {
                sarif.add(file: input, line: failure.location?.line ?? (lines ? result.line : nil),
                          column: failure.location?.column, keyword: failure.keyword,
                          message: shownPointer(failure.pointer) + ": " + failure.locatedMessage)
            }
        }
    }

    /// `FILE:LINE:COLUMN`, `LINE:COLUMN` (a JSON Lines document, one input), or as far as it is known.
    private func place(_ failure: SchemaFailure, _ result: DocumentResult, input: String, lines: Bool) -> String {
        let location = failure.location.map { ":\($0.line):\($0.column)" }
        if lines {
            let column = failure.location.map { ":\($0.column)" } ?? ""
            return (named ? "\(input):" : "") + "\(result.line)" + column
        }
        return input + (location ?? "")
    }

    func finish() {
        switch (format, countOnly) {
        case (.json, true):
            output.write("{\"documents\":\(documents),\"valid\":\(documents - invalid),\"invalid\":\(invalid)}\n")
        case (_, true):
            output.write("\(invalid)\n")
        case (.tap, false):
            output.write("1..\(documents)\n")
        case (.sarif, false):
            output.write(sarif.json())
        default:
            break
        }
    }

    private func shownPointer(_ pointer: String) -> String { pointer.isEmpty ? "(root)" : pointer }
}
