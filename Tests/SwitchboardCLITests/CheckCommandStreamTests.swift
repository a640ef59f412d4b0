// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// `check --check-command` as a pipeline stage (issue 28): each line is reported as soon as the lines before it
/// are, a reader that goes away ends it with 141 and no command left, and `kill -9` leaves no command running, nor
/// anything a command started.
/// Nothing here is timed: the commands wait on FIFOs the scripts open (or never open), and every wait is bounded
/// so that a failure cannot hang the run.
@Suite("check --check-command in a pipeline", .serialized)
struct CheckCommandStreamTests {
    /// Runs `script` with bash in `scratch`, `$SB` the built `switchboard`.
    func bash(_ script: String, in scratch: Scratch, environment: [String: String?] = [:]) throws -> CLIRun {
        try runProgram("/bin/bash", ["-c", Self.helpers + "\n" + script],
                       environment: environment.merging(["SB": try switchboardPath()]) { $1 },
                       directory: scratch.url.path)
    }

    /// Shell functions for the scripts: `alive` lists the recorded pids still running; `release` opens every
    /// FIFO for writing and closes it, so that a command still waiting on one goes on; `leftovers` waits (at most
    /// 4 s) for the recorded commands to be gone and names (and kills) any that is not.
    static let helpers = #"""
        alive() { for p in $(cut -d' ' -f2 pids 2>/dev/null); do [ -e /proc/$p ] && echo $p; done; }
        release() { for f in gate never; do exec 7<>"$f"; exec 7>&-; done; }
        leftovers() {
            i=0; while [ -n "$(alive)" ] && [ $i -lt 80 ]; do sleep 0.05; i=$((i + 1)); done
            for p in $(alive); do echo "left $p"; kill -9 $p; done; release
        }
        """#

    @Test("seq | check --check-command --jobs 4 | head -1: line 1 comes while line 3's command still waits; 141, none left")
    func reportsBeforeTheBatchEnds() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // Line 3 waits on `gate` (opened only after line 1 was read), line 6 on `never` (never opened): the
        // batch cannot end by itself, and the first line can only come out while line 3 is still waiting.
        let check = #"echo "$SWITCHBOARD_VALUE $$" >> pids; case "$SWITCHBOARD_VALUE" in 3) read x < gate;; "#
            + #"6) read x < never;; esac; exit 1"#
        let run = try bash(#"""
            mkfifo gate never
            seq 8 > lines
            { timeout -s KILL 30 "$SB" check --rule int --check-command "$CHECK" --jobs 4 lines; echo $? > status; } | {
                IFS= read -r -t 20 first && echo "first: $first"
                i=0; while [ -z "$(awk '$1 == 3' pids)" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
                three=$(awk '$1 == 3 { print $2 }' pids)
                [ -n "$three" ] && [ -e /proc/$three ] && echo "line 3 still waits"
            }
            echo "status $(cat status)"
            leftovers
            """#, in: scratch, environment: ["CHECK": check])
        #expect(run.stdout.contains("first: 1: 1: failed the check command (exit 1)\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("line 3 still waits\n"), "\(run.stdout)\(run.stderr)")
        // The reader went away while lines 3 and 6 waited: the commands were killed, then SIGPIPE ended it.
        #expect(run.stdout.contains("status 141\n"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("left"), "\(run.stdout)\(run.stderr)")
    }

    @Test("A slow producer: a line is reported while the next one has not been written yet")
    func reportsWhileTheInputWaits() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // The producer writes line 2 only once `gate` is opened, which the reader does after reading line 1's
        // report.
        let run = try bash(#"""
            mkfifo gate never
            { echo 1; read x < gate; echo 2; } | timeout -s KILL 30 "$SB" check --check-command 'exit 1' | {
                IFS= read -r -t 20 first && echo "first: $first"
                exec 7>gate; exec 7>&-   # waits until the producer opens it
                cat
            }
            echo "status ${PIPESTATUS[1]}"
            """#, in: scratch)
        #expect(run.stdout == "first: 1: 1: failed the check command (exit 1)\n"
                + "2: 2: failed the check command (exit 1)\nstatus 1\n", "\(run.stderr)")
    }

    @Test("kill -9 of check leaves none of its commands running", arguments: [1, 3])
    func killedWithSIGKILL(jobs: Int) throws {
        // Each command records itself and waits in its own shell on a FIFO nobody opens.
        let run = try killCheck(#"echo "$SWITCHBOARD_VALUE $$" >> pids; read x < never"#, jobs: jobs)
        #expect(run.stdout.hasPrefix("started \(jobs)\nstatus 137\n"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("left"), "\(run.stdout)\(run.stderr)")
    }

    @Test("kill -9 of check leaves none of its commands' own children running (the guard ends their groups)",
          arguments: [1, 3])
    func killedWithSIGKILLChildren(jobs: Int) throws {
        // Each command's shell starts a child (recorded) and waits for it, as `sleep 43; exit 0` does; the child
        // waits on a FIFO nobody opens. The shell dies with check (PR_SET_PDEATHSIG); the child must die too.
        let run = try killCheck(#"sh -c 'echo "$SWITCHBOARD_VALUE $$" >> pids; read x < never'; exit 0"#, jobs: jobs)
        #expect(run.stdout.hasPrefix("started \(jobs)\nstatus 137\n"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("left"), "\(run.stdout)\(run.stderr)")
    }

    /// `seq 5 | check --check-command COMMAND --jobs JOBS`, killed with SIGKILL once JOBS commands have recorded
    /// themselves in `pids`; prints `started N`, `status S`, then `leftovers`' lines.
    private func killCheck(_ command: String, jobs: Int) throws -> CLIRun {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        return try bash(#"""
            mkfifo gate never
            seq 5 | "$SB" check --check-command "$CHECK" --jobs JOBS &
            cli=$!
            i=0; while [ "$(wc -l < pids 2>/dev/null || echo 0)" -lt JOBS ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
            echo "started $(wc -l < pids)"
            kill -9 $cli
            wait $cli
            echo "status $?"
            leftovers
            """#.replacingOccurrences(of: "JOBS", with: "\(jobs)"), in: scratch, environment: ["CHECK": command])
    }

    @Test("kill -9 of ask without a terminal leaves its check command not running (the asynchronous runner)")
    func askKilledWithSIGKILL() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let run = try bash(#"""
            mkfifo gate never
            echo ada | "$SB" ask Name --check-command 'echo "ask $$" >> pids; read x < never' &
            cli=$!
            i=0; while [ ! -s pids ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
            echo "started $(wc -l < pids)"
            kill -9 $cli
            wait $cli
            echo "status $?"
            leftovers
            """#, in: scratch)
        #expect(run.stdout.hasPrefix("started 1\nstatus 137\n"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("left"), "\(run.stdout)\(run.stderr)")
    }
}
