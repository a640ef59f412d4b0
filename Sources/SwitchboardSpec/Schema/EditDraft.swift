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

extension Draft {
    /// Saves `edits` as the draft (mode 0600, atomically, as `save(_:)` saves answers).
    ///
    /// ```swift
    /// try Draft(path: "app.yaml.draft.json").save(edits: editing.changes)
    /// ```
    public func save(edits: [DocumentEdit]) throws(DraftError) {
        let lines = edits.map { edit -> String in
            switch edit.change {
            case .set(let value): "  {\"set\": \(jsonStringLiteral(edit.pointer)), \"value\": \(value)}"
            case .remove: "  {\"remove\": \(jsonStringLiteral(edit.pointer))}"
            case .rename(let name):
                "  {\"rename\": \(jsonStringLiteral(edit.pointer)), \"to\": \(jsonStringLiteral(name))}"
            }
        }
        try save(text: "{\"edits\": [\n" + lines.joined(separator: ",\n") + "\n]}\n")
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
