// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Issue 39: remote schemas only when asked (`check --fetch`, `--offline`), against a server the test starts on
// 127.0.0.1 (scripts/schema-test-server.py): references, redirects, the cache keyed by the URL's hash, and answers
// that must be refused (404, not JSON, too large, too slow, redirect loops).

/// The test server: started with its port read from its first line, ended by closing its standard input.
private final class SchemaServer {
    let process = Process()
    let input = Pipe()
    let port: Int

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryFile("scripts/schema-test-server.py")]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw CocoaError(.fileReadCorruptFile) }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

@Suite("check --fetch against a local server")
struct SchemaFetchTests {
    @Test("a remote schema and its relative $ref are fetched once, cached by the URL's hash, read --offline")
    func fetchAndCache() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let server = try SchemaServer()
        defer { server.stop() }
        let cache = scratch.path("cache")
        let config = try scratch.file("c.yaml", "port: 80\n")
        let without = try switchboard(["check", "--schema", server.url("/schema.json"), config])
        #expect(without.status == 2)
        #expect(without.stderr.contains("is a URL, which is not fetched; add --fetch"), "\(without.stderr)")
        for _ in 0..<2 {
            let run = try switchboard(["check", "--fetch", "--cache-dir", cache, "--schema", server.url("/schema.json"), config])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stdout == "\(config):1:7: /port: must be at least 1024\n")
        }
        #expect(try runTool("/usr/bin/curl", ["-s", server.url("/count")], input: "") == "1", "the second run read the cache")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.count == 64 + 5 && $0.hasSuffix(".json") }, "\(entries)")
        // The modeline names the URL; --offline reads the cache alone (a URL not in it is an error naming it).
        let named = try scratch.file("named.yaml", "# yaml-language-server: $schema=\(server.url("/schema.json"))\nport: 8080\n")
        let offline = try switchboard(["check", "--offline", "--cache-dir", cache, named])
        #expect(offline.status == 0, "\(offline.stdout)\(offline.stderr)")
        let other = try scratch.file("other.yaml", "# yaml-language-server: $schema=\(server.url("/redirect"))\nport: 8080\n")
        let missing = try switchboard(["check", "--offline", "--cache-dir", cache, other])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("\(server.url("/redirect")) is not in the cache"), "\(missing.stderr)")
        // A redirect is followed (and cached under the URL asked for).
        let redirected = try switchboard(["check", "--fetch", "--cache-dir", cache, other])
        #expect(redirected.status == 0, "\(redirected.stdout)\(redirected.stderr)")
    }

    @Test("with --jobs, a schema is downloaded once a run even when the cache cannot keep it (every thread's copy of the one answer)")
    func onceWithJobs() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let server = try SchemaServer()
        defer { server.stop() }
        let cache = scratch.path("cache")
        // 4 MB of documents: several chunks, so more than one thread compiles its copy of the schema.
        var input = ""
        for i in 0..<60_000 { input += i % 5 == 0 ? #"{"port": 80, "pad": "......................."}"# + "\n" : #"{"port": 8080, "pad": "......................."}"# + "\n" }
        _ = try scratch.file("many.jsonl", input)
        // The cache entry's place is taken by a folder: the download cannot be kept.
        let run = try runProgram("/bin/bash", ["-c", #"""
            mkdir -m 700 cache && mkdir "cache/$(printf '%s' "$URL" | sha256sum | cut -c1-64).json"
            "$SB" check --fetch --cache-dir cache --jobs 4 --count --schema "$URL" many.jsonl
            """#], environment: ["SB": try switchboardPath(), "URL": server.url("/schema.json")],
            directory: scratch.url.path)
        #expect(run.stdout == "12000\n", "\(run.stdout)\(run.stderr)")
        #expect(try runTool("/usr/bin/curl", ["-s", server.url("/count")], input: "") == "1", "downloaded once")
        _ = cache
    }

    @Test("a URL with a NUL, a space or a control byte is refused before anything is fetched (C would end it at the NUL)")
    func urlsWithControls() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let config = try scratch.file("c.json", "{}")
        for reference in [#"http://127.0.0.1:1/a\u0000b.json"#, "http://127.0.0.1:1/a b.json", #"http://127.0.0.1:1/a\u001b.json"#] {
            let schema = try scratch.file("s.json", #"{"$ref": ""# + reference + #""}"#)
            let run = try switchboard(["check", "--fetch", "--cache-dir", scratch.path("cache"), "--schema", schema, config])
            #expect(run.status == 2, "\(reference): \(run.stderr)")
            #expect(run.stderr.contains("is not an http(s) URL"), "\(reference): \(run.stderr)")
        }
    }

    @Test("404, not JSON, too large, too slow (silent or a byte at a time) and redirect loops are refused naming the URL, and nothing is cached")
    func refusals() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let server = try SchemaServer()
        defer { server.stop() }
        let cache = scratch.path("cache")
        let config = try scratch.file("c.json", "{}")
        let cases: [(String, String)] = [
            ("/missing", "the server answered 404"),
            ("/text", "answered with a document that is not JSON"),
            ("/huge.json", "the answer is larger than 16 MB"),
            ("/slow.json", "no complete answer in 2 s"),
            ("/trickle.json", "no complete answer in 2 s"),
            ("/loop", "more than 5 redirects"),
            ("/to-file", "a redirect to file:///etc/passwd is refused (only http(s), never from https to http)"),
            ("/local-ref.json", "refers to the local file file:///etc/passwd (in $ref)"),
            ("/array.json", "answered with a JSON array, not a schema"),
        ]
        for (path, expected) in cases {
            let run = try switchboard(["check", "--fetch", "--fetch-timeout", "2", "--cache-dir", cache,
                                       "--schema", server.url(path), config])
            #expect(run.status == 2, "\(path): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains(server.url(path)), "\(path): \(run.stderr)")
            #expect(run.stderr.contains(expected), "\(path): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty)
        // No server there: what libcurl says, naming the URL.
        let nowhere = "http://127.0.0.1:1/s.json"
        let refused = try switchboard(["check", "--fetch", "--fetch-timeout", "2", "--cache-dir", cache, "--schema",
                                       nowhere, config])
        #expect(refused.status == 2 && refused.stderr.contains("cannot fetch \(nowhere): "), "\(refused.stderr)")
    }

    @Test("the cache must be a folder of the user's that no one else may write to; with no HOME, --cache-dir is needed")
    func cacheFolder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let config = try scratch.file("c.json", "{}")
        let shared = scratch.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o777)
        let open = try switchboard(["check", "--offline", "--cache-dir", shared, "--schema", "http://127.0.0.1:9/s.json", config])
        #expect(open.status == 2)
        #expect(open.stderr.contains("must be a folder of yours that no one else may write to"), "\(open.stderr)")
        let file = try scratch.file("plain", "x")
        let notFolder = try switchboard(["check", "--offline", "--cache-dir", file, "--schema", "http://127.0.0.1:9/s.json", config])
        #expect(notFolder.stderr.contains("is not a folder"), "\(notFolder.stderr)")
        let homeless = try runProgram(try switchboardPath(), ["check", "--offline", "--schema", "http://127.0.0.1:9/s.json", config],
                                      environment: ["HOME": nil, "XDG_CACHE_HOME": nil])
        #expect(homeless.status == 2)
        #expect(homeless.stderr.contains("neither XDG_CACHE_HOME nor HOME is set; give --cache-dir"), "\(homeless.stderr)")
    }
}
