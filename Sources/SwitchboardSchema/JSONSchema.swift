// SPDX-License-Identifier: Apache-2.0
/// A JSON Schema (drafts 2020-12, 2019-09, 7, 6 and 4, chosen by `$schema`), compiled once for fast validation:
/// references resolved, regexes compiled, enums hashed.
///
/// ```swift
/// let schema = try JSONSchema(json: """
///     {"type": "object", "required": ["interval"],
///      "properties": {"interval": {"enum": ["daily", "weekly", "monthly"]}}}
///     """)
/// let failures = schema.validate(try JSONValue.parse(#"{"interval": "hourly"}"#))
/// failures.map(\.description)   // ["/interval: must be one of daily, weekly, monthly"]
/// schema.isValid(try JSONValue.parse(#"{"interval": "daily"}"#))   // true
/// ```
///
/// A schema that cannot be used is refused when it loads, with a `SchemaError` naming the place: a keyword with a
/// wrong value, a reference that cannot be resolved (an `http(s)` one: there is no network), a regex PCRE2 cannot
/// compile, a draft 3 keyword, a reference loop that never moves into the instance.
/// - note: A `JSONSchema` is immutable once loaded; validate with it from any number of threads at once.
public final class JSONSchema: Sendable {
    /// How a schema is loaded.
    public struct Options: Sendable {
        /// How references to other documents are read (default: files on disk; `http(s)` refused).
        public var resolver: SchemaResolver
        /// The draft of a schema without `$schema`.
        public var defaultDraft: SchemaDraft
        /// Whether `format` is asserted for the formats the rules implement (date, time, date-time, duration,
        /// ipv4, ipv6, hostname, uuid, uri, uri-reference); other formats are annotations either way. Drafts
        /// 2019-09 and 2020-12 make `format` an annotation unless asked: pass false for that reading.
        public var assertsFormat: Bool

        /// Options for loading a schema; the defaults read references from files and assert the formats.
        ///
        /// ```swift
        /// let schema = try JSONSchema(contentsOf: "old.schema.json", options: .init(defaultDraft: .draft7))
        /// ```
        public init(resolver: SchemaResolver = .files, defaultDraft: SchemaDraft = .draft2020_12,
                    assertsFormat: Bool = true) {
            self.resolver = resolver
            self.defaultDraft = defaultDraft
            self.assertsFormat = assertsFormat
        }
    }

    /// The draft of the schema's root (from its `$schema`, else the default).
    public let draft: SchemaDraft
    let root: SchemaNode
    /// Every compiled node: their owner (references and anchors link to them without owning them).
    private let nodes: [SchemaNode]
    /// Whether any schema has `$dynamicRef` or `$recursiveRef` (only then is the dynamic scope kept while
    /// validating).
    let usesDynamicScope: Bool
    /// The flat form `isValid(tape:)` walks (nil when the schema uses the dynamic scope: no tapes then).
    let tapeProgram: TapeProgram?

    /// Loads the schema in the file at `path` (JSON); relative references are read from beside it.
    ///
    /// ```swift
    /// let schema = try JSONSchema(contentsOf: "dependabot-2.0.json")
    /// ```
    public convenience init(contentsOf path: String, options: Options = Options()) throws(SchemaError) {
        let bytes = try readFileBytes(path)
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: bytes)
        } catch {
            throw SchemaError(location: path, message: "is not valid JSON: \(error)")
        }
        try self.init(value, uri: SwitchboardSchema.fileURI(forPath: path), options: options)
    }

    /// Loads a schema from JSON text (relative file references are read from the working directory).
    public convenience init(json: String, options: Options = Options()) throws(SchemaError) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(json)
        } catch {
            throw SchemaError(location: "", message: "the schema is not valid JSON: \(error)")
        }
        try self.init(value, options: options)
    }

    /// Loads a schema from a parsed document (for example one read from YAML). `uri` is the schema's own URI,
    /// against which relative references resolve (default: a file in the working directory).
    public init(_ document: JSONValue, uri: String? = nil, options: Options = Options()) throws(SchemaError) {
        var index = SchemaIndex(resolver: options.resolver)
        let base = uri ?? SwitchboardSchema.fileURI(forPath: "schema.json")
        let location = try index.add(document, uri: base, name: "", defaultDraft: options.defaultDraft)
        draft = index.info(at: location)?.draft ?? options.defaultDraft
        var compiler = SchemaCompiler(index: index, assertsFormat: options.assertsFormat,
                                      defaultDraft: options.defaultDraft)
        (root, nodes) = try compiler.compileAll(location)
        usesDynamicScope = nodes.contains { $0.usesDynamicScope }
        tapeProgram = usesDynamicScope ? nil : TapeProgramBuilder.program(root)
    }

    /// The `file:` URI of a path (relative paths against the working directory): the `uri` to give
    /// `init(_:uri:options:)` for a schema read from that file by other means (such as YAML).
    ///
    /// ```swift
    /// JSONSchema.fileURI(forPath: "/etc/app/schema.json")   // "file:///etc/app/schema.json"
    /// ```
    public static func fileURI(forPath path: String) -> String { SwitchboardSchema.fileURI(forPath: path) }

    /// Every way `instance` fails the schema, in document order (empty: valid). Each names the instance location
    /// as a JSON pointer and says what is wrong. A failure found more than once (the same subschema applied again
    /// through `allOf` or `$ref`) is listed once. At most `maximumFailures` are collected; when there were more,
    /// the last entry says so (keyword `maximumFailures`).
    ///
    /// ```swift
    /// schema.validate(try JSONValue.parse(#"{"interval": 3}"#)).first?.description
    /// // "/interval: must be one of daily, weekly, monthly"
    /// ```
    public func validate(_ instance: JSONValue) -> [SchemaFailure] {
        var evaluation = SchemaEvaluation(collecting: true, tracksScope: usesDynamicScope)
        var none: Evaluated? = nil
        _ = evaluation.validate(root, instance, &none)
        var seen = Set<FailureKey>()
        var failures = evaluation.failures.filter {
            seen.insert(FailureKey(pointer: $0.pointer, message: $0.message, keyword: $0.keyword)).inserted
        }
        if evaluation.stoppedRecording {
            failures.append(SchemaFailure(pointer: "", message: "has more failures: validation stopped recording "
                                            + "them after \(Self.maximumFailures) (those above are the first, "
                                            + "without repeats)", keyword: "maximumFailures"))
        }
        return failures
    }

    /// How many failures `validate` collects before it stops (the document is invalid all the same); the list
    /// then ends with a failure of keyword `maximumFailures` saying so.
    ///
    /// ```swift
    /// let failures = schema.validate(document)
    /// if failures.last?.keyword == "maximumFailures" { print("the first \(JSONSchema.maximumFailures) failures") }
    /// ```
    public static let maximumFailures = SchemaEvaluation.maximumFailures

    private struct FailureKey: Hashable {
        var pointer: String
        var message: String
        var keyword: String
    }

    /// Whether `instance` passes (faster than `validate` when the failures are not needed: it stops at the first).
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluation = SchemaEvaluation(collecting: false, tracksScope: usesDynamicScope)
        var none: Evaluated? = nil
        return evaluation.validate(root, instance, &none)
    }
}
