// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// Documents for schema forms: JSON or YAML files read as a `JSONValue` (through SwitchboardSchema's one reader,
// `JSONValue.document`), and a `JSONValue` written as the form's typed JSON or YAML output.

extension JSONValue {
    /// The value as a typed answer (for `TypedAnswers.json()` and `yaml()`).
    var typedAnswer: TypedAnswer {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number.text)
        case .string(let text): .text(text)
        case .array(let items): .array(items.map(\.typedAnswer))
        case .object(let object): .object(TypedAnswers(object.members.map { ($0.key, $0.value.typedAnswer) }))
        }
    }

    /// The document as pretty JSON (two spaces a level), as `switchboard form --output json` writes answers.
    public func prettyJSON() -> String {
        typedAnswer.prettyJSON(indent: "")
    }

    /// The document as YAML block text, as `--output yaml` writes answers: strings quoted JSON-style, keys plain
    /// only when YAML 1.2 and 1.1 readers both read them back as they are, numbers as they were written.
    ///
    /// ```swift
    /// try JSONValue.document(#"{"on": 20.0}"#).yamlDocument()   // "\"on\": 20.0\n"
    /// ```
    public func yamlDocument() -> String {
        switch typedAnswer {
        case .object(let members) where !members.names.isEmpty: return members.yaml()
        case .array(let items) where !items.isEmpty:
            return String(TypedAnswer.array(items).yamlBlock(indent: "").dropFirst())   // `- item` lines
        case let value: return value.yaml + "\n"
        }
    }
}

extension SchemaForm {
    /// The largest schema or document file read (`DocumentFile.maximumSize`).
    public static let maximumDocumentSize = DocumentFile.maximumSize

    /// Reads a JSON document, or a YAML one for a `.yaml`/`.yml` file: a regular file of at most
    /// `maximumDocumentSize` bytes (a FIFO or a device is refused, see `DocumentFile`).
    /// - Throws: `DocumentError` naming what could not be read or parsed.
    public static func readDocument(_ path: String) throws(DocumentError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try DocumentFile.read(path, shownAs: "the file")
        } catch {
            throw DocumentError(message: error.description)
        }
        return try document(bytes, yaml: path.hasSuffix(".yaml") || path.hasSuffix(".yml"))
    }

    /// A document from bytes (standard input): JSON, or YAML when it does not start with `{` or `[`.
    public static func document(_ bytes: [UInt8], yaml: Bool = false) throws(DocumentError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw DocumentError(message: "not valid UTF-8") }
        return try JSONValue.document(text, yaml: yaml)
    }

    /// A document from bytes (standard input) with its places, so that failures name their line and column.
    public static func locatedDocument(_ bytes: [UInt8]) throws(DocumentError) -> LocatedDocument {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw DocumentError(message: "not valid UTF-8") }
        return try LocatedDocument.document(text)
    }

    /// Whether the file at `path` is a JSON Schema rather than a form spec: a JSON object with a `$schema` member,
    /// or YAML with a top-level `$schema:` line. Read without expanding anything (a spec may be hostile).
    public static func isSchema(_ path: String) -> Bool {
        // O_NONBLOCK: a FIFO is not waited on (it is not a regular file: not a schema).
        let fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let bytes = readAll(fd, limit: maximumDocumentSize)
        guard bytes.count <= maximumDocumentSize, let text = String(validating: bytes, as: UTF8.self) else { return false }
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        if first == "{" {
            guard case .object(let object)? = try? JSONValue.parse(text) else { return false }
            return object["$schema"] != nil
        }
        return text.split(separator: "\n").contains { line in
            line.hasPrefix("$schema:") || line.hasPrefix("\"$schema\":") || line.hasPrefix("'$schema':")
        }
    }

    /// Everything on standard input (at most `maximumDocumentSize` bytes and one more).
    public static func readStandardInput() -> [UInt8] {
        readAll(0, limit: maximumDocumentSize)
    }
}
