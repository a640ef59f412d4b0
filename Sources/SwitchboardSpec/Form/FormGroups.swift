// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

// Groups and lists in the one form model. A group is a nested object: its fields are fields of the form named by
// their path (`server.port`), asked under the group's title. A list (`FormRepeat`) is an array of values or of
// objects: its items are fields of the form too (`tags.0`, `items.1.name`), made when an item is added and
// renumbered when one is removed, so the review, the validation, the draft and the answers see them like any
// other field. Nesting shows in the answers' paths (`FormField.path`), which the typed output and the decoder
// follow.

/// One step of a path to a value in a nested answer: a property name, or an item's position in a list.
public enum AnswerPathComponent: Hashable, Sendable, CustomStringConvertible {
    /// A property of an object.
    case key(String)
    /// An item of a list (from 0).
    case index(Int)

    /// The key, or the index in decimal: the parts of a field's name (`items.0.name`).
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }
}

/// What a form asks, in order: a field, or a list asked item by item.
enum FormStep {
    case field(FormField)
    case repeating(FormRepeat)
}

/// A nested object of a form: its fields are named by their path (`server.port`) and asked under its title;
/// JSON and YAML output nest them (`{"server": {"port": 8080}}`) and `Answers.decode` fills a nested model.
///
/// ```swift
/// let server = form.group("server", title: "Server")
/// form.add(FormField("port", kind: .number), in: server)   // named "server.port"
/// ```
@MainActor
public final class FormGroup {
    /// The group's path in the answers.
    public let path: [AnswerPathComponent]
    /// The title shown before its first field is asked.
    public var title: String
    /// The group it is nested in, if any.
    public let parent: FormGroup?

    init(path: [AnswerPathComponent], title: String, parent: FormGroup?) {
        self.path = path
        self.name = pathName(path)
        self.title = title
        self.parent = parent
    }

    /// The path written with dots (`server.tls`).
    public let name: String
}

/// A list of a form (an array in the answers), asked item by item: an item is one value (`tags.0`) or an object
/// of several fields (`items.0.name`, `items.0.qty`). An empty answer to an item's first question ends the
/// list; the review adds (`+items`) and removes (`-items.1`) items. The number of items is kept within
/// `minimum` and `maximum`.
///
/// ```swift
/// form.repeating("items", title: "Items", minimum: 1, maximum: 5) { item in
///     item.field("name")
///     item.field("qty", kind: .number)
/// }
/// form.addItem(to: form.repeats[0])   // fields items.0.name and items.0.qty
/// ```
@MainActor
public final class FormRepeat {
    /// The list's path in the answers.
    public let path: [AnswerPathComponent]
    /// The title: items are asked as "Title 1: question".
    public var title: String
    /// The fewest items the list takes (0: it may stay empty).
    public let minimum: Int
    /// The most items the list takes; nil: no limit.
    public let maximum: Int?
    /// The group the list is in, if any.
    public let group: FormGroup?
    /// Whether an empty list is left out of the answers (an optional list) rather than written as `[]`.
    public var omittedWhenEmpty = false
    /// Whether the list may hold `count` items: at least `minimum`, or none when it is optional (left out, as a
    /// schema's `minItems` holds only for a list that is there).
    func allows(_ count: Int) -> Bool { count >= minimum || (count == 0 && omittedWhenEmpty) }
    /// The items: each item's fields, in order.
    public internal(set) var items: [[FormField]] = []
    /// Per item, the questions not made yet (a form over a document; see FormRepeat+Deferred.swift).
    var deferred: [DeferredQuestions?] = []
    /// Per item, the item held without questions, if it is (a form over a document; see FormRepeat+Held.swift);
    /// shorter than `items` when the last items are not held.
    var held: [HeldItem?] = []
    /// Per item, what it is known by while the form lives, whatever questions it makes later (a form over a
    /// document follows the document's entries and items by it).
    var itemTokens: [ItemToken] = []
    /// What the items' questions are, for items held without questions (set by spec forms).
    var itemNeeds: ItemQuestionNeeds?
    /// The names any of its items deferred (within the item).
    var deferredNameSet: Set<String> = []
    /// Whether the list is asked (its condition holds; see `show(when:)`).
    public let isShown = Dynamic(true)
    /// Hidden by a form over a document whose list holds more items than answers make (`Form.mostItemsFromAnswers`):
    /// the list stays as written.
    var keptAsWritten = false
    /// The list's condition and the switch deciding `isShown`, if it has one.
    var condition: ShowCondition?
    var visibility: ObservableSwitch?
    /// Makes an item's fields.
    let makeItem: @MainActor (FormItem) -> Void
    weak var form: Form?

