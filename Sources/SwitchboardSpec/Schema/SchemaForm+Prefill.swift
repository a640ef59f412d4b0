// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// A document's values as the answers of the form its schema maps to: the inverse of `SchemaForm.typed`. A group's
// fields are `server.port`, a list's items `routes.0.path` (a list of values `hosts.0`), a multi-select's values
// one per line of its answer, a map's entries the items of its list (`jobs.0.key` the entry's name, then its
// value's fields or `jobs.0.value`), an optional object that is there a yes to its `add-NAME` question, and a
// variant told apart by titles the pick that fits the object. Values no question asks are simply not answers (a
// form over a file keeps them: see SchemaForm+Editing.swift).

extension SchemaForm {
    /// `document`'s values as the answers of this schema's form, named as its fields are.
    ///
    /// ```swift
    /// let answers = schemaForm.answers(from: try JSONValue.parse(#"{"server": {"port": 8080}}"#))
    /// answers["server.port"]   // "8080"
    /// ```
    public func answers(from document: JSONValue) -> Answers {
        prefillAnswers(from: document).answers
    }

    /// The answers, and the names of the values that are objects or lists (which a question of one value, if the
    /// form asks one by that name, cannot hold).
    func prefillAnswers(from document: JSONValue) -> PrefillAnswers {
        var walk = PrefillWalk(mapper: SchemaMapper(root: self.document))
        walk.object(document, schema: self.document, prefix: "")
        return PrefillAnswers(answers: Answers(walk.answers), structured: walk.structured, controls: walk.controls,
                              longLists: walk.longLists)
    }

    /// Fills `form` (made by `makeForm()`) with `document`'s values; returns the names of the fields answered.
    /// Answers are taken in the form's order, so that conditions settle as they would when typed; a field shown
    /// only once a later answer is in (a variant's field before its pick) is filled on a second pass.
    ///
    /// ```swift
    /// let form = schemaForm.makeForm()
    /// schemaForm.prefill(form, from: try JSONValue(yaml: text))
    /// form.shownFields.filter { !$0.verdict.value.isValid }   // the file's values the schema refuses
    /// ```
    @MainActor @discardableResult
    ///
    /// A question of one value whose value in the document is an object or a list it cannot hold (github
    /// workflow's `on` asked as an event's name, the file holding a map of events), or text of several lines or
    /// with tabs or control characters that a one-line question cannot hold (a `run: |` script), is not asked: it
    /// is hidden, so that the document keeps the value as written (see `keptAsWritten`).
    public func prefill(_ form: Form, from document: JSONValue) -> [String] {
        prefill(form, with: prefillAnswers(from: document))
    }

    /// The fields of `form` a document's value (an object or a list; `structured` says which) cannot be given to:
    /// hidden by `prefill`, the value kept as the document has it.
    ///
    /// ```swift
    /// schemaForm.keptAsWritten(in: form)   // ["on"]
    /// ```
    @MainActor public func keptAsWritten(in form: Form) -> [String] {
        form.repeats.filter(\.keptAsWritten).map(\.name) + form.fields.filter(\.keptAsWritten).map(\.name)
            + form.heldKeptAsWritten
    }

    /// Fills `form` with answers `prefillAnswers(from:)` gave; hides the questions that cannot hold their value.
    @MainActor @discardableResult
    func prefill(_ form: Form, with prefilled: PrefillAnswers) -> [String] {
        var answers = prefilled.answers
        // A list longer than answers make items for stays as written (none of its items asked, none dropped).
        var long: [String] = []
        for name in prefilled.longLists {
            guard let list = form.repeatNamed(name) else { continue }
            list.keptAsWritten = true
            list.show(when: .test(reading: []) { false }).validate()
            long.append(name + ".")
        }
        if !long.isEmpty {
            answers = Answers(answers.filter { key, _ in !long.contains { key.hasPrefix($0) } })
        }
        // The items first: the questions found below may be theirs (made at once, when the form defers the
        // questions a document leaves empty).
        form.makeItems(for: answers, naming: prefilled.structured)
        // The answers of items held without questions stay with them (see FormRepeat+Held.swift).
        if form.heldItemCount > 0 { answers = Answers(answers.filter { key, _ in !form.isInHeldItem(key) }) }
        var unholdable: [FormField] = []
        for (name, isList) in prefilled.structured where !form.isInHeldItem(name) {
            guard let field = form[name], !(isList && field.isMultiselect) else { continue }
            unholdable.append(field)
        }
        for name in prefilled.controls where !form.isInHeldItem(name) {
            guard let field = form[name], let text = answers[name] else { continue }
            // A multi-line question holds line breaks and tabs; no question holds other control characters.
            let holds = field.kind == .multiline
                && text.unicodeScalars.allSatisfy { !needsDisplayEscape($0) || $0 == "\n" || $0 == "\t" }
            if !holds { unholdable.append(field) }
        }
        for field in unholdable { field.keepAsWritten() }
        var filled: [String] = []
        var pending = answers
        // Three passes at most: each takes the answers whose fields the one before showed.
        for _ in 0..<3 {
            var ignored: [String] = []
            form.fill(pending, ignored: &ignored, makingItems: false)   // made above, for all of `answers`
            let skipped = Set(ignored)
            filled += pending.keys.filter { form[$0] != nil && !skipped.contains($0) }
            let shownNow = ignored.filter { form[$0]?.isShown.value == true }
            guard !shownNow.isEmpty else { break }
            pending = Answers(shownNow.compactMap { name in answers[name].map { (name, $0) } })
        }
        return filled
    }
}

