// SPDX-License-Identifier: Apache-2.0
import PropertyBased
import SwitchboardRules
import Testing

/// Random values built from fragments that trip scanners up: every rule's fast path must agree with `check`.
@Suite("Fast path properties")
struct FastPathPropertyTests {
    /// Pieces of values: ASCII that rules care about, multi-byte characters, and broken UTF-8.
    static let fragments: [[UInt8]] = [
        Array("a".utf8), Array("Z".utf8), Array("7".utf8), Array("-".utf8), Array("+".utf8), Array(".".utf8),
        Array("@".utf8), Array(",".utf8), Array(" ".utf8), Array("\t".utf8), Array("\r\n".utf8), Array("\n".utf8),
        Array("http://".utf8), Array("https://".utf8), Array(":8080".utf8), Array("/".utf8), Array("red".utf8),
        Array("RED".utf8), Array("é".utf8), Array("e\u{301}".utf8), Array("日".utf8), Array("👍🏽".utf8),
        Array("🇫🇷".utf8), Array("\u{FEFF}".utf8), Array("\u{85}".utf8), Array("\u{2028}".utf8), Array("٣".utf8),
        Array("\u{FFFD}".utf8), [0x00], [0x7F], [0x1B], [0xFF], [0xC2], [0xE2, 0x80], [0xF0, 0x9F], [0x80],
        [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], Array("printable".utf8), Array("~~~~~".utf8),
        Array("ñ".utf8), Array("Ж".utf8), Array("ア".utf8), Array("한".utf8), Array("\u{1161}".utf8),
        Array("\u{11A8}".utf8), Array("\u{3099}".utf8), Array("\u{0483}".utf8), Array("\u{300}".utf8),
        Array("\u{200D}".utf8), Array("\u{AD}".utf8), Array("ʰ".utf8), Array("\r".utf8), [0xE0, 0x80, 0x80],
    ]

    @Test("accepts(utf8:) equals check(String(decoding:)) on random values, for every rule")
    func agreesWithCheck() async throws {
        let rules = try agreementRules.map { try Rule.parse($0) }
            + [Rule.email && Rule.length(max: 12), Rule.url || !Rule.required, Rule.oneOf(["日", "🇫🇷"], caseInsensitive: true),
               Rule.equals("red"), Rule.prefix("http"), Rule.suffix("a"), Rule.contains("a@"), !Rule.integer,
               Rule.oneOf(["red", "RED", "a"]), Rule.decimal(in: -1...1), Rule.contains("\u{FFFD}")]
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(Self.fragments.count - 1)).array(of: 0...12)) { picks in
            let bytes = picks.flatMap { Self.fragments[$0] }
            for rule in rules {
                let fast = bytes.withUnsafeBytes { rule.accepts(utf8: $0) }
                #expect(fast == rule.check(String(decoding: bytes, as: UTF8.self)).isValid, "\(rule.source) on \(bytes)")
            }
        }
    }

    /// Independent models of the rules, written over `String` the plain way.
    static func models() throws -> [(String, (String) -> Bool)] {
        let whatwgEmail = try Regex(
            #"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"#
        ).matchingSemantics(.unicodeScalar)
        let letterThenDigit = try Regex(#"[a-z]+[0-9]"#).matchingSemantics(.unicodeScalar)
        func isWholeNumber(_ s: String) -> Bool {
            var scalars = Substring(s).unicodeScalars[...]
            if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
            return !scalars.isEmpty && scalars.allSatisfy { ("0"..."9").contains($0) }
        }
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
        return [
            ("required", { $0.unicodeScalars.contains { !$0.properties.isWhitespace } }),
            ("length:2..4", { (2...4).contains($0.count) }),
            ("length:3", { $0.count == 3 }),
            ("email", { $0.wholeMatch(of: whatwgEmail) != nil }),
            ("int", { isWholeNumber($0) }),
            ("int:-9..99", { isWholeNumber($0) && (Int($0).map { (-9...99).contains($0) } ?? false) }),
            ("no-control-characters", { !$0.unicodeScalars.contains(where: isControl) }),
            ("contains:a@", { Array($0.utf8).firstRange(of: Array("a@".utf8)) != nil }),
            ("prefix:http", { $0.utf8.starts(with: "http".utf8) }),
            ("suffix:日", { $0.utf8.reversed().starts(with: "日".utf8.reversed()) }),
            ("one-of-ci:red,é", { text in ["red", "é"].contains { Array(text.lowercased().utf8) == Array($0.utf8) } }),
            (#"regex:[a-z]+\d"#, { $0.wholeMatch(of: letterThenDigit) != nil }),
        ]
    }

    @Test("rules decide as plain String models do, on random values")
    func matchesModels() async throws {
        let rules = try Self.models().map { (try Rule.parse($0.0), $0.1) }
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(Self.fragments.count - 1)).array(of: 0...10)) { picks in
            let text = String(decoding: picks.flatMap { Self.fragments[$0] }, as: UTF8.self)
            for (rule, model) in rules {
                #expect(rule.check(text).isValid == model(text), "\(rule.source) on \(String(reflecting: text))")
            }
        }
    }
}
