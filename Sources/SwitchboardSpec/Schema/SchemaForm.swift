// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// A form asked from a JSON Schema: each property becomes a field, a group or a list of the one form model, written
// as a spec's tree of JSON values (handed to the spec reader as it is, never written out as text and read back, nor
// turned into YAML nodes: `SpecNode` reads either) so that
// every keyword maps to the spec key that already does its job (`type`, `rules`, `choices`, `default`,
// `min`/`max`, `group`, `repeat`). The whole document is checked by the validator on submit
// (`SchemaForm.failures`).

/// A form made from a JSON Schema, and the schema that checks its answers.
///
/// ```swift
/// let schemaForm = try SchemaForm(schema: try JSONValue.parse(text), file: "config.schema.json")
/// let form = schemaForm.makeForm()        // a Form whose submit is checked by the schema
/// let result = FormFlow(form).run(prompter: try TerminalPrompter())
/// print(schemaForm.document(of: form))    // the typed, nested JSON document
/// ```
public struct SchemaForm {
    /// The form spec the schema maps to.
    public var spec: FormSpec
    /// The schema's document.
    public let document: JSONValue
    /// The compiled schema that checks the whole answer. A form made with `init(schema:file:compiling:)` may still
    /// be compiling it on another thread: reading it waits for the compile. A schema that did not compile is the
    /// schema `false`, which refuses every document (`compiledSchema()` throws its error).
    ///
    /// ```swift
    /// let failures = schemaForm.schema.validate(document)
    /// ```
    public var schema: JSONSchema { (try? validator.wait()) ?? SchemaForm.refusingEverything }

    /// The compiled schema, once compiled (waiting for it), or why it did not compile.
    ///
    /// ```swift
    /// let form = schemaForm.makeForm()
    /// _ = try schemaForm.compiledSchema()   // before the first question
    /// ```
    public func compiledSchema() throws(SchemaError) -> JSONSchema { try validator.wait() }

    /// The schema `false`: every document fails it.
    private static let refusingEverything: JSONSchema = {
        do { return try JSONSchema(.bool(false)) } catch { preconditionFailure("the schema false compiles: \(error)") }
    }()

    /// Where the compiled schema comes from: given, or compiled on another thread.
    private let validator: SchemaCompile
    /// The `if`s the validator decides while the form is asked.
    let ifConditions: [SchemaIfCondition]

    /// Maps `document` (a JSON Schema whose root is an object schema with `properties`) to a form.
    /// - Throws: `SpecError` when the schema cannot be compiled or holds nothing to ask.
    /// `compiled`: the schema already compiled (from its file, so that relative references resolve); else it is
    /// compiled from `document`, on another thread while the questions are mapped.
    public init(schema document: JSONValue, file: String, compiled: JSONSchema? = nil) throws(SpecError) {
        let validator = compiled.map(SchemaCompile.init(done:)) ?? SchemaCompile { () throws(SchemaError) in
            try JSONSchema(document)
        }
        do {
            try self.init(schema: document, file: file, validator: validator)
            _ = try validator.wait()
        } catch let error as SpecError {
            throw error
        } catch {
            throw SpecError(problems: [SpecProblem(SpecLocation(file: file, line: 1, column: 1), "\(error)")])
        }
    }

    /// Maps `document` to a form while `compile` compiles the schema that checks its answers on another thread,
    /// without waiting for it: the form can be made (`makeForm()`) while it compiles. Call `compiledSchema()` before
    /// asking, so that a schema that does not compile is never asked (a schema of 2,000
    /// properties asks its first question in about half the time). Give `compile` the document's own URI and
    /// resolver, as `JSONSchema(_:uri:options:)` takes them, so that relative references resolve.
    ///
    /// ```swift
    /// let schemaForm = try SchemaForm(schema: document, file: path, compiling: {
    ///     try JSONSchema(document, uri: JSONSchema.fileURI(forPath: path))
    /// })
    /// let form = schemaForm.makeForm()
    /// _ = try schemaForm.compiledSchema()   // the compile's error, if any, before the first question
    /// ```
    /// - Throws: `SpecError` when the schema holds nothing to ask, unless the schema does not compile either: then
    ///   its `SchemaError` (a form is never mapped from a schema that is not valid).
    public init(schema document: JSONValue, file: String,
                compiling compile: @escaping @Sendable () throws(SchemaError) -> JSONSchema) throws {
        try self.init(schema: document, file: file, validator: SchemaCompile(compile))
    }