    init(path: [AnswerPathComponent], title: String, minimum: Int, maximum: Int?, group: FormGroup?,
         makeItem: @escaping @MainActor (FormItem) -> Void) {
        self.path = path
        self.name = pathName(path)
        self.title = title
        self.minimum = minimum
        self.maximum = maximum
        self.group = group
        self.makeItem = makeItem
    }

    /// The path written with dots (`items`, `server.hosts`).
    public let name: String

    /// Whether another item may be added.
    public var canAdd: Bool { maximum.map { items.count < $0 } ?? true }

    /// What is wrong with the number of items, if anything (`needs at least 2 items`).
    public var countFailure: String? {
        guard isShown.value else { return nil }
        if !allows(items.count) { return "needs at least \(minimum) item\(minimum == 1 ? "" : "s")" }
        if let maximum, items.count > maximum { return "takes at most \(maximum) item\(maximum == 1 ? "" : "s")" }
        return nil
    }
}

/// The fields of one item of a list, made by the list's closure: `item.field("name")` adds `items.0.name`;
/// `item.field()` (no name) makes the item a single value, `tags.0`.
@MainActor
public final class FormItem {
    /// The item's position in its list (from 0).
    public let index: Int
    /// The list's title and the item's number, for prompts ("Items 1").
    public let label: String
    let path: [AnswerPathComponent]
    let group: FormGroup?
    var fields: [FormField] = []
    /// The item's questions made in this pass, by their names within the item.
    var made: [String: FormField] = [:]
    /// Deferring (see FormRepeat+Deferred.swift): the names within the item the document answers (with every
    /// prefix: `build.context` and `build`); the questions
    /// `wants` declined; the questions to make on the second pass and those made before it; the place of the
    /// question `wants` was last asked about.
    var answered: Set<String>?
    var deferred: [(name: String, conditioned: Bool)] = []
    var only: Set<String>?
    var existing: [String: FormField] = [:]
    var order = 0

    init(index: Int, label: String, path: [AnswerPathComponent], group: FormGroup?) {
        self.index = index
        self.label = label
        self.path = path
        self.group = group
    }


    /// Adds a field to the item: named `name` within it, or the item itself when `name` is nil (a list of
    /// values). The prompt is shown after the item's label ("Items 1: Name"). A name with dots is a path within
    /// the item: `item.field("address.city")` is `items.0.address.city`, a nested object of the item.
    @discardableResult
    public func field(_ name: String? = nil, kind: FieldKind = .text, prompt: String? = nil, required: Bool = true,
                      rules: [Condition<String>] = [], message: String? = nil) -> FormField {
        // Split over the bytes: an item of a document's list makes a few thousand of these at once.
        let fieldPath = name.map { name in
            path + name.utf8.split(separator: UInt8(ascii: "."))
                .map { .key(String(Substring($0))) }
        } ?? path
        let shown = name == nil ? label : "\(label): \(prompt ?? name!)"
        let field = FormField(pathName(fieldPath), kind: kind, prompt: shown, required: required, rules: rules,
                              message: message)
        field.path = fieldPath
        field.group = group
        field.itemOrder = order
        fields.append(field)
        made[name ?? ""] = field
        return field
    }
}

func pathName(_ path: [AnswerPathComponent]) -> String {
    path.map(\.description).joined(separator: ".")
}

extension Form {
    /// Makes a group (a nested object) named `name` in `parent` (or in the form); add its fields with
    /// `add(_:in:)`. Groups with the same path are one group.
    ///
    /// ```swift
    /// let server = form.group("server", title: "Server")
    /// let tls = form.group("tls", title: "TLS", in: server)   // server.tls
    /// ```
    @discardableResult
    public func group(_ name: String, title: String? = nil, in parent: FormGroup? = nil) -> FormGroup {
        let path = (parent?.path ?? []) + [.key(name)]
        if let existing = groupsByName[pathName(path)] { return existing }
        let group = FormGroup(path: path, title: title ?? name, parent: parent)
        groupsByName[group.name] = group
        return group
    }

