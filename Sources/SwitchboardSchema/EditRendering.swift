// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

// How the span editor writes a new value into a file: YAML scalars in the style of the value they replace where the
// new text allows it, YAML collections in block or flow style like their place, JSON like its siblings.

/// Writes values as YAML or JSON text for the span editor.
struct EditWriter {
    /// The file's line break (`\r\n` when its first line ends so).
    var newline: String
    /// Spaces per YAML nesting level (found in the file, else 2).
    var step: Int
    /// One JSON nesting level (the file's first member's indentation, else two spaces).
    var jsonStep: String

    // MARK: YAML scalars

    /// A scalar in place of one written in `style`: the same style when it can hold `value` and reads back as it,
    /// else plain for numbers, booleans and null, double-quoted for text YAML would read otherwise.
    /// `blockIndent` is the content indentation of a block scalar being replaced.
    func yamlScalar(_ value: JSONValue, style: YAMLScalarStyle, inFlow: Bool, blockIndent: Int?) -> String {
        guard case .string(let text) = value else { return plainScalar(value) }
        switch style {
        case .plain:
            // In a block, the file's plain style holds more than new plain text is written with (`nginx:1.27`).
            if !inFlow, isPlainYAMLBlockText(text) { return text }
            return plainString(text, inFlow: inFlow)
        case .singleQuoted:
            let printable = text.unicodeScalars.allSatisfy {
                $0 == " " || !($0.properties.isWhitespace || needsDisplayEscape($0) || isUnprintable($0))
            }
            guard !text.isEmpty, printable else { return yamlString(text) }
            return "'" + text.replacing("'", with: "''") + "'"
        case .doubleQuoted:
            return yamlString(text)
        case .literal, .folded:
            return literalBlock(text, indent: blockIndent) ?? yamlString(text)
        }
    }

    /// Text as a plain scalar when YAML 1.2 and 1.1 readers read it back as this text (and, in a flow collection,
    /// it holds none of `,[]{}`), else double-quoted.
    func plainString(_ text: String, inFlow: Bool) -> String {
        if isPlainYAMLText(text), !(inFlow && text.unicodeScalars.contains { ",[]{}".unicodeScalars.contains($0) }) {
            return text
        }
        return yamlString(text)
    }

    /// A number, boolean or null as YAML writes it (a number with an exponent as YAML 1.1 readers read one too:
    /// `1.0e+3`).
    func plainScalar(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): yamlNumber(number.text)
        case .string(let text): yamlString(text)
        case .array, .object: ""
        }
    }

    /// A literal block scalar (`|`, `|-`), its lines indented by `indent`: nil when the text cannot be one that
    /// reads back the same (empty, more than one final line break, a first line starting with a space, which would
    /// need an indentation indicator, a line of spaces only, a carriage return or another character YAML would not
    /// keep as written).
    private func literalBlock(_ text: String, indent: Int?) -> String? {
        guard let indent, indent > 0, !text.isEmpty, !text.hasSuffix("\n\n") else { return nil }
        for scalar in text.unicodeScalars where scalar != "\n" && scalar != "\t" {
            if needsDisplayEscape(scalar) || isUnprintable(scalar)
                || (scalar != " " && scalar.properties.isWhitespace) {
                return nil
            }
        }
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first(where: { !$0.isEmpty }), first.first != " ", first.first != "\t",
              !lines.contains(where: { !$0.isEmpty && $0.allSatisfy { $0 == " " } })
        else { return nil }
        let header = text.hasSuffix("\n") ? "|" : "|-"
        let pad = String(repeating: " ", count: indent)
        return ([header] + lines.map { $0.isEmpty ? "" : pad + $0 }).joined(separator: newline)
    }

    private func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFEFF || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    // MARK: YAML collections

    /// A value in flow style: `{a: 1, b: [x, "y z"]}`.
    func yamlFlow(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            let members = object.members.map { flowKey($0.key) + ": " + yamlFlow($0.value) }
            return "{" + members.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(yamlFlow).joined(separator: ", ") + "]"
        case .string(let text):
            return plainString(text, inFlow: true)
        default:
            return plainScalar(value)
        }
    }

    private func flowKey(_ key: String) -> String {
        plainString(key, inFlow: true)
    }

    /// A key as a block mapping writes it (double-quoted unless plain is safe).
    func blockKey(_ key: String) -> String { yamlKey(key) }

    /// A value after `key:` in a block mapping: ` value` on the key's line, or the lines of a collection on the
    /// lines below, indented by `indent`.
    func yamlValueAfterKey(_ value: JSONValue, indent: Int) -> String {
        switch value {
        case .object(let object) where !object.members.isEmpty:
            return newline + yamlBlockLines(value, indent: indent).joined(separator: newline)
        case .array(let items) where !items.isEmpty:
            return newline + yamlBlockLines(value, indent: indent).joined(separator: newline)
        default:
            return " " + yamlInline(value)
        }
    }

    /// A scalar or an empty collection on one line.
    private func yamlInline(_ value: JSONValue) -> String {
        switch value {
        case .object: "{}"
        case .array: "[]"
        case .string(let text): plainString(text, inFlow: false)
        default: plainScalar(value)
        }
    }

    /// A value where a block sequence item's content starts (after `- `): its first line there, the rest indented
    /// by `indent`.
    func yamlItem(_ value: JSONValue, indent: Int) -> String {
        switch value {
        case .object(let object) where !object.members.isEmpty:
            break
        case .array(let items) where !items.isEmpty:
            break
        default:
            return yamlInline(value)
        }
        var lines = yamlBlockLines(value, indent: indent)
        lines[0] = String(lines[0].dropFirst(indent))
        return lines.joined(separator: newline)
    }

    /// The lines of a non-empty collection in block style, each indented by `indent`.
    func yamlBlockLines(_ value: JSONValue, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        switch value {
        case .object(let object):
            for (key, member) in object.members {
                lines.append(pad + blockKey(key) + ":" + yamlValueAfterKey(member, indent: indent + step))
            }
        case .array(let items):
            for item in items {
                lines.append(pad + "- " + yamlItem(item, indent: indent + 2))
            }
        default:
            lines.append(pad + yamlInline(value))
        }
        return lines.flatMap { $0.split(separator: newline, omittingEmptySubsequences: false).map(String.init) }
    }

    // MARK: JSON

    /// A value as JSON: on one line (`{"a": 1}`) when `indent` is nil, else members on lines of their own, indented
    /// one `jsonStep` deeper than `indent`.
    func json(_ value: JSONValue, indent: String?) -> String {
        switch value {
        case .object(let object) where !object.members.isEmpty:
            guard let indent else {
                return "{" + object.members.map { jsonStringLiteral($0.key) + ": " + json($0.value, indent: nil) }
                    .joined(separator: ", ") + "}"
            }
            let inner = indent + jsonStep
            let members = object.members.map {
                inner + jsonStringLiteral($0.key) + ": " + json($0.value, indent: inner)
            }
            return "{" + newline + members.joined(separator: "," + newline) + newline + indent + "}"
        case .array(let items) where !items.isEmpty:
            guard let indent else { return "[" + items.map { json($0, indent: nil) }.joined(separator: ", ") + "]" }
            let inner = indent + jsonStep
            return "[" + newline + items.map { inner + json($0, indent: inner) }.joined(separator: "," + newline)
                + newline + indent + "]"
        case .object: return "{}"
        case .array: return "[]"
        case .string(let text): return jsonStringLiteral(text)
        case .number(let number): return number.text
        default: return plainScalar(value)
        }
    }
}
