// SPDX-License-Identifier: GPL-3.0-or-later
// The check commands' runner through its API: exit statuses, signals, output, timeouts, background children.
import Foundation
import Glibc
import Synchronization
import SwitchboardTerminal
import Testing

@Suite struct CommandChecksTests {
    @Test("Exit status, output and error output; 128-255 are exit statuses, a signal is a signal")
    func statusesAndOutput() async throws {
        let failed = try await CommandChecks.output(of: "cat; echo out; echo err >&2; exit 3", value: "ada")
        #expect(failed.exitStatus == 3)
        #expect(failed.signal == nil)
        #expect(String(decoding: failed.standardOutput, as: UTF8.self) == "ada\nout\n")
        #expect(String(decoding: failed.standardError, as: UTF8.self) == "err\n")
        #expect(failed.verdict(name: "c").failure?.message == "err")
        let high = try await CommandChecks.output(of: "exit 255", value: "")
        #expect(high.exitStatus == 255)
        #expect(high.signal == nil)
        #expect(high.verdict(name: "c").failure?.message == "failed the check command (exit 255)")
        let killed = try await CommandChecks.output(of: "kill -TERM $$", value: "")
        #expect(killed.exitStatus == nil)
        #expect(killed.signal == SIGTERM)
        #expect(killed.verdict(name: "c").failure?.message == "failed the check command (killed by signal 15)")
    }

    @Test("Over when the shell exits, though a background child holds its pipes; a timeout kills the group")
    func shellExitAndTimeout() async throws {
        // Sleeps of their own length, so that what is left of them can be found in /proc (other suites of this
        // process run check commands at the same time: `CommandChecks.running` is not this test's alone).
        let (background, backgroundTook) = try await timedRun("sleep 30.25 & echo started; exit 0",
                                                              timeout: .seconds(20))
        #expect(background.exitStatus == 0)
        #expect(String(decoding: background.standardOutput, as: UTF8.self) == "started\n")
        #expect(!background.timedOut)
        #expect(backgroundTook < .seconds(10), "the background child's pipes held the check for \(backgroundTook)")
        let (slow, slowTook) = try await timedRun("echo before; sleep 30.5", timeout: .milliseconds(200))
        #expect(slow.timedOut)
        #expect(slow.signal == SIGKILL)
        #expect(String(decoding: slow.standardOutput, as: UTF8.self) == "before\n")
        #expect(slowTook < .seconds(10))
        #expect(await noProcessLeft(running: ["sleep", "30.25"]))
        #expect(await noProcessLeft(running: ["sleep", "30.5"]))
    }

    /// Runs `command` and says how long the runner took, timed on the runner's own thread when it reports (a
    /// wall clock read after `await` would also count the time this test waited for a thread of the shared pool,
    /// which other suites' blocking waits can hold for seconds).
    private func timedRun(_ command: String, timeout: Duration) async throws -> (CommandChecks.Result, Duration) {
        let start = ContinuousClock.now
        return try await withCheckedThrowingContinuation { continuation in
            do {
                _ = try CommandChecks.start(command, value: "", timeout: timeout) { result in
                    continuation.resume(returning: (result, ContinuousClock.now - start))
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Whether, within two seconds, no live process has exactly `arguments` as its command line (a killed child
    /// may take a moment to be reaped by its new parent; a zombie's command line is empty).
    private func noProcessLeft(running arguments: [String]) async -> Bool {
        let wanted = Array(arguments.joined(separator: "\0").utf8) + [0]
        for _ in 0..<200 {
            var found = false
            if let directory = opendir("/proc") {
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    guard Int(name) != nil, let file = fopen("/proc/\(name)/cmdline", "r") else { continue }
                    var buffer = [UInt8](repeating: 0, count: 256)
                    let count = fread(&buffer, 1, buffer.count, file)
                    fclose(file)
                    if Array(buffer[0..<count]) == wanted { found = true }
                }
                closedir(directory)
            }
            if !found { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test("A value over 128 KiB: on standard input, SWITCHBOARD_VALUE unset, its size in SWITCHBOARD_VALUE_BYTES")
    func hugeValue() async throws {
        let value = String(repeating: "é", count: 100_000)   // 200,000 bytes
        let result = try await CommandChecks.output(
            of: #"echo "${SWITCHBOARD_VALUE-unset} $SWITCHBOARD_VALUE_BYTES $(wc -c)""#, value: value)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "unset 200000 200001\n")
    }

    @Test("A command outlives the thread that started it: the shell dies with the process (kill -9), not that thread")
    func outlivesTheStartingThread() async throws {
        // The shell is told to die with the thread that starts it (PR_SET_PDEATHSIG follows threads): the runner
        // starts it on the thread that reaps it, so a caller's thread ending (a worker of Swift concurrency that
        // idled) does not kill it.
        let gate = "/tmp/switchboard-gate-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkfifo(gate, 0o600) == 0)
        defer { unlink(gate) }
        let outcome = Mutex<CommandChecks.Result?>(nil)
        let starter = Mutex<(tid: pid_t, started: Bool)>((0, false))
        let thread = Thread {
            let started = (try? CommandChecks.start("read x < \(gate); exit 3", value: "") { result in
                outcome.withLock { $0 = result }
            }) != nil
            // This thread's id, from /proc/thread-self ("PID/task/TID").
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            starter.withLock { $0 = (pid_t(link.split(separator: "/").last ?? "") ?? 0, started) }
        }
        thread.start()
        // Until the starting thread has ended (its task entry is gone), bounded.
        var ended = false
        for _ in 0..<500 {
            let tid = starter.withLock { $0.tid }
            if tid != 0 && access("/proc/self/task/\(tid)", F_OK) != 0 { ended = true; break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(ended)
        #expect(starter.withLock { $0.started })
        // Let the command go on: it ends by itself with its own status, not killed by a signal.
        let writer = open(gate, O_WRONLY)
        #expect(writer >= 0)
        close(writer)
        for _ in 0..<500 where outcome.withLock({ $0 == nil }) { try await Task.sleep(for: .milliseconds(10)) }
        let result = outcome.withLock { $0 }
        #expect(result?.exitStatus == 3)
        #expect(result?.signal == nil)
    }
}
