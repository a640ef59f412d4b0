// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// The issue's check command: `seconds` seconds, then "is taken" for a name in taken.txt.
func takenCheck(after seconds: Int) -> String {
    "sleep \(seconds); " + #"grep -qx "$(cat)" taken.txt && { echo "is taken" >&2; exit 1; }; exit 0"#
}

/// The issue's check command: one second, then "is taken" for a name in taken.txt.
let slowTakenCheck = takenCheck(after: 1)

/// A check command that records its shell's pid and its child's in `pids`, then waits a long time.
let recordingCheck = #"echo $$ >> pids; sleep 30 & echo $! >> pids; wait"#

/// Whether process `pid` still exists (a zombie counts: it has not been reaped).
func processExists(_ pid: Int32) -> Bool {
    access("/proc/\(pid)", F_OK) == 0
}

/// The pids recorded in `file` so far.
func recordedPIDs(_ file: String) -> [Int32] {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { Int32($0) }
}

/// Polls (no fixed sleep) until `condition` holds or `timeout` seconds pass.
func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// `switchboard ask --check-command` in tmux, as a user sees it.
@Suite("switchboard ask --check-command", .serialized)
struct AskCheckCommandTests {
    func screen(_ scratch: Scratch, _ extra: String = "", check: String = slowTakenCheck) throws -> KitScreen {
        let command = "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) ask Username "
            + "--rule 'length:2..20' --check-command \(shellQuote(check)) \(extra) > out.txt"
        return try KitScreen(command: command, width: 60, height: 10)
    }

    @Test("checking… appears while the command runs, then ✗ is taken; typing during the check shows at once")
    func takenThenTyping() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("taken.txt", "ada\nroot\n")
        // A 3-second check: a key typed during it must show well before it ends (within 2 s, a bound a loaded
        // machine meets for one key; a field that waited for the check would take most of the 3 s).
        let tmux = try screen(scratch, check: takenCheck(after: 3))
        #expect(tmux.waitFor("Username:") != nil)
        tmux.type("ada")
        #expect(tmux.waitFor("checking…") != nil)
        #expect(tmux.waitFor("✗ is taken") != nil)
        tmux.type("m")                                  // a new check starts for "adam"...
        #expect(tmux.waitFor("checking…") != nil)
        tmux.type("s")                                  // ...and typing during it shows the key at once
        let shown = tmux.waitFor("Username: adams", timeout: 2)
        #expect(shown != nil)
        #expect(shown?.contains("is taken") == false)
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "adams\n")
    }

    @Test("Enter on a free name while its check runs: the text stays, and it is accepted once the check passes")
    func enterWhilePendingAccepts() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("taken.txt", "ada\n")
        let tmux = try screen(scratch)
        #expect(tmux.waitFor("Username:") != nil)
        tmux.type("grace")
        tmux.press("Enter")
        #expect(tmux.waitFor("checking…") != nil)
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "grace\n")
    }

    @Test("Enter on a taken name while its check runs: the failure shows and the field stays")
    func enterWhilePendingRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("taken.txt", "ada\n")
        let tmux = try screen(scratch)
        #expect(tmux.waitFor("Username:") != nil)
        tmux.type("ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ is taken (Enter needs a valid value)") != nil)
        tmux.type("x")
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "adax\n")
    }

    @Test("A check that runs past --check-timeout fails with its own message")
    func timeout() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let tmux = try screen(scratch, "--check-timeout 0.5 --check-debounce 0", check: "sleep 5")
        #expect(tmux.waitFor("Username:") != nil)
        tmux.type("ada")
        #expect(tmux.waitFor("✗ could not be checked in time (no answer within 500 ms)") != nil)
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
    }

    @Test("Processes: a superseded check is killed with its group and reaped; so is the one in flight on Ctrl-C")
    func noProcessLeft() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let pids = scratch.path("pids")
        let tmux = try screen(scratch, "--check-debounce 0", check: recordingCheck)
        #expect(tmux.waitFor("Username:") != nil)
        tmux.type("ada")
        #expect(eventually { recordedPIDs(pids).count == 2 })
        let first = recordedPIDs(pids)
        #expect(first.allSatisfy(processExists))
        tmux.type("m")                                  // supersedes the run for "ada"
        #expect(eventually { recordedPIDs(pids).count == 4 })
        #expect(eventually { !first.contains(where: processExists) })
        let second = Array(recordedPIDs(pids).suffix(2))
        #expect(second.allSatisfy(processExists))
        tmux.press("C-c")
        #expect(tmux.waitForExit() == 130)
        #expect(eventually(timeout: 2) { !second.contains(where: processExists) })
    }
}

/// `switchboard ask --check-command` without a terminal: the one line read is checked once.
@Suite("switchboard ask --check-command, piped")
struct AskCheckCommandPipedTests {
    @Test("A piped line is checked once: valid prints it, invalid prints the command's message, exit 1")
    func piped() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try scratch.file("taken.txt", "ada\n")
        let check = #"echo run >> runs; grep -qx "$(cat)" taken.txt && { echo "is taken" >&2; exit 1; }; exit 0"#
        let free = try switchboard(["ask", "Username", "--check-command", check], input: Array("grace\n".utf8),
                                   directory: scratch.url.path)
        #expect(free.status == 0)
        #expect(free.stdout == "grace\n")
        let taken = try switchboard(["ask", "Username", "--check-command", check], input: Array("ada\n".utf8),
                                    directory: scratch.url.path)
        #expect(taken.status == 1)
        #expect(taken.stdout == "")
        #expect(taken.stderr == "Username: is taken, got \"ada\"\n")
        #expect(try String(contentsOfFile: scratch.path("runs"), encoding: .utf8) == "run\nrun\n")
    }

    @Test("The value is on standard input and in SWITCHBOARD_VALUE; control characters in the message are escaped")
    func valueAndEscaping() throws {
        let check = #"test "$(cat)" = "$SWITCHBOARD_VALUE" || exit 0; printf 'bad\033[31m red\n' >&2; exit 3"#
        let run = try switchboard(["ask", "Name", "--check-command", check], input: Array("it's me\n".utf8))
        #expect(run.status == 1)
        #expect(run.stderr == #"Name: "bad\u{1b}[31m red", got "it's me""# + "\n")
    }

    @Test("Bad option values are usage errors")
    func usage() throws {
        let zero = try switchboard(["ask", "Name", "--check-command", "true", "--check-timeout", "0"], input: "x\n")
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--check-timeout: give a number of seconds above 0"))
        let negative = try switchboard(["ask", "Name", "--check-command", "true", "--check-debounce", "-5"],
                                       input: "x\n")
        #expect(negative.status == 2)
    }
}
