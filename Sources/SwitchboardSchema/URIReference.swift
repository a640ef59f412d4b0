// SPDX-License-Identifier: Apache-2.0
/// RFC 3986 reference resolution (section 5.2), on strings: enough for `$id` and `$ref`, without Foundation.
package struct URIReference {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(_ text: String) {
        // URIs are ASCII: their parts are found byte by byte (the same places as by characters, without the
        // grapheme breaking that made resolving one reference cost ~60,000 instructions).
        if isASCII(text) {
            self.init(ascii: text)
        } else {
            self.init(characters: text)
        }
    }

    /// `init(_:)` of any `text`, by characters.
    private init(characters text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII, first.isLetter,
           rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    /// `init(_:)` of an ASCII `text`, on its bytes.
    private init(ascii text: String) {
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(text[bytes.index(after: hash)...])
            end = hash
        }
        if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")), colon != start,
           isASCIILetter(bytes[start]), bytes[start..<colon].allSatisfy(isSchemeByte) {
            scheme = String(text[start..<colon])
            start = bytes.index(after: colon)
        }
        if let question = bytes[start..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = String(text[bytes.index(after: question)..<end])
            end = question
        }
        let slash = UInt8(ascii: "/")
        if bytes[start..<end].starts(with: [slash, slash]) {
            start = bytes.index(start, offsetBy: 2)
            let authorityEnd = bytes[start..<end].firstIndex(of: slash) ?? end
            authority = String(text[start..<authorityEnd])
            start = authorityEnd
        }
        path = String(text[start..<end])
    }

    var text: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// `reference` resolved against `base`.
    package static func resolve(_ reference: String, against base: String) -> String {
        // The common reference, `#...` in the same document: the base without its fragment, then the reference
        // (what the general steps below make of it, without parsing and rebuilding the base).
        if reference.utf8.first == UInt8(ascii: "#"), isASCII(reference), isASCII(base) {
            return withoutFragment(base).uri + reference
        }
        let r = URIReference(reference)
        let b = URIReference(base)
        var t = URIReference("")
        if r.scheme != nil {
            t = r
            t.path = removeDotSegments(r.path)
        } else {
            if r.authority != nil {
                t.authority = r.authority
                t.path = removeDotSegments(r.path)
                t.query = r.query
            } else {
                if r.path.isEmpty {
                    t.path = b.path
                    t.query = r.query ?? b.query
                } else {
                    if r.path.hasPrefix("/") {
                        t.path = removeDotSegments(r.path)
                    } else {
                        t.path = removeDotSegments(merge(b, r.path))
                    }
                    t.query = r.query
                }
                t.authority = b.authority
            }
            t.scheme = b.scheme
        }
        t.fragment = r.fragment
        return t.text
    }

    private static func merge(_ base: URIReference, _ path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: ".")) else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var result = ""
        while !input.isEmpty {
            if input.hasPrefix("../") { input = input.dropFirst(3) }
            else if input.hasPrefix("./") { input = input.dropFirst(2) }
            else if input.hasPrefix("/./") { input = input.dropFirst(2) }
            else if input == "/." { input = "/" }
            else if input.hasPrefix("/../") { input = input.dropFirst(3); if !output.isEmpty { output.removeLast() } }
            else if input == "/.." { input = "/"; if !output.isEmpty { output.removeLast() } }
            else if input == "." || input == ".." { input = "" }
            else {
                let start = input.startIndex
                var end = input.index(after: start)
                if input.first != "/" { end = start }
                while end < input.endIndex, input[end] != "/" { end = input.index(after: end) }
                output.append(input[start..<end])
                input = input[end...]
            }
        }
        for segment in output { result += segment }
        return result
    }

    /// The URI without its fragment.
    package static func withoutFragment(_ uri: String) -> (uri: String, fragment: String?) {
        if isASCII(uri) {
            guard let hash = uri.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (uri, nil) }
            return (String(uri[..<hash]), String(uri[uri.utf8.index(after: hash)...]))
        }
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// `%XX` sequences decoded (invalid ones kept as written).
    package static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let u = Array(text.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let h = hexValue(u[i + 1]), let l = hexValue(u[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }
}

/// Whether every byte of `text` is ASCII (then its characters are its bytes, but for CR LF, which no search
/// here is for).
func isASCII(_ text: String) -> Bool {
    let bytes = text.utf8.span   // a span: the view's own iteration cost ~10 instructions a byte
    var i = 0
    while i < bytes.count {
        if bytes[i] >= 0x80 { return false }
        i += 1
    }
    return true
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

/// A byte of a URI scheme after its first: a letter, digit, `+`, `-` or `.`.
private func isSchemeByte(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
}

/// JSON Pointer (RFC 6901) tokens.
package enum JSONPointer {
    /// `/a~1b/0` -> ["a/b", "0"]; nil if it does not start with `/` (and is not empty).
    package static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        if isASCII(pointer) {   // split at its `/` bytes, not characters
            var tokens: [String] = []
            let bytes = pointer.utf8
            var start = bytes.index(after: bytes.startIndex)
            var i = start
            while i < bytes.endIndex {
                if bytes[i] == UInt8(ascii: "/") {
                    tokens.append(unescaped(pointer[start..<i]))
                    start = bytes.index(after: i)
                }
                i = bytes.index(after: i)
            }
            tokens.append(unescaped(pointer[start...]))
            return tokens
        }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            // Most tokens hold no `~`: not searched twice (a schema of 2,000 properties compiled 10% faster).
            guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
            return String(token).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    private static func unescaped(_ token: Substring) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        return String(token).replacing("~1", with: "/").replacing("~0", with: "~")
    }

    package static func escape(_ token: String) -> String {
        // Bytes, not characters: a keyword's name is not walked grapheme by grapheme for each pointer made.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// The pointer of `tokens` (`["jobs", "a/b"]` is `/jobs/a~1b`): the inverse of `tokens(_:)`.
    package static func pointer(_ tokens: some Sequence<String>) -> String {
        tokens.map { "/" + escape($0) }.joined()
    }

    /// The value at `tokens` under `root`.
    package static func walk(_ root: JSONValue, _ tokens: some Collection<String>) -> JSONValue? {
        var value = root
        for token in tokens {
            switch value {
            case .object(let object):
                guard let next = object[token] else { return nil }
                value = next
            case .array(let items):
                guard let index = Int(token), index >= 0, index < items.count,
                      token == "0" || !token.hasPrefix("0") else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }
}
