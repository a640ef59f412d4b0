// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

// An optional object of a schema (a property of type object that `required` does not name) asked only after a yes:
// a confirm question `add-NAME` ("Add Server?", `x-switchboard: {add-prompt: ...}` replaces it) before the group,
// whose fields and lists are asked only when it is answered yes. The confirm's answer is not part of the document.

extension SchemaMapper {
    /// The confirm question and the group gated by it; nil when the object cannot be gated (a sibling property is
    /// named `add-NAME`).
    /// `siblings`: the names of the object's properties (a set: an object of 2,000 properties has hundreds of
    /// optional objects, and looking each gate's name up in its list of members took quadratic time).
    func gatedGroup(_ name: String, _ schema: JSONValue, _ group: JSONValue, prefix: String,
                    siblings: Set<String>) -> [JSONValue]? {
        let gate = Self.gate(of: name)
        guard !siblings.contains(gate), case .object(let entry) = group, case .array(let inner)? = group["group"],
              let gatedInner = gated(inner, by: prefix + gate) else { return nil }
        var title = name
        if case .string(let text)? = schema["x-switchboard"]?["prompt"] ?? schema["title"] { title = text }
        let question = schema["x-switchboard"]?["add-prompt"] ?? .string("Add \(title)?")
        let confirm = object([("name", .string(gate)), ("prompt", question), ("required", .bool(true)),
                              ("type", .string("confirm")), ("default", .string("no"))])
        let members = entry.members.map { $0.key == "group" ? (key: "group", value: JSONValue.array(gatedInner)) : $0 }
        return [confirm, .object(JSONObject(members))]
    }

    /// `entries` each asked only when `gate` is answered yes (with any condition it had).
    private func gated(_ entries: [JSONValue], by gate: String) -> [JSONValue]? {
        var result: [JSONValue] = []
        for entry in entries {
            guard let gatedEntry = conditioned(entry, on: .string(gate)) else { return nil }
            result.append(gatedEntry)
        }
        return result
    }

    /// The name of the confirm question of the optional object `property` (`add-server`).
    static func gate(of property: String) -> String { gatePrefix + property }
    private static let gatePrefix = "add-"

    /// Whether `name` is the confirm question of an optional object of `schema` (not a property of its own).
    func isGate(_ name: String, of schema: JSONValue?) -> Bool {
        guard let schema, name.hasPrefix(Self.gatePrefix), propertySchema(name, in: schema) == nil,
              let object = propertySchema(String(name.dropFirst(Self.gatePrefix.count)), in: schema) else { return false }
        return type(resolved(object)) == "object"
    }
}

extension SchemaMapper {
    /// An object inside a list's item as a group of the item (its fields named `address.city` within the item;
    /// `prefix`: the path within the item of the object holding it). An optional one is asked after a yes, as
    /// outside a list (the confirm `add-address` is a field of the item, read by the group's conditions). When it
    /// cannot be gated (a sibling is named `add-NAME`), its fields are all optional: the document leaves it out
    /// while none is answered, and the validator checks a partly answered one on submit. Empty when it has
    /// nothing to ask.
    mutating func itemGroup(_ name: String, _ schema: JSONValue, required: Bool, depth: Int, prefix: String,
                            siblings: Set<String>) -> [JSONValue] {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar),
              schema["readOnly"] != .bool(true), schema["deprecated"] != .bool(true) else { return [] }
        let inner = fields(of: schema, depth: depth + 1, prefix: prefix + name + ".", inItem: true)
        guard !inner.isEmpty else { return [] }
        var entry: [(String, JSONValue)] = [("name", .string(name))]
        if let title = schema["x-switchboard"]?["prompt"] ?? schema["title"] { entry.append(("prompt", title)) }
        entry.append(("group", .array(inner)))
        if required { return [object(entry)] }
        if let gated = gatedGroup(name, schema, object(entry), prefix: prefix, siblings: siblings) { return gated }
        entry[entry.count - 1] = ("group", .array(inner.map(optional)))
        return [object(entry)]
    }

    /// Whether `entry` is the confirm question of an optional object of `object` (see `gatedGroup`).
    func isGateEntry(_ entry: JSONValue, in object: JSONValue) -> Bool {
        guard entry["type"] == .string("confirm"), case .string(let name)? = entry["name"] else { return false }
        return isGate(name, of: object)
    }

    /// `entry` (a field, or a group of fields) made optional.
    private func optional(_ entry: JSONValue) -> JSONValue {
        guard case .object(let members) = entry else { return entry }
        return .object(JSONObject(members.members.map { member in
            switch member.key {
            case "required": (key: "required", value: JSONValue.bool(false))
            case "group":
                if case .array(let inner) = member.value { (key: "group", value: JSONValue.array(inner.map(optional))) }
                else { member }
            default: member
            }
        }))
    }
}
