// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// The formats asserted with the rules of the same name (each agrees with the JSON-Schema-Test-Suite's format
/// cases); any other format is an annotation.
let assertedFormats: Set<String> = ["date", "time", "date-time", "duration", "ipv4", "ipv6", "hostname", "uuid", "uri",
                                    "uri-reference"]

extension SchemaCompiler {
    /// Compiles one object schema's keywords: its checks, and whether it collects annotations
    /// (`unevaluatedProperties`/`unevaluatedItems`).
    /// `here`: the location as messages show it.
    mutating func compileKeywords(_ object: JSONObject, at location: Location, shown here: String,
                                  info: SchemaIndex.Info)
        throws(SchemaError) -> (checks: [SchemaCheck], collectsAnnotations: Bool)
    {
        let draft = info.draft
        func at(_ keyword: String) -> String { here + "/" + JSONPointer.escape(keyword) }
        // A child's pointer appended in place (a variadic list of parts, mapped and joined, was an array and four
        // strings per subschema).
        func child(_ keyword: String, _ name: String? = nil) -> Location {
            var pointer = location.pointer
            pointer += "/"
            pointer += JSONPointer.escape(keyword)
            if let name {
                pointer += "/"
                pointer += JSONPointer.escape(name)
            }
            return Location(document: location.document, pointer: pointer)
        }
        // A keyword's subschema, compiled with its value at hand (walking the pointer from the document's root again
        // scanned a 2,000-property object's members for each array's `items`).
        func subschema(_ keyword: String) throws(SchemaError) -> SchemaNode {
            try compile(child(keyword), value: object[keyword])
        }
        func bad(_ keyword: String, _ message: String) -> SchemaError { SchemaError(location: at(keyword), message: message) }

        for keyword in SchemaDraft.draft3Keywords where object[keyword] != nil {
            throw bad(keyword, "\(keyword) is a draft 3 keyword, which is not supported; schemas of draft 4, 6, 7, "
                        + "2019-09 and 2020-12 are (\(keyword == "divisibleBy" ? "use multipleOf" : "use allOf and not"))")
        }
        if draft >= .draft2019_09, case .string? = object["$recursiveRef"], draft == .draft2020_12 {
            // 2020-12 replaced it with $dynamicRef: an unknown keyword there, ignored as the draft says.
        }

        var checks: [SchemaCheck] = []
        var late: [SchemaCheck] = []

        // $ref: alone in drafts 4 to 7 (its siblings are ignored), one keyword among others later.
        if let ref = object["$ref"] {
            guard case .string(let text) = ref else { throw bad("$ref", "must be a string (a URI reference)") }
            checks.append(.reference(reference(text, base: info.base, draft: draft, from: at("$ref"))))
            if draft.refOverridesSiblings {
                return (checks, false)
            }
        }
        if draft == .draft2019_09, let ref = object["$recursiveRef"] {
            guard case .string(let text) = ref, text == "#" else {
                throw bad("$recursiveRef", "must be \"#\" (the only value draft 2019-09 allows)")
            }
            checks.append(.recursiveReference(reference("#", base: info.base, draft: draft, from: at("$recursiveRef"))))
        }
        if draft == .draft2020_12, let ref = object["$dynamicRef"] {
            guard case .string(let text) = ref else { throw bad("$dynamicRef", "must be a string (a URI reference)") }
            let target = try resolve(text, base: info.base, draft: draft, from: at("$dynamicRef"))
            var anchor: String?
            let fragment = URIReference.withoutFragment(URIReference.resolve(text, against: info.base)).fragment ?? ""
            if !fragment.isEmpty, !fragment.hasPrefix("/"), case .string(let name)? = index.value(at: target)?["$dynamicAnchor"],
               name == fragment {
                anchor = name
            }
            checks.append(.dynamicReference(reference(text, base: info.base, draft: draft, from: at("$dynamicRef"),
                                                      anchor: anchor)))
        }

        if info.validation {
            try compileValidation(object, draft: draft, at: at, bad: bad, into: &checks)
        }

        // format: asserted for the formats the rules implement.
        if case .string(let format)? = object["format"], assertsFormat, assertedFormats.contains(format),
           let rule = try? Rule.parse(format) {
            checks.append(.format(FormatCheck(rule, name: format)))
        }

        // Applicators on the same instance.
        for keyword in ["allOf", "anyOf", "oneOf"] {
            guard let value = object[keyword] else { continue }
            guard case .array(let items) = value, !items.isEmpty else {
                throw bad(keyword, "must be a non-empty array of schemas")
            }
            var nodes: [SchemaNode] = []
            for i in items.indices { nodes.append(try compile(child(keyword, String(i)), value: items[i])) }
            switch keyword {
            case "allOf": checks.append(.allOf(nodes))
            case "anyOf": checks.append(.anyOf(Alternatives(nodes)))
            default: checks.append(.oneOf(Alternatives(nodes)))
            }
        }
        if object["not"] != nil { checks.append(.not(try subschema("not"))) }
        if draft >= .draft7, object["if"] != nil {
            let then = object["then"] != nil ? try subschema("then") : nil
            let otherwise = object["else"] != nil ? try subschema("else") : nil
            if then != nil || otherwise != nil || draft >= .draft2019_09 {
                checks.append(.conditional(ConditionalCheck(condition: try subschema("if"), then: then, else: otherwise)))
            }
        }

        // Arrays.
        var prefix: [SchemaNode] = []
        var rest: SchemaNode?
        var restKeyword = "items"
        if draft >= .draft2020_12 {
            if let value = object["prefixItems"] {
                guard case .array(let items) = value else { throw bad("prefixItems", "must be an array of schemas") }
                for i in items.indices { prefix.append(try compile(child("prefixItems", String(i)), value: items[i])) }
            }
            if object["items"] != nil { rest = try subschema("items") }
        } else if let items = object["items"] {
            if case .array(let list) = items {
                for i in list.indices { prefix.append(try compile(child("items", String(i)), value: list[i])) }
                if object["additionalItems"] != nil {
                    rest = try subschema("additionalItems")
                    restKeyword = "additionalItems"
                }
            } else {
                rest = try subschema("items")
            }
        }
        if !prefix.isEmpty || rest != nil { checks.append(.items(ItemsCheck(prefix: prefix, rest: rest, restKeyword: restKeyword))) }
        if draft >= .draft6, object["contains"] != nil {
            var minimum = 1
            var maximum: Int?
            if draft >= .draft2019_09 && info.validation {
                if let value = object["minContains"] { minimum = try count(value, "minContains", bad) }
                if let value = object["maxContains"] { maximum = try count(value, "maxContains", bad) }
            }
            checks.append(.contains(ContainsCheck(try subschema("contains"), min: minimum, max: maximum)))
        }

        // Objects.
        var properties = PropertySchemas.Builder()
        if let value = object["properties"] {
            guard case .object(let members) = value else { throw bad("properties", "must be an object of schemas") }
            let last = lastValues(members)
            for member in members.members {
                properties.named.append((member.key, try compile(child("properties", member.key),
                                                                 value: last[member.key])))
            }
        }
        if let value = object["patternProperties"] {
            guard case .object(let members) = value else {
                throw bad("patternProperties", "must be an object of schemas keyed by regular expressions")
            }
            let last = lastValues(members)
            for member in members.members {
                let regex = try self.regex(member.key, at: at("patternProperties") + "/" + JSONPointer.escape(member.key))
                properties.patterns.append((regex, try compile(child("patternProperties", member.key),
                                                               value: last[member.key])))
            }
        }
        if let value = object["additionalProperties"] {
            properties.additional = try subschema("additionalProperties")
            properties.additionalIsFalse = value == .bool(false)
        }
        if !properties.isEmpty {
            checks.append(.properties(PropertySchemas(properties)))
        }
        if draft >= .draft6, object["propertyNames"] != nil {
            checks.append(.propertyNames(try subschema("propertyNames")))
        }
        var dependentSchemas: [(String, SchemaNode)] = []
        var dependentRequired: [(String, [String])] = []
        if draft <= .draft7, case .object(let members)? = object["dependencies"] {
            let last = lastValues(members)
            for member in members.members {
                if case .array = member.value {
                    dependentRequired.append((member.key, try strings(member.value, "dependencies", bad)))
                } else {
                    dependentSchemas.append((member.key, try compile(child("dependencies", member.key),
                                                                     value: last[member.key])))
                }
            }
        } else if draft <= .draft7, object["dependencies"] != nil {
            throw bad("dependencies", "must be an object of schemas or arrays of property names")
        }
        if draft >= .draft2019_09 {
            if let value = object["dependentSchemas"] {
                guard case .object(let members) = value else { throw bad("dependentSchemas", "must be an object of schemas") }
                let last = lastValues(members)
                for member in members.members {
                    dependentSchemas.append((member.key, try compile(child("dependentSchemas", member.key),
                                                                     value: last[member.key])))
                }
            }
            if info.validation, let value = object["dependentRequired"] {
                guard case .object(let members) = value else {
                    throw bad("dependentRequired", "must be an object of arrays of property names")
                }
                for member in members.members {
                    dependentRequired.append((member.key, try strings(member.value, "dependentRequired", bad)))
                }
            }
            if object["unevaluatedItems"] != nil { late.append(.unevaluatedItems(try subschema("unevaluatedItems"))) }
            if object["unevaluatedProperties"] != nil {
                late.append(.unevaluatedProperties(try subschema("unevaluatedProperties")))
            }
        }
        if !dependentRequired.isEmpty {
            let keyword = draft <= .draft7 ? "dependencies" : "dependentRequired"
            checks.append(.dependentRequired(DependentRequiredCheck(dependentRequired, keyword: keyword)))
        }
        if !dependentSchemas.isEmpty { checks.append(.dependentSchemas(dependentSchemas)) }
        return (checks + late, !late.isEmpty)
    }

