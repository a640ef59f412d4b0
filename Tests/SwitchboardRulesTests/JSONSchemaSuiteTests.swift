// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

/// One string case of the JSON-Schema-Test-Suite (JSONSchemaSuiteCases.swift).
struct SuiteCase: Sendable, CustomTestStringConvertible {
    let format: String
    let data: String
    let valid: Bool
    let description: String

    init(_ format: String, _ data: String, _ valid: Bool, _ description: String) {
        self.format = format
        self.data = data
        self.valid = valid
        self.description = description
    }

    var testDescription: String { "\(format): \(description)" }
}

@Suite("JSON-Schema-Test-Suite format cases")
struct JSONSchemaSuiteTests {
    @Test("the suite has the ten formats' string cases")
    func tableIsComplete() {
        let formats = Set(jsonSchemaSuiteCases.map(\.format))
        #expect(formats == ["date", "time", "date-time", "duration", "ipv4", "ipv6", "hostname", "uuid", "uri",
                            "uri-reference"])
        #expect(jsonSchemaSuiteCases.count == 402)
        #expect(jsonSchemaSuiteCases.contains { $0.valid } && jsonSchemaSuiteCases.contains { !$0.valid })
    }

    @Test("each rule agrees with the suite: check, accepts and the byte fast path", arguments: jsonSchemaSuiteCases)
    func agrees(_ item: SuiteCase) throws {
        let rule = try Rule.parse(item.format)
        #expect(rule.check(item.data).isValid == item.valid, "\(item.format) \(item.data.debugDescription)")
        #expect(rule.accepts(item.data) == item.valid)
        let bytes = Array(item.data.utf8)
        #expect(bytes.withUnsafeBytes { rule.accepts(utf8: $0, invalidUTF8: .reject) } == item.valid)
    }
}