    /// Maps the document; the validator goes on compiling. When the mapping fails, the validator's error, if it
    /// has one, is thrown instead (the schema's own error first).
    private init(schema document: JSONValue, file: String, validator: SchemaCompile) throws {
        do {
            (spec, ifConditions) = try SchemaForm.mapped(document, file: file)
        } catch {
            _ = try validator.wait()
            throw error
        }
        self.document = document
        self.validator = validator
    }

    /// The form spec `document` maps to, and the `if`s left to the validator. `plainFields: false` reads every
    /// field through the spec reader's generic walk (a test compares the two).
    static func mapped(_ document: JSONValue, file: String, plainFields: Bool = true) throws(SpecError)
        -> (FormSpec, [SchemaIfCondition]) {
        var mapper = SchemaMapper(root: document)
        let fields = mapper.fields(of: document, depth: 0)
        let unaskable = Array(uniqued(mapper.unaskable))
        if !unaskable.isEmpty {
            let location = SpecLocation(file: file, line: 1, column: 1)
            var problems = unaskable.prefix(5).map { SpecProblem(location, $0) }
            if unaskable.count > 5 {
                problems.append(SpecProblem(location, "and \(unaskable.count - 5) more required properties that "
                                            + "cannot be asked"))
            }
            throw SpecError(problems: problems)
        }
        if fields.isEmpty {
            throw SpecError(problems: [SpecProblem(SpecLocation(file: file, line: 1, column: 1),
                "the schema has no properties to ask; expected an object schema with properties")])
        }
        var top: [(String, JSONValue)] = [("fields", .array(fields))]
        if let title = mapper.resolved(document)["title"] { top.insert(("title", title), at: 0) }
        var parser = SpecParser(file: file, text: "")
        parser.readsPlainJSONFields = plainFields
        for (text, condition) in mapper.numberConditions { parser.parsedRules[text] = (condition, nil) }
        let spec = try parser.parse(root: SpecNode(json: .object(JSONObject(top.map { (key: $0.0, value: $0.1) }))))
        return (spec, mapper.validatorConditions)
    }

    /// A new form: empty optional answers are left out, and submitting checks the whole document.
    @MainActor public func makeForm() -> Form {
        let form = spec.makeForm()
        form.leavesOutEmptyOptionalAnswers = true
        applyIfConditions(to: form)
        let validator = self.validator, document = self.document
        form.submitCheck = { [weak form] in
            guard let form else { return [] }
            let schema: JSONSchema
            do { schema = try validator.wait() } catch {
                // Never a pass: a schema that did not compile refuses every document.
                return [FieldFailure(field: "(document)", rule: "schema",
                                     message: "the schema cannot be compiled: \(error)", value: "")]
            }
            let answers = SchemaForm.typed(form.typedAnswers, document)
            return SchemaForm.repeatedEntryNames(in: form, schema: document)
                + SchemaForm.failures(schema.validate(answers), in: form, schema: document, answers: answers)
        }
        return form
    }

    /// The answers as the JSON document the schema describes (numbers where the schema says number or integer).
    @MainActor public func document(of form: Form) -> JSONValue {
        SchemaForm.typed(form.typedAnswers, document)
    }

    /// Typed answers as JSON values, following the schema's types: a choice of numbers as a number.
    static func typed(_ answers: TypedAnswers, _ schema: JSONValue) -> JSONValue {
        var mapper = SchemaMapper(root: schema)
        return mapper.value(.object(answers), schema)
    }
}

