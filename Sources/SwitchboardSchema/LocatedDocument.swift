// SPDX-License-Identifier: Apache-2.0

/// A document read from text that remembers where its values stand, so that each failure can name its
/// `LINE:COLUMN` (`SchemaFailure.location`).
///
/// Where a failure is placed:
/// - a failing value: where the value starts (a block scalar: its `|` or `>` indicator);
/// - a missing required property: the mapping that lacks it (a block mapping starts at its first key);
/// - a property that should not be there (`additionalProperties`, `unevaluatedProperties`, `propertyNames`): its key;
/// - a value reached through a YAML alias (or a merge key's alias): the alias, with the anchored value's place in
///   `SourceLocation.anchored` (and in `SchemaFailure.locatedMessage`).
///
/// ```swift
/// let schema = try JSONSchema(json: #"{"properties": {"port": {"minimum": 1024}}}"#)
/// for failure in try LocatedDocument.yaml("name: app\nport: 80\n").validate(with: schema) {
///     print("c.yaml:\(failure.location!): \(failure)")   // c.yaml:2:7: /port: must be at least 1024
/// }
/// ```
public struct LocatedDocument: Sendable {
    /// The document's value.
    public let value: JSONValue
    /// The document's place in its file: 0 for the first (a YAML file may hold several, each after `---`).
    public let index: Int
    private let source: Source

    private enum Source: Sendable {
        case yaml(YAMLNode?)
        /// JSON text (looked at again only to place failures), and the line of the file it starts on.
        case json(ArraySlice<UInt8>, firstLine: Int)
    }

    /// The one document of a YAML text (see `YAMLReader`).
    public static func yaml(_ text: String) throws(DocumentError) -> LocatedDocument {
        let root = try YAMLReader.document(text)
        return LocatedDocument(value: try JSONValue(yaml: root), index: 0, source: .yaml(root))
    }

    /// Every document of a YAML text, in order: each read, or refused with its problem at its place. Reading stops
    /// at YAML that cannot be parsed (nothing after it can be read), which is the last entry.
    public static func yamlDocuments(_ text: String) -> [Result<LocatedDocument, DocumentError>] {
        var composer = YAMLComposer(text: text, aliasLimit: YAMLReader.defaultAliasLimit)
        var documents: [Result<LocatedDocument, DocumentError>] = []
        while true {
            do {
                guard let root = try composer.nextDocument() else { return documents }
                let index = documents.count
                do {
                    documents.append(.success(LocatedDocument(value: try JSONValue(yaml: root), index: index,
                                                              source: .yaml(root))))
                } catch {
                    documents.append(.failure(error))
                }
            } catch {
                documents.append(.failure(error))
                return documents
            }
        }
    }

    /// A JSON document, or a YAML one when it does not start with `{` or `[` (or `yaml` is true), with its places.
    /// Text that starts with `{` or `[` but is not JSON is read as YAML's flow style (`{port: 22}`) when it is that
    /// (a document on standard input has no name to say which it is); else JSON's problem is reported.
    public static func document(_ text: String, yaml: Bool = false) throws(DocumentError) -> LocatedDocument {
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        guard !yaml && (first == "{" || first == "[") else { return try Self.yaml(text) }
        let bytes = ArraySlice(text.utf8)
        do {
            return try json(bytes)
        } catch {
            // YAML's flow style starts so too (`{port: 22}`): read as YAML when it is that, else JSON's problem.
            if let document = try? Self.yaml(text) { return document }
            throw DocumentError("not valid JSON: \(error.message)", at: YAMLMark(line: error.line, column: error.column, index: 0))
        }
    }

    /// A JSON document in `bytes` (a file, or one line of a JSON Lines file starting on `line`).
    public static func json(_ bytes: ArraySlice<UInt8>, line: Int = 1) throws(JSONParseError) -> LocatedDocument {
        LocatedDocument(value: try JSONValue.parse(bytes: bytes), index: 0, source: .json(bytes, firstLine: line))
    }

    /// A value already parsed from `bytes` (a JSON document starting on `line`), placed when asked.
    public init(value: JSONValue, json bytes: ArraySlice<UInt8>, line: Int = 1) {
        self.init(value: value, index: 0, source: .json(bytes, firstLine: line))
    }

    private init(value: JSONValue, index: Int, source: Source) {
        self.value = value
        self.index = index
        self.source = source
    }

    /// The failures of the document against `schema`, each with its location.
    public func validate(with schema: JSONSchema) -> [SchemaFailure] {
        schema.isValid(value) ? [] : locate(schema.validate(value))
    }

    /// The failures with their locations.
    public func locate(_ failures: [SchemaFailure]) -> [SchemaFailure] {
        failures.map { failure in
            var located = failure
            located.location = location(of: failure.pointer, atKey: failure.pointsAtKey)
            return located
        }
    }

    /// Where the value at `pointer` starts (its key's place when `atKey`); nil when the pointer is not a JSON
    /// pointer. A pointer past what the document holds gets the deepest value found on the way.
    public func location(of pointer: String, atKey: Bool = false) -> SourceLocation? {
        guard let tokens = JSONPointer.tokens(pointer) else { return nil }
        switch source {
        case .json(let bytes, let firstLine):
            let offset = JSONLocator.offset(in: bytes, tokens: tokens, atKey: atKey)
            return JSONLocator.place(of: offset, in: bytes, firstLine: firstLine)
        case .yaml(let root):
            guard let root else { return SourceLocation(line: 1, column: 1) }
            return Self.place(in: root, tokens: tokens, atKey: atKey)
        }
    }

    /// Walks the YAML tree by the pointer's tokens (merge keys' mappings after the written keys, the earlier
    /// first); the first alias on the way is where a value under it is placed.
    private static func place(in root: YAMLNode, tokens: [String], atKey: Bool) -> SourceLocation {
        var node = root
        var alias: YAMLMark?
        var target: YAMLNode?
        for (position, token) in tokens.enumerated() {
            if alias == nil, node.anchorMark != nil { alias = node.start }
            if let pairs = node.mapping {
                guard let (pair, through) = member(token, of: pairs) else { break }
                if alias == nil { alias = through }
                if atKey && position == tokens.count - 1 {
                    target = pair.key
                    break
                }
                node = pair.value
            } else if let items = node.sequence {
                guard let wanted = Int(token), items.indices.contains(wanted) else { break }
                node = items[wanted]
            } else {
                break
            }
        }
        let found = target ?? node
        if alias == nil, found.anchorMark != nil {
            return SourceLocation(line: found.start.line, column: found.start.column, anchored: found.anchorMark)
        }
        guard let alias else { return SourceLocation(line: found.start.line, column: found.start.column) }
        return SourceLocation(line: alias.line, column: alias.column, anchored: found.anchorMark ?? found.start)
    }

    /// The pair named `name`: written in the mapping, else in a merge key's mappings (the earlier first), with the
    /// merge's alias when it came through one.
    private static func member(_ name: String, of pairs: [YAMLPair]) -> (YAMLPair, YAMLMark?)? {
        if let pair = pairs.last(where: { !$0.key.isMergeKey && $0.key.scalar == name }) { return (pair, nil) }
        for merge in pairs where merge.key.isMergeKey {
            for source in merge.value.sequence ?? [merge.value] {
                if let pair = source.mapping?.first(where: { $0.key.scalar == name }) {
                    return (pair, source.anchorMark == nil ? nil : source.start)
                }
            }
        }
        return nil
    }
}
