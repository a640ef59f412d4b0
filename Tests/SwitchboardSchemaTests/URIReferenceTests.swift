// SPDX-License-Identifier: Apache-2.0
import SwitchboardSchema
import Testing

/// `$ref` and `$id` resolution (RFC 3986 section 5) and JSON pointer tokens: ASCII text is read byte by byte,
/// other text by characters, with the same results.
@Suite("URI references and JSON pointers")
struct URIReferenceTests {
    /// RFC 3986 section 5.4's examples, against its base `http://a/b/c/d;p?q`.
    @Test("RFC 3986's normal and abnormal examples", arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"), ("../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ])
    func rfcExamples(reference: String, expected: String) {
        #expect(URIReference.resolve(reference, against: "http://a/b/c/d;p?q") == expected)
    }

    @Test("same-document references keep the base without its fragment; other text is read by characters")
    func fragments() {
        #expect(URIReference.resolve("#/definitions/a", against: "https://x.org/s.json") == "https://x.org/s.json#/definitions/a")
        #expect(URIReference.resolve("#", against: "https://x.org/s.json#old") == "https://x.org/s.json#")
        #expect(URIReference.resolve("#/définitions/é", against: "https://x.org/s.json") == "https://x.org/s.json#/définitions/é")
        #expect(URIReference.resolve("b/é.json#x", against: "file:///tmp/a/s.json") == "file:///tmp/a/b/é.json#x")
        #expect(URIReference.resolve("1a:b", against: "http://a/b") == "http://a/1a:b")   // not a scheme
        #expect(URIReference.withoutFragment("a:b#c#d") == ("a:b", "c#d"))
        #expect(URIReference.withoutFragment("a:é#c") == ("a:é", "c"))
        #expect(URIReference.withoutFragment("a:b") == ("a:b", nil))
    }

    @Test("JSON pointer tokens", arguments: [
        ("", [String]()), ("/", [""]), ("/a/b", ["a", "b"]), ("/a~1b/~0c/~01", ["a/b", "~c", "~1"]), ("//x/", ["", "x", ""]),
        ("/é/ü~1", ["é", "ü/"]),
    ])
    func tokens(pointer: String, expected: [String]) {
        #expect(JSONPointer.tokens(pointer) == expected)
    }

    @Test("a pointer not starting with a slash has no tokens")
    func notAPointer() {
        #expect(JSONPointer.tokens("a/b") == nil)
    }
}
