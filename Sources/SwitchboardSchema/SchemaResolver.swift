// SPDX-License-Identifier: Apache-2.0

/// How a schema's references to other documents are loaded: given an absolute URI (without its fragment), the
/// document, or nil when there is none.
///
/// The default, `.files`, reads `file:` URIs from disk (a reference `other.json` in `/etc/app/schema.json` is
/// `/etc/app/other.json`) and refuses `http(s)` with an error naming the URI: there is no network, and a schema
/// that cannot be read is never a pass. Tests map a URI prefix to a folder:
///
/// ```swift
/// let resolver = SchemaResolver.files.mapping("http://localhost:1234/", toDirectory: "/tmp/suite/remotes/")
/// let schema = try JSONSchema(json: #"{"$ref": "http://localhost:1234/integer.json"}"#,
///                             options: .init(resolver: resolver))
/// ```
public struct SchemaResolver: Sendable {
    private let loader: @Sendable (String) throws(SchemaError) -> JSONValue?

    /// A resolver from a function of the absolute URI (nil: no such document).
    public init(_ load: @escaping @Sendable (String) throws(SchemaError) -> JSONValue?) { self.loader = load }

    /// The document at the absolute URI `uri` (no fragment), or nil when there is none.
    ///
    /// ```swift
    /// try SchemaResolver.files.load("file:///etc/app/common.json")
    /// ```
    public func load(_ uri: String) throws(SchemaError) -> JSONValue? { try loader(uri) }

    /// `file:` URIs read from disk as JSON; `http(s)` refused with a clear error; nothing else.
    public static let files = SchemaResolver { uri throws(SchemaError) in
        if uri.hasPrefix("file://") {
            // `file:///path` or `file://localhost/path`; another host (a reference `//host/x.json` resolves to
            // `file://host/x.json`) is a network reference, never a local path.
            var rest = uri.dropFirst(7)
            if rest.hasPrefix("localhost/") { rest = rest.dropFirst(9) }
            guard rest.hasPrefix("/") else {
                let host = rest.prefix { $0 != "/" }
                throw SchemaError(location: "", message: "cannot load \(uri): it names the host \"\(host)\" (a reference "
                                    + "starting with // is a network reference); schemas are not fetched over the "
                                    + "network: save it to a file and refer to it by a relative path")
            }
            let path = URIReference.percentDecoded(String(rest))
            return try readJSONFile(path, reference: uri)
        }
        if uri.hasPrefix("http://") || uri.hasPrefix("https://") {
            throw SchemaError(location: "", message: "cannot load \(uri): schemas are not fetched over the network; "
                                + "save it to a file and refer to it by a relative path")
        }
        return nil
    }

    /// This resolver, with URIs starting with `prefix` read from files under `directory` instead.
    public func mapping(_ prefix: String, toDirectory directory: String) -> SchemaResolver {
        let next = self
        return SchemaResolver { uri throws(SchemaError) in
            if uri.hasPrefix(prefix) {
                let rest = String(uri.dropFirst(prefix.count))
                return try readJSONFile(directory + (directory.hasSuffix("/") ? "" : "/") + rest, reference: uri)
            }
            return try next.load(uri)
        }
    }
}

/// The `file:` URI of a path (made absolute against the working directory).
func fileURI(forPath path: String) -> String {
    var absolute = path
    if !path.hasPrefix("/") {
        var buffer = [CChar](repeating: 0, count: 4096)
        let cwd = getcwd(&buffer, buffer.count).map { _ in String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) } ?? "/"
        absolute = cwd + (cwd.hasSuffix("/") ? "" : "/") + path
    }
    var out = "file://"
    for byte in absolute.utf8 {
        switch byte {
        case UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: " "), 0..<0x20, 0x7F...:
            let digits = Array("0123456789ABCDEF".utf8)
            out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        default:
            out.unicodeScalars.append(Unicode.Scalar(byte))
        }
    }
    return out
}

/// The bytes of a file (a regular one, of at most `DocumentFile.maximumSize` bytes).
func readFileBytes(_ path: String) throws(SchemaError) -> [UInt8] {
    do {
        return try DocumentFile.read(path)
    } catch {
        throw SchemaError(location: "", message: error.description)
    }
}

private func readJSONFile(_ path: String, reference: String) throws(SchemaError) -> JSONValue {
    let bytes = try readFileBytes(path)
    do {
        return try JSONValue.parse(bytes: bytes)
    } catch {
        throw SchemaError(location: reference, message: "is not valid JSON: \(error)")
    }
}
