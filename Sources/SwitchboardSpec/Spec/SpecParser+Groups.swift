// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// A spec's fields as parsed: the asked fields named by their path (`server.port`), the groups, the lists.
struct ParsedFields {
    var fields: [FieldSpec] = []
    var groups: [GroupSpec] = []
    var repeats: [RepeatSpec] = []
    /// The line of each name taken so far (fields, groups and lists), by path.
    var lines: [String: Int] = [:]
}

/// `group:` and `repeat:` entries of a spec's `fields:`.
extension SpecParser {
    static let groupKeys = ["name", "prompt", "group"]
    static let repeatKeys = ["name", "prompt", "repeat", "min", "max", "required", "when"]

    /// Parses the entries of a fields list inside the groups `path` (empty: the form itself).
    mutating func parseEntries(_ list: [SpecNode], in path: [String], into parsed: inout ParsedFields) {
        for item in list {
            if var field = plainJSONField(item) {
                let full = path.isEmpty ? field.name : (path + [field.name]).joined(separator: ".")
                guard claim(full, at: field.location, in: &parsed) else { continue }
                field.name = full
                field.groupPath = path
                parsed.fields.append(field)
                continue
            }
            let map = SpecMap(item)
            if let map, map["group"] != nil {
                parseGroup(map, at: item, in: path, into: &parsed)
            } else if let map, map["repeat"] != nil {
                parseRepeat(map, at: item, in: path, into: &parsed)
            } else if var field = parseField(item, map: map, existing: [:]) {
                let full = (path + [field.name]).joined(separator: ".")
                guard claim(full, at: field.location, in: &parsed) else { continue }
                field.name = full
                field.groupPath = path
                parsed.fields.append(field)
            }
        }
    }

    /// Takes a name, or reports it as a duplicate.
    private mutating func claim(_ name: String, at location: SpecLocation, in parsed: inout ParsedFields) -> Bool {
        // One lookup for a new name (all but a mistake's): the line is put in, and put back for a taken one.
        guard let firstLine = parsed.lines.updateValue(location.line, forKey: name) else { return true }
        parsed.lines[name] = firstLine
        problems.append(SpecProblem(location, "duplicate field \(displayQuoted(name, limit: 60)) (first defined "
                                    + "at line \(firstLine))"))
        return false
    }

    /// An entry's `name:` (letters, digits, - and _).
    private mutating func entryName(_ map: SpecMap, at node: SpecNode, _ what: String) -> (String, SpecNode)? {
        guard let nameNode = map["name"] else {
            fail(node, "missing name:; every \(what) needs a name")
            return nil
        }
        guard let name = string(nameNode, "a \(what) name") else { return nil }
        if name.isEmpty || !name.unicodeScalars.allSatisfy(isNameScalar) {
            fail(nameNode, "\(what) name \(displayQuoted(name, limit: 60)) should use letters, digits, - and _ only")
            return nil
        }
        return (name, nameNode)
    }

    /// `{name: server, prompt: Server, group: [fields...]}`: a nested object.
    private mutating func parseGroup(_ map: SpecMap, at node: SpecNode, in path: [String],
                                     into parsed: inout ParsedFields) {
        checkKeys(map, allowed: Self.groupKeys, in: "a group")
        guard let (name, nameNode) = entryName(map, at: node, "group") else { return }
        let full = path + [name]
        guard claim(full.joined(separator: "."), at: location(nameNode), in: &parsed) else { return }
        let title = map["prompt"].flatMap { string($0, "a prompt") } ?? name
        parsed.groups.append(GroupSpec(name: full.joined(separator: "."), title: title, location: location(nameNode)))
        guard let groupNode = map["group"], let list = sequence(groupNode, "a list of the group's fields") else { return }
        if list.isEmpty { fail(groupNode, "a group needs at least one field; expected a list of fields") }
        parseEntries(list, in: full, into: &parsed)
    }

