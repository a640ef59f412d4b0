// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

// An optional object of a schema (a property of type object that `required` does not name) asked only after a yes:
// a confirm question `add-NAME` ("Add Server?", `x-switchboard: {add-prompt: ...}` replaces it) before the group,
// whose fields are asked only when it is answered yes. The confirm's answer is not part of the document.

extension SchemaMapper {
    /// The confirm question and the group gated by it; nil when the object cannot be gated (a sibling property is
    /// named `add-NAME`, or the group holds a list, which a condition cannot hide).
    func gatedGroup(_ name: String, _ schema: JSONValue, _ group: JSONValue, prefix: String,
                    siblings: [String: JSONValue]) -> [JSONValue]? {
        let gate = "add-" + name
        guard siblings[gate] == nil, case .object(let entry) = group, case .array(let inner)? = group["group"],
              let gatedInner = gated(inner, by: prefix + gate) else { return nil }
        var title = name
        if case .string(let text)? = schema["x-switchboard"]?["prompt"] ?? schema["title"] { title = text }
        let question = schema["x-switchboard"]?["add-prompt"] ?? .string("Add \(title)?")
        let confirm = object([("name", .string(gate)), ("prompt", question), ("required", .bool(true)),
                              ("type", .string("confirm")), ("default", .string("no"))])
        let members = entry.members.map { $0.key == "group" ? (key: "group", value: JSONValue.array(gatedInner)) : $0 }
        return [confirm, .object(JSONObject(members))]
    }

    /// `entries` each asked only when `gate` is answered yes (with any condition it had); nil when one is a list.
    private func gated(_ entries: [JSONValue], by gate: String) -> [JSONValue]? {
        var result: [JSONValue] = []
        for entry in entries {
            guard case .object(let members) = entry, entry["repeat"] == nil else { return nil }
            if case .array(let inner)? = entry["group"] {
                guard let inner = gated(inner, by: gate) else { return nil }
                result.append(.object(JSONObject(members.members.map {
                    $0.key == "group" ? (key: "group", value: JSONValue.array(inner)) : $0
                })))
                continue
            }
            let when: JSONValue = entry["when"].map { .array([.string(gate), $0]) } ?? .string(gate)
            result.append(.object(JSONObject(members.members.filter { $0.key != "when" } + [(key: "when", value: when)])))
        }
        return result
    }

    /// Whether `name` is the confirm question of an optional object among `properties` (an object's, by name), not
    /// a property of its own.
    func isGate(_ name: String, in properties: [String: JSONValue]) -> Bool {
        guard name.hasPrefix("add-"), properties[name] == nil,
              let object = properties[String(name.dropFirst(4))] else { return false }
        return type(resolved(object)) == "object"
    }
}
