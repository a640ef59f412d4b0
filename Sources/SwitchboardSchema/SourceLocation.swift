// SPDX-License-Identifier: Apache-2.0

/// Where a failure stands in the text of its document: a 1-based line and column, as editors and terminals make
/// `FILE:LINE:COLUMN` clickable. A column counts Unicode scalars (characters of most text: `é` is one column, a
/// tab one), not bytes, on every line whatever precedes the value.
///
/// ```swift
/// let document = try LocatedDocument.yaml("name: app\nport: 80\n")
/// let failure = document.validate(with: try JSONSchema(json: #"{"properties": {"port": {"minimum": 1024}}}"#))[0]
/// failure.location   // 2:7
/// ```
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// For a value reached through a YAML alias (`*name`), where the anchored value itself is written; the
    /// location is then the alias's.
    public var anchored: YAMLMark?

    public init(line: Int, column: Int, anchored: YAMLMark? = nil) {
        self.line = line
        self.column = column
        self.anchored = anchored
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

extension SchemaFailure {
    /// The failure's message, and for a value reached through an alias where the anchored value is written.
    ///
    /// ```swift
    /// failure.locatedMessage   // "must be a string (through an alias: the value is written at line 2, column 11)"
    /// ```
    public var locatedMessage: String {
        guard let anchored = location?.anchored else { return message }
        return message + " (through an alias: the value is written at line \(anchored.line), column \(anchored.column))"
    }

    /// Whether the failure is about a property the object should not have, which is located at its key.
    var pointsAtKey: Bool {
        keyword == "additionalProperties" || keyword == "unevaluatedProperties" || keyword == "propertyNames"
    }
}
