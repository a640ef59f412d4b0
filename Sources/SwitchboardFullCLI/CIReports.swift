// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardSpec

/// A GitHub Actions workflow command that shows a failure as an annotation on the file's line:
/// `::error file=F,line=L,col=C,title=T::message`, escaped as GitHub documents (`%`, CR and LF in the message;
/// also `:` and `,` in the properties).
struct GitHubAnnotation {
    var file: String
    var line: Int?
    var column: Int?
    var title: String
    var message: String

    var text: String {
        var properties = ["file=" + Self.property(file)]
        if let line {
            properties.append("line=\(line)")
            if let column { properties.append("col=\(column)") }
        }
        if !title.isEmpty { properties.append("title=" + Self.property(title)) }
        return "::error " + properties.joined(separator: ",") + "::" + Self.data(message) + "\n"
    }

    static func data(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func property(_ text: String) -> String {
        data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}

/// A SARIF 2.1.0 log of one run of `switchboard check --schema`: a result per failure, its rule the failing
/// keyword, its place the file's line and column (SARIF's columns count characters, as ours do).
struct SARIFLog {
    private var results: [String] = []
    private var rules: [String] = []

    mutating func add(file: String, line: Int?, column: Int?, keyword: String, message: String) {
        let rule = keyword.isEmpty ? "schema" : keyword
        if !rules.contains(rule) { rules.append(rule) }
        var location = "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":" + jsonString(Self.uri(file)) + "}"
        if let line, line > 0 {
            location += ",\"region\":{\"startLine\":\(line)" + (column.map { ",\"startColumn\":\($0)" } ?? "") + "}"
        }
        location += "}}"
        results.append("{\"ruleId\":" + jsonString(rule) + ",\"ruleIndex\":\(rules.firstIndex(of: rule) ?? 0),"
                       + "\"level\":\"error\",\"message\":{\"text\":" + jsonString(message) + "},"
                       + "\"locations\":[" + location + "]}")
    }

    func json() -> String {
        let ruleObjects = rules.map { rule in
            let description = switch rule {
            case "yaml": "The document is not YAML that can be read"
            case "json": "The document is not valid JSON"
            case "maximumFailures": "More failures than are listed"
            default: "JSON Schema keyword \(rule)"
            }
            return "{\"id\":" + jsonString(rule) + ",\"shortDescription\":{\"text\":" + jsonString(description) + "}}"
        }
        return "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
            + "\"tool\":{\"driver\":{\"name\":\"switchboard\",\"version\":" + jsonString(switchboardVersion)
            + ",\"rules\":["
            + ruleObjects.joined(separator: ",") + "]}},"
            + "\"columnKind\":\"unicodeCodePoints\",\"results\":[" + results.joined(separator: ",") + "]}]}\n"
    }

    /// A file path as a URI reference (relative paths stay relative): characters outside RFC 3986's unreserved
    /// set and `/` are percent-encoded.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
