// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// One change to a document: a value set at a JSON pointer (replaced, or added as a new member or item, with the
/// objects it nests in when they are missing), or the member or item at a pointer removed.
///
/// ```swift
/// let edits: [DocumentEdit] = [.set("/replicas", to: .number(JSONNumber(3))),
///                              .set("/owner/email", to: .string("ada@example.com")),
///                              .remove("/debug"), .set("/ports/-", to: .number(JSONNumber(8080)))]
/// ```
public struct DocumentEdit: Sendable, Hashable, CustomStringConvertible {
    public enum Change: Sendable, Hashable {
        /// Set the value (`/list/-` or `/list/COUNT` appends an item).
        case set(JSONValue)
        /// Remove the member or item.
        case remove
        /// Rename the member: its key becomes the name, its value and place stay.
        case rename(String)
    }

    /// Where, as a JSON pointer (`/owner/email`, `/ports/0`; `~1` is `/`, `~0` is `~`).
    public var pointer: String
    public var change: Change

    public init(pointer: String, change: Change) {
        self.pointer = pointer
        self.change = change
    }

    /// Sets the value at `pointer`.
    public static func set(_ pointer: String, to value: JSONValue) -> DocumentEdit {
        DocumentEdit(pointer: pointer, change: .set(value))
    }

    /// Removes the member or item at `pointer`.
    public static func remove(_ pointer: String) -> DocumentEdit {
        DocumentEdit(pointer: pointer, change: .remove)
    }

    /// Renames the member at `pointer` (its value and its place in the file stay).
    ///
    /// ```swift
    /// try DocumentEditor.edit("services:\n  web:  # the site\n    image: nginx\n",
    ///                         [.rename("/services/web", to: "site")])
    /// // "services:\n  site:  # the site\n    image: nginx\n"
    /// ```
    public static func rename(_ pointer: String, to name: String) -> DocumentEdit {
        DocumentEdit(pointer: pointer, change: .rename(name))
    }

    public var description: String {
        switch change {
        case .set(let value): "set \(pointer) to \(value)"
        case .remove: "remove \(pointer)"
        case .rename(let name): "rename \(pointer) to \(JSONValue.string(name))"
        }
    }
}

/// Why an edit was not made: the pointer, what was wrong, and where in the text (the line and column of the value
/// in the way, when there is one). Nothing is changed when an edit is refused.
public struct DocumentEditError: Error, Sendable, CustomStringConvertible {
    public var pointer: String
    public var problem: String
    public var location: SourceLocation?

    public init(pointer: String, problem: String, location: SourceLocation? = nil) {
        self.pointer = pointer
        self.problem = problem
        self.location = location
    }

    /// `LINE:COLUMN: POINTER: problem` (the place first when known).
    public var description: String {
        let at = location.map { "\($0): " } ?? ""
        return at + (pointer.isEmpty ? "" : "\(displayEscaped(pointer, limit: 200)): ") + problem
    }
}

/// Edits a YAML or JSON document in its own text: each change replaces or inserts the bytes of one span, and
/// every byte outside the changed spans stays as it was (comments, blank lines, key order, indentation, quoting,
/// anchors, other documents, line breaks, a byte order mark, a missing final line break).
///
/// - A changed scalar is written in the style of the one it replaces where the new value allows it (plain, quoted,
///   a literal block), and quoted where YAML would read it otherwise (the text `yes`, `null`, `1e3`, `#x`).
/// - An added member goes after its siblings, indented like them (a flow mapping gets `, key: value`), or in the
///   order `applying(_:memberOrder:)` gives where the siblings follow it; an added item after the last. JSON
///   members are indented like their siblings.
/// - A removed member or item takes its own lines and the comment lines directly above it.
/// - Edits through an alias (`*name`), or of (or inside) a value whose anchor aliases repeat, are refused: the
///   change would reach every place that shares the anchor. A member that only a merge key (`<<`) brings is set by
///   writing it in the mapping (which then overrides the merged one); removing it is refused.
///
/// The result is read again and must be the value asked for, else the edit is refused.
///
/// ```swift
/// let editor = try DocumentEditor(text: "# replicas\nreplicas: 2 # more\nname: web\n", format: .yaml)
/// let text = try editor.applying([.set("/replicas", to: .number(JSONNumber(3))),
///                                  .set("/owner/email", to: .string("ada@example.com"))])
/// // "# replicas\nreplicas: 3 # more\nname: web\nowner:\n  email: ada@example.com\n"
/// ```
public struct DocumentEditor: Sendable {
    public enum Format: Sendable {
        case yaml, json
    }

