// SPDX-License-Identifier: Apache-2.0
/// A JSON Schema draft: which keywords a schema has and what they mean. Chosen by the schema's `$schema`;
/// 2020-12 when it has none.
///
/// ```swift
/// SchemaDraft(metaschema: "http://json-schema.org/draft-07/schema#")   // .draft7
/// ```
public enum SchemaDraft: String, Sendable, CaseIterable, Comparable {
    /// Draft 4 (`http://json-schema.org/draft-04/schema#`): `id`, boolean `exclusiveMinimum`/`exclusiveMaximum`.
    case draft4 = "4"
    /// Draft 6 (`http://json-schema.org/draft-06/schema#`): `$id`, `const`, `contains`, `propertyNames`.
    case draft6 = "6"
    /// Draft 7 (`http://json-schema.org/draft-07/schema#`): `if`/`then`/`else`.
    case draft7 = "7"
    /// Draft 2019-09: `$defs`, `$anchor`, `$recursiveRef`, `unevaluatedProperties`, `dependentRequired`.
    case draft2019_09 = "2019-09"
    /// Draft 2020-12, the default: `prefixItems`, `$dynamicRef`.
    case draft2020_12 = "2020-12"

    /// The draft's metaschema URI, as `$schema` names it.
    public var metaschema: String {
        switch self {
        case .draft4: "http://json-schema.org/draft-04/schema#"
        case .draft6: "http://json-schema.org/draft-06/schema#"
        case .draft7: "http://json-schema.org/draft-07/schema#"
        case .draft2019_09: "https://json-schema.org/draft/2019-09/schema"
        case .draft2020_12: "https://json-schema.org/draft/2020-12/schema"
        }
    }

    /// The draft a `$schema` value names (`http` or `https`, with or without the final `#`), or nil.
    public init?(metaschema uri: String) {
        var u = uri
        if u.hasSuffix("#") { u.removeLast() }
        if u.hasPrefix("https://") { u.removeFirst(8) } else if u.hasPrefix("http://") { u.removeFirst(7) } else { return nil }
        if u.hasSuffix("/") { u.removeLast() }
        switch u {
        case "json-schema.org/draft-04/schema": self = .draft4
        case "json-schema.org/draft-06/schema": self = .draft6
        case "json-schema.org/draft-07/schema": self = .draft7
        case "json-schema.org/draft/2019-09/schema": self = .draft2019_09
        case "json-schema.org/draft/2020-12/schema": self = .draft2020_12
        default: return nil
        }
    }

    /// The number of a draft older than 4 that a `$schema` value names (`http://json-schema.org/draft-03/schema#`,
    /// `draft-03`), or nil: such schemas are refused by name rather than looked for as a file.
    static func olderDraft(metaschema uri: String) -> Int? {
        var u = Substring(uri.lowercased())
        if u.hasSuffix("#") { u.removeLast() }
        if u.hasSuffix("/") { u.removeLast() }
        for prefix in ["https://json-schema.org/", "http://json-schema.org/"] where u.hasPrefix(prefix) {
            u.removeFirst(prefix.count)
            guard u.hasSuffix("/schema") || u.hasSuffix("/hyper-schema") || u.hasSuffix("/links") else { return nil }
            u = u.prefix { $0 != "/" }
        }
        for n in 0...3 where u == "draft-0\(n)" || u == "draft0\(n)" || u == "draft\(n)" { return n }
        return nil
    }

    /// The draft by name: `2020-12`, `2019-09`, `7`, `6`, `4` (also `draft7`, `draft-07`...).
    public init?(name: String) {
        var n = name.lowercased()
        if n.hasPrefix("draft") { n.removeFirst(5) }
        if n.hasPrefix("-") { n.removeFirst() }
        switch n {
        case "4", "04": self = .draft4
        case "6", "06": self = .draft6
        case "7", "07": self = .draft7
        case "2019-09", "201909": self = .draft2019_09
        case "2020-12", "202012": self = .draft2020_12
        default: return nil
        }
    }

    public static func < (a: SchemaDraft, b: SchemaDraft) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The keyword naming a schema resource: `id` in draft 4, `$id` later.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }

    /// Whether `$ref` replaces its siblings (drafts 4 to 7) rather than being one keyword among them.
    var refOverridesSiblings: Bool { self <= .draft7 }

    /// Keywords of drafts before 4, refused by name (a schema using them is not one of the drafts supported).
    static let draft3Keywords: Set<String> = ["extends", "disallow", "divisibleBy"]
}

/// The keywords of the validation vocabulary (what a custom metaschema without it turns off).
let validationVocabularyKeywords: Set<String> = [
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
    "maxProperties", "minProperties", "required", "dependentRequired",
]

/// The vocabularies this validator knows (2019-09 and 2020-12 URIs); a metaschema requiring another is refused.
let knownVocabularies: Set<String> = [
    "https://json-schema.org/draft/2020-12/vocab/core", "https://json-schema.org/draft/2020-12/vocab/applicator",
    "https://json-schema.org/draft/2020-12/vocab/unevaluated", "https://json-schema.org/draft/2020-12/vocab/validation",
    "https://json-schema.org/draft/2020-12/vocab/meta-data", "https://json-schema.org/draft/2020-12/vocab/format-annotation",
    "https://json-schema.org/draft/2020-12/vocab/format-assertion", "https://json-schema.org/draft/2020-12/vocab/content",
    "https://json-schema.org/draft/2019-09/vocab/core", "https://json-schema.org/draft/2019-09/vocab/applicator",
    "https://json-schema.org/draft/2019-09/vocab/validation", "https://json-schema.org/draft/2019-09/vocab/meta-data",
    "https://json-schema.org/draft/2019-09/vocab/format", "https://json-schema.org/draft/2019-09/vocab/content",
]
