// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

/// A form over a document that already exists (a config file), through its schema: every question prefilled from
/// the document, and, once submitted, the document's text changed only where an answer changed.
///
/// The changes are what the answers changed: the form's document as it was right after the prefill, against the
/// form's document now (`DocumentEdit.changes(from:to:)`), applied to the text by `DocumentEditor`. So values no
/// question asks, and values the form would write differently (`1.0` for `1`, a default the file leaves out), stay
/// as the file has them; comments, blank lines, order and quoting stay too. On submit the whole edited document is
/// checked by the schema, keys the form does not ask included.
///
/// The items of the document's lists and maps whose values the schema takes are held without questions (a compose
/// file's hundreds of services): `form.fields` and `form.answers` hold the questions made, `FormFlow`'s review lists
/// the held answers too, and `form["services.3.image"]` makes that item's questions, with the document's answers
/// (see FormRepeat+Held.swift). The document the form writes always holds them.
///
/// ```swift
/// let editor = try DocumentEditor(text: text)
/// let editing = try SchemaDocumentForm(schemaForm, editing: editor)
/// let flow = FormFlow(editing.form)
/// flow.reviewAfterAsking = editing.refusedFields     // the file's invalid values first, then the review
/// if flow.run(prompter: try TerminalPrompter()).status == .submitted, !editing.changes.isEmpty {
///     let newText = try editing.editedText()          // only the changed answers' bytes differ
/// }
/// ```
@MainActor
public final class SchemaDocumentForm {
    /// The form, prefilled from the document.
    public let form: Form
    /// The document's text and values.
    public let editor: DocumentEditor
    /// The schema's form.
    public let schemaForm: SchemaForm
    /// The form's document right after the prefill (with the defaults of questions made later, which the document
    /// leaves out as well): the changes are counted from it.
    public private(set) var initialDocument: JSONValue
    /// The names of the fields the prefill answered.
    public let prefilledFields: [String]
    /// Where a new member goes in its mapping (the schema's property order at the mapping's pointer).
    private let memberOrder: @Sendable (_ pointer: String) -> [String]?
    /// The maps of the document the form's lists hold, each item's entry by its name in the document (see
    /// SchemaDocumentForm+Entries.swift).
    var mapEntries: [MapEntries] = []
    /// The lists (arrays) of the document the form's lists hold, each item's place in the document.
    var listEntries: [ListEntries] = []

    /// A form over `editor`'s document (`documentIndex` of its text).
    /// `memberOrder`: the order of properties at an object's pointer, so that a member the form adds goes before
    /// the first written sibling that follows it (see `DocumentEditor.applying(_:memberOrder:)`); by default the
    /// order of the schema's `properties` there (through `$ref`s of its own document, `allOf`, `then`...).
    public convenience init(_ schemaForm: SchemaForm, editing editor: DocumentEditor,
                            memberOrder: (@Sendable (_ pointer: String) -> [String]?)? = nil) {
        self.init(schemaForm, editing: editor, order: Self.order(schemaForm, memberOrder), answersFrom: nil)
    }

    /// A form over `editor`'s document with `edits` (a draft's: `Draft.loadEdits()`) already made: the questions
    /// hold the edited values, and `changes` counts them as changes of the document (so they are written).
    ///
    /// ```swift
    /// let editing = try SchemaDocumentForm(schemaForm, editing: editor, resuming: try draft.loadEdits() ?? [])
    /// ```
    /// - Throws: `DocumentEditError` when an edit does not apply to the document as it is now.
    public convenience init(_ schemaForm: SchemaForm, editing editor: DocumentEditor, resuming edits: [DocumentEdit],
                            memberOrder: (@Sendable (_ pointer: String) -> [String]?)? = nil)
        throws(DocumentEditError) {
        let order = Self.order(schemaForm, memberOrder)
        guard !edits.isEmpty else {
            self.init(schemaForm, editing: editor, order: order, answersFrom: nil)
            return
        }
        let text = try editor.applying(edits, memberOrder: order)
        let edited: JSONValue
        do {
            edited = try DocumentEditor(text: text, format: editor.format, documentIndex: editor.documentIndex).value
        } catch {
            throw DocumentEditError(pointer: "", problem: "the edited text cannot be read again: \(error)")
        }
        self.init(schemaForm, editing: editor, order: order, answersFrom: edited, resumed: edits)
    }

