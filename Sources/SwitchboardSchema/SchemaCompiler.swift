// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// Turns schema documents into a tree of `SchemaNode`s once: references resolved, regexes compiled, enums hashed.
/// Nodes are memoized by location, so a recursive schema becomes a graph with cycles through its references.
struct SchemaCompiler {
    typealias Location = SchemaIndex.Location

    var index: SchemaIndex
    let assertsFormat: Bool
    let defaultDraft: SchemaDraft
    private var nodes: [Location: SchemaNode] = [:]
    private var resources: [String: SchemaResource] = [:]
    /// What is compiled after the tree that needs it (so compiling never recurses along reference chains,
    /// however long).
    private enum Work {
        case reference(ReferenceTarget, base: String, draft: SchemaDraft, from: String)
        case dynamicAnchor(SchemaResource, name: String, Location)
    }
    private var pending: [Work] = []
    private var regexes: [String: PCRERegex] = [:]
    /// Each reference resolved, by its text, base and draft: a schema refers to a few definitions from many
    /// places, and resolving one (its URI against the base, the pointer walked) cost tens of thousands of
    /// instructions each time.
    private var resolvedReferences: [String: Location] = [:]

    init(index: SchemaIndex, assertsFormat: Bool, defaultDraft: SchemaDraft) {
        self.index = index
        self.assertsFormat = assertsFormat
        self.defaultDraft = defaultDraft
    }

    /// Compiles the schema at `location` and everything it refers to.
    /// Compiles the schema at `location` and everything it refers to: the root, and every node (their owner).
    mutating func compileAll(_ location: Location) throws(SchemaError) -> (root: SchemaNode, nodes: [SchemaNode]) {
        let root = try compile(location)
        while let work = pending.popLast() {
            switch work {
            case .reference(let target, let base, let draft, let from):
                let found = try resolveTarget(target.reference, base: base, draft: draft, from: from)
                target.node = try compile(found.location, value: found.value)
            case .dynamicAnchor(let resource, let name, let location):
                resource.dynamicAnchors[name] = NodeLink(try compile(location))
            }
        }
        try SchemaCycles.check(root)
        let all = Array(nodes.values)
        SchemaTypes.resolve(all)
        return (root, all)
    }

    /// `known`: the schema's value when the caller has it (a keyword's member): walking the pointer from the
    /// document's root again for each of an object's 2,000 properties made loading quadratic.
    mutating func compile(_ location: Location, value known: JSONValue? = nil) throws(SchemaError) -> SchemaNode {
        if let node = nodes[location] { return node }
        guard let value = known ?? index.value(at: location) else {
            throw SchemaError(location: index.display(location), message: "there is no schema here")
        }
        let info = index.info(at: location)
            ?? SchemaIndex.Info(base: "", draft: defaultDraft, startsResource: false, validation: true)
        let resource = resource(info.base)
        if !resource.anchorsQueued {
            resource.anchorsQueued = true
            for (name, anchorLocation) in index.dynamicAnchors[info.base] ?? [:] {
                pending.append(.dynamicAnchor(resource, name: name, anchorLocation))
            }
        }
        // The node is made once its keywords are compiled, so that it is immutable from the start. Its children
        // are other locations (a tree); only references lead back up, and they are linked later (`pending`).
        var checks: [SchemaCheck] = []
        var collectsAnnotations = false
        let shown = index.display(location)
        switch value {
        case .bool(true): break
        case .bool(false): checks = [.never]
        case .object(let object):
            (checks, collectsAnnotations) = try compileKeywords(object, at: location, shown: shown, info: info)
        default:
            throw SchemaError(location: shown, message: "a schema must be an object or a boolean, got \(value.typeName)")
        }
        let node = SchemaNode(location: shown, checks: checks, resource: resource,
                              startsResource: info.startsResource, collectsAnnotations: collectsAnnotations)
        nodes[location] = node
        if info.startsResource {
            if resource.root == nil { resource.root = NodeLink(node) }
            if case .bool(true)? = value["$recursiveAnchor"], info.draft == .draft2019_09, resource.root?.node === node {
                resource.recursiveAnchor = true
            }
        }
        return node
    }

    private mutating func resource(_ uri: String) -> SchemaResource {
        if let found = resources[uri] { return found }
        let made = SchemaResource(uri: uri)
        resources[uri] = made
        return made
    }

    /// A reference resolved against `base`: the location of its target (the document may be loaded now).
    mutating func resolve(_ reference: String, base: String, draft: SchemaDraft, from: String)
        throws(SchemaError) -> Location
    {
        try resolveTarget(reference, base: base, draft: draft, from: from).location
    }

    /// `resolve`, with the target's value when this call found it (the first time: compiling it then does not walk
    /// the pointer again).
    private mutating func resolveTarget(_ reference: String, base: String, draft: SchemaDraft, from: String)
        throws(SchemaError) -> (location: Location, value: JSONValue?)
    {
        let key = draft.rawValue + " " + base + " " + reference
        if let known = resolvedReferences[key] { return (known, nil) }
        let found = try resolveAnew(reference, base: base, draft: draft, from: from)
        resolvedReferences[key] = found.location
        return found
    }

    private mutating func resolveAnew(_ reference: String, base: String, draft: SchemaDraft, from: String)
        throws(SchemaError) -> (location: Location, value: JSONValue?)
    {
        let absolute = URIReference.resolve(reference, against: base)
        let (uri, rawFragment) = URIReference.withoutFragment(absolute)
        let fragment = URIReference.percentDecoded(rawFragment ?? "")
        let root: Location?
        do {
            root = try index.resource(uri, defaultDraft: draft)
        } catch {
            throw SchemaError(location: from, message: "cannot resolve \(reference): \(error.description)")
        }
        guard let root else {
            throw SchemaError(location: from, message: "cannot resolve \(reference): no schema has the URI \(uri)")
        }
        if fragment.isEmpty { return (root, nil) }
        if fragment.hasPrefix("/") {
            let target = Location(document: root.document, pointer: root.pointer + fragment)
            guard let value = index.value(at: target) else {
                throw SchemaError(location: from, message: "cannot resolve \(reference): nothing at #\(fragment)")
            }
            return (target, value)
        }
        guard let anchored = index.anchors[uri + "#" + fragment] else {
            throw SchemaError(location: from, message: "cannot resolve \(reference): no anchor \"\(fragment)\" in \(uri)")
        }
        return (anchored, nil)
    }

    /// A reference check whose target is compiled later.
    mutating func reference(_ text: String, base: String, draft: SchemaDraft, from: String,
                            anchor: String? = nil) -> ReferenceTarget {
        let target = ReferenceTarget(text, anchor: anchor)
        pending.append(.reference(target, base: base, draft: draft, from: from))
        return target
    }

    /// A compiled regex for `pattern` (ECMA-262 meaning), shared by every schema using the same pattern.
    /// `location` is made only for an error (most patterns compile).
    mutating func regex(_ pattern: String, at location: @autoclosure () -> String) throws(SchemaError) -> PCRERegex {
        if let found = regexes[pattern] { return found }
        do {
            let compiled = try PCRERegex(ecmaPattern: pattern)
            regexes[pattern] = compiled
            return compiled
        } catch {
            throw SchemaError(location: location(), message: "the pattern \(displayQuoted(pattern, limit: 60)) is not a "
                                + "valid regular expression: \(error.message) (at column \(error.column) of its "
                                + "PCRE2 translation)")
        }
    }
}