    /// `{name: items, prompt: Items, min: 1, max: 5, repeat: FIELD or [FIELDS]}`: a list of values (one field, its
    /// name optional) or of objects (a list of fields).
    private mutating func parseRepeat(_ map: SpecMap, at node: SpecNode, in path: [String],
                                      into parsed: inout ParsedFields) {
        checkKeys(map, allowed: Self.repeatKeys, in: "a repeat")
        guard let (name, nameNode) = entryName(map, at: node, "repeat") else { return }
        let full = (path + [name]).joined(separator: ".")
        guard claim(full, at: location(nameNode), in: &parsed) else { return }
        var bounds: [Int?] = []
        for key in ["min", "max"] {
            guard let boundNode = map[key] else { bounds.append(nil); continue }
            guard let count = boundNode.scalar.flatMap({ Int($0.string) }), count >= 0, count <= 10_000 else {
                fail(boundNode, "expected \(key): a whole number of items from 0 to 10000, got \(describe(boundNode))")
                bounds.append(nil)
                continue
            }
            bounds.append(count)
        }
        if let minimum = bounds[0], let maximum = bounds[1], minimum > maximum {
            fail(map["min"]!, "min: \(minimum) is more than max: \(maximum)")
        }
        if bounds[1] == 0 { fail(map["max"]!, "max: 0 leaves no room for an item; expected max: 1 or more") }
        guard let repeatNode = map["repeat"] else { return }
        var template: [FieldSpec] = []
        var holdsValues = false
        if repeatNode.isMapping {
            holdsValues = true
            if let field = plainJSONField(repeatNode, impliedName: name)
                ?? parseField(repeatNode, existing: [:], impliedName: name) { template = [field] }
        } else if let list = sequence(repeatNode, "a field (a list of values) or a list of fields (a list of objects)") {
            if list.isEmpty { fail(repeatNode, "a repeat needs at least one field; expected a list of fields") }
            var names: [String: Int] = [:]
            parseItemFields(list, in: [], title: nil, names: &names, into: &template)
        }
        var earlier: [String] = []
        for field in template {
            checkItemField(field, in: full, earlier: earlier)
            earlier.append(field.name)
        }
        let when = map["when"].flatMap { parseWhen($0) }
        if let when { checkListCondition(when, of: full, earlier: parsed.fields) }
        parsed.repeats.append(RepeatSpec(name: full, title: map["prompt"].flatMap { string($0, "a prompt") } ?? name,
                                         minimum: bounds[0] ?? 0, maximum: bounds[1], fields: template,
                                         holdsValues: holdsValues, position: parsed.fields.count, groupPath: path,
                                         location: location(nameNode),
                                         isRequired: map["required"].flatMap { bool($0) } ?? true, when: when))
    }

    /// A list's `when:` reads fields asked before the list, by name.
    private mutating func checkListCondition(_ when: WhenSpec, of list: String, earlier: [FieldSpec]) {
        for (name, at) in when.references where !earlier.contains(where: { $0.name == name }) {
            problems.append(SpecProblem(at, "when: no field named \(displayQuoted(name, limit: 60)) before the list "
                + "\(displayQuoted(list, limit: 60)); a condition reads the answers of fields asked before it"
                + (earlier.isEmpty ? "" : ": one of \(listed(earlier.map(\.name)))")))
        }
    }

