// SPDX-License-Identifier: Apache-2.0
/// The documents a schema reads (the schema and the files it refers to) and where each schema resource,
/// anchor and subschema is: what `$ref` resolution looks things up in.
struct SchemaIndex {
    /// A place in one of the documents.
    struct Location: Hashable {
        var document: Int
        /// A JSON pointer (escaped) from the document's root.
        var pointer: String
    }

    /// What holds at a subschema: its base URI, draft, and whether it starts a resource.
    struct Info {
        var base: String
        var draft: SchemaDraft
        var startsResource: Bool
        /// Whether the validation vocabulary is on (a custom metaschema can turn it off).
        var validation: Bool
    }

    private(set) var documents: [JSONValue] = []
    /// How each document is named in messages: "" for the root schema, its URI for the others.
    private(set) var names: [String] = []
    private(set) var info: [Location: Info] = [:]
    private(set) var resources: [String: Location] = [:]
    private(set) var anchors: [String: Location] = [:]
    /// `$dynamicAnchor`s by resource URI.
    private(set) var dynamicAnchors: [String: [String: Location]] = [:]
    let resolver: SchemaResolver

    init(resolver: SchemaResolver) { self.resolver = resolver }

    /// How a location is shown: `#/properties/a` in the root schema, `uri#/...` in another document.
    func display(_ location: Location) -> String { names[location.document] + "#" + location.pointer }

    /// The value at a location.
    func value(at location: Location) -> JSONValue? {
        guard let tokens = JSONPointer.tokens(location.pointer) else { return nil }
        return JSONPointer.walk(documents[location.document], tokens)
    }

    /// The information of a location, or of its nearest indexed ancestor (a reference may point inside a keyword
    /// the index does not walk).
    func info(at location: Location) -> Info? {
        var pointer = location.pointer
        while true {
            if let found = info[Location(document: location.document, pointer: pointer)] {
                if pointer == location.pointer { return found }
                var inherited = found
                inherited.startsResource = false
                return inherited
            }
            guard let slash = pointer.lastIndex(of: "/") else { return nil }
            pointer = String(pointer[..<slash])
        }
    }

    /// Adds a document retrieved from `uri`, and indexes it.
    @discardableResult
    mutating func add(_ document: JSONValue, uri: String, name: String, defaultDraft: SchemaDraft)
        throws(SchemaError) -> Location
    {
        let location = Location(document: documents.count, pointer: "")
        documents.append(document)
        names.append(name)
        let base = URIReference.withoutFragment(uri).uri
        resources[base] = location
        try index(document, at: location, base: base, draft: defaultDraft, validation: true, isRoot: true)
        return location
    }

    /// Finds the document `uri` (no fragment): one already read, or one the resolver loads.
    mutating func resource(_ uri: String, defaultDraft: SchemaDraft) throws(SchemaError) -> Location? {
        if let found = resources[uri] { return found }
        let text = builtInMetaschemas[uri]
            ?? builtInMetaschemas[uri.replacing("https://json-schema.org/", with: "http://json-schema.org/")]
            ?? builtInMetaschemas[uri.replacing("http://json-schema.org/", with: "https://json-schema.org/")]
        if let text, let document = try? JSONValue.parse(text) {
            return try add(document, uri: uri, name: uri, defaultDraft: defaultDraft)
        }
        guard let document = try resolver.load(uri) else { return nil }
        return try add(document, uri: uri, name: uri, defaultDraft: defaultDraft)
    }

    private mutating func index(_ value: JSONValue, at location: Location, base: String, draft: SchemaDraft,
                                validation: Bool, isRoot: Bool) throws(SchemaError) {
        guard case .object(let object) = value else {
            if case .bool = value {
                info[location] = Info(base: base, draft: draft, startsResource: isRoot, validation: validation)
            }
            return
        }
        var base = base, draft = draft, validation = validation, startsResource = isRoot
        let idValue = object[draft.idKeyword] ?? (draft == .draft4 ? nil : nil)
        // $schema: at a document root or beside an $id.
        if case .string(let metaschema)? = object["$schema"], isRoot || idValue != nil {
            (draft, validation) = try dialect(metaschema, at: location, current: draft)
        }
        let idKeyword = draft.idKeyword
        if case .string(let id)? = object[idKeyword], !(draft.refOverridesSiblings && object["$ref"] != nil) {
            if draft <= .draft7 && id.hasPrefix("#") {
                anchors[base + id] = location
            } else {
                let resolved = URIReference.resolve(id, against: base)
                let (uri, fragment) = URIReference.withoutFragment(resolved)
                if draft >= .draft2019_09, let fragment, !fragment.isEmpty {
                    throw SchemaError(location: display(location) + "/" + idKeyword,
                                      message: "\(idKeyword) must not have a fragment in draft \(draft.rawValue); "
                                        + "name the place with $anchor instead")
                }
                base = uri
                resources[uri] = location
                startsResource = true
                if let fragment, !fragment.isEmpty, !fragment.hasPrefix("/") { anchors[uri + "#" + fragment] = location }
            }
        }
        if draft >= .draft2019_09, case .string(let anchor)? = object["$anchor"] {
            anchors[base + "#" + anchor] = location
        }
        if draft >= .draft2020_12, case .string(let anchor)? = object["$dynamicAnchor"] {
            anchors[base + "#" + anchor] = location
            dynamicAnchors[base, default: [:]][anchor] = location
        }
        info[location] = Info(base: base, draft: draft, startsResource: startsResource, validation: validation)
        for (keyword, shape, bit) in subschemaKeywords(draft) {
            guard let child = object.value(for: keyword, bit: bit) else { continue }
            let at = location.pointer + "/" + JSONPointer.escape(keyword)
            switch (shape, child) {
            case (.single, _), (.singleOrArray, .object), (.singleOrArray, .bool):
                try index(child, at: Location(document: location.document, pointer: at), base: base, draft: draft,
                          validation: validation, isRoot: false)
            case (.array, .array(let items)), (.singleOrArray, .array(let items)):
                for (i, item) in items.enumerated() {
                    try index(item, at: Location(document: location.document, pointer: at + "/\(i)"), base: base,
                              draft: draft, validation: validation, isRoot: false)
                }
            case (.map, .object(let members)):
                for member in members.members {
                    try index(member.value,
                              at: Location(document: location.document, pointer: at + "/" + JSONPointer.escape(member.key)),
                              base: base, draft: draft, validation: validation, isRoot: false)
                }
            default:
                continue
            }
        }
    }