/// Walks a schema: its properties as spec fields, and answers as typed JSON values.
struct SchemaMapper {
    let root: JSONValue
    /// The `if`s decided by the validator, found while mapping.
    var validatorConditions: [SchemaIfCondition] = []
    /// What each `$ref` met so far names, by its text: a schema whose properties refer to a few of thousands of
    /// definitions walks each reference once, not once per use through every definition.
    private let targets = ReferenceTargets()
    /// The references followed to the properties being mapped now, outermost first (`#`: the document itself). A
    /// property whose reference is among them is recursive (renovate's 130 objects `{"$ref": "#"}`, each holding
    /// them all again) and is not asked: mapping it would never end.
    var expanding: [String] = ["#"]
    /// The live rules of number and integer questions, by their rule text (handed to the spec reader).
    var numberConditions: [String: Condition<String>] = [:]
    /// Whether the document is a draft 4 schema (its `integer` is written without a fraction or exponent).
    let isDraft4: Bool
    /// Why each required property that no question asks cannot be asked (see SchemaForm+Unaskable.swift).
    var unaskable: [String] = []
    /// The path of the list item being mapped (`routes.N.`), for those messages.
    var listContext = ""

    init(root: JSONValue) {
        self.root = root
        if case .string(let metaschema)? = root["$schema"] {
            isDraft4 = SchemaDraft(metaschema: metaschema) == .draft4
        } else {
            isDraft4 = false
        }
    }

    /// `$ref` to this document (`#/definitions/x`, `#/$defs/x`) followed, up to 32 times.
    func resolved(_ schema: JSONValue) -> JSONValue {
        resolving(schema).target
    }

    /// What `resolved` gives, and the references it follows to get there (none when `schema` has no `$ref`).
    func resolving(_ schema: JSONValue) -> (target: JSONValue, references: [String]) {
        var chain: [String] = []
        var current = schema
        while chain.count < 32, case .string(let ref)? = current["$ref"], ref.hasPrefix("#"),
              let target = self.target(of: ref) {
            chain.append(ref)
            current = target
        }
        return (current, chain)
    }

    /// The value the pointer of `ref` (`#/$defs/x`) names in this document, if any. Each object on the way is
    /// looked into by name once (`definitions` may hold thousands).
    private func target(of ref: String) -> JSONValue? {
        if let known = targets.byReference[ref] { return known }
        var target: JSONValue? = root
        var path = "#"
        for part in ref.dropFirst().split(separator: "/") {
            let key = String(part).replacing("~1", with: "/").replacing("~0", with: "~")
            switch target {
            case .array(let items)?:
                target = Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
            case .object(let object)?:
                let members = targets.members[path] ?? keyedMembers(object)
                targets.members[path] = members
                target = members[key]
            default:
                target = nil
            }
            path += "/" + part
        }
        targets.byReference[ref] = .some(target)
        return target
    }

    /// The schema's type (the first that is not null when it lists several).
    func type(_ schema: JSONValue) -> String? {
        switch schema["type"] {
        case .string(let name)?: return name
        case .array(let names)?:
            return names.compactMap { if case .string(let n) = $0, n != "null" { n } else { nil } }.first
        default:
            if schema["properties"] != nil || objectVariants(schema) != nil || hasPropertyPieces(schema) { return "object" }
            return nil
        }
    }

