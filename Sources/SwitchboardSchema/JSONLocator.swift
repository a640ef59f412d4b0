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
        let wanted = Array(name.utf8)
        while true {
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return found }
            let keyStart = index
            guard let key = string() else { return found }
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return found }
            index += 1
            skipSpace()
            if key == wanted { found = (keyStart, index) }
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

    /// A string's UTF-8 bytes, escapes read (a lone surrogate becomes U+FFFD, as the parser reads it).
    private mutating func string() -> [UInt8]? {
        index += 1
        var text: [UInt8] = []
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.endIndex else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.endIndex,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        let save = index
                        index += 2
                        if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = save
                        }
                    }
                    text += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: text.append(escape)
                }
            default:
                text.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        index += 4
        return value
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
