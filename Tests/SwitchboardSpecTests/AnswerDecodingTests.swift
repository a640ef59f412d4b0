// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSpec

/// The seed article's model: the dictionary has name, age, city, country, bio; the model has name, age (a
/// float) and bio.
struct SeedUser: Decodable, Equatable {
    var name: String
    var age: Float
    var bio: String
}

@Suite struct AnswerDecodingTests {
    let seed: Answers = ["name": "Huy", "age": "23", "city": "Saigon", "country": "Vietnam", "bio": "Milk Carrot"]

    @Test func seedModelDecodesAndExtraKeysAreIgnored() throws {
        let user = try seed.decode(SeedUser.self)
        #expect(user == SeedUser(name: "Huy", age: 23, bio: "Milk Carrot"))
    }

    @Test func badAgeIsReportedByFieldName() {
        var answers = seed
        answers["age"] = "abc"
        #expect {
            _ = try answers.decode(SeedUser.self)
        } throws: { error in
            (error as? AnswerDecodingError)?.description == #"age: expected a number, got "abc""#
        }
    }

    @Test func everyMismatchIsReportedNotOnlyTheFirst() {
        struct Profile: Decodable { var name: String; var age: Int; var subscribed: Bool; var height: Double }
        let answers: Answers = ["age": "23.5", "subscribed": "maybe", "height": "tall"]
        do {
            _ = try answers.decode(Profile.self)
            Issue.record("decoding should fail")
        } catch {
            #expect(error.mismatches.map(\.description) == [
                "name: expected a value, got nothing",
                #"age: expected a whole number, got "23.5""#,
                #"subscribed: expected yes or no, got "maybe""#,
                #"height: expected a number, got "tall""#,
            ])
        }
    }

    @Test func valuesAreCoercedFromText() throws {
        struct Settings: Decodable, Equatable {
            var count: Int; var ratio: Double; var small: UInt8; var on: Bool; var off: Bool; var nickname: String?
            var note: String?; var level: Int?
        }
        let answers: Answers = ["count": " 42 ", "ratio": "0.25", "small": "200", "on": "Yes", "off": "n",
                                "nickname": "", "level": ""]
        let settings = try answers.decode(Settings.self)
        #expect(settings == Settings(count: 42, ratio: 0.25, small: 200, on: true, off: false, nickname: nil,
                                     note: nil, level: nil))
    }

    @Test func outOfRangeIntegersNameTheRange() {
        struct Small: Decodable { var n: UInt8 }
        #expect(throws: AnswerDecodingError(mismatches: [.init(field: "n", expected: "a whole number from 0 to 255",
                                                               got: "300")])) {
            _ = try (["n": "300"] as Answers).decode(Small.self)
        }
    }

    @Test func stringBackedEnumsDecodeFromTheirRawValue() throws {
        enum Colour: String, Decodable { case red, green }
        struct Paint: Decodable { var colour: Colour; var other: Colour? }
        let paint = try (["colour": "green", "other": ""] as Answers).decode(Paint.self)
        #expect(paint.colour == .green)
        #expect(paint.other == nil)
        #expect(throws: AnswerDecodingError.self) { _ = try (["colour": "blue"] as Answers).decode(Paint.self) }
    }
}
