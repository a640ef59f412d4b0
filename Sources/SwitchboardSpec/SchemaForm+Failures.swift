// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardSchema

// The validator's verdict on a submitted document, said as the form's failures: each names the question to ask
// again.

extension SchemaForm {
    /// The validator's failures as the form's: a pointer (`/server/port`) names its field (`server.port`), or the
    /// first field under it (a missing property of a group), or the list it is in.
    @MainActor static func failures(_ failures: [SchemaFailure], in form: Form) -> [FieldFailure] {
        failures.map { failure in
            let path = failure.pointer.split(separator: "/", omittingEmptySubsequences: true)
                .map { $0.replacing("~1", with: "/").replacing("~0", with: "~") }.joined(separator: ".")
            // A missing property names the property's field: `must have the property "contact"` at the root is
            // the field `contact`, not yet answered.
            let quote = "must have the property \""
            if failure.keyword == "required", failure.message.hasPrefix(quote), failure.message.hasSuffix("\"") {
                let property = String(failure.message.dropFirst(quote.count).dropLast())
                let target = path.isEmpty ? property : path + "." + property
                if let field = form[target] ?? form.fields.first(where: { $0.name.hasPrefix(target + ".") }) {
                    // An optional object answered no that an `if` (or a variant) requires after all: its yes.
                    let gate = (path.isEmpty ? "" : path + ".") + SchemaMapper.gate(of: property)
                    if !field.isShown.value, form[target] == nil, let confirm = form[gate], confirm.isShown.value {
                        return FieldFailure(field: gate, rule: "required",
                                            message: "must be yes: \(property) is required", value: "")
                    }
                    return FieldFailure(field: field.name, rule: "required", message: "is required", value: "")
                }
            }
            let name = form[path]?.name ?? form.fields.first { $0.isShown.value && $0.name.hasPrefix(path + ".") }?.name
                ?? (path.isEmpty ? "(document)" : path)
            return FieldFailure(field: name, rule: failure.keyword, message: failure.message, value: "")
        }
    }
}
