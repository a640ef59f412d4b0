// SPDX-License-Identifier: GPL-3.0-or-later
// The format, network and path rules on ArgumentParser options: typed values, messages, shell completion.
import ArgumentParser
import SwitchboardArgumentRules
import Testing

struct Server: ParsableCommand {
    @Option(rule: .port) var port: Int?
    @Option(rule: .port(in: 1024...65535)) var admin: Int = 8443
    @Option(rule: .date) var day: CalendarDate?
    @Option(rule: .date(from: .today)) var start: CalendarDate?
    @Option(rule: "date:2020-01-01..2030-12-31") var window: CalendarDate?
    @Option(rule: .ipv4) var address: String?
    @Option(rule: "uuid") var id: String?
    @Option(rule: .file) var config: String?
    @Option(rule: .directory) var output: String?
    @Option(rule: "ext:.yaml,.yml") var spec: String?
}

@Suite("Format rules on options")
struct FormatArgumentRuleTests {
    @Test("port gives an Int, date a CalendarDate, the others the text as typed")
    func typedValues() throws {
        let server = try Server.parse(["--port", "80", "--day", "2024-02-29", "--window", "2026-03-14",
                                       "--address", "192.168.0.1", "--id", "123e4567-e89b-12d3-a456-426614174000",
                                       "--config", "/etc/hostname", "--output", "/tmp", "--spec", "a.yml"])
        #expect(server.port == 80)
        #expect(server.admin == 8443)
        #expect(server.day == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(server.window?.description == "2026-03-14")
        #expect(server.address == "192.168.0.1")
        #expect(server.output == "/tmp")
        let today = try Server.parse(["--start", CalendarDate.today.description])
        #expect(today.start == CalendarDate.today)
    }

    @Test("a value that fails is refused with the rule's message, exit 64")
    func refused() {
        let table: [([String], String)] = [
            (["--port", "0"], "The value '0' is invalid for '--port <port>': must be a port number from 1 to 65535"),
            (["--admin", "80"], "The value '80' is invalid for '--admin <admin>': must be a port number from 1024 to 65535"),
            (["--day", "2023-02-29"], "The value '2023-02-29' is invalid for '--day <day>': must be a date such as 2026-03-14"),
            (["--start", "2001-01-01"],
             "The value '2001-01-01' is invalid for '--start <start>': must be a date no earlier than today (such as 2026-03-14)"),
            (["--address", "10.0.0.256"],
             "The value '10.0.0.256' is invalid for '--address <address>': must be an IPv4 address such as 192.168.0.1"),
            (["--config", "/nonexistent/x.yaml"],
             "The value '/nonexistent/x.yaml' is invalid for '--config <config>': must name an existing file"),
            (["--spec", "a.json"], "The value 'a.json' is invalid for '--spec <spec>': must be a file name ending in .yaml or .yml"),
        ]
        for (arguments, expected) in table {
            let result = failure(Server.self, arguments)
            #expect(result?.message == expected)
            #expect(result?.code == 64)
        }
    }

    @Test("a path rule's option completes file names in the shell; dir completes directories")
    func shellCompletion() {
        let script = Server.completionScript(for: .bash)
        let zsh = Server.completionScript(for: .zsh)
        #expect(script.contains("--config") && script.contains("--output"))
        #expect(zsh.contains("--config[must name an existing file]:config:_files"))
        #expect(zsh.contains("--output[must name an existing directory]:output:_files -/"))
        #expect(zsh.contains("--spec[must be a file name ending in .yaml or .yml]:spec:_files"))
        #expect(!zsh.contains("--address[must be an IPv4 address such as 192.168.0.1]:address:_files"))
    }
}
