// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

// The draft of a form over a file (`form --edit`): the edits the answers made, not the answers. Answers name list
// items by their place (`ports.0`), which a removed item shifts, and a draft applied to a file changed meanwhile
// must change what was changed and nothing else. So the draft holds the edits by JSON pointer, one per line:
//
//     {"edits": [
//       {"set": "/replicas", "value": 3},
//       {"remove": "/ports/1"},
//       {"rename": "/services/web", "to": "site"}
//     ]}

//
// Saved over the document they were made to (`save(edits:over:)`), each set and removal also holds what was there
// (`"was": VALUE`, or `"absent": true`), so that a draft resumed over a file changed meanwhile where it edits (a
// teammate's change to the same value, an item added before the edited one) is not used rather than written over
// the change (`loadEdits(checkedAgainst:)`).

extension Draft {
    /// Saves `edits` as the draft (mode 0600, atomically, as `save(_:)` saves answers); with `document`, the values
    /// each edit replaces or removes are kept too (see above).
    ///
    /// ```swift
    /// try Draft(path: "app.yaml.draft.json").save(edits: editing.changes, over: editing.editor.value)
    /// ```
    public func save(edits: [DocumentEdit], over document: JSONValue? = nil) throws(DraftError) {
        var current = document
        let lines = edits.map { edit -> String in
            // What the edit finds there, in the document as the edits before it left it.
            var base = ""
            if let document = current, let tokens = JSONPointer.tokens(edit.pointer) {
                switch edit.change {
                case .set, .remove:
                    base = JSONPointer.walk(document, tokens).map { ", \"was\": \($0)" } ?? ", \"absent\": true"
                case .rename:
                    break
                }
                current = try? document.editing(tokens[...], edit.change)
            }
            switch edit.change {
            case .set(let value): return "  {\"set\": \(jsonStringLiteral(edit.pointer)), \"value\": \(value)\(base)}"
            case .remove: return "  {\"remove\": \(jsonStringLiteral(edit.pointer))\(base)}"
            case .rename(let name):
                return "  {\"rename\": \(jsonStringLiteral(edit.pointer)), \"to\": \(jsonStringLiteral(name))}"
            }
        }
        try save(text: "{\"edits\": [\n" + lines.joined(separator: ",\n") + "\n]}\n")
    }

    /// `loadEdits()`, refused when `document` (the file as it is now) no longer holds, where an edit sets or removes
    /// a value, what the draft found there when it was saved: the value changed in the file meanwhile, or an item
    /// was added or removed before it.
    ///
    /// ```swift
    /// let edits = try Draft(path: "app.yaml.draft.json").loadEdits(checkedAgainst: editor.value) ?? []
    /// ```
    /// - Throws: `DraftError` naming the first such pointer, or as `loadEdits()` throws.
    public func loadEdits(checkedAgainst document: JSONValue) throws(DraftError) -> [DocumentEdit]? {
        guard let edits = try loadEdits() else { return nil }
        guard let text = try loadText(), case .object(let top)? = try? JSONValue.parse(text),
              case .array(let list)? = top["edits"] else { return edits }
        var current = document
        for (edit, item) in zip(edits, list) {
            guard let tokens = JSONPointer.tokens(edit.pointer) else { continue }
            let found = JSONPointer.walk(current, tokens)
            let changed = item["was"].map { $0 != found } ?? (item["absent"] == .bool(true) && found != nil)
            if changed {
                throw DraftError(path: path, message: "the file changed at \(displayQuoted(edit.pointer)) since the "
                                 + "draft was saved (the draft's edit there would write over that change)")
            }
            guard let edited = try? current.editing(tokens[...], edit.change) else { break }
            current = edited
        }
        return edits
    }

    /// The edits a draft saved by `save(edits:)` holds, or nil when there is no draft yet.
    ///
    /// ```swift
    /// let edits = try Draft(path: "app.yaml.draft.json").loadEdits() ?? []
    /// ```
    /// - Throws: `DraftError` when the file cannot be read (see `load()`) or does not hold edits.
    public func loadEdits() throws(DraftError) -> [DocumentEdit]? {
        guard let text = try loadText() else { return nil }
        let refused = DraftError(path: path, message: "the draft does not hold a form's edits of a file "
                                 + "({\"edits\": [{\"set\": POINTER, \"value\": VALUE}, {\"remove\": POINTER}, "
                                 + "{\"rename\": POINTER, \"to\": NAME}]})")
        guard case .object(let top)? = try? JSONValue.parse(text), case .array(let list)? = top["edits"] else {
            throw refused
        }
        var edits: [DocumentEdit] = []
        for item in list {
            if case .string(let pointer)? = item["set"], let value = item["value"], item["remove"] == nil {
                edits.append(.set(pointer, to: value))
            } else if case .string(let pointer)? = item["remove"], item["set"] == nil {
                edits.append(.remove(pointer))
            } else if case .string(let pointer)? = item["rename"], case .string(let name)? = item["to"],
                      item["set"] == nil, item["remove"] == nil {
                edits.append(.rename(pointer, to: name))
            } else {
                throw refused
            }
        }
        return edits
    }
}
