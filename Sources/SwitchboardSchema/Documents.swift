// SPDX-License-Identifier: Apache-2.0

/// Why a document could not be read: what was wrong, and where when the reader knows.
///
/// ```swift
/// do { _ = try JSONValue.document("a: 1\na: 2\n") } catch { print(error) }
/// // line 2, column 1: the key "a" is written twice in this mapping (first at line 1, column 1); ...
/// ```
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, without the place.
    public var problem: String
    /// Where in the text (YAML), when the reader knows.
    public var mark: YAMLMark?

    public init(_ problem: String, at mark: YAMLMark? = nil) {
        self.problem = problem
        self.mark = mark
    }

    public init(message: String) {
        self.init(message)
    }

    /// The problem after its place: `line 3, column 7: ...`.
    public var message: String {
        guard let mark else { return problem }
        return "line \(mark.line), column \(mark.column): \(problem)"
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