/// A document's values as answers (`SchemaForm.prefillAnswers(from:)`), and what the questions may not hold.
struct PrefillAnswers {
    var answers: Answers
    /// The names of values that are objects (false) or lists (true).
    var structured: [String: Bool]
    /// The names of text values holding line breaks, tabs or other control characters.
    var controls: Set<String>
    /// The names of lists and maps with more entries than answers make items for.
    var longLists: [String]
}

/// Walks a document beside its schema, collecting answers by field name.
private struct PrefillWalk {
    var mapper: SchemaMapper
    var answers: [(String, String)] = []
    /// The names of values that are objects (false) or lists (true).
    var structured: [String: Bool] = [:]
    /// The names of text values holding line breaks, tabs or other control characters.
    var controls: Set<String> = []
    /// The names of lists and maps with more entries than answers make items for.
    var longLists: [String] = []
    /// Nesting followed at most (the form's own mapping stops at 16 levels).
    private let maximumDepth = 32

    init(mapper: SchemaMapper) { self.mapper = mapper }

    /// `properties`: the property schemas of `schema` looked up so far, shared by the objects of one schema (a map's
    /// entries, a list's items: a compose file's 333 services look each name up once, not once a service).
    mutating func object(_ value: JSONValue, schema: JSONValue?, prefix: String, depth: Int = 0,
                         properties: PropertySchemas? = nil) {
        guard case .object(let members) = value, depth < maximumDepth else { return }
        let properties = properties ?? PropertySchemas(schema.map { mapper.resolved($0) })
        for member in members.members {
            let child = properties.schema(of: member.key, mapper: mapper)
            self.member(member.key, member.value, schema: child, prefix: prefix, depth: depth, siblings: members)
        }
        if let schema = properties.schema { pickVariant(members, schema: schema, prefix: prefix) }
    }

    private mutating func member(_ key: String, _ value: JSONValue, schema: JSONValue?, prefix: String, depth: Int,
                                 siblings: JSONObject) {
        let name = prefix + key
        let resolved = schema.map { mapper.resolved($0) }
        switch value {
        case .object(let entries):
            structured[name] = false
            if let resolved, let values = mapper.mapValueSchema(resolved, freeForm: true) {
                if entries.count > Form.mostItemsFromAnswers { longLists.append(name); return }
                map(entries, values: values, name: name, depth: depth)
                return
            }
            // An optional object that is there: a yes to its question (none when a sibling has the gate's name).
            let gate = SchemaMapper.gate(of: key)
            if siblings[gate] == nil { answers.append((prefix + gate, "yes")) }
            object(value, schema: resolved, prefix: name + ".", depth: depth + 1)
        case .array(let items):
            structured[name] = true
            if items.count > Form.mostItemsFromAnswers { longLists.append(name); return }
            let itemSchema = resolved?["items"].map { mapper.resolved($0) }
            if items.allSatisfy(\.isScalar) {
                let texts = items.compactMap(Self.text)
                answers.append((name, texts.joined(separator: "\n")))   // a multi-select
                for (index, text) in texts.enumerated() { answer("\(name).\(index)", text) }   // a list
                return
            }
            let properties = PropertySchemas(itemSchema)
            for (index, item) in items.enumerated() {
                if case .object = item {
                    object(item, schema: itemSchema, prefix: "\(name).\(index).", depth: depth + 1,
                           properties: properties)
                } else if let text = Self.text(item) {
                    answer("\(name).\(index)", text)
                }
            }
        default:
            if let text = Self.text(value) { answer(name, text) }
        }
    }

    /// A map's entries as its list's items: the entry's name, then its value (an object's fields, or `value`).
    private mutating func map(_ entries: JSONObject, values: JSONValue, name: String, depth: Int) {
        let keyName = mapper.mapKeyName(values)
        let properties = PropertySchemas(mapper.resolved(values))
        // Entries of one value each (`value`) unless the values are objects.
        let holdsObjects = mapper.type(values) == "object"
        for (index, entry) in entries.members.enumerated() {
            let item = "\(name).\(index)."
            answer(item + keyName, entry.key)
            switch entry.value {
            case .object where holdsObjects:
                object(entry.value, schema: values, prefix: item, depth: depth + 1, properties: properties)
            case .object, .array:
                // An object or a list where the entry's question asks one value (a Taskfile's task written as a
                // command, a list of them or an object): kept as written, not asked empty and written over.
                structured[item + "value"] = entry.value.isList
            default:
                if let text = Self.text(entry.value) { answer(item + "value", text) }
            }
        }
    }

    /// For object variants told apart by their titles (a question of the form's own), the variant whose required
    /// properties the object has, the one that declares the most of its members first.
    private mutating func pickVariant(_ members: JSONObject, schema: JSONValue, prefix: String) {
        guard let (pick, variants) = mapper.objectVariants(schema), mapper.isVariantPick(pick, of: schema),
              members[pick] == nil else { return }
        let keys = Set(members.keys)
        var best: (variant: SchemaVariant, score: Int)?
        for variant in variants where mapper.requiredNames(variant.schema).allSatisfy(keys.contains) {
            var score = 0
            if case .object(let properties)? = variant.schema["properties"] {
                score = properties.keys.filter(keys.contains).count
            }
            if best == nil || score > best!.score { best = (variant, score) }
        }
        if let best { answers.append((prefix + pick, best.variant.value)) }
    }

    /// `text` as the answer named `name`, noted when it holds a control character.
    private mutating func answer(_ name: String, _ text: String) {
        answers.append((name, text))
        if text.unicodeScalars.contains(where: needsDisplayEscape) { controls.insert(name) }
    }

    /// A scalar as an answer's text: a number as written, `true`/`false`, a string as it is; null: no answer.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}

private extension JSONValue {
    var isList: Bool {
        if case .array = self { return true }
        return false
    }

    var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }
}
