// SPDX-License-Identifier: GPL-3.0-or-later
// Answers -> any Decodable model: the seed's model-from-dictionary, by the model's own property names and
// types. A mismatch is recorded and decoding goes on with a placeholder, so every mismatch is reported at once.
import SwitchboardRules

/// The answers did not fit the model: one entry per field, in the order the model asked for them.
///
/// ```swift
/// do { _ = try answers.decode(User.self) }
/// catch { print(error) }   // age: expected a number, got "abc"
/// ```
public struct AnswerDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One field that did not fit.
    public struct Mismatch: Equatable, Sendable, CustomStringConvertible {
        /// The field (property) name, dotted for nested values.
        public var field: String
        /// What the model needs: `"a number"`, `"a whole number"`, `"yes or no"`, `"a value"`.
        public var expected: String
        /// The answer given, or `nil` when there was none.
        public var got: String?

        /// `field` expected `expected` and got `got` (nil: missing).
        public init(field: String, expected: String, got: String?) {
            self.field = field
            self.expected = expected
            self.got = got
        }

        /// `age: expected a number, got "abc"` or `name: expected a value, got nothing`.
        public var description: String {
            "\(field): expected \(expected), got \(got.map { displayQuoted($0, limit: 60) } ?? "nothing")"
        }
    }

    /// Every mismatch, in the order the model decoded its properties.
    public var mismatches: [Mismatch]

    /// An error listing every mismatch.
    public init(mismatches: [Mismatch]) {
        self.mismatches = mismatches
    }

    /// One line per mismatch.
    public var description: String { mismatches.map(\.description).joined(separator: "\n") }
}

extension Answers {
    /// Decodes a model whose properties are named like the answers' keys.
    ///
    /// Values are coerced from text: `"23"` to `Int`, `Float` or `Double`; `yes`/`no`/`true`/`false`/`y`/`n`/
    /// `on`/`off`/`1`/`0` to `Bool`; an empty or missing answer to `nil` for an optional property; a
    /// `String`-backed enum from its raw value. Keys the model does not have are ignored.
    ///
    /// ```swift
    /// struct User: Decodable { var name: String; var age: Float; var bio: String }
    /// let answers: Answers = ["name": "Huy", "age": "23", "city": "Saigon", "country": "Vietnam",
    ///                         "bio": "Milk Carrot"]
    /// let user = try answers.decode(User.self)   // User(name: "Huy", age: 23.0, bio: "Milk Carrot")
    /// ```
    /// - Throws: `AnswerDecodingError` listing every field that did not fit, not only the first.
    public func decode<Model: Decodable>(_ type: Model.Type = Model.self) throws(AnswerDecodingError) -> Model {
        let state = DecodingState(self)
        do {
            let model = try Model(from: AnswersDecoder(state: state, codingPath: []))
            if state.mismatches.isEmpty { return model }
        } catch let stop as StopDecoding {
            state.mismatches.append(stop.mismatch)
        } catch {
            state.mismatches.append(.init(field: "(model)", expected: "a flat model of scalar properties",
                                          got: "\(error)"))
        }
        throw AnswerDecodingError(mismatches: state.mismatches)
    }
}

final class DecodingState {
    let answers: Answers
    var mismatches: [AnswerDecodingError.Mismatch] = []
    init(_ answers: Answers) { self.answers = answers }

    /// Whether some answer lies under `path` (`server.port` under `server`).
    func hasAnswers(under path: [CodingKey]) -> Bool {
        let prefix = fieldName(path) + "."
        return answers.keys.contains { $0.hasPrefix(prefix) }
    }

    /// How many items the list at `path` has: one more than the highest `path.N` index answered.
    func itemCount(under path: [CodingKey]) -> Int {
        let prefix = fieldName(path) + "."
        var count = 0
        for key in answers.keys where key.hasPrefix(prefix) {
            if let index = Int(key.dropFirst(prefix.count).prefix { $0 != "." }), index >= 0 {
                count = max(count, index + 1)
            }
        }
        return count
    }
}

/// An item's position in a list, as a coding key (`0` in `items.0.name`).
struct ItemKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { guard let index = Int(stringValue) else { return nil }; intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The items of a form's list (`items.0`, `items.1.name`...) as an array: a value item decodes as a value, an
/// object item as a nested model.
struct AnswerItemsContainer: UnkeyedDecodingContainer {
    let state: DecodingState
    let codingPath: [CodingKey]
    let total: Int
    var currentIndex = 0

