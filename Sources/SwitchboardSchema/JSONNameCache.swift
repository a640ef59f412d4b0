// SPDX-License-Identifier: Apache-2.0
/// Member names already made into strings, by their bytes: the documents of a JSON Lines input share their names
/// (a schema's vocabulary), and a name found here is not decoded and checked again (`String(decoding:)` validates
/// what the parser has just scanned). 256 slots, chosen by a name's length and its first and last bytes; a name
/// that collides replaces the one there. ASCII names of up to 32 bytes only.
package struct JSONNameCache {
    private var slots: [String?]

    /// An empty cache, ready for names.
    package init() { slots = Array(repeating: nil, count: 256) }

    /// No cache: names are made each time.
    static var none: JSONNameCache { JSONNameCache(slots: []) }
    private init(slots: [String?]) { self.slots = slots }

    /// The string of the ASCII name whose bytes are `run`.
    mutating func name(_ run: ArraySlice<UInt8>) -> String {
        let bytes = run.span
        let count = bytes.count
        guard !slots.isEmpty, count > 0, count <= 32 else { return String(decoding: run, as: UTF8.self) }
        let slot = (count &* 31 &+ Int(bytes[0]) &* 7 &+ Int(bytes[count - 1])) & 255
        if let known = slots[slot], Self.equal(known, bytes) { return known }
        let made = String(decoding: run, as: UTF8.self)
        slots[slot] = made
        return made
    }

    private static func equal(_ name: String, _ bytes: Span<UInt8>) -> Bool {
        let own = name.utf8.span
        guard own.count == bytes.count else { return false }
        for i in 0..<own.count where own[i] != bytes[i] { return false }
        return true
    }
}
