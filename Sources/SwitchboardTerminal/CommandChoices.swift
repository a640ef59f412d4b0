// SPDX-License-Identifier: GPL-3.0-or-later
import CReadlineSupport
import Synchronization
import SwitchboardRules

/// A shell command whose output lines are a field's choices (`choices: {command: "git branch ..."}` in a
/// spec). It runs with the same care as a check command (the same runner: its own process group, killed with
/// the group and reaped when it times out), one choice per non-empty output line.
///
/// ```swift
/// let branches = ChoicesCommand("git branch --format='%(refname:short)'", timeout: .seconds(5))
/// switch branches.run() {
/// case .success(let choices): print(choices)              // ["main", "issue-23"]
/// case .failure(let error): print(error)                  // "exit 128: fatal: not a git repository"
/// }
/// ```
/// Lines holding control characters (an escape sequence, a tab) are left out: they could never be typed, and
/// listing them would drive the terminal. At most 64 KB of output is read; a line cut there is left out. A
/// terminating signal (Ctrl-C) that arrives while it runs kills and reaps the command's group first, then ends
/// the program as it would have (when the program leaves that signal at its default).
public struct ChoicesCommand: Sendable, Equatable {
    /// The command, run as `sh -c COMMAND`.
    public var command: String
    /// How long it may run before it is killed (10 s by default).
    public var timeout: Duration

    /// A command listing choices, killed after `timeout`.
    public init(_ command: String, timeout: Duration = .seconds(10)) {
        self.command = command
        self.timeout = timeout
    }

    /// Runs the command with `environment` added to this process's (waiting at most `timeout`) and returns its
    /// output lines, or why there are none: it failed, timed out, could not start, or printed nothing.
    ///
    /// ```swift
    /// ChoicesCommand("ls \"$SWITCHBOARD_ANSWER_DIR\"").run(environment: ["SWITCHBOARD_ANSWER_DIR": "/etc"])
    /// ```
    public func run(environment: [String: String] = [:]) -> Result<[String], ChoicesCommandError> {
        let outcome = Mutex<CommandChecks.Result?>(nil)
        // Ctrl-C (or SIGTERM, SIGHUP, Ctrl-\) while it runs: the command's group is killed and reaped first, then
        // the signal ends this process as it would have (only signals the program leaves at their default).
        let trap = SignalTrap([], alsoAtDefault: SignalTrap.terminating)
        let pid: pid_t
        do {
            // The runner kills the group at the timeout (the result says timedOut) and reaps it.
            pid = try CommandChecks.start(command, value: "", timeout: timeout, environment: environment) { result in
                outcome.withLock { $0 = result }
            }
        } catch {
            trap.close()
            return .failure(ChoicesCommandError(kind: .notStarted, message: "\(error)"))
        }
        var interruption: Int32?
        while outcome.withLock({ $0 == nil }) {
            if interruption == nil, let signal = trap.take().first {
                interruption = signal
                CommandChecks.kill(pid)
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
        trap.close()   // once: it closes the trap's pipe
        if let interruption {
            sb_echo_hold_pause()   // a form holding the terminal's echo off: its modes back before the signal acts
            raise(interruption)
        }
        let result = outcome.withLock { $0! }
        if result.timedOut {
            return .failure(ChoicesCommandError(kind: .timedOut, message: "took longer than \(seconds(timeout))"))
        }
        if result.exitStatus != 0 {
            let reason = result.signal.map { "killed by signal \($0)" } ?? "exit \(result.exitStatus ?? -1)"
            let line = firstLine(result.standardError) ?? firstLine(result.standardOutput)
            return .failure(ChoicesCommandError(kind: .failed, message: reason + (line.map { ": " + $0 } ?? "")))
        }
        let choices = Self.choices(in: result.standardOutput, cut: result.standardOutput.count >= 64 * 1024)
        if choices.isEmpty { return .failure(ChoicesCommandError(kind: .empty, message: "printed no choices")) }
        return .success(choices)
    }

    /// The non-empty lines of `output` without control characters, each once, in order; the last line is left
    /// out when the output was `cut`.
    static func choices(in output: [UInt8], cut: Bool) -> [String] {
        var lines = output.split(separator: 0x0A, omittingEmptySubsequences: false)
        if cut, !lines.isEmpty { lines.removeLast() }
        var seen = Set<String>()
        var choices: [String] = []
        for line in lines {
            var text = String(decoding: line, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            guard !text.isEmpty, !text.unicodeScalars.contains(where: needsDisplayEscape),
                  seen.insert(text).inserted else { continue }
            choices.append(text)
        }
        return choices
    }

    private func firstLine(_ bytes: [UInt8]) -> String? {
        for line in bytes.split(separator: 0x0A) {
            let text = String(String(decoding: line, as: UTF8.self).trimmingSpacesAndTabs)
            if !text.isEmpty && text != "\r" { return displayEscaped(text, limit: 200) }
        }
        return nil
    }

    private func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        return milliseconds == 0 ? "\(whole) s" : "\(Double(whole) + Double(milliseconds) / 1000) s"
    }
}

/// Why a choices command gave no choices.
///
/// ```swift
/// if case .failure(let error) = ChoicesCommand("exit 3").run() { print(error.kind, error) }   // failed exit 3
/// ```
public struct ChoicesCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The shell could not be started.
        case notStarted
        /// It exited with a status other than 0, or was killed by a signal.
        case failed
        /// It ran longer than its timeout and was killed.
        case timedOut
        /// It succeeded but printed no usable line.
        case empty
    }

    /// What happened.
    public var kind: Kind
    /// The details: `exit 128: fatal: not a git repository`, `took longer than 5 s` (escaped for display).
    public var message: String

    /// `exit 1: no such directory`.
    public var description: String { message }
}
