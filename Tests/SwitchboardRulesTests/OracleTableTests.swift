// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

/// The rows of `oracleTable` (OracleTables.swift): "rule 1|0 value", 1 when Python's standard library (the oracle)
/// accepts the value for the rule, the value's bytes outside printable ASCII as %XX.
let oracleRows: [Row] = oracleTable.split(separator: "\n").map { line in
    let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    var bytes: [UInt8] = []
    var utf8 = (fields.count > 2 ? Array(fields[2].utf8) : [])[...]
    while let b = utf8.popFirst() {
        if b == UInt8(ascii: "%"), let high = utf8.popFirst(), let low = utf8.popFirst() {
            bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)!)
        } else {
            bytes.append(b)
        }
    }
    return Row(String(fields[0]), bytes: bytes, fields[1] == "1")
}

@Suite("Format rules against Python's standard library")
struct OracleTableTests {
    @Test("the table covers each rule with valid and invalid values")
    func tableCoversRules() {
        for rule in ["ipv4", "ipv6", "ip", "cidr", "date", "uuid", "json"] {
            let rows = oracleRows.filter { $0.rule == rule }
            #expect(rows.count >= 1000, "\(rule)")
            #expect(rows.filter(\.passes).count >= 100, "\(rule)")
            #expect(rows.filter { !$0.passes }.count >= 100, "\(rule)")
        }
    }

    @Test("every generated value: the rule decides as the oracle did, on every path")
    func agreesWithOracle() throws {
        var disagreements: [String] = []
        for row in oracleRows {
            let rule = try Rule.parse(row.rule)
            let checked = rule.check(row.text).isValid
            let fast = accepts(rule, row.value)
            if checked != row.passes || fast != row.passes {
                disagreements.append("\(row.rule) \(row.text.debugDescription): oracle \(row.passes), check \(checked), fast \(fast)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.prefix(30).joined(separator: "\n"))")
    }
}