    /// The text being edited.
    public let text: String
    public let format: Format
    /// Which document of a YAML stream is edited (from 0); the others keep their bytes.
    public let documentIndex: Int
    /// The edited document's value.
    public var value: JSONValue { session.value }
    /// How many documents the text holds: a YAML stream may hold several (`---`); the editor edits one of them.
    ///
    /// ```swift
    /// try DocumentEditor(text: "a: 1\n---\nb: 2\n").documentCount   // 2
    /// ```
    public var documentCount: Int { session.documentCount }
    /// The text as read (the first edit's starting point).
    private let session: EditSession

    /// An editor of `text` (JSON when `format` is nil and the text starts with `{` or `[`, else YAML).
    /// - Throws: `DocumentError` when the text cannot be read, or holds no document `documentIndex`.
    public init(text: String, format: Format? = nil, documentIndex: Int = 0) throws(DocumentError) {
        self.text = text
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        self.format = format ?? (first == "{" || first == "[" ? .json : .yaml)
        self.documentIndex = documentIndex
        session = try EditSession.read(Array(text.utf8), format: self.format, index: documentIndex)
    }

    /// The text with `edits` made, one after another; the same text when they change nothing.
    ///
    /// `memberOrder` gives, for a mapping's pointer, the order its members are meant to be written in (a schema's
    /// `properties`): a new member then goes before the first sibling that order puts after it, when the siblings
    /// are written in that order; else, and without it, after the last.
    ///
    /// ```swift
    /// let editor = try DocumentEditor(text: "name: web\nports: [80]\n")
    /// try editor.applying([.set("/replicas", to: .number(JSONNumber(2)))],
    ///                     memberOrder: { _ in ["name", "replicas", "ports"] })
    /// // "name: web\nreplicas: 2\nports: [80]\n"
    /// ```
    /// - Throws: `DocumentEditError` for the first edit that cannot be made (none is then made).
    public func applying(_ edits: [DocumentEdit], memberOrder: ((_ pointer: String) -> [String]?)? = nil)
        throws(DocumentEditError) -> String
    {
        try edited(applying: edits, memberOrder: memberOrder).text
    }

    /// `applying(_:memberOrder:)`'s text and its document as read back (each edit's text is read again before the
    /// next: the value is what the text means, with no further read).
    package func edited(applying edits: [DocumentEdit], memberOrder: ((_ pointer: String) -> [String]?)? = nil)
        throws(DocumentEditError) -> (text: String, value: JSONValue)
    {
        var current = session
        for (position, edit) in edits.enumerated() {
            // The last text is read back for its value only: no edit follows that needs its places.
            current = try current.apply(edit, memberOrder: memberOrder, placing: position < edits.count - 1)
        }
        return (current.bytes == session.bytes ? text : String(decoding: current.bytes, as: UTF8.self), current.value)
    }

    /// `text` with `edits` made (see `DocumentEditor`).
    ///
    /// ```swift
    /// try DocumentEditor.edit("{\n  \"a\": 1\n}\n", [.set("/b", to: .bool(true))])
    /// // "{\n  \"a\": 1,\n  \"b\": true\n}\n"
    /// ```
    public static func edit(_ text: String, _ edits: [DocumentEdit], format: Format? = nil) throws(DocumentEditError)
        -> String
    {
        let editor: DocumentEditor
        do {
            editor = try DocumentEditor(text: text, format: format)
        } catch {
            let location = error.mark.map { SourceLocation(line: $0.line, column: $0.column) }
            throw DocumentEditError(pointer: "", problem: error.problem, location: location)
        }
        return try editor.applying(edits)
    }
}

/// One document of a text, read for one edit.
struct EditSession {
    let bytes: [UInt8]
    let format: DocumentEditor.Format
    let index: Int
    let value: JSONValue
    let tree: EditNode?
    /// How many documents the text holds (a YAML stream may hold several).
    var documentCount = 1