    /// An item's fields. A `group:` among them is a nested object of the item: its fields are named by their
    /// path within the item (`address.city`, so `items.0.address.city`) and asked after its title
    /// ("Items 1: Address: City").
    private mutating func parseItemFields(_ list: [SpecNode], in path: [String], title: String?,
                                          names: inout [String: Int], into template: inout [FieldSpec]) {
        func claim(_ name: String, at location: SpecLocation) -> Bool {
            if let firstLine = names[name] {
                problems.append(SpecProblem(location, "duplicate field \(displayQuoted(name, limit: 60)) (first "
                                            + "defined at line \(firstLine))"))
                return false
            }
            names[name] = location.line
            return true
        }
        for item in list {
            let plain = plainJSONField(item)
            let map = plain == nil ? SpecMap(item) : nil
            if let map, map["group"] != nil {
                checkKeys(map, allowed: Self.groupKeys, in: "a group")
                guard let (name, nameNode) = entryName(map, at: item, "group"),
                      claim((path + [name]).joined(separator: "."), at: location(nameNode)) else { continue }
                let groupTitle = map["prompt"].flatMap { string($0, "a prompt") } ?? name
                guard let groupNode = map["group"], let inner = sequence(groupNode, "a list of the group's fields") else {
                    continue
                }
                if inner.isEmpty { fail(groupNode, "a group needs at least one field; expected a list of fields") }
                parseItemFields(inner, in: path + [name], title: title.map { "\($0): \(groupTitle)" } ?? groupTitle,
                                names: &names, into: &template)
                continue
            }
            guard var field = plain ?? parseField(item, map: map, existing: [:]) else { continue }
            let full = (path + [field.name]).joined(separator: ".")
            guard claim(full, at: field.location) else { continue }
            if let title {
                field.name = full
                field.prompt = "\(title): \(field.prompt)"
            }
            template.append(field)
        }
    }

    /// What an item's field cannot have: keys that name fields outside the item (their names differ in every
    /// item). A `when:` reads fields of the same item asked before it (`earlier`, by their names within the item).
    private mutating func checkItemField(_ field: FieldSpec, in list: String, earlier: [String]) {
        var keys: [String] = []
        for (name, at) in field.when?.references ?? [] where !earlier.contains(name) {
            problems.append(SpecProblem(at, "when: no field named \(displayQuoted(name, limit: 60)) before "
                + "\(displayQuoted(field.name, limit: 60)) in an item of the repeat \(displayQuoted(list, limit: 60)); "
                + "an item's condition reads the item's own fields asked before it"
                + (earlier.isEmpty ? "" : ": one of \(listed(earlier))")))
        }
        if field.sameAs != nil { keys.append("same-as:") }
        if field.after != nil { keys.append("after:") }
        if case .derived? = field.defaultValue { keys.append("default: {from: ...}") }
        if field.choicesCommand != nil { keys.append("choices: {command: ...}") }
        for key in keys {
            problems.append(SpecProblem(field.location, "\(key) is not supported in an item of the repeat "
                + "\(displayQuoted(list, limit: 60)): an item's fields are named anew in every item; put the "
                + "binding on a field outside the repeat"))
        }
    }
}

/// A group of a spec (`group:`): a nested object whose fields are asked under its title.
public struct GroupSpec: Equatable, Sendable {
    /// The group's path (`server`, `server.tls`).
    public var name: String
    /// The title shown before its fields (`prompt:`, else the name).
    public var title: String
    /// Where the group's name is written.
    public var location: SpecLocation
}

/// A list of a spec (`repeat:`): an array of values or of objects asked item by item.
public struct RepeatSpec: Sendable {
    /// The list's path (`items`, `server.hosts`).
    public var name: String
    /// The title: items are asked as "Title 1: question".
    public var title: String
    /// The fewest items (`min:`, 0 by default).
    public var minimum: Int
    /// The most items (`max:`), if limited.
    public var maximum: Int?
    /// An item's fields, named within the item (for a list of values, one field named after the list).
    public var fields: [FieldSpec]
    /// Whether an item is one value (`repeat:` a field) rather than an object (`repeat:` a list of fields).
    public var holdsValues: Bool
    /// Where the list is asked: before `FormSpec.fields[position]` (at the end when it is `fields.count`).
    public var position: Int
    /// The groups the list is in.
    public var groupPath: [String]
    /// Where the list's name is written.
    public var location: SpecLocation
    /// Whether an empty list is written (`[]`); `required: false` leaves it out of the answers.
    public var isRequired = true
    /// When the list is asked (`when:`, as for a field); nil: always.
    public var when: WhenSpec?
}