    /// The groups, by name (`server`, `server.tls`).
    public var groups: [String: FormGroup] { groupsByName }

    /// Appends `field` to `group`: it is renamed to its path (`port` in `server` becomes `server.port`).
    @discardableResult
    public func add(_ field: FormField, in group: FormGroup?) -> FormField {
        if let group {
            field.path = group.path + [.key(field.name)]
            field.name = pathName(field.path)
            field.group = group
        }
        return add(field)
    }

    /// Appends a list asked item by item, holding `minimum` to `maximum` items, each made by `makeItem`. No item
    /// exists until one is added (by the flow, `addItem(to:)`, or answers filled with `items.0...`).
    @discardableResult
    public func repeating(_ name: String, title: String? = nil, minimum: Int = 0, maximum: Int? = nil,
                          in group: FormGroup? = nil, _ makeItem: @escaping @MainActor (FormItem) -> Void) -> FormRepeat {
        let list = FormRepeat(path: (group?.path ?? []) + [.key(name)], title: title ?? name, minimum: minimum,
                              maximum: maximum, group: group, makeItem: makeItem)
        precondition(self[list.name] == nil && !repeats.contains { $0.name == list.name },
                     "duplicate form field \"\(list.name)\"")
        list.form = self
        repeats.append(list)
        steps.append(.repeating(list))
        updateValidity()
        return list
    }

    /// The list named `name` (`items`, `server.hosts`), if any.
    public func repeatNamed(_ name: String) -> FormRepeat? {
        repeats.first { $0.name == name }
    }

    /// Adds an item at the end of `list` and returns its fields (none when the list is full).
    @discardableResult
    public func addItem(to list: FormRepeat) -> [FormField] {
        addItems(to: list, count: 1).first ?? []
    }

    /// Adds up to `count` items at the end of `list` (fewer when it fills up) and returns their fields.
    @discardableResult
    func addItems(to list: FormRepeat, count: Int) -> [[FormField]] {
        let made = makeItems(in: list, count: count)
        settle(Array(made.joined()))
        return made
    }

    /// Up to `count` new items at the end of `list`, not yet laid out or registered (see `settle`); past its
    /// maximum too when `pastMaximum` (the items answers name: shown, and the list marked as holding too many).
    /// `answered`: by item, the names within it a document answers, when the items' empty questions are deferred.
    private func makeItems(in list: FormRepeat, count: Int, pastMaximum: Bool = false,
                           answered: [Int: Set<String>]? = nil, holding: [Int: HeldItem] = [:]) -> [[FormField]] {
        var made: [[FormField]] = []
        var added = 0
        while added < count, list.canAdd || pastMaximum {
            added += 1
            if let hold = holding[list.items.count] {
                // Held as the document has it: its questions are made when one is named.
                list.held += Array(repeating: nil, count: list.items.count - list.held.count) + [hold]
                list.items.append([])
                list.deferred.append(nil)
                list.itemTokens.append(ItemToken())
                heldItemCount += 1
                continue
            }
            let item = newItem(of: list, at: list.items.count)
            item.answered = answered.map { $0[item.index] ?? [] }
            list.makeItem(item)
            prepare(item.fields, of: list)
            list.items.append(item.fields)
            list.itemTokens.append(ItemToken())
            list.deferred.append(noteDeferred(item, in: list))
            made.append(item.fields)
        }
        return made
    }

    /// An item of `list` at `index`, before its closure makes its fields.
    func newItem(of list: FormRepeat, at index: Int) -> FormItem {
        FormItem(index: index, label: "\(list.title) \(index + 1)", path: list.path + [.index(index)], group: list.group)
    }

    /// New item fields joined to their list: the condition the item gave a field (one of its answers) holds beside
    /// the list's.
    func prepare(_ fields: [FormField], of list: FormRepeat) {
        for field in fields {
            field.repeating = list
            field.itemCondition = field.shownWhen
            if let condition = list.condition { field.show(when: field.withItemCondition(condition)) }
        }
    }

    /// New items' fields put in the form: laid out once for all of them (a file's lists of hundreds of items are
    /// not laid out once per item), then heard.
    func settle(_ fields: [FormField]) {
        guard !fields.isEmpty else { return }
        layOut()
        for field in fields { register(field) }
        for field in fields { verdictChangedForItem(field) }
        updateValidity()
    }

