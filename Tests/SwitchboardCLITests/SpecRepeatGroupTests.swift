// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// A YAML spec whose list holds a group (a nested object of each item) and asks only when a yes/no is yes.
private let hostsSpec = #"""
    fields:
      - name: app
      - name: tls-hosts
        type: yesno
      - name: hosts
        prompt: Hosts
        when: tls-hosts
        repeat:
          - name: name
          - name: tls
            prompt: TLS
            group:
              - name: cert
                prompt: Certificate
                rules: ["regex:\\.pem$"]
    """#

/// `switchboard form SPEC` without a terminal, as a script calls it: a group inside a repeat's items and a repeat's
/// `when:` (the same form model `form --schema` uses for objects in items and optional objects holding lists).
@Suite("form: a repeat holding a group, a repeat with when:")
struct SpecRepeatGroupTests {
    @Test("nested answers of an item are read, checked by their rules and written nested")
    func itemGroup() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("hosts.yaml", hostsSpec)
        let run = try switchboard(["form", spec], input: #"{"app": "a", "tls-hosts": "yes", "hosts": [{"name": "h1", "tls": {"cert": "c.pem"}}]}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            {
              "app": "a",
              "tls-hosts": true,
              "hosts": [
                {
                  "name": "h1",
                  "tls": {
                    "cert": "c.pem"
                  }
                }
              ]
            }

            """)
        let bad = try switchboard(["form", spec], input: #"{"app": "a", "tls-hosts": "yes", "hosts": [{"name": "h1", "tls": {"cert": "c.txt"}}]}"#)
        #expect(bad.status == 1)
        #expect(bad.stdout == "")
        #expect(bad.stderr.contains(#"hosts.0.tls.cert: must match the pattern \.pem$, got "c.txt""#), "\(bad.stderr)")
    }

    @Test("a list whose when: does not hold is not written, and answers for it are said to be ignored")
    func listWhen() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("hosts.yaml", hostsSpec)
        let run = try switchboard(["form", spec, "--output", "yaml"], input: #"{"app": "a", "tls-hosts": "no", "hosts": [{"name": "h1"}]}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "app: \"a\"\ntls-hosts: false\n")
        #expect(run.stderr.contains("hosts.0.name: answer ignored: the field is not asked"), "\(run.stderr)")
    }
}