    init(state: DecodingState, codingPath: [CodingKey]) {
        self.state = state
        self.codingPath = codingPath
        total = state.itemCount(under: codingPath)
    }

    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    private mutating func next() -> ValueDecoder {
        let path = codingPath + [ItemKey(currentIndex)]
        currentIndex += 1
        return ValueDecoder(state: state, codingPath: path, text: state.answers[fieldName(path)])
    }

    mutating func decodeNil() throws -> Bool {
        let path = codingPath + [ItemKey(currentIndex)]
        let empty = state.answers[fieldName(path)] == nil && !state.hasAnswers(under: path)
        if empty { currentIndex += 1 }
        return empty
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { next().bool() }
    mutating func decode(_ type: String.Type) throws -> String { next().string() }
    mutating func decode(_ type: Double.Type) throws -> Double { next().floating(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { next().floating(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { next().integer(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { next().integer(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { next().integer(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { next().integer(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { next().integer(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { next().integer(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { next().integer(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { next().integer(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { next().integer(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { next().integer(UInt64.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().custom(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        let path = codingPath + [ItemKey(currentIndex)]
        currentIndex += 1
        return KeyedDecodingContainer(AnswersContainer<NestedKey>(state: state, codingPath: path))
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let path = codingPath + [ItemKey(currentIndex)]
        currentIndex += 1
        return AnswerItemsContainer(state: state, codingPath: path)
    }
    mutating func superDecoder() throws -> Decoder {
        let path = codingPath + [ItemKey(currentIndex)]
        currentIndex += 1
        return AnswersDecoder(state: state, codingPath: path)
    }
}

/// Thrown when decoding cannot go on (a custom type's own initializer failed): the mismatch is reported with
/// the ones collected so far.
struct StopDecoding: Error {
    var mismatch: AnswerDecodingError.Mismatch
}

struct AnswerKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

func fieldName(_ path: [CodingKey]) -> String {
    path.map(\.stringValue).joined(separator: ".")
}

/// The top-level decoder: a keyed container over the answers.
struct AnswersDecoder: Decoder {
    let state: DecodingState
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(AnswersContainer<Key>(state: state, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        // A list's items (`items.0`, `items.1.name`): answers of a form's list.
        if !codingPath.isEmpty { return AnswerItemsContainer(state: state, codingPath: codingPath) }
        throw StopDecoding(mismatch: .init(field: "(model)", expected: "a model with named properties, not a list",
                                           got: nil))
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        throw StopDecoding(mismatch: .init(field: "(model)", expected: "a model with named properties", got: nil))
    }
}

struct AnswersContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: DecodingState
    let codingPath: [CodingKey]

    /// The answers' keys under this container (`port` for `server.port` in the container of `server`).
    var allKeys: [Key] {
        let prefix = codingPath.isEmpty ? "" : fieldName(codingPath) + "."
        var seen: Set<String> = []
        return state.answers.keys.compactMap { key in
            guard key.hasPrefix(prefix) else { return nil }
            let name = String(key.dropFirst(prefix.count).prefix { $0 != "." })
            return seen.insert(name).inserted ? Key(stringValue: name) : nil
        }
    }

    private func answer(_ key: Key) -> String? { state.answers[fieldName(codingPath + [key])] }

    func contains(_ key: Key) -> Bool { answer(key) != nil || state.hasAnswers(under: codingPath + [key]) }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let text = answer(key) else { return !state.hasAnswers(under: codingPath + [key]) }
        return text.trimmingSpacesAndTabs.isEmpty
    }

    private func value(_ key: Key) -> ValueDecoder {
        ValueDecoder(state: state, codingPath: codingPath + [key], text: answer(key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { value(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { value(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { value(key).floating(Double.self) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { value(key).floating(Float.self) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { value(key).integer(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { value(key).integer(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { value(key).integer(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { value(key).integer(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { value(key).integer(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { value(key).integer(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { value(key).integer(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { value(key).integer(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { value(key).integer(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { value(key).integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).custom(T.self) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(AnswersContainer<NestedKey>(state: state, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        if let text = answer(key) {
            return AnswerListContainer(state: state, codingPath: codingPath + [key],
                                       items: text.split(separator: "\n").map(String.init))
        }
        return AnswerItemsContainer(state: state, codingPath: codingPath + [key])
    }

    func superDecoder() throws -> Decoder { AnswersDecoder(state: state, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> Decoder { AnswersDecoder(state: state, codingPath: codingPath) }
}

/// One answer as a single value; records a mismatch and returns a placeholder when the text does not fit.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let state: DecodingState
    let codingPath: [CodingKey]
    let text: String?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private func mismatch(_ expected: String) {
        state.mismatches.append(.init(field: fieldName(codingPath), expected: expected, got: text))
    }

    func string() -> String {
        guard let text else { mismatch("a value"); return "" }
        return text
    }

    func bool() -> Bool {
        guard let text, let value = parseYesNo(text) else { mismatch("yes or no"); return false }
        return value
    }

    func floating<F: BinaryFloatingPoint & LosslessStringConvertible>(_: F.Type) -> F {
        guard let text, let value = F(String(text.trimmingSpacesAndTabs)), value.isFinite else {
            mismatch("a number")
            return 0
        }
        return value
    }

    func integer<I: FixedWidthInteger>(_: I.Type) -> I {
        guard let text, let value = I(String(text.trimmingSpacesAndTabs)) else {
            if I.self == Int.self || I.self == Int64.self {
                mismatch("a whole number")
            } else {
                mismatch("a whole number from \(I.min) to \(I.max)")
            }
            return 0
        }
        return value
    }

    func custom<T: Decodable>(_: T.Type) throws -> T {
        switch T.self {
        case is String.Type: return string() as! T
        case is Bool.Type: return bool() as! T
        case is Double.Type: return floating(Double.self) as! T
        case is Float.Type: return floating(Float.self) as! T
        case is Int.Type: return integer(Int.self) as! T
        default: break
        }
        if text == nil && (state.hasAnswers(under: codingPath) || T.self is any RangeReplaceableCollection.Type) {
            // A group's answers (`server.port`) make a nested model; a list's items (`items.0`) an array.
            do {
                return try T(from: AnswersDecoder(state: state, codingPath: codingPath))
            } catch let stop as StopDecoding {
                throw stop
            } catch {
                throw StopDecoding(mismatch: .init(field: fieldName(codingPath), expected: "a valid \(T.self)",
                                                   got: nil))
            }
        }
        guard text != nil else {
            throw StopDecoding(mismatch: .init(field: fieldName(codingPath), expected: "a value", got: nil))
        }
        do {
            return try T(from: self)
        } catch let stop as StopDecoding {
            throw stop
        } catch {
            throw StopDecoding(mismatch: .init(field: fieldName(codingPath), expected: "a valid \(T.self)", got: text))
        }
    }

    // Decoder
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw StopDecoding(mismatch: .init(field: fieldName(codingPath), expected: "a single value", got: text))
    }
    /// A list (`[String]`, `Set<String>`, `[Tag]` of a String-backed enum): a multi-select's values, one per
    /// line of the answer; any other answer is a list of one.
    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        let items = (text ?? "").split(separator: "\n").map(String.init)
        return AnswerListContainer(state: state, codingPath: codingPath, items: items)
    }
    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    // SingleValueDecodingContainer
    func decodeNil() -> Bool { text.map { $0.trimmingSpacesAndTabs.isEmpty } ?? true }
    func decode(_ type: Bool.Type) throws -> Bool { bool() }
    func decode(_ type: String.Type) throws -> String { string() }
    func decode(_ type: Double.Type) throws -> Double { floating(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { floating(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try custom(T.self) }
}

/// The values of a list answer, each decoded as a single value (so an enum's raw value is checked per item).
struct AnswerListContainer: UnkeyedDecodingContainer {
    let state: DecodingState
    let codingPath: [CodingKey]
    let items: [String]
    var currentIndex = 0

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() -> ValueDecoder {
        let decoder = ValueDecoder(state: state, codingPath: codingPath,
                                   text: isAtEnd ? nil : items[currentIndex])
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { next().bool() }
    mutating func decode(_ type: String.Type) throws -> String { next().string() }
    mutating func decode(_ type: Double.Type) throws -> Double { next().floating(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { next().floating(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { next().integer(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { next().integer(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { next().integer(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { next().integer(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { next().integer(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { next().integer(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { next().integer(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { next().integer(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { next().integer(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { next().integer(UInt64.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().custom(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        throw StopDecoding(mismatch: .init(field: fieldName(codingPath), expected: "a list of single values", got: nil))
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw StopDecoding(mismatch: .init(field: fieldName(codingPath), expected: "a list of single values", got: nil))
    }
    mutating func superDecoder() throws -> Decoder { next() }
}