    /// The validation vocabulary's keywords.
    private mutating func compileValidation(_ object: JSONObject, draft: SchemaDraft, at: (String) -> String,
                                            bad: (String, String) -> SchemaError,
                                            into checks: inout [SchemaCheck]) throws(SchemaError) {
        if let value = object["type"] {
            var set = TypeSet()
            let names: [JSONValue]
            if case .array(let list) = value { names = list } else { names = [value] }
            for name in names {
                guard case .string(let text) = name, let type = TypeSet.named(text) else {
                    throw bad("type", "unknown type \(name); give one of null, boolean, object, array, number, string, "
                                + "integer (or an array of them)")
                }
                set.insert(draft == .draft4 && type == .integer ? .integerLiteral : type)
            }
            checks.insert(.type(set), at: 0)
        }
        if let value = object["enum"] {
            guard case .array(let items) = value else { throw bad("enum", "must be an array of the allowed values") }
            let shown = items.map(shownValue)
            let message = items.count == 1 ? "must be \(shown[0])" : "must be one of \(listed(shown))"
            checks.append(items.count == 1 ? .constant(ConstantCheck(items[0], message: message, keyword: "enum"))
                                           : .enumeration(EnumerationCheck(items, message: message)))
        }
        if draft >= .draft6, let value = object["const"] {
            checks.append(.constant(ConstantCheck(value, message: "must be \(shownValue(value))")))
        }
        func number(_ keyword: String) throws(SchemaError) -> JSONNumber? {
            guard let value = object[keyword] else { return nil }
            guard case .number(let n) = value else { throw bad(keyword, "must be a number, got \(value)") }
            return n
        }
        if draft == .draft4 {
            func flag(_ keyword: String) throws(SchemaError) -> Bool {
                guard let value = object[keyword] else { return false }
                guard case .bool(let b) = value else {
                    throw bad(keyword, "must be true or false in draft 4 (a number from draft 6 on)")
                }
                return b
            }
            if let n = try number("minimum") { checks.append(.minimum(NumberCheck(n, exclusive: try flag("exclusiveMinimum")))) }
            if let n = try number("maximum") { checks.append(.maximum(NumberCheck(n, exclusive: try flag("exclusiveMaximum")))) }
        } else {
            if let n = try number("minimum") { checks.append(.minimum(NumberCheck(n))) }
            if let n = try number("maximum") { checks.append(.maximum(NumberCheck(n))) }
            if let n = try number("exclusiveMinimum") { checks.append(.minimum(NumberCheck(n, exclusive: true))) }
            if let n = try number("exclusiveMaximum") { checks.append(.maximum(NumberCheck(n, exclusive: true))) }
        }
        if let n = try number("multipleOf") {
            guard JSONNumber.compare(n, JSONNumber(0)) > 0 else { throw bad("multipleOf", "must be greater than 0, got \(n)") }
            checks.append(.multipleOf(NumberCheck(n)))
        }
        if let value = object["minLength"] { checks.append(.minLength(try count(value, "minLength", bad))) }
        if let value = object["maxLength"] { checks.append(.maxLength(try count(value, "maxLength", bad))) }
        if let value = object["pattern"] {
            guard case .string(let pattern) = value else { throw bad("pattern", "must be a string (a regular expression)") }
            checks.append(.pattern(try regex(pattern, at: at("pattern"))))
        }
        if let value = object["minItems"] { checks.append(.minItems(try count(value, "minItems", bad))) }
        if let value = object["maxItems"] { checks.append(.maxItems(try count(value, "maxItems", bad))) }
        if let value = object["uniqueItems"] {
            guard case .bool(let unique) = value else { throw bad("uniqueItems", "must be true or false") }
            if unique { checks.append(.uniqueItems) }
        }
        if let value = object["minProperties"] { checks.append(.minProperties(try count(value, "minProperties", bad))) }
        if let value = object["maxProperties"] { checks.append(.maxProperties(try count(value, "maxProperties", bad))) }
        if let value = object["required"] {
            if case .bool = value {
                throw bad("required", "is a list of property names since draft 4 (required: true is draft 3); "
                            + "list the name in the parent's required")
            }
            let names = try strings(value, "required", bad)
            if !names.isEmpty { checks.append(.required(names.map(PropertyKey.init))) }
        }
    }

