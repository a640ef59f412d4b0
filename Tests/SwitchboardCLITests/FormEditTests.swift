// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TerminalTestSupport
import Testing

/// `switchboard form --edit FILE --set/--set-json/--unset` as a shell script runs it: the file changed only where
/// the edits are, the whole document checked before it is written, refusals at FILE:LINE:COLUMN, and a file that
/// cannot be written safely left alone.
@Suite("form --edit (headless)")
struct FormEditTests {
    static let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
         "properties": {"replicas": {"type": "integer", "minimum": 1}, "name": {"type": "string"},
           "debug": {"type": "boolean"}, "ratio": {"type": ["number", "null"]},
           "owner": {"type": "object", "properties": {"email": {"type": "string"}}},
           "ports": {"type": "array", "items": {"$ref": "#/$defs/port"}}, "country": {"type": "string"}},
         "$defs": {"port": {"type": "integer", "maximum": 65535}}}
        """

    static let config = """
        # yaml-language-server: $schema=service.schema.json
        # The service
        name: web # its name
        replicas: 2

        # Verbose logs
        debug: false
        ports:
          - 80
        """ + "\n"

    private func setUp() throws -> (Scratch, String) {
        let scratch = try Scratch()
        try scratch.file("service.schema.json", Self.schema)
        return (scratch, try scratch.file("service.yaml", Self.config))
    }

    private func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func leftovers(_ scratch: Scratch) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.contains(".switchboard-") }
    }

    @Test("--set values typed by the schema; a new member with the objects it nests in; the rest byte for byte")
    func setTyped() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let run = try switchboard(["form", "--edit", file, "--set", "/replicas=3", "--set", "/owner/email=ada@example.com",
                                   "--set", "/country=NO", "--set", "/name=1e3", "--set", "/ratio=0.5", "--set", "/debug=true"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "\(file): 6 edits written\n")
        #expect(try contents(file) == Self.config
            .replacing("replicas: 2", with: "replicas: 3").replacing("name: web #", with: "name: \"1e3\" #")
            .replacing("debug: false", with: "debug: true")
            + "owner:\n  email: ada@example.com\ncountry: \"NO\"\nratio: 0.5\n")
        // PyYAML reads the strings back as strings.
        let python = try runTool("/usr/bin/python3", ["-c", "import json,sys,yaml; print(json.dumps(yaml.safe_load(sys.stdin), sort_keys=True))"],
                                 input: try contents(file))
        #expect(python == #"{"country": "NO", "debug": true, "name": "1e3", "owner": {"email": "ada@example.com"}, "ports": [80], "ratio": 0.5, "replicas": 3}"# + "\n")
        #expect(try leftovers(scratch).isEmpty)
    }

    @Test("a new member goes in the schema's property order where the file's members follow it, else last")
    func schemaOrder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", #"{"properties": {"name": {"type": "string"}, "replicas": {"type": "integer"}, "ports": {"type": "array"}, "owner": {"properties": {"name": {}, "email": {}}}}}"#)
        let file = try scratch.file("c.yaml", "name: web\n# open\nports: [80]\nowner:\n  email: a@b.c\n")
        let run = try switchboard(["form", "--edit", file, "--schema", schema, "--set", "/replicas=2", "--set", "/owner/name=Ada"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try contents(file) == "name: web\nreplicas: 2\n# open\nports: [80]\nowner:\n  name: Ada\n  email: a@b.c\n")
        let shuffled = try scratch.file("d.yaml", "ports: [80]\nname: web\n")
        #expect(try switchboard(["form", "--edit", shuffled, "--schema", schema, "--set", "/replicas=2"]).status == 0)
        #expect(try contents(shuffled) == "ports: [80]\nname: web\nreplicas: 2\n")
    }

    @Test("--set-json and --unset: a list replaced, a member removed with the comment line above it")
    func setJSONAndUnset() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let run = try switchboard(["form", "--edit", file, "--set-json", "/ports=[80, 443]", "--unset", "/debug",
                                   "--set-json", "/owner={\"email\": \"a@b.c\"}"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try contents(file) == """
            # yaml-language-server: $schema=service.schema.json
            # The service
            name: web # its name
            replicas: 2

            ports:
              - 80
              - 443
            owner:
              email: a@b.c
            """ + "\n")
    }

    @Test("a document the schema refuses: exit 1 naming FILE:LINE:COLUMN and the pointer; the file untouched")
    func refusedByTheSchema() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        for (arguments, message) in [
            (["--set", "/replicas=0"], "\(file):4:11: /replicas: must be at least 1"),
            (["--set", "/ports/-=70000"], "\(file):10:5: /ports/1: must be at most 65535"),
            (["--set", "/replicas=three"], "\(file):4:11: /replicas: must be an integer, not a string"),
        ] {
            let run = try switchboard(["form", "--edit", file] + arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasSuffix("\(file): not changed (the edited document would not be valid)\n"))
            #expect(try contents(file) == Self.config)
        }
        #expect(try leftovers(scratch).isEmpty)
    }

    @Test("edits that cannot be made are refused with their place: through an alias, past a scalar, a bad pointer")
    func refusedEdits() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let text = "base: &b\n  image: x\nweb: *b\nname: a\n"
        let file = try scratch.file("c.yaml", text)
        let schema = try scratch.file("s.json", "{}")
        let alias = try switchboard(["form", "--edit", file, "--schema", schema, "--set", "/web/image=y"])
        #expect(alias.status == 1)
        #expect(alias.stderr.hasPrefix("\(file):3:6: /web/image: this value is an alias"), "\(alias.stderr)")
        let scalar = try switchboard(["form", "--edit", file, "--schema", schema, "--set", "/name/first=y"])
        #expect(scalar.status == 1)
        #expect(scalar.stderr.contains("/name/first: \"first\" is looked for in a string"), "\(scalar.stderr)")
        let pointer = try switchboard(["form", "--edit", file, "--schema", schema, "--set", "name=y"])
        #expect(pointer.status == 2)
        #expect(pointer.stderr.contains("a JSON pointer starts with `/`"))
        let nothing = try switchboard(["form", "--edit", file, "--schema", schema])
        #expect(nothing.status == 2)
        // No edits and no terminal: the form cannot be asked; the edits are named instead.
        #expect(nothing.stderr.contains("its questions are asked at a terminal, and standard input is not one; give "
                                        + "the edits instead: --set POINTER=VALUE"), "\(nothing.stderr)")
        let draft = try switchboard(["form", "--edit", file, "--schema", schema, "--set", "/name=b", "--draft", "d.json"])
        #expect(draft.status == 2)
        #expect(draft.stderr.contains("--draft goes with the form of --edit FILE, not with --set"))
        let stray = try switchboard(["form", "--schema", schema, "--set", "/a=1"])
        #expect(stray.status == 2)
        #expect(stray.stderr.contains("go with --edit FILE"))
        let none = try switchboard(["form", "--edit", file, "--set", "/name=b"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no schema found"), "\(none.stderr)")
        #expect(try contents(file) == text)
    }

    @Test("no change: nothing written, said so, exit 0 (the file is not even rewritten)")
    func noChange() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let before = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        let run = try switchboard(["form", "--edit", file, "--set", "/replicas=2", "--set", "/name=web"])
        #expect(run.status == 0)
        #expect(run.stderr == "\(file): no change (the values are already so); nothing written\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int == before)
    }

    @Test("--dry-run prints a unified diff that patch applies; the file is untouched")
    func dryRun() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let run = try switchboard(["form", "--edit", "service.yaml", "--set", "/replicas=4", "--set", "/ports/-=443",
                                   "--dry-run"], directory: scratch.url.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            --- service.yaml
            +++ service.yaml
            @@ -1,9 +1,10 @@
             # yaml-language-server: $schema=service.schema.json
             # The service
             name: web # its name
            -replicas: 2
            +replicas: 4
             
             # Verbose logs
             debug: false
             ports:
               - 80
            +  - 443
            """ + "\n")
        #expect(try contents(file) == Self.config)
        let copy = try scratch.file("copy.yaml", Self.config)
        let patched = try runProgram("/usr/bin/patch", [copy], input: Array(run.stdout.utf8))
        #expect(patched.status == 0, "\(patched.stdout)\(patched.stderr)")
        #expect(try contents(copy) == Self.config.replacing("replicas: 2", with: "replicas: 4") + "  - 443\n")
    }

    @Test("--backup keeps FILE~; the mode is kept; a symbolic link edits its target and says so")
    func backupModeAndLinks() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        let run = try switchboard(["form", "--edit", file, "--set", "/replicas=5", "--backup"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "\(file): 1 edit written; the previous version is kept as \(file)~\n")
        #expect(try contents(file + "~") == Self.config)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.attributesOfItem(atPath: file + "~")[.posixPermissions] as? Int == 0o640)

        let link = scratch.path("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "service.yaml")
        let linked = try switchboard(["form", "--edit", link, "--set", "/replicas=6"])
        #expect(linked.status == 0, "\(linked.stderr)")
        let target = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        #expect(linked.stderr == "\(link): 1 edit written to its target \(target) (\(link) is a symbolic link)\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "service.yaml")
        #expect(try contents(file).contains("replicas: 6\n"))

        // A hard link: the new version is renamed over the name edited; the other name keeps the old one, and the
        // message says so.
        let hard = scratch.path("hard.yaml")
        try FileManager.default.linkItem(atPath: file, toPath: hard)
        let before = try contents(hard)
        let split = try switchboard(["form", "--edit", file, "--set", "/replicas=7"])
        #expect(split.status == 0, "\(split.stderr)")
        #expect(split.stderr == "\(file): 1 edit written; the file had 2 hard links: its other name keeps the "
                + "previous version\n")
        #expect(try contents(file).contains("replicas: 7\n"))
        #expect(try contents(hard) == before)
    }

    @Test("a FIFO, a directory, a read-only file, a dangling link, invalid UTF-8: exit 2, a clear error, nothing written")
    func unwritable() throws {
        let (scratch, file) = try setUp()
        defer { scratch.cleanUp() }
        let schema = scratch.path("service.schema.json")
        let fifo = scratch.path("fifo.yaml")
        #expect(mkfifo(fifo, 0o644) == 0)
        let readOnly = try scratch.file("ro.yaml", Self.config)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly)
        let dangling = scratch.path("gone.yaml")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.yaml")
        let binary = try scratch.file("bad.yaml", [0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x0A])
        for (path, message) in [
            (fifo, "cannot edit \(fifo): it is a FIFO (named pipe), not a regular file; nothing written"),
            (scratch.url.path, "cannot edit \(scratch.url.path): it is a directory, not a regular file; nothing written"),
            (readOnly, "cannot edit \(readOnly): it is read-only (mode 444); nothing written (make it writable first: chmod u+w)"),
            (dangling, "cannot edit \(dangling): it is a symbolic link whose target cannot be found"),
            (binary, "cannot edit \(binary): it is not valid UTF-8 text; nothing written"),
        ] {
            let run = try switchboard(["form", "--edit", path, "--schema", schema, "--set", "/replicas=3"])
            #expect(run.status == 2, "\(path)")
            #expect(run.stderr.hasPrefix("switchboard: " + message), "\(run.stderr)")
        }
        #expect(try contents(readOnly) == Self.config)
        #expect(try contents(file) == Self.config)
        #expect(try leftovers(scratch).isEmpty)
    }

    @Test("JSON: members inserted with their siblings' indentation (owner before ports, in the schema's order); $schema found in the document")
    func json() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("service.schema.json", Self.schema)
        let text = "{\n\t\"$schema\": \"service.schema.json\",\n\t\"replicas\": 2,\n\t\"ports\": [80]\n}\n"
        let file = try scratch.file("service.json", text)
        let run = try switchboard(["form", "--edit", file, "--set", "/replicas=3", "--set", "/ports/-=443",
                                   "--set-json", "/owner={\"email\": \"a@b.c\"}"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try contents(file)
            == "{\n\t\"$schema\": \"service.schema.json\",\n\t\"replicas\": 3,\n\t\"owner\": {\"email\": \"a@b.c\"},\n\t\"ports\": [80, 443]\n}\n")
        let refused = try switchboard(["form", "--edit", file, "--set", "/ports/0=x"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("\(file):5:12: /ports/0: must be an integer, not a string"), "\(refused.stderr)")
        let nested = try switchboard(["form", "--edit", file, "--set-json", "/x={\"y\": [1]}", "--unset", "/ports"])
        #expect(nested.status == 0, "\(nested.stderr)")
        #expect(try contents(file)
            == "{\n\t\"$schema\": \"service.schema.json\",\n\t\"replicas\": 3,\n\t\"owner\": {\"email\": \"a@b.c\"},\n\t\"x\": {\"y\": [1]}\n}\n")
    }

    @Test("hostile files: a 10 MB value, deep nesting, an alias bomb, tabs, mixed line endings")
    func hostile() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let schema = try scratch.file("s.json", "{}")
        let big = "big: " + String(repeating: "x", count: 10 << 20) + "\nsmall: 1\n"
        let bigFile = try scratch.file("big.yaml", big)
        let edited = try switchboard(["form", "--edit", bigFile, "--schema", schema, "--set", "/small=2"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try contents(bigFile) == big.replacing("small: 1", with: "small: \"2\""))

        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n"
        let deepFile = try scratch.file("deep.yaml", "a: " + deep)
        let nested = try switchboard(["form", "--edit", deepFile, "--schema", schema, "--set", "/b=1"])
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("nested too deeply"), "\(nested.stderr)")

        // Ten aliases of ten aliases, nine levels deep: 10^9 values from a few hundred bytes.
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            bomb += "\(names[level]): &\(names[level]) [" + Array(repeating: "*" + names[level - 1], count: 10).joined(separator: ", ") + "]\n"
        }
        let bombFile = try scratch.file("bomb.yaml", bomb)
        let exploded = try switchboard(["form", "--edit", bombFile, "--schema", schema, "--set", "/z=1"])
        #expect(exploded.status == 2)
        #expect(exploded.stderr.contains("expand to more than"), "\(exploded.stderr)")
        #expect(try contents(bombFile) == bomb)

        let mixed = "a:\t1\r\nb: 'x\ty'\nc: 3\r\n"
        let mixedFile = try scratch.file("mixed.yaml", mixed)
        let run = try switchboard(["form", "--edit", mixedFile, "--schema", schema, "--set", "/b=z", "--set", "/d=4"])
        #expect(run.status == 0, "\(run.stderr)")
        // No schema type for /d: text, quoted as YAML needs.
        #expect(try contents(mixedFile) == "a:\t1\r\nb: 'z'\nc: 3\r\nd: \"4\"\r\n")
    }
}
