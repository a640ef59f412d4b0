// SPDX-License-Identifier: Apache-2.0

/// Why a document could not be read.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong and where (`line 3, column 7: ...` for YAML).
    public var message: String
    /// Where in the text, when the reader knows.
    public var mark: YAMLMark?

    public init(message: String, mark: YAMLMark? = nil) {
        self.message = message
        self.mark = mark
    }

    public var description: String { message }
}

extension JSONValue {
    /// Reads a JSON document, or a YAML one when it does not start with `{` or `[` (or `yaml` is true). A byte order
    /// mark is skipped in both. YAML is read by `YAMLReader` (YAML 1.2's core schema, merge keys, tags honoured)
    /// and must hold one document.
    ///
    /// ```swift
    /// try JSONValue.document("port: 22\n")   // .object(["port": 22])
    /// ```
    public static func document(_ text: String, yaml: Bool = false) throws(DocumentError) -> JSONValue {
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        if !yaml && (first == "{" || first == "[") {
            do {
                return try JSONValue.parse(text)
            } catch {
                throw DocumentError(message: "not valid JSON: \(error)")
            }
        }
        return try JSONValue(yaml: try YAMLReader.document(text))
    }
}