    private static func order(_ schemaForm: SchemaForm, _ given: (@Sendable (_ pointer: String) -> [String]?)?)
        -> @Sendable (_ pointer: String) -> [String]? {
        let schemaDocument = schemaForm.document
        return given ?? { pointer in EditValueTypes.propertyOrder(in: schemaDocument, at: pointer) }
    }

    /// The questions prefilled from `answersFrom` (the document, else the document with a draft's edits made); the
    /// changes counted from the document itself.
    private init(_ schemaForm: SchemaForm, editing editor: DocumentEditor,
                 order: @escaping @Sendable (_ pointer: String) -> [String]?, answersFrom edited: JSONValue?,
                 resumed edits: [DocumentEdit] = []) {
        self.schemaForm = schemaForm
        self.editor = editor
        memberOrder = order
        let form = schemaForm.makeForm()
        // An item's questions the document leaves empty are made when first named: a compose file's services ask
        // about 120 questions each and answer ten (see FormRepeat+Deferred.swift).
        form.defersEmptyItemQuestions = true
        let failures = schemaForm.schema.validate(editor.value)
        form.unsettledItems = Self.unsettledItems(edited.map { schemaForm.schema.validate($0) } ?? failures,
                                                  in: edited ?? editor.value, form: form)
        let filled = schemaForm.prefill(form, with: schemaForm.prefillAnswers(from: edited ?? editor.value))
        self.form = form
        prefilledFields = filled
        // The changes are counted from the form over the document as it is: with a draft's edits made, that is
        // another form, prefilled from the document alone.
        let baseline: Form
        if edited == nil {
            baseline = form
        } else {
            baseline = schemaForm.makeForm()
            baseline.defersEmptyItemQuestions = true
            baseline.unsettledItems = Self.unsettledItems(failures, in: editor.value, form: baseline)
            schemaForm.prefill(baseline, with: schemaForm.prefillAnswers(from: editor.value))
        }
        initialDocument = schemaForm.document(of: baseline)
        mapEntries = Self.mapEntries(of: form, in: editor.value, renamed: edits)
        listEntries = Self.listEntries(of: form, in: editor.value, edited: edits)
        documentFailures = failures
        // The defaults an item's questions bring when they are made later are the document's as it was: the
        // questions made with the item had theirs in `initialDocument` already, and no default is written unasked.
        form.makingDeferredQuestions = { [weak self] make in
            guard let self else { return make() }
            let before = self.document()
            make()
            let clashes = self.clashingEntries   // made questions name no entry anew
            let after = self.document(namingBack: clashes)
            for edit in DocumentEdit.changes(from: before, to: after) {
                // At the entry's name in the document (the entry may have been renamed since).
                guard let tokens = JSONPointer.tokens(edit.pointer).flatMap({ self.writtenTokens($0, clashes) }),
                      let edited = try? initialDocument.editing(tokens[...], edit.change) else { continue }
                initialDocument = edited
            }
        }
        let schema = schemaForm.document
        form.submitCheck = { [weak self] in
            guard let self else { return [] }
            return self.submitFailures(schema: schema)
        }
    }

    /// The edits and the edited text the last submit checked and found valid (nil until then): what the caller
    /// writes once the flow returns `.submitted` (the answers cannot change after the check that let it submit).
    public private(set) var submitted: (changes: [DocumentEdit], text: String)?

    /// The questions not asked because the document's value there is an object or a list the question cannot
    /// hold (`on` of a github workflow): those values stay as written.
    public var keptAsWritten: [String] { schemaForm.keptAsWritten(in: form) }

    /// The edits the answers make to the document: none while every answer is as the prefill left it, but for the
    /// values the schema refuses in the document that a question holds otherwise: those are written as the question
    /// holds them (`replicas: "3"`, a string where the schema says integer, asked and kept: `replicas: 3`; an empty
    /// answer where the document has a refused value: the member removed).
    public var changes: [DocumentEdit] {
        // An entry given a name another entry has (which the submit refuses) is counted under its own name: the two
        // would be one member of the document, one entry's values written over the other's.
        let clashes = clashingEntries
        let final = document(namingBack: clashes)
        // A map's entries removed and renamed first, by the items that hold them; then what changed in the values.
        var baseline = initialDocument
        var edits = entryEdits(baseline: &baseline, keeping: clashes) + itemRemovals(baseline: &baseline)
        // Item by item: the form's documents hold only what it asks (a list set whole would drop the rest).
        edits += DocumentEdit.changes(from: baseline, to: final, itemByItem: true)
        for pointer in refusedPointers where !edits.contains(where: { Self.overlap($0.pointer, pointer) }) {
            guard let tokens = JSONPointer.tokens(pointer), let written = Self.value(at: tokens, in: editor.value)
            else { continue }
            if let answered = Self.value(at: tokens, in: final) {
                if answered != written { edits.append(.set(pointer, to: answered)) }
            } else if Self.value(at: tokens.dropLast(), in: final) != nil, asksValue(at: tokens) {
                edits.append(.remove(pointer))
            }
        }
        return Self.wholeWhereScalar(edits, final: final, written: editor.value)
    }