    /// The text's document `index`; `placing`: with the places of its values (`tree`), which an edit needs (false:
    /// its value only, for a text read back after its last edit).
    static func read(_ bytes: [UInt8], format: DocumentEditor.Format, index: Int,
                     placing: Bool = true) throws(DocumentError) -> EditSession {
        switch format {
        case .json:
            let value: JSONValue
            do {
                value = try JSONValue.parse(bytes: bytes)
            } catch {
                throw DocumentError("not valid JSON: \(error.message)",
                                    at: YAMLMark(line: error.line, column: error.column, index: 0))
            }
            guard placing else { return EditSession(bytes: bytes, format: format, index: 0, value: value, tree: nil) }
            guard let tree = JSONSpanReader.tree(bytes) else { throw DocumentError("not valid JSON") }
            return EditSession(bytes: bytes, format: format, index: 0, value: value, tree: tree)
        case .yaml:
            let text = String(decoding: bytes, as: UTF8.self)
            var composer = YAMLComposer(text: text, aliasLimit: YAMLReader.defaultAliasLimit)
            var position = 0
            var edited: (value: JSONValue, root: YAMLNode?)?
            // Every document is read, to the end of the text: YAML that cannot be read anywhere in the file is
            // refused rather than edited around.
            while let root = try composer.nextDocument() {
                if position == index { edited = (try JSONValue(yaml: root), placing ? root : nil) }
                position += 1
            }
            if let edited {
                return EditSession(bytes: bytes, format: format, index: index, value: edited.value,
                                   tree: edited.root.map { EditNode.yaml($0, offsets: ScalarOffsets(bytes)) },
                                   documentCount: position)
            }
            if index == 0 { return EditSession(bytes: bytes, format: format, index: 0, value: .null, tree: nil) }
            throw DocumentError("the text holds \(position) document\(position == 1 ? "" : "s"), not \(index + 1)")
        }
    }

    /// The text with `edit` made, as read again (`placing`: with its places, for a further edit); itself when the
    /// edit changes nothing.
    func apply(_ edit: DocumentEdit, memberOrder: ((String) -> [String]?)? = nil,
               placing: Bool = true) throws(DocumentEditError) -> EditSession
    {
        let current = value
        guard let tokens = JSONPointer.tokens(edit.pointer) else {
            throw DocumentEditError(pointer: edit.pointer,
                                    problem: "not a JSON pointer (it starts with `/`: /name, /list/0)")
        }
        // A YAML text holding no document (empty, or comments only) takes its first members as lines at its end.
        let isEmpty = tree == nil && format == .yaml
        let intended: JSONValue
        do {
            intended = try (isEmpty ? JSONValue.object(JSONObject()) : current).editing(tokens[...], edit.change)
        } catch {
            throw DocumentEditError(pointer: edit.pointer, problem: error.problem,
                                    location: tree.map { place(of: deepest($0, tokens)) })
        }
        if intended == current { return self }
        let newline = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D ? "\r\n" : "\n" } ?? "\n"
        let writer = EditWriter(newline: newline, step: tree.map(yamlStep) ?? 2, jsonStep: tree.map(jsonStep) ?? "  ")
        let replacement: Replacement
        if let tree {
            let planner = EditPlanner(bytes: bytes, isJSON: format == .json, writer: writer, memberOrder: memberOrder)
            do {
                switch edit.change {
                case .set(let value): replacement = try planner.plan(tree, tokens: tokens, value: value, document: current)
                case .remove: replacement = try planner.plan(tree, tokens: tokens, value: nil, document: current)
                case .rename(let name): replacement = try planner.rename(tree, tokens: tokens, to: name)
                }
            } catch {
                throw DocumentEditError(pointer: edit.pointer, problem: error.problem,
                                        location: error.offset.map { place(of: $0) })
            }
        } else {
            guard isEmpty else { throw DocumentEditError(pointer: edit.pointer, problem: "the document is empty") }
            let lead = bytes.isEmpty || bytes.last == 0x0A ? "" : newline
            let lines = writer.yamlBlockLines(intended, indent: 0)
            replacement = Replacement(start: bytes.count, end: bytes.count,
                                      text: lead + lines.joined(separator: newline) + newline)
        }
        var changed = Array(bytes[..<replacement.start])
        changed += Array(replacement.text.utf8)
        changed += bytes[replacement.end...]
        // Never write text that does not mean what was asked.
        let reread: EditSession
        do {
            reread = try EditSession.read(changed, format: format, index: index, placing: placing)
        } catch {
            throw DocumentEditError(pointer: edit.pointer, problem: "the edit could not be written so that the file "
                                    + "reads back (\(error.message)); nothing was changed",
                                    location: place(of: replacement.start))
        }
        guard reread.value == intended else {
            throw DocumentEditError(pointer: edit.pointer, problem: "the edit could not be written so that the file "
                                    + "reads back as asked (it would change other values too); nothing was changed",
                                    location: place(of: replacement.start))
        }
        return reread
    }

    /// The line and column of a byte offset.
    func place(of offset: Int) -> SourceLocation {
        JSONLocator.place(of: min(max(offset, 0), bytes.count), in: bytes[...], firstLine: 1)
    }

    /// Where the deepest value on the pointer's way starts (what a refused edit is placed at).
    private func deepest(_ root: EditNode, _ tokens: [String]) -> Int {
        var node = root
        for token in tokens {
            if node.isMapping, let index = node.member(token) {
                node = node.children[index]
            } else if node.isSequence, let index = Int(token), node.children.indices.contains(index) {
                node = node.children[index]
            } else {
                break
            }
        }
        return node.start
    }

    /// The file's YAML indentation step: the first nested block collection's indentation past its key's.
    private func yamlStep(_ node: EditNode) -> Int {
        guard format == .yaml else { return 2 }
        var queue = [node]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            if next.isMapping, !next.isFlow {
                for (key, child) in zip(next.keys, next.children)
                where !child.isFlow && !child.isScalar && !child.isAlias {
                    let indent = child.entryIndentation(in: bytes)
                    if indent > key.column - 1 { return indent - (key.column - 1) }
                }
            }
            queue += next.children.prefix(8)
            if queue.count > 64 { break }
        }
        return 2
    }

    /// The file's JSON indentation step: the root's first member's indentation, when it starts a line.
    private func jsonStep(_ node: EditNode) -> String {
        guard format == .json, let first = node.isMapping ? node.keys.first : node.children.first else { return "  " }
        var start = first.start
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        let indent = bytes[start..<first.start]
        guard !indent.isEmpty, indent.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return "  " }
        return String(decoding: indent, as: UTF8.self)
    }
}

