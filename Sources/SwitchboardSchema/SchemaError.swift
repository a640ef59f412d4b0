// SPDX-License-Identifier: Apache-2.0
/// Why a schema could not be loaded: what was wrong and where (the schema's location as `file#/json/pointer`),
/// with what would be right.
///
/// ```swift
/// do { _ = try JSONSchema(json: #"{"minLength": "3"}"#) } catch { print(error) }
/// // #/minLength: must be a non-negative integer, got "3"
/// ```
public struct SchemaError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Where in the schema: `#/properties/name/minLength`, or `other.json#/$defs/a` for a referenced file.
    public var location: String
    /// What was wrong.
    public var message: String

    /// A load error at `location` (a schema location such as `#/properties/name`).
    ///
    /// ```swift
    /// throw SchemaError(location: "#/properties/port", message: "minimum must be a number")
    /// ```
    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

/// One way an instance fails its schema: where (a JSON pointer into the instance, `""` for the whole document)
/// and what is wrong, in the rules' words.
///
/// ```swift
/// let failure = schema.validate(try JSONValue.parse(#"{"interval": "hourly"}"#)).first!
/// failure.pointer       // "/interval"
/// failure.message       // "must be one of daily, weekly, monthly"
/// failure.description   // "/interval: must be one of daily, weekly, monthly"
/// ```
public struct SchemaFailure: Sendable, Equatable, CustomStringConvertible {
    /// The instance location as a JSON pointer (RFC 6901): `""` is the whole document, `/updates/0/interval` a
    /// member of an item.
    public var pointer: String
    /// What is wrong: `must be one of daily, weekly, monthly`.
    public var message: String
    /// The keyword that failed (`enum`, `required`, `pattern`...).
    public var keyword: String
    /// Whether the value could not be judged (a regex that hit its match limit, a schema recursing without end):
    /// a failure all the same, never a pass.
    public var isUndecided: Bool
    /// Where the failing value stands in the document's text, when the document was read from text with its places
    /// (`LocatedDocument`); nil for a value built in memory or parsed without them.
    public var location: SourceLocation?

    /// A failure at the instance location `pointer`, in the words of `keyword`'s check.
    ///
    /// ```swift
    /// SchemaFailure(pointer: "/port", message: "must be at most 65535", keyword: "maximum").description
    /// // "/port: must be at most 65535"
    /// ```
    public init(pointer: String, message: String, keyword: String, isUndecided: Bool = false) {
        self.pointer = pointer
        self.message = message
        self.keyword = keyword
        self.isUndecided = isUndecided
    }

    /// `/pointer: message`, with `(root)` for the whole document.
    public var description: String { "\(pointer.isEmpty ? "(root)" : pointer): \(message)" }
}
