// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema
import SwitchboardRules

// Typed answers nested along the fields' paths: a group's fields become an object, a list's items an array, in
// JSON and in YAML.

extension TypedAnswers {
    /// Sets the answer at `path` (objects and arrays made on the way; a list's items arrive in order).
    mutating func insert(_ value: TypedAnswer, at path: ArraySlice<AnswerPathComponent>) {
        guard case .key(let key)? = path.first else { return }
        let rest = path.dropFirst()
        // The last member first: a list's items and a group's fields arrive one after another.
        let position = names.last == key ? names.count - 1 : names.firstIndex(of: key)
        guard let position else {
            var child = emptyContainer(for: rest.first, value)
            if !rest.isEmpty { child.insert(value, at: rest) }
            names.append(key)
            values.append(child)
            return
        }
        if rest.isEmpty { values[position] = value } else { values[position].insert(value, at: rest) }
    }

    /// The answers as pretty JSON, nested objects and arrays indented two spaces a level.
    func prettyJSON(indent: String) -> String {
        if names.isEmpty { return "{}" }
        let inner = indent + "  "
        let members = zip(names, values).map { "\(inner)\(jsonString($0)): \($1.prettyJSON(indent: inner))" }
        return "{\n" + members.joined(separator: ",\n") + "\n\(indent)}"
    }

    /// The answers as YAML block lines at `indent` (each line ends with a newline).
    func yamlLines(indent: String) -> String {
        zip(names, values).map { name, value in
            let key = yamlKey(name)
            if key.utf8.count > longestImplicitYAMLKey {
                return "\(indent)? \(key)\n\(indent):" + value.yamlBlock(indent: indent + "  ")
            }
            return "\(indent)\(key):" + value.yamlBlock(indent: indent + "  ")
        }.joined()
    }
}

/// What a path's next step needs: an object for a key, an array for an index.
private func emptyContainer(for next: AnswerPathComponent?, _ value: TypedAnswer) -> TypedAnswer {
    switch next {
    case .key?: .object(TypedAnswers([]))
    case .index?: .array([])
    case nil: value
    }
}

extension TypedAnswer {
    mutating func insert(_ value: TypedAnswer, at path: ArraySlice<AnswerPathComponent>) {
        // The container is taken out of `self` before it changes (`self` holds nothing meanwhile), so that it is
        // changed in place, not copied: a list of hundreds of items filled one answer at a time stays linear.
        switch self {
        case .object(var members):
            guard case .key? = path.first else { return }
            self = .null
            members.insert(value, at: path)
            self = .object(members)
        case .array(var items):
            guard case .index(let index)? = path.first else { return }
            self = .null
            let rest = path.dropFirst()
            while items.count <= index { items.append(emptyContainer(for: rest.first, .null)) }
            if rest.isEmpty { items[index] = value } else { items[index].insert(value, at: rest) }
            self = .array(items)
        default:
            break
        }
    }

    func prettyJSON(indent: String) -> String {
        switch self {
        case .object(let members): return members.prettyJSON(indent: indent)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.prettyJSON(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        default: return json
        }
    }

    /// The value after `key:` in YAML: ` scalar\n`, or a newline and the nested block at `indent`.
    func yamlBlock(indent: String) -> String {
        switch self {
        case .object(let members):
            return members.names.isEmpty ? " {}\n" : "\n" + members.yamlLines(indent: indent)
        case .array(let items):
            if items.isEmpty { return " []\n" }
            return "\n" + items.map { item in
                switch item {
                case .object(let members) where !members.names.isEmpty:
                    // `- first: 1` then the other keys under it.
                    let lines = members.yamlLines(indent: indent + "  ")
                    return indent + "- " + lines.dropFirst(indent.count + 2)
                default:
                    return indent + "-" + item.yamlBlock(indent: indent + "  ")
                }
            }.joined()
        default:
            return " \(yaml)\n"
        }
    }
}

extension Form {
    /// The shown fields' typed answers nested along their paths; a list is an array of its items (left out when
    /// empty and `omittedWhenEmpty`).
    var nestedTypedAnswers: TypedAnswers {
        var answers = TypedAnswers([])
        for step in steps {
            switch step {
            case .field(let field):
                if field.isShown.value && !leftOut(field) { answers.insert(field.typedValue, at: field.path[...]) }
            case .repeating(let list):
                if !list.isShown.value || (list.items.isEmpty && list.omittedWhenEmpty) { continue }
                // Each item made whole, then the list put in once: a list of hundreds of items is not changed (and
                // copied) once per answer.
                let depth = list.path.count + 1
                // As answers put in one by one made it: an item with no answer is `{}` (an item of one value:
                // null) before an item with one, and left out after the last.
                var items: [TypedAnswer] = []
                items.reserveCapacity(list.items.count)
                var answeredItems = 0
                for (index, item) in list.items.enumerated() {
                    // An item held without questions: its value as its questions would give it.
                    if let held = list.heldItem(at: index) {
                        items.append(held.typed)
                        answeredItems = items.count
                        continue
                    }
                    let holdsValue = item.first.map { $0.path.count == depth } ?? true
                    var value: TypedAnswer = holdsValue ? .null : .object(TypedAnswers([]))
                    var answered = false
                    for field in item where field.isShown.value && !leftOut(field) {
                        answered = true
                        if field.path.count == depth {
                            value = field.typedValue
                        } else {
                            value.insert(field.typedValue, at: field.path[depth...])
                        }
                    }
                    items.append(value)
                    if answered { answeredItems = items.count }
                }
                items.removeLast(items.count - answeredItems)
                answers.insert(.array(items), at: list.path[...])
            }
        }
        return answers
    }

    private func leftOut(_ field: FormField) -> Bool {
        leavesOutEmptyOptionalAnswers && !field.isRequired && field.text.value.isEmpty
    }
}
