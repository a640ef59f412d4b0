// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SwitchboardSpec
import SwitchboardTerminal

/// A spec with a group, a list of values and a list of objects.
let nestedSpec = """
    title: Deploy
    fields:
      - name: app
        prompt: App name
      - name: server
        prompt: Server
        group:
          - name: host
            prompt: Host
          - name: port
            prompt: Port
            type: number
            rules: ["int:1..65535"]
      - name: tags
        prompt: Tags
        max: 2
        repeat:
          prompt: Tag
      - name: users
        prompt: Users
        min: 1
        repeat:
          - name: name
            prompt: Name
          - name: admin
            prompt: Admin
            type: yesno
    """

struct Server: Decodable, Equatable {
    var host: String
    var port: Int
}

struct User: Decodable, Equatable {
    var name: String
    var admin: Bool
}

struct Deploy: Decodable, Equatable {
    var app: String
    var server: Server
    var tags: [String]
    var users: [User]
}

@MainActor @Suite("groups and repeats in the one form model")
struct FormGroupTests {
    @Test("a spec's group and repeats: fields named by path, asked in order, nested in JSON and YAML")
    func specAskedAndNested() throws {
        let spec = try FormSpec(yaml: nestedSpec)
        #expect(spec.fields.map(\.name) == ["app", "server.host", "server.port"])
        #expect(spec.repeats.map(\.name) == ["tags", "users"])
        let form = spec.makeForm()
        // app, server.host, server.port, tags 1 "web", tags 2 empty ends, users 1 (min 1: no end), users 2 ends.
        let prompter = ScriptedPrompter(lines: ["myapp", "h1", "99999", "8080", "web", "", "", "ada", "yes", "", ""])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.refused.map(\.line) == ["99999", ""])   // the port's bounds; an empty first user
        #expect(prompter.shown.contains("Server"))
        #expect(prompter.prompts.map(\.prompt).contains("Users 1: Name: "))
        #expect(form.fields.map(\.name) == ["app", "server.host", "server.port", "tags.0", "users.0.name",
                                            "users.0.admin"])
        #expect(form.typedAnswers.json() == """
            {
              "app": "myapp",
              "server": {
                "host": "h1",
                "port": 8080
              },
              "tags": [
                "web"
              ],
              "users": [
                {
                  "name": "ada",
                  "admin": true
                }
              ]
            }
            """)
        #expect(form.typedAnswers.yaml() == """
            app: "myapp"
            server:
              host: "h1"
              port: 8080
            tags:
              - "web"
            users:
              - name: "ada"
                admin: true

            """)
        let model = try form.answers.decode(Deploy.self)
        #expect(model == Deploy(app: "myapp", server: Server(host: "h1", port: 8080), tags: ["web"],
                                users: [User(name: "ada", admin: true)]))
    }

    @Test("the review adds and removes items; later items are renumbered; min and max are kept")
    func reviewEditsItems() throws {
        let form = try FormSpec(yaml: nestedSpec).makeForm()
        let prompter = ScriptedPrompter(lines: [
            "myapp", "h1", "8080", "", "ada", "no", "",
            "+users", "bob", "yes",          // add from the review
            "+tags", "a", "+tags", "b", "+tags",   // tags full at 2: the third is refused live
            "-users.0",                      // ada removed: bob becomes users.0
            "-users.0",                      // refused: users needs at least 1
            "users.0.name", "cy",            // edit an item's value
            "",
        ])
        let result = FormFlow(form).run(prompter: prompter)
        #expect(result.status == .submitted)
        #expect(prompter.refused.map(\.message).contains("tags takes at most 2 items."))
        #expect(prompter.refused.map(\.message).contains("users cannot lose an item: it needs at least 1."))
        #expect(form.answers.keys == ["app", "server.host", "server.port", "tags.0", "tags.1", "users.0.name",
                                      "users.0.admin"])
        #expect(result.answers["users.0.name"] == "cy")
        #expect(result.answers["users.0.admin"] == "yes")
        #expect(form.repeatNamed("users")?.items.count == 1)
    }

    @Test("nested JSON input fills groups and makes list items; too few items fail by the list's name")
    func nestedInput() throws {
        let form = try FormSpec(yaml: nestedSpec).makeForm()
        let result = form.fill(from: """
            {"app": "x", "server": {"host": "h", "port": 22}, "tags": ["a", "b"],
             "users": [{"name": "u", "admin": false}, {"name": "v", "admin": true}]}
            """)
        #expect(result.status == .submitted, "\(result.failures)")
        #expect(form.typedAnswers.json(pretty: false)
                == #"{"app":"x","server":{"host":"h","port":22},"tags":["a","b"],"users":[{"name":"u","admin":false},{"name":"v","admin":true}]}"#)
        let empty = try FormSpec(yaml: nestedSpec).makeForm()
        let missing = empty.fill(from: #"{"app": "x", "server": {"host": "h", "port": 22}}"#)
        #expect(missing.status != .submitted)
        #expect(missing.failures.map(\.description) == ["users: needs at least 1 item"])
    }

    @Test("the Swift API: groups, a list of values, remove renumbers names, a nested model decodes")
    func swiftAPI() throws {
        let form = Form("t")
        let server = form.group("server", title: "Server")
        form.add(FormField("host"), in: server)
        form.add(FormField("port", kind: .number), in: server)
        let tags = form.repeating("tags", maximum: 3) { item in item.field() }
        form.repeating("users", minimum: 1) { item in
            item.field("name")
            item.field("admin", kind: .yesNo)
        }
        #expect(!form.isValid.value)   // users needs an item
        form.fill(Answers([("server.host", "h"), ("server.port", "1"), ("tags.0", "a"), ("tags.1", "b"),
                           ("tags.2", "c"), ("users.0.name", "u"), ("users.0.admin", "n")]))
        #expect(form.isValid.value)
        #expect(form.removeItem(0, from: tags))
        #expect(tags.items.map { $0.map(\.name) } == [["tags.0"], ["tags.1"]])
        #expect(form["tags.0"]?.value == "b" && form["tags.1"]?.value == "c" && form["tags.2"] == nil)
        #expect(form.addItem(to: tags).map(\.name) == ["tags.2"])
        #expect(form.addItem(to: tags).isEmpty)   // full at 3
        form["tags.2"]?.answer("d")
        let model = try form.answers.decode(Partial.self)
        #expect(model == Partial(server: Server(host: "h", port: 1), tags: ["b", "c", "d"],
                                 users: [User(name: "u", admin: false)]))
    }

    @Test("a spec refuses what an item cannot have, bad bounds, and duplicate names across groups")
    func specProblems() {
        let spec = """
            fields:
              - name: a
              - name: list
                min: 3
                max: 2
                repeat:
                  - name: x
                    when: {a: y}
              - name: g
                group:
                  - name: b
              - name: g
                group:
                  - name: c
            """
        #expect(throws: SpecError.self) { try FormSpec(yaml: spec) }
        do {
            _ = try FormSpec(yaml: spec)
        } catch {
            let text = error.problems.map(\.description).joined(separator: "\n")
            #expect(text.contains("min: 3 is more than max: 2"))
            #expect(text.contains("when: no field named \"a\" before \"x\" in an item of the repeat \"list\"; an item's "
                                  + "condition reads the item's own fields asked before it"))
            #expect(text.contains("duplicate field \"g\""))
        }
    }
}

struct Partial: Decodable, Equatable {
    var server: Server
    var tags: [String]
    var users: [User]
}