    /// The draft and validation vocabulary a `$schema` names: a known draft, or a custom metaschema read through the
    /// resolver whose `$vocabulary` says which vocabularies are on.
    private mutating func dialect(_ metaschema: String, at location: Location, current: SchemaDraft)
        throws(SchemaError) -> (SchemaDraft, Bool)
    {
        if let known = SchemaDraft(metaschema: metaschema) { return (known, true) }
        let shown = display(location) + "/$schema"
        if let older = SchemaDraft.olderDraft(metaschema: metaschema) {
            throw SchemaError(location: shown, message: "\(metaschema) is draft \(older), which is not supported: give "
                                + "one of drafts 4, 6, 7, 2019-09 and 2020-12 (draft 4 is draft 3's successor: "
                                + "extends becomes allOf, divisibleBy multipleOf, disallow not, and required an array)")
        }
        let uri = URIReference.withoutFragment(metaschema).uri
        let loaded: JSONValue?
        do {
            loaded = try resolver.load(uri)
        } catch {
            throw SchemaError(location: shown, message: "unknown metaschema \(metaschema) (\(error.message)); give one of "
                                + SchemaDraft.allCases.map(\.metaschema).joined(separator: ", "))
        }
        guard let loaded, case .string(let parent)? = loaded["$schema"], let draft = SchemaDraft(metaschema: parent),
              draft >= .draft2019_09, case .object(let vocabularies)? = loaded["$vocabulary"] else {
            throw SchemaError(location: shown, message: "unknown metaschema \(metaschema); give one of "
                                + SchemaDraft.allCases.map(\.metaschema).joined(separator: ", "))
        }
        var validation = false
        for member in vocabularies.members {
            if member.key.hasSuffix("/vocab/validation") { validation = true }
            if !knownVocabularies.contains(member.key), member.value == .bool(true) {
                throw SchemaError(location: shown, message: "the metaschema requires the vocabulary \(member.key), "
                                    + "which is not supported")
            }
        }
        return (draft, validation)
    }
}

/// How a keyword holds subschemas.
enum SubschemaShape { case single, array, singleOrArray, map }

/// The keywords holding subschemas in `draft`, with their key filter bits (`KeyFilter.bit`: looked up at every
/// subschema, the bits were computed 16 times a subschema).
func subschemaKeywords(_ draft: SchemaDraft) -> [(String, SubschemaShape, UInt64?)] {
    switch draft {
    case .draft4: subschemaKeywordsByDraft.draft4
    case .draft6: subschemaKeywordsByDraft.draft6
    case .draft7: subschemaKeywordsByDraft.draft7
    case .draft2019_09: subschemaKeywordsByDraft.draft2019_09
    case .draft2020_12: subschemaKeywordsByDraft.draft2020_12
    }
}

/// `subschemaKeywords` of each draft, listed once (the index asks for them at every subschema).
private let subschemaKeywordsByDraft = (draft4: listSubschemaKeywords(.draft4), draft6: listSubschemaKeywords(.draft6),
                                        draft7: listSubschemaKeywords(.draft7),
                                        draft2019_09: listSubschemaKeywords(.draft2019_09),
                                        draft2020_12: listSubschemaKeywords(.draft2020_12))

private func listSubschemaKeywords(_ draft: SchemaDraft) -> [(String, SubschemaShape, UInt64?)] {
    var keywords: [(String, SubschemaShape)] = [
        ("properties", .map), ("patternProperties", .map), ("additionalProperties", .single), ("not", .single),
        ("allOf", .array), ("anyOf", .array), ("oneOf", .array), ("definitions", .map),
    ]
    if draft <= .draft2019_09 {
        keywords += [("items", .singleOrArray), ("additionalItems", .single)]
    } else {
        keywords += [("items", .single), ("prefixItems", .array)]
    }
    if draft <= .draft7 { keywords.append(("dependencies", .map)) }
    if draft >= .draft6 { keywords += [("contains", .single), ("propertyNames", .single)] }
    if draft >= .draft7 { keywords += [("if", .single), ("then", .single), ("else", .single)] }
    if draft >= .draft2019_09 {
        keywords += [("$defs", .map), ("dependentSchemas", .map), ("unevaluatedItems", .single),
                     ("unevaluatedProperties", .single)]
    }
    return keywords.map { ($0.0, $0.1, KeyFilter.bit($0.0)) }
}
