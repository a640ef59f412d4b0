// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TerminalTestSupport
import Testing

/// The format, network and path rules through the built `switchboard`, as a shell script calls it.
@Suite("Format and path rules in the CLI")
struct FormatRuleCLITests {
    @Test("check --rule ipv4 / uuid / date: one line per failure with a natural message, exit 1")
    func check() throws {
        let run = try switchboard(["check", "--rule", "ipv4"], input: "192.168.0.1\n192.168.0.256\n10.0.0.1\n")
        #expect(run.status == 1)
        #expect(run.stdout == "2: 192.168.0.256: must be an IPv4 address such as 192.168.0.1\n")
        let dates = try switchboard(["check", "--rule", "date:2020-01-01..2030-12-31", "--count"],
                                    input: "2024-02-29\n2023-02-29\n2031-01-01\n2020-01-01\n")
        #expect(dates.stdout == "2\n")
        let uuids = try switchboard(["check", "--rule", "uuid"], input: "123e4567-e89b-12d3-a456-426614174000\n")
        #expect(uuids.status == 0 && uuids.stdout.isEmpty)
    }

    @Test("today is the local date: Kiritimati's today is after today in UTC-12 (TZ set per run)")
    func todayIsLocal() throws {
        let ahead = try runProgram("/bin/date", ["+%F"], environment: ["TZ": "Pacific/Kiritimati"]).stdout
        let behind = try runProgram("/bin/date", ["+%F"], environment: ["TZ": "Etc/GMT+12"]).stdout
        #expect(ahead != behind)   // 26 hours apart: never the same date
        let inKiritimati = try switchboard(["check", "--rule", "date:..today"], input: ahead,
                                           environment: ["TZ": "Pacific/Kiritimati"])
        #expect(inKiritimati.status == 0, "\(inKiritimati.stdout)")
        let inBakerIsland = try switchboard(["check", "--rule", "date:..today"], input: ahead,
                                            environment: ["TZ": "Etc/GMT+12"])
        #expect(inBakerIsland.status == 1)
        #expect(inBakerIsland.stdout.contains("must be a date no later than today"))
        let future = try switchboard(["check", "--rule", "date:today.."], input: behind,
                                     environment: ["TZ": "Pacific/Kiritimati"])
        #expect(future.status == 1)
    }

    @Test("a bad rule is refused with the column, exit 2")
    func badRule() throws {
        let run = try switchboard(["check", "--rule", "port:0..80"], input: "80\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"rule "port:0..80": at column 6: a port is from 1 to 65535, got 0"#))
    }

    @Test("relative path rules resolve from the working directory; names with spaces and quotes as written")
    func relativePaths() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("it's here.yaml", "a: 1\n")
        try FileManager.default.createDirectory(atPath: scratch.path("sub dir"), withIntermediateDirectories: false)
        let run = try switchboard(["check", "--rule", "file", "--rule", "ext:.yaml,.yml"],
                                  input: Array("it's here.yaml\nmissing.yaml\nsub dir\n".utf8), directory: scratch.url.path)
        #expect(run.stdout == "2: missing.yaml: must name an existing file\n3: sub dir: must name an existing file\n")
        let dirs = try switchboard(["check", "--rule", "dir"], input: Array("sub dir\nit's here.yaml\n".utf8),
                                   directory: scratch.url.path)
        #expect(dirs.stdout == "2: it's here.yaml: must name an existing directory\n")
    }

    @Test("permission denied on the way is an undecided failure, never a pass (run as nobody when root)")
    func permissionDenied() throws {
        let scratch = try Scratch()
        defer {
            chmod(scratch.path("closed"), 0o755)
            scratch.cleanUp()
        }
        chmod(scratch.url.path, 0o755)
        try FileManager.default.createDirectory(atPath: scratch.path("closed"), withIntermediateDirectories: false)
        try scratch.file("closed/inside.txt", "x\n")
        chmod(scratch.path("closed"), 0o700)  // the owner (root, when root runs the tests) only
        let input = Array((scratch.path("closed/inside.txt") + "\n").utf8)
        let run: CLIRun
        if geteuid() == 0 {
            run = try runProgram("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                      try switchboardPath(), "check", "--rule", "file",
                                                      "--format", "json"], input: input)
        } else {
            chmod(scratch.path("closed"), 0)
            run = try switchboard(["check", "--rule", "file", "--format", "json"], input: input)
        }
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("could not check the path: permission denied"), "\(run.stdout)")
        #expect(run.stdout.contains(#""undecided":true"#), "\(run.stdout)")
    }

    @Test("switchboard test runs a spec's examples through the new rules")
    func specExamples() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("server.yaml", """
            title: Server
            fields:
              - name: host
                rules: [hostname]
                examples: {valid: [example.com, xn--bcher-kva.example], invalid: [host_name, "-a.com"]}
              - name: address
                rules: [ip]
                examples: {valid: [192.168.0.1, "::1"], invalid: [192.168.0.01]}
              - name: port
                rules: ["port:1024..65535"]
                examples: {valid: ["8080"], invalid: ["80", "65536"]}
              - name: start
                rules: ["date:2020-01-01..today"]
                examples: {valid: ["2024-02-29"], invalid: ["2023-02-29", "2019-12-31"]}
              - name: version
                rules: [semver]
                examples: {valid: [1.4.2], invalid: [v1.4.2]}
              - name: config
                rules: ["ext:.yaml,.yml"]
                examples: {valid: [a.yml], invalid: [a.json]}

            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("1..17"))
        #expect(run.stdout.contains(#"not ok"#) == false)
        #expect(run.stdout.contains(#"port: "80" fails as expected (must be a port number from 1024 to 65535)"#))
    }
}
