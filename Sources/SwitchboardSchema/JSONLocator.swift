// SPDX-License-Identifier: Apache-2.0

/// Finds where a JSON pointer's value (or its key) starts in JSON text, by reading the text as JSON: objects
/// member by member (the last of a key written twice, as the parser keeps it), arrays item by item, skipping what
/// is not on the way. Asked only for failures, so a valid document costs nothing.
struct JSONLocator {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    private init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.startIndex + 3 : bytes.startIndex
    }

    /// The byte offset (in `bytes`' indices) where the value at `tokens` starts, or its key's opening quote when
    /// `atKey`; as far as the text goes when the path is not in it (the deepest value found on the way).
    static func offset(in bytes: ArraySlice<UInt8>, tokens: [String], atKey: Bool) -> Int {
        var locator = JSONLocator(bytes)
        locator.skipSpace()
        var target = locator.index
        for (position, token) in tokens.enumerated() {
            guard locator.index < bytes.endIndex else { break }
            switch bytes[locator.index] {
            case UInt8(ascii: "{"):
                guard let member = locator.member(named: token) else { return target }
                if atKey && position == tokens.count - 1 { return member.key }
                target = member.value
            case UInt8(ascii: "["):
                guard let wanted = Int(token), let item = locator.item(at: wanted) else { return target }
                target = item
            default:
                return target
            }
            locator.index = target
        }
        return target
    }

    /// The key's and value's offsets of the last member named `name` of the object starting here.
    private mutating func member(named name: String) -> (key: Int, value: Int)? {
        index += 1
        var found: (key: Int, value: Int)?
        while true {
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return found }
            let keyStart = index
            // The key read as the parser reads it (escapes, surrogate pairs), so that it names what the value's
            // pointer names.
            // The parser reads an array: it is given a copy of the key alone (to its closing quote), not the text.
            var stop = index + 1
            while stop < bytes.endIndex, bytes[stop] != UInt8(ascii: "\"") {
                stop += bytes[stop] == UInt8(ascii: "\\") ? 2 : 1
            }
            var parser = JSONParser(Array(bytes[index..<min(stop + 1, bytes.endIndex)]), at: 0)
            guard let key = try? parser.parseString() else { return found }
            index += parser.index
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return found }
            index += 1
            skipSpace()
            if key == name { found = (keyStart, index) }
            guard skipValue() else { return found }
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ",") else { return found }
            index += 1
        }
    }

    /// The offset of item `wanted` of the array starting here.
    private mutating func item(at wanted: Int) -> Int? {
        index += 1
        var count = 0
        while true {
            skipSpace()
            guard index < bytes.endIndex, bytes[index] != UInt8(ascii: "]") else { return nil }
            if count == wanted { return index }
            guard skipValue() else { return nil }
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
            count += 1
        }
    }

    private mutating func skipSpace() {
        while index < bytes.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    /// Skips one value; false at text that is not JSON.
    private mutating func skipValue() -> Bool {
        guard index < bytes.endIndex else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.endIndex {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            // A number, true, false or null: up to what ends it.
            while index < bytes.endIndex, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            return true
        }
    }

    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return true
            default: index += 1
            }
        }
        return false
    }

    /// The 1-based line and column (in Unicode scalars) of `offset`, counted from the slice's start at `firstLine`.
    static func place(of offset: Int, in bytes: ArraySlice<UInt8>, firstLine: Int) -> SourceLocation {
        var line = firstLine
        var lineStart = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart += 3 }
        var position = lineStart
        while position < offset {
            if bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        let column = bytes[lineStart..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return SourceLocation(line: line, column: column)
    }
}