    /// Each key's value as a lookup finds it (the last member of that name), for all keys at once: a lookup per
    /// key scans the members, and an object of 2,000 properties made loading quadratic.
    private func lastValues(_ object: JSONObject) -> [String: JSONValue] {
        Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    private func count(_ value: JSONValue, _ keyword: String, _ bad: (String, String) -> SchemaError)
        throws(SchemaError) -> Int
    {
        guard case .number(let n) = value, n.isInteger, JSONNumber.compare(n, JSONNumber(0)) >= 0 else {
            throw bad(keyword, "must be a non-negative integer, got \(value)")
        }
        return n.intValue ?? Int.max
    }

    private func strings(_ value: JSONValue, _ keyword: String, _ bad: (String, String) -> SchemaError)
        throws(SchemaError) -> [String]
    {
        guard case .array(let items) = value else { throw bad(keyword, "must be an array of property names") }
        var names: [String] = []
        for item in items {
            guard case .string(let name) = item else { throw bad(keyword, "must be an array of property names, got \(item)") }
            names.append(name)
        }
        return names
    }
}

/// A value as a message shows it: a plain word as it is (`daily`), anything else as JSON (`"two words"`, `3`,
/// `null`), long values cut.
func shownValue(_ value: JSONValue) -> String {
    if case .string(let text) = value, !text.isEmpty, text.utf8.count <= 60,
       text.utf8.allSatisfy({ ($0 | 0x20) &- 97 < 26 || $0 &- 48 < 10 || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E || $0 == 0x2F }) {
        return text
    }
    let json = value.description
    return json.count <= 60 ? json : String(json.prefix(60)) + "…"
}
