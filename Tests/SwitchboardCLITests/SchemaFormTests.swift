// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// `switchboard form --schema SCHEMA` without a terminal, as a script calls it: the document on standard input
/// is checked by the schema and written typed; each failing location is named, exit 1.
@Suite("form --schema headless")
struct SchemaFormTests {
    let schema = example("schema/service.schema.json")

    @Test("a valid JSON document is written typed and nested, keys the form does not ask kept")
    func validJSON() throws {
        let input = #"{"name": "shop", "port": 8080, "environment": "dev", "database": {"host": "db1", "x-note": 1}, "id": "keep-me"}"#
        let run = try switchboard(["form", "--schema", schema], input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            {
              "name": "shop",
              "port": 8080,
              "environment": "dev",
              "database": {
                "host": "db1",
                "x-note": 1
              },
              "id": "keep-me"
            }

            """)
    }

    @Test("a YAML document in, YAML out")
    func yamlInOut() throws {
        let input = "name: shop\nport: 22\nenvironment: prod\ncontact: ops@example.com\ndatabase:\n  host: db1\nroutes:\n  - path: /api\n    weight: 2\n"
        let run = try switchboard(["form", "--schema", schema, "--output", "yaml"], input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            name: "shop"
            port: 22
            environment: "prod"
            contact: "ops@example.com"
            database:
              host: "db1"
            routes:
              - path: "/api"
                weight: 2

            """)
    }

    @Test("every failing location is named on stderr, exit 1, nothing on stdout")
    func failures() throws {
        let input = #"{"name": "Shop", "port": 70000, "environment": "prod", "database": {}, "routes": [{"path": "api"}]}"#
        let run = try switchboard(["form", "--schema", schema], input: input)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        for expected in ["/name: ", "/port: ", "/database: must have the property \"host\"", "/routes/0/path: ",
                         "(root): must have the property \"contact\""] {
            #expect(run.stderr.contains(expected), "\(expected) in \(run.stderr)")
        }
    }

    @Test("a spec file whose top level has $schema is a schema; a broken document is exit 2")
    func schemaAsSpec() throws {
        let ok = try switchboard(["form", schema], input: #"{"name": "a", "port": 1, "environment": "dev", "database": {"host": "h"}}"#)
        #expect(ok.status == 0, "\(ok.stderr)")
        let broken = try switchboard(["form", "--schema", schema], input: "{\"name\": ")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("standard input: line 1, column 10: not valid JSON"), "\(broken.stderr)")
        let both = try switchboard(["form", schema, "--schema", schema], input: "")
        #expect(both.status == 2)
    }

    @Test("a YAML schema's relative references are read from beside it (YAML too), as check --schema reads them")
    func yamlSchemaReferences() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("conf"), withIntermediateDirectories: true)
        try scratch.file("conf/app.yaml", "type: object\nrequired: [port]\nproperties:\n  port: {$ref: 'defs.yaml#/port'}\n")
        try scratch.file("conf/defs.yaml", "port: {type: integer, minimum: 1}\n")
        let ok = try switchboard(["form", "--schema", "conf/app.yaml"], input: Array(#"{"port": 8080}"#.utf8),
                                 directory: scratch.url.path)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "{\n  \"port\": 8080\n}\n")
        let bad = try switchboard(["form", "--schema", "conf/app.yaml"], input: Array(#"{"port": 0}"#.utf8),
                                  directory: scratch.url.path)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("/port: "), "\(bad.stderr)")
    }
}