    /// The pointers of the values the schema refuses in the document as it is (a value's own failures, not an
    /// object's or a list's missing members).
    private var refusedPointers: [String] {
        var pointers: [String] = []
        for failure in documentFailures where !failure.pointer.isEmpty && !pointers.contains(failure.pointer) {
            pointers.append(failure.pointer)
        }
        return pointers
    }

    /// Whether a shown question holds the value at `tokens` (a map's entry by its item).
    private func asksValue(at tokens: some Collection<String>) -> Bool {
        let path = SchemaForm.formPath(Array(tokens), schema: schemaForm.document, in: form).joined(separator: ".")
        return form[path]?.isShown.value == true
    }

    /// Whether one pointer is the other or inside it.
    private static func overlap(_ a: String, _ b: String) -> Bool {
        a == b || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }

    /// The value at `tokens` (a JSON pointer's) in `document`.
    private static func value(at tokens: some Collection<String>, in document: JSONValue) -> JSONValue? {
        JSONPointer.walk(document, tokens)
    }

    /// The document's text with `changes` applied: byte for byte the same outside the changed values.
    /// - Throws: `DocumentEditError` when a change cannot be written in place (a value an alias repeats).
    public func editedText() throws(DocumentEditError) -> String {
        try editedText(applying: changes)
    }

    /// The document's text with `changes` (as `changes` gave them) applied.
    public func editedText(applying changes: [DocumentEdit]) throws(DocumentEditError) -> String {
        try editor.applying(changes, memberOrder: memberOrder)
    }

    /// The document's own failures (before any answer changed), as the schema reports them (checked once).
    public private(set) var documentFailures: [SchemaFailure] = []

    /// The fields of the values the schema refuses in the document as it is (those a rule of the whole document
    /// refuses included), to be asked first (`FormFlow.reviewAfterAsking`).
    public var refusedFields: Set<String> {
        let failures = SchemaForm.failures(documentFailures, in: form, schema: schemaForm.document,
                                           answers: editor.value)
        return Set(failures.map(\.field).filter { form[$0]?.isShown.value == true })
    }

    /// The whole edited document checked by the schema; an edit that cannot be written is a failure too. With no
    /// answer changed there is nothing to check: nothing will be written.
    private func submitFailures(schema: JSONValue) -> [FieldFailure] {
        let compiled: JSONSchema
        do { compiled = try schemaForm.compiledSchema() } catch {
            return [FieldFailure(field: "(document)", rule: "schema",
                                 message: "the schema cannot be compiled: \(error)", value: "")]
        }
        submitted = nil
        // Two entries of a map given one name first (the changes count the renamed or new one under its own name,
        // or leave it out): it is the one asked again.
        let repeated = SchemaForm.repeatedEntryNames(in: form, schema: schema)
        if !repeated.isEmpty { return clashFailures(repeated) }
        let changes = self.changes
        // Nothing changed, nothing to write: submitting is leaving (the file's own failures stay the file's).
        if changes.isEmpty {
            submitted = ([], editor.text)
            return []
        }
        // The edited document as its text reads back (the editor reads each edit's text again): what is checked
        // is what the text written means.
        let edited: JSONValue
        let text: String
        do {
            (text, edited) = try editor.edited(applying: changes, memberOrder: memberOrder)
        } catch {
            return [FieldFailure(field: fieldName(of: error.pointer), rule: "edit", message: error.problem, value: "")]
        }
        let failures = SchemaForm.failures(compiled.validate(edited), in: form, schema: schema, answers: edited)
        if failures.isEmpty { submitted = (changes, text) }
        return failures
    }

    /// The field a document pointer names (`/server/port` is `server.port`; a map's entry by its item).
    private func fieldName(of pointer: String) -> String {
        let tokens = (JSONPointer.tokens(pointer) ?? []).filter { !$0.isEmpty }
        let path = SchemaForm.formPath(tokens, schema: schemaForm.document, in: form).joined(separator: ".")
        return form[path]?.name ?? (path.isEmpty ? "(document)" : path)
    }
}
