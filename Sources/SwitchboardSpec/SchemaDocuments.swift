// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema
import Yams

// Documents for schema forms: JSON or YAML text read as a `JSONValue` (YAML keeps its key order), and a
// `JSONValue` written as the form's typed JSON or YAML output.

/// Why a document could not be read.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong and where.
    public var message: String
    public var description: String { message }
}

extension JSONValue {
    /// Reads a JSON document, or a YAML one when it does not start with `{` or `[` (or `yaml` is true).
    ///
    /// ```swift
    /// try JSONValue.document("port: 22\n")   // .object(["port": 22])
    /// ```
    public static func document(_ text: String, yaml: Bool = false) throws(DocumentError) -> JSONValue {
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        if !yaml && (first == "{" || first == "[") {
            do { return try JSONValue.parse(text) } catch { throw DocumentError(message: "not valid JSON: \(error)") }
        }
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch { throw DocumentError(message: "not valid YAML: \(error)") }
        guard let node else { return .null }
        var budget = maximumYAMLValues
        return try fromYAML(node, depth: 0, budget: &budget)
    }

    /// The most values a YAML document may hold once its aliases are expanded (an alias bomb is refused).
    public static let maximumYAMLValues = 1_000_000

    private static func fromYAML(_ node: Node, depth: Int, budget: inout Int) throws(DocumentError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else {
            throw DocumentError(message: "the YAML nests deeper than \(JSONValue.maximumDepth) levels")
        }
        budget -= 1
        guard budget >= 0 else {
            throw DocumentError(message: "the YAML holds more than \(maximumYAMLValues) values once its aliases are "
                                + "expanded; write the values out")
        }
        switch node {
        case .scalar(let scalar):
            if scalar.style != .plain { return .string(scalar.string) }
            if node.null != nil { return .null }
            if let flag = node.bool { return .bool(flag) }
            if node.int != nil || node.float != nil, let number = JSONNumber(scalar.string) { return .number(number) }
            return .string(scalar.string)
        case .mapping(let mapping):
            var members: [(key: String, value: JSONValue)] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else {
                    throw DocumentError(message: "line \(key.mark?.line ?? 0): a key must be a string")
                }
                members.append((key: name, value: try fromYAML(value, depth: depth + 1, budget: &budget)))
            }
            return .object(JSONObject(members))
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for item in sequence { items.append(try fromYAML(item, depth: depth + 1, budget: &budget)) }
            return .array(items)
        case .alias:
            throw DocumentError(message: "YAML aliases are not read in a document; write the value out")
        }
    }

    /// The value as a typed answer (for `TypedAnswers.json()` and `yaml()`).
    var typedAnswer: TypedAnswer {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number.description)
        case .string(let text): .text(text)
        case .array(let items): .array(items.map(\.typedAnswer))
        case .object(let object): .object(TypedAnswers(object.members.map { ($0.key, $0.value.typedAnswer) }))
        }
    }

    /// The document as pretty JSON (two spaces a level), as `switchboard form --output json` writes answers.
    public func prettyJSON() -> String {
        typedAnswer.prettyJSON(indent: "")
    }

    /// The document as YAML block text (strings quoted JSON-style), as `--output yaml` writes answers.
    public func yamlDocument() -> String {
        if case .object(let object) = self, !object.members.isEmpty {
            return TypedAnswers(object.members.map { ($0.key, $0.value.typedAnswer) }).yaml()
        }
        return description + "\n"
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
