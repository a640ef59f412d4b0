// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `switchboard` hands `form` to `switchboard-full` with glibc's malloc tunables set for it (huge pages); the
/// commands a form runs must still see the user's own environment.
@Suite("switchboard to switchboard-full")
struct HandOffTests {
    /// A form whose check command fails, naming what it saw, unless `GLIBC_TUNABLES` is `expected` ("" for unset)
    /// and the hand-off's marker is gone.
    private func form(_ scratch: Scratch, expecting expected: String) throws -> String {
        try scratch.file("env.yaml", """
            fields:
              - name: value
                check:
                  command: 'test "${GLIBC_TUNABLES-}" = "\(expected)" && test -z "${SWITCHBOARD_SET_GLIBC_TUNABLES+set}" || { echo "saw [${GLIBC_TUNABLES-}] [${SWITCHBOARD_SET_GLIBC_TUNABLES-}]" >&2; exit 1; }'
            """)
    }

    @Test("a check command run by a form sees no tunables when the user set none, and the user's own when set")
    func commandsSeeTheUsersEnvironment() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // The tests' own environment, as the user's (no tunables, unless whoever runs the tests set some).
        let inherited = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] ?? ""
        let none = try switchboard(["form", try form(scratch, expecting: inherited), "--output", "env"], input: "x\n")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout == "VALUE='x'\n")
        let own = try switchboard(["form", try form(scratch, expecting: "glibc.malloc.check=0"), "--output", "env"],
                                  input: "x\n", environment: ["GLIBC_TUNABLES": "glibc.malloc.check=0"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout == "VALUE='x'\n")
    }
}