    /// Removes item `index` of `list`; the later items move up (`items.2` becomes `items.1`). Returns false when
    /// the list cannot lose an item (it holds `minimum`) or there is no such item.
    @discardableResult
    public func removeItem(_ index: Int, from list: FormRepeat) -> Bool {
        guard list.items.indices.contains(index), list.allows(list.items.count - 1) else { return false }
        for field in list.items[index] {
            field.input.cancelChecks()
            field.repeating = nil
        }
        list.items.remove(at: index)
        if list.itemTokens.indices.contains(index) { list.itemTokens.remove(at: index) }
        if let pending = list.deferred.remove(at: index) { deferredQuestionCount -= pending.names.count }
        if list.held.indices.contains(index), list.held.remove(at: index) != nil { heldItemCount -= 1 }
        for (position, item) in list.items.enumerated() where position >= index {
            for field in item {
                let depth = list.path.count
                field.path[depth] = .index(position)
                field.name = pathName(field.path)
                field.prompt = renumbered(field.prompt, list: list, to: position)
            }
        }
        layOut()
        updateValidity()
        return true
    }

    /// The most items answers make in a list (`items.9999.name`); an answer naming an item past them names no field.
    nonisolated static let mostItemsFromAnswers = 10_000

    /// Makes the items that answers name (`items.2.name` needs three items), before they are filled. With
    /// `defersEmptyItemQuestions`, an item's questions neither `answers` nor `naming` (the names of values that are
    /// objects, false, or lists, true) name are made when first needed (see FormRepeat+Deferred.swift); with
    /// `unsettledItems`, items are held without questions (FormRepeat+Held.swift).
    func makeItems(for answers: Answers, naming structured: [String: Bool] = [:]) {
        let names = Array(structured.keys)
        var made: [FormField] = []
        for list in repeats {
            var needed = 0
            for key in answers.keys {
                if let (index, _) = Form.item(named: key, in: list.name) { needed = max(needed, index + 1) }
            }
            // Every item the answers name, past the list's maximum too: a file holding more than the schema allows
            // shows them all, the list marked as holding too many (none is dropped unseen).
            if list.items.count < needed {
                let answered = defersEmptyItemQuestions ? Form.itemAnswers(answers.keys + names, in: list) : nil
                let holding = heldItems(of: list, answers: answers, structured: structured)
                made += makeItems(in: list, count: needed - list.items.count, pastMaximum: true,
                                  answered: answered, holding: holding).joined()
            }
        }
        settle(made)
    }

    /// Rebuilds `fields` (every step's fields, items in place) and the positions and verdict sets by name.
    func layOut() {
        fields = steps.flatMap { step -> [FormField] in
            switch step {
            case .field(let field): [field]
            case .repeating(let list): list.items.flatMap { $0 }
            }
        }
        positions = [:]
        for (index, field) in fields.enumerated() { positions[field.name] = index }
        invalidFields = Set(fields.filter { !$0.verdict.value.isValid }.map(\.name))
        hiddenFields = Set(fields.filter { !$0.isShown.value }.map(\.name))
        invalidShownFields = invalidFields.subtracting(hiddenFields)
    }

    private func verdictChangedForItem(_ field: FormField) {
        if field.verdict.value.isValid {
            invalidFields.remove(field.name)
            invalidShownFields.remove(field.name)
        } else {
            invalidFields.insert(field.name)
            if field.isShown.value { invalidShownFields.insert(field.name) }
        }
    }

    /// The failures of lists holding too few or too many items (`items: needs at least 1 item`).
    var repeatFailures: [FieldFailure] {
        repeats.compactMap { list in
            list.countFailure.map { FieldFailure(field: list.name, rule: "items", message: $0, value: "") }
        }
    }

    /// Whether the form has groups or lists (its answers are nested).
    public var isNested: Bool { !groupsByName.isEmpty || !repeats.isEmpty }
}

/// An item field's prompt with its item number changed ("Items 3: Name" to "Items 2: Name").
@MainActor
private func renumbered(_ prompt: String, list: FormRepeat, to position: Int) -> String {
    let label = "\(list.title) "
    guard prompt.hasPrefix(label) else { return prompt }
    let rest = prompt.dropFirst(label.count)
    let digits = rest.prefix { $0.isNumber }
    guard !digits.isEmpty else { return prompt }
    return label + String(position + 1) + rest.dropFirst(digits.count)
}

