// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardSchema

// A form over a document holds the items of its lists whose values the schema takes without making their questions
// (see FormRepeat+Held.swift): which items those are is read from the document's failures.

extension SchemaDocumentForm {
    /// The items of `form`'s lists (`services.3`) whose value in `document` holds a value one of `failures` names,
    /// and the lists a failure concerns from above (a failure of the whole document, or of the map itself: a
    /// `propertyNames` refusing an entry's name): none of those lists' items is held.
    static func unsettledItems(_ failures: [SchemaFailure], in document: JSONValue, form: Form) -> Set<String> {
        let lists = Set(form.repeats.map(\.name))
        var unsettled: Set<String> = []
        for failure in failures {
            guard let tokens = JSONPointer.tokens(failure.pointer) else { continue }
            var value: JSONValue? = document
            var path: [String] = []
            for token in tokens where !token.isEmpty || !path.isEmpty || value != nil {
                let name = path.joined(separator: ".")
                if lists.contains(name), let current = value {
                    var index: Int?
                    switch current {
                    case .object(let members): index = members.keys.firstIndex(of: token)
                    case .array(let items): index = Int(token).flatMap { items.indices.contains($0) ? $0 : nil }
                    default: break
                    }
                    guard let index else { break }
                    unsettled.insert("\(name).\(index)")
                    path.append(String(index))
                } else {
                    path.append(token)
                }
                value = value.flatMap { JSONPointer.walk($0, [token]) }
            }
            let reached = path.joined(separator: ".")
            for list in lists where reached.isEmpty || list == reached || list.hasPrefix(reached + ".") {
                unsettled.insert(list)
            }
        }
        return unsettled
    }
}
