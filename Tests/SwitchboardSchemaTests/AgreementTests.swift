// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwitchboardSchema
import Testing

/// Agreement with python-jsonschema (the reference implementation) on real SchemaStore schemas (drafts 7 and
/// 2020-12, and copies declared as drafts 4, 6 and 2019-09) and documents generated and mutated from them: the
/// verdicts come from .schema-suite/schemastore/cases.jsonl (scripts/schema-agreement.py, run by
/// scripts/fetch-schema-suite.sh).
@Suite("Agreement with python-jsonschema")
struct AgreementTests {
    @Test("every SchemaStore case gets python-jsonschema's verdict")
    func agreement() throws {
        guard let folder = SuiteData.require(SuiteData.schemaStore) else { return }
        let (cases, schemaCount) = try SuiteData.schemaStoreCases(in: folder)
        var agreed = 0, valid = 0
        var disagreements: [String] = []
        var perSchema: [String: Int] = [:]
        for item in cases {
            let (file, schema, document, expected) = (item.file, item.schema, item.document, item.valid)
            let failures = schema.validate(document)
            perSchema[file, default: 0] += 1
            if failures.isEmpty == expected && schema.isValid(document) == expected {
                agreed += 1
                if expected { valid += 1 }
            } else {
                disagreements.append("\(file): python says \(expected ? "valid" : "invalid"), we say "
                                     + (failures.isEmpty ? "valid" : failures.map(\.description).joined(separator: "; "))
                                     + "\n  \(String(document.description.prefix(300)))")
            }
        }
        print("agreement: \(agreed) of \(agreed + disagreements.count) cases (\(valid) valid) over \(schemaCount) schemas")
        #expect(schemaCount >= 15)
        #expect(agreed > 1000 && valid > 100 && agreed - valid > 100)
        #expect(disagreements.isEmpty, Comment(rawValue: "\(disagreements.count) disagreements:\n" + disagreements.prefix(30).joined(separator: "\n")))
    }
}