/// Why a pointer's edit cannot be made on the value.
package struct ValueEditProblem: Error {
    var problem: String
}

extension JSONValue {
    /// The value with `change` made at `tokens`; a set adds missing objects on its way.
    package func editing(_ tokens: ArraySlice<String>, _ change: DocumentEdit.Change) throws(ValueEditProblem) -> JSONValue {
        guard let token = tokens.first else {
            switch change {
            case .set(let value): return value
            case .remove: throw ValueEditProblem(problem: "the whole document cannot be removed")
            case .rename: throw ValueEditProblem(problem: "the whole document has no name to rename")
            }
        }
        let rest = tokens.dropFirst()
        switch self {
        case .object(let object):
            var members = object.members
            if let index = members.lastIndex(where: { $0.key == token }) {
                if rest.isEmpty, case .remove = change {
                    members.remove(at: index)
                } else if rest.isEmpty, case .rename(let name) = change {
                    guard name == token || !members.contains(where: { $0.key == name }) else {
                        throw ValueEditProblem(problem: "there is a member \(displayQuoted(name, limit: 80)) already")
                    }
                    members[index].key = name
                } else {
                    members[index].value = try members[index].value.editing(rest, change)
                }
            } else {
                guard case .set = change else {
                    let what = if case .remove = change { "remove" } else { "rename" }
                    throw ValueEditProblem(problem: "there is no member \(displayQuoted(token, limit: 80)) to \(what)")
                }
                members.append((token, try JSONValue.object(JSONObject()).editingNew(rest, change)))
            }
            return .object(JSONObject(members))
        case .array(var items):
            if rest.isEmpty, case .set(let value) = change, token == "-" || token == String(items.count) {
                items.append(value)
                return .array(items)
            }
            guard let index = Int(token), index >= 0, String(index) == token, index < items.count else {
                let shown = displayQuoted(token, limit: 80)
                throw ValueEditProblem(problem: "the list has no item \(shown) (it has \(items.count); "
                                       + "/- or /\(items.count) appends one)")
            }
            if rest.isEmpty, case .remove = change {
                items.remove(at: index)
            } else if rest.isEmpty, case .rename = change {
                throw ValueEditProblem(problem: "a list's items have no names to rename")
            } else {
                items[index] = try items[index].editing(rest, change)
            }
            return .array(items)
        default:
            let container = typeName == "null" ? "null" : "a \(typeName)"
            throw ValueEditProblem(problem: "\(displayQuoted(token, limit: 80)) is looked for in \(container), "
                                   + "which has no members or items")
        }
    }

    /// A missing member's new value: the value itself, or the objects it nests in.
    private func editingNew(_ rest: ArraySlice<String>, _ change: DocumentEdit.Change) throws(ValueEditProblem)
        -> JSONValue
    {
        guard case .set(let value) = change else { throw ValueEditProblem(problem: "there is nothing there") }
        return rest.reversed().reduce(value) { inner, key in .object(JSONObject([(key: key, value: inner)])) }
    }
}