    /// The properties of an object schema as spec fields, in property order.
    /// `inItem`: the fields of a list's item, which hold no lists, and no conditions but an optional object's yes
    /// (an item's field reads only fields of its item); `prefix` is then the path within the item.
    mutating func fields(of schema: JSONValue, depth: Int, prefix: String = "", inItem: Bool = false) -> [JSONValue] {
        let object = resolved(schema)
        guard depth < 16 else { return [] }
        // Its own properties and its `allOf` pieces' (see SchemaForm+AllOf.swift).
        let (pieces, pieceReferences) = propertyPieces(of: object)
        let own: JSONObject
        if case .object(let members)? = object["properties"] {
            own = members
        } else if !pieces.isEmpty || objectVariants(object) != nil {
            own = JSONObject()
        } else {
            return []
        }
        let (properties, required) = mergedProperties(own, pieces, object: object)
        expanding += pieceReferences
        defer { expanding.removeLast(pieceReferences.count) }
        var entries: [JSONValue] = []
        var names: Set<String>?   // the properties' names, made when an optional object first needs them
        let mark = unaskable.count   // an object with a required property no question asks is not asked itself
        for member in properties.members {
            let (schema, references) = resolving(member.value)
            let isRequired = required.contains(member.key)
            let before = unaskable.count
            if references.contains(where: expanding.contains) {
                settleUnasked(member.key, schema, required: isRequired, since: before, prefix: prefix, depth: depth,
                              because: "it refers back to an object being asked (a recursive schema), which a form "
                                + "cannot ask")
                continue
            }
            expanding += references
            defer { expanding.removeLast(references.count) }
            if inItem && type(schema) == "object" {
                let siblings = names ?? Set(properties.members.map(\.key))
                names = siblings
                let made = itemGroup(member.key, schema, required: isRequired, depth: depth, prefix: prefix,
                                     siblings: siblings)
                if made.isEmpty {
                    let map = mapValueSchema(schema) != nil ? "it is a map inside a list's item, which a form cannot ask" : nil
                    settleUnasked(member.key, schema, required: isRequired, since: before, prefix: prefix, depth: depth,
                                  because: map)
                }
                entries += made
                continue
            }
            if inItem && type(schema) == "array" && constants(resolved(schema["items"] ?? .null)) == nil {
                settleUnasked(member.key, schema, required: isRequired, since: before, prefix: prefix, depth: depth,
                              because: "it is a list inside a list's item, which a form cannot ask")
                continue
            }
            guard let entry = field(member.key, schema, required: isRequired, depth: depth, prefix: prefix) else {
                settleUnasked(member.key, schema, required: isRequired, since: before, prefix: prefix, depth: depth)
                continue
            }
            // An optional object is asked only after a yes to its own question.
            if !required.contains(member.key), entry["group"] != nil {
                let siblings = names ?? Set(properties.members.map(\.key))
                names = siblings
                if let gated = gatedGroup(member.key, schema, entry, prefix: prefix, siblings: siblings) {
                    entries += gated
                    continue
                }
            }
            entries.append(entry)
        }
        if inItem {
            entries = conditionalFields(object, base: properties, entries: entries, depth: depth, prefix: prefix,
                                        inItem: true, required: required)
            entries = variantFields(object, base: properties, entries: entries, depth: depth, prefix: prefix,
                                    inItem: true)
            // An empty answer to an item's first question ends the list, so an optional first question could not
            // be skipped: a required question goes first when there is one (dependabot's updates ask
            // package-ecosystem first, not commit-message).
            if let first = entries.firstIndex(where: { $0["required"] == .bool(true) && $0["group"] == nil
                                                        && $0["repeat"] == nil && $0["when"] == nil
                                                        && !isGateEntry($0, in: object) }), first > 0 {
                entries.insert(entries.remove(at: first), at: 0)
            }
            noteUnasked(required, entries: entries, properties: properties, prefix: prefix)
            return unaskable.count > mark ? [] : entries
        }
        entries = conditionalFields(object, base: properties, entries: entries, depth: depth, prefix: prefix,
                                    required: required)
        entries = variantFields(object, base: properties, entries: entries, depth: depth, prefix: prefix)
        entries = dependentFields(object, base: properties, entries: entries, depth: depth, prefix: prefix)
        noteUnasked(required, entries: entries, properties: properties, prefix: prefix)
        return unaskable.count > mark ? [] : entries
    }

