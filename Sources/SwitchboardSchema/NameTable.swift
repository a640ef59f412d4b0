// SPDX-License-Identifier: Apache-2.0
/// Strings to values, looked up by comparing the few keys of the same length in UTF-8 bytes instead of hashing the
/// key: property names and enum values are short and of varied lengths, and hashing them took a third of the time
/// of validating typical configuration files.
struct NameTable<Value>: @unchecked Sendable {
    /// Keys by length for lengths below 64 (longer ones in `long`).
    private let short: [[(String, Value)]]
    private let long: [String: Value]
    private let longest: Int
    /// The short keys' UTF-8 bytes, shortest first, for lookups by bytes (`value(asciiIn:_:)`): the keys of length
    /// n are `firstOfLength[n]..<firstOfLength[n + 1]` of `values`, their bytes one after another from
    /// `bytesOfLength[n]`.
    private let keyBytes: [UInt8]
    private let values: [Value]
    private let firstOfLength: [Int]
    private let bytesOfLength: [Int]

    /// From pairs; a repeated key keeps its last value.
    init(_ pairs: [(String, Value)]) {
        var unique: [String: Value] = [:]
        var order: [String] = []
        for (key, value) in pairs {
            if unique.updateValue(value, forKey: key) == nil { order.append(key) }
        }
        longest = order.map(\.utf8.count).max() ?? -1
        var short = [[(String, Value)]](repeating: [], count: max(0, min(longest, 63) + 1))
        var long: [String: Value] = [:]
        for key in order {
            let length = key.utf8.count
            if length < short.count { short[length].append((key, unique[key]!)) } else { long[key] = unique[key]! }
        }
        self.short = short
        self.long = long
        var keyBytes: [UInt8] = [], values: [Value] = [], firstOfLength: [Int] = [], bytesOfLength: [Int] = []
        for bucket in short {
            firstOfLength.append(values.count)
            bytesOfLength.append(keyBytes.count)
            for (key, value) in bucket {
                keyBytes += key.utf8
                values.append(value)
            }
        }
        firstOfLength.append(values.count)
        self.keyBytes = keyBytes
        self.values = values
        self.firstOfLength = firstOfLength
        self.bytesOfLength = bytesOfLength
    }

    /// Every key with its value (for `TapeProgram`'s copy of the table).
    var pairs: [(String, Value)] { short.flatMap { $0 } + long.map { ($0.key, $0.value) } }

    @inline(__always)
    subscript(key: String) -> Value? {
        let length = key.utf8.count
        if length > longest { return nil }
        if length < short.count {
            let bucket = short[length]
            for i in bucket.indices where bucket[i].0 == key { return bucket[i].1 }
            return nil
        }
        return long[key]
    }

    /// `self[key]` of the ASCII key whose bytes are `range` of `bytes`, without making the string: an ASCII key
    /// equals a key of its length only when their bytes are equal (`JSONTape`).
    @inline(__always)
    func value(asciiIn bytes: [UInt8], _ range: Range<Int>) -> Value? {
        let length = range.count
        if length > longest { return nil }
        if length < short.count {
            let span = bytes.span, keys = keyBytes.span
            let start = range.lowerBound
            var j = firstOfLength[length], at = bytesOfLength[length]
            let stop = firstOfLength[length + 1]
            while j < stop {
                var k = 0
                while k < length, keys[at + k] == span[start + k] { k += 1 }
                if k == length { return values[j] }
                j += 1
                at += length
            }
            return nil
        }
        return long[String(decoding: bytes[range], as: UTF8.self)]
    }
}
