import Testing
import SwitchboardRules

@Test func smoke() throws {
    #expect(Rule.email.check("ada@example.com").isValid)
    #expect(!Rule.email.check("ada@").isValid)
    #expect((!Rule.contains("@example.com")).check("a@example.com").failure?.message == "must not contain \"@example.com\"")
    let r = try Rule.parse(#"regex:^\d{3}-\d{4}$"#)
    #expect(r.check("555-1234").isValid)
    #expect(!r.check("555-1234\n").isValid)
    #expect(throws: RuleSyntaxError.self) { try Rule.parse("length:3..x") }
    do { _ = try Rule.parse("length:3..x") } catch { #expect(error.description == #"rule "length:3..x": at column 11: expected a whole number after "..", got "x""#) }


    let m = try Rule.parse(#"email "Use your work address""#)
    #expect(m.check("x").failure?.message == "Use your work address")
    let w = try PCRERegex(#"\d{3}"#)
    #expect(w.matches("123")); #expect(!w.matches("a123"))
}