    /// One property as a spec field, group or repeat; nil when it is not asked (readOnly, deprecated, a name a
    /// spec field cannot have, nothing to ask).
    mutating func field(_ name: String, _ schema: JSONValue, required: Bool, depth: Int,
                        prefix: String = "") -> JSONValue? {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar) else { return nil }
        // A required deprecated property is asked all the same: the document needs it.
        if schema["readOnly"] == .bool(true) || (schema["deprecated"] == .bool(true) && !required) { return nil }
        var entry: [(String, JSONValue)] = [("name", .string(name))]
        entry.reserveCapacity(10)
        let extra = schema["x-switchboard"]
        let title = extra?["prompt"] ?? schema["title"]
        if let title { entry.append(("prompt", title)) }
        let kind = type(schema)
        if kind == "object" {
            let inner = fields(of: schema, depth: depth + 1, prefix: prefix + name + ".")
            // An object whose entries' names are not listed: a list of entries (SchemaForm+Maps.swift).
            guard !inner.isEmpty else { return mapField(entry, schema, required: required, depth: depth, name: name,
                                                        prefix: prefix) }
            entry.append(("group", .array(inner)))
            return object(entry)
        }
        if kind == "array" {
            let items = resolved(schema["items"] ?? .object(JSONObject()))
            var bounds: [(String, JSONValue)] = []
            if case .number(let n)? = schema["minItems"], let v = n.intValue { bounds.append(("min", .number(JSONNumber(v)))) }
            if case .number(let n)? = schema["maxItems"], let v = n.intValue { bounds.append(("max", .number(JSONNumber(v)))) }
            if let choices = constants(items) {
                entry.append(("type", .string("multiselect")))
                entry.append(("choices", .array(choices.map(JSONValue.string))))
                let count = choices.count
                for (key, value) in bounds {
                    if case .number(let n) = value, let v = n.intValue { entry.append((key, .number(JSONNumber(min(v, count))))) }
                }
                entry.append(("required", .bool(required)))
                return object(entry)
            }
            entry += bounds
            entry.append(("required", .bool(required)))
            if type(items) == "object" {
                let context = listContext
                listContext += prefix + name + ".N."
                let inner = fields(of: items, depth: depth + 1, inItem: true)
                listContext = context
                guard !inner.isEmpty else { return nil }
                entry.append(("repeat", .array(inner)))
            } else {
                // A list of lists is not asked (an item is one question).
                guard case .object(let item)? = field(name, items, required: true, depth: depth + 1),
                      item["repeat"] == nil, item["group"] == nil else { return nil }
                entry.append(("repeat", .object(JSONObject(item.members.filter { $0.key != "name" }))))
            }
            return object(entry)
        }
        entry.append(("required", .bool(required)))
        var rules: [JSONValue] = []
        var multiline = false
        if let choices = constants(schema) {
            entry.append(("type", .string("select")))
            entry.append(("choices", .array(choices.map(JSONValue.string))))
        } else if kind == "boolean" {
            // One key answers a confirm, so it cannot be left empty: an optional boolean without a default is a
            // typed yes/no, whose empty answer leaves the property out (`default: null` is no default: renovate).
            let optional = !required && (schema["default"] ?? .null) == .null
            entry.append(("type", .string(optional ? "yesno" : "confirm")))
        } else if kind == "integer" || kind == "number" {
            entry.append(("type", .string("number")))
            rules += numberRules(schema, integer: kind == "integer")
        } else if schema["writeOnly"] == .bool(true) {
            entry.append(("type", .string("masked")))
            rules += stringRules(schema)
        } else {
            // A default of several lines is a multi-line answer.
            if case .string(let text)? = schema["default"], text.contains("\n") {
                multiline = true
                entry.append(("type", .string("multiline")))
            }
            rules += stringRules(schema)
        }
        if !rules.isEmpty { entry.append(("rules", .array(rules))) }
        if case .string(let description)? = schema["description"], !description.isEmpty {
            entry.append(("help", .string(description)))
        }
        // A default the question would refuse (a control character: one line but a line break or tab of a
        // multi-line one) is not offered: the schema is asked all the same.
        if let value = schema["default"], let text = scalarText(value, boolean: kind == "boolean"),
           !text.unicodeScalars.contains(where: { needsDisplayEscape($0) && !(multiline && ($0 == "\n" || $0 == "\t")) }) {
            entry.append(("default", .string(text)))
        }
        if let extra {
            if let check = extra["check"] { entry.append(("check", check)) }
            if let choices = extra["choices"], case .object = choices { entry.append(("choices", choices)) }
        }
        return object(entry)
    }

    /// An entry as the spec reader reads it: member by member (its key filter is not made).
    func object(_ entry: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(entry.map { (key: $0.0, value: $0.1) }, keyFilter: KeyFilter.scansAll))
    }
}

/// The targets of a schema's references, filled in as the mapper meets them.
private final class ReferenceTargets {
    /// What each reference names (nil: nothing).
    var byReference: [String: JSONValue?] = [:]
    /// The members by name of each object a reference passed through, by the pointer to it.
    var members: [String: [String: JSONValue]] = [:]
}

/// An object's members by name, the last of a repeated key (as `JSONObject`'s subscript finds it), made once so that
/// looking up each of an object's properties is not quadratic in their number.
func keyedMembers(_ object: JSONObject) -> [String: JSONValue] {
    var keyed: [String: JSONValue] = [:]
    keyed.reserveCapacity(object.count)
    for member in object.members { keyed[member.key] = member.value }
    return keyed
}
