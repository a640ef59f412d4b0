// SPDX-License-Identifier: Apache-2.0

/// Generated YAML configs for the editor's round trip: nested mappings and lists with comments above keys and after
/// values, blank lines, plain, quoted and block scalars, flow collections, anchors and merge keys, in the variants
/// files come in (CRLF, a byte order mark, no final line break, several documents, indentless lists, four spaces).
enum Generated {
    static func configs(count: Int = 80) -> [DocumentEditorRoundTripTests.Fixture] {
        var random = SplitMix(seed: 40)
        return (0..<count).map { index in
            var text = ""
            let indent = index % 5 == 4 ? 4 : 2
            let indentless = index % 7 == 3
            write(mapping: random.next(4) + 2, depth: 0, indent: indent, indentless: indentless, random: &random, to: &text)
            if index % 5 == 2 {
                // An anchored mapping, merged and repeated after it.
                let pad = String(repeating: " ", count: indent)
                text += "defaults: &defaults\n\(pad)retries: 3\n\(pad)mode: fast\njob:\n\(pad)<<: *defaults\n\(pad)mode: slow\nagain: *defaults\n"
            }
            if index % 6 == 1 { text = "\u{FEFF}" + text }
            if index % 6 == 2 { text += "---\n# second\nother: [1, 2]\n" }
            if index % 6 == 3 { text = String(text.dropLast()) }
            if index % 4 == 0 { text = text.replacing("\n", with: "\r\n") }
            return .init(name: "generated/\(index)", text: text, isJSON: false)
        }
    }

    private static let keys = ["name", "image", "replicas", "ports", "env", "labels", "owner", "script", "debug",
                               "country", "timeout", "tags", "volumes", "command", "région", "on-failure"]

    private static func write(mapping count: Int, depth: Int, indent: Int, indentless: Bool, random: inout SplitMix,
                              to text: inout String) {
        let pad = String(repeating: " ", count: depth * indent)
        var used = Set<String>()
        for _ in 0..<count {
            var key = keys[random.next(keys.count)]
            while used.contains(key) { key += "x" }
            used.insert(key)
            if random.next(3) == 0 { text += pad + "# about \(key)\n" }
            if random.next(5) == 0 { text += "\n" }
            let kind = depth >= 2 ? random.next(5) : random.next(8)
            switch kind {
            case 0: text += pad + "\(key): \(scalar(&random))" + (random.next(3) == 0 ? "  # trailing" : "") + "\n"
            case 1: text += pad + "\(key): '\(["it''s", "a b", "yes"][random.next(3)])'\n"
            case 2: text += pad + "\(key): \"\(["x\\ty", "é", "null"][random.next(3)])\"\n"
            case 3: text += pad + "\(key): [\(scalar(&random)), \(scalar(&random))]\n"
            case 4: text += pad + "\(key): {a: \(scalar(&random)), b: \(scalar(&random))}\n"
            case 5:
                text += pad + "\(key): \(["|", "|+", ">-", "|-"][random.next(4)])\n" + pad + String(repeating: " ", count: indent) + "line one\n"
                    + pad + String(repeating: " ", count: indent) + "line two\n"
            case 6:
                text += pad + "\(key):\n"
                let itemPad = indentless ? pad : pad + String(repeating: " ", count: indent)
                for item in 0..<(random.next(3) + 1) {
                    if random.next(4) == 0 { text += itemPad + "# item \(item)\n" }
                    if random.next(3) == 0 {
                        text += itemPad + "- name: n\(item)\n" + itemPad + "  size: \(item)\n"
                    } else {
                        text += itemPad + "- \(scalar(&random))\n"
                    }
                }
            default:
                text += pad + "\(key):\n"
                write(mapping: random.next(3) + 1, depth: depth + 1, indent: indent, indentless: indentless, random: &random, to: &text)
            }
        }
    }

    private static func scalar(_ random: inout SplitMix) -> String {
        ["web", "3", "true", "null", "1.5", "a-b", "0x1F", "~", "ünïcode", "-7", "x y"][random.next(11)]
    }
}

/// A small seeded generator (SplitMix64), so that the fixtures are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
