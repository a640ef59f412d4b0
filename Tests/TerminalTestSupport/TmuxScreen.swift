// SPDX-License-Identifier: Apache-2.0
// A program running in a detached tmux window: what a user sees, read with capture-pane.
import Glibc
import SwitchboardTesting

/// A shell command running in a detached tmux session on its own server (`tmux -L <unique>`), sized
/// `width` x `height`. When the command ends, `[exit N]` is printed and the window stays open.
///
/// ```swift
/// let screen = try TmuxScreen(command: executable("terminal-gmail"))
/// _ = screen.waitFor("Email: ")
/// screen.type("ada@gmail.com")
/// let shown = screen.waitFor("✓")
/// ```
public final class TmuxScreen {
    /// The tmux server's socket name, unique per screen.
    public let socket: String
    private let tmux: String

    /// Starts `command` (a shell command line) in a new window.
    /// - Parameter environment: variables set for the command; by default `LC_ALL=C.UTF-8`,
    ///   `INPUTRC=/dev/null`, and `NO_COLOR` unset.
    public init(command: String, width: Int = 80, height: Int = 24,
                environment overrides: [String: String?] = [:]) throws {
        tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { access($0, X_OK) == 0 } ?? "tmux"
        let random = UInt64.random(in: 0...UInt64.max)
        socket = "sb-\(getpid())-\(String(random, radix: 36))"
        var settings: [String: String?] = ["LC_ALL": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": nil]
        for (key, value) in overrides { settings[key] = value }
        let sorted = settings.sorted { $0.key < $1.key }
        // env takes its -u options before the assignments.
        let assignments = sorted.filter { $0.value == nil }.map { "-u \($0.key)" }
            + sorted.compactMap { key, value in value.map { "\(key)=\(shellQuote($0))" } }
        // `env -u X A=B sh -c '...'`: the command runs under sh; its status is shown, then the pane waits.
        // sh shares the command's process group, so it catches Ctrl-C (a caught signal is reset to the
        // default in the command) rather than dying with it and closing the window.
        let script = "trap : INT; \(command); printf '\\n[exit %d]\\n' $?; exec sleep 3600"
        let line = "exec env " + assignments.joined(separator: " ") + " sh -c " + shellQuote(script)
        let result = try run(tmux, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)",
                                    "-y", "\(height)", "-s", "sb", line],
                             environment: TerminalTestSupport.environment(["TMUX": nil]))
        guard result.status == .exited(0) else {
            throw SpawnError(description: "tmux new-session failed: \(result.status)")
        }
    }

    deinit { kill() }

    /// Stops the tmux server and everything in it.
    public func kill() {
        _ = try? run(tmux, ["-L", socket, "kill-server"])
    }

    /// Types `text` literally (no key names).
    public func type(_ text: String) {
        _ = try? run(tmux, ["-L", socket, "send-keys", "-t", "sb", "-l", "--", text])   // "--": text may start with -
    }

    /// Presses keys by tmux name: `"Enter"`, `"C-c"`, `"C-d"`, `"C-r"`, `"BSpace"`, `"Tab"`, `"Up"`.
    public func press(_ keys: String...) {
        _ = try? run(tmux, ["-L", socket, "send-keys", "-t", "sb"] + keys)
    }

    /// The visible screen, one line per row (tmux trims trailing spaces).
    public func capture() -> String {
        (try? run(tmux, ["-L", socket, "capture-pane", "-p", "-t", "sb"]).output) ?? ""
    }

    /// The visible screen's rows (always `height` of them, empty rows included).
    public func rows() -> [String] {
        screenRows(capture())
    }

    /// Polls the screen until it contains `text`; returns the screen, or nil when `timeout` passes.
    public func waitFor(_ text: String, timeout: Double = 10) -> String? {
        waitUntil(timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds; returns that screen, or nil when `timeout` passes.
    public func waitUntil(timeout: Double = 10, _ condition: (String) -> Bool) -> String? {
        let deadline = now() + timeout
        var delay: UInt32 = 5_000
        while true {
            let screen = capture()
            if condition(screen) { return screen }
            if now() > deadline { return nil }
            usleep(delay)
            delay = min(delay * 2, 50_000)
        }
    }

    /// The cursor position (column, row), zero-based.
    public func cursor() -> (column: Int, row: Int) {
        let text = (try? run(tmux, ["-L", socket, "display-message", "-p", "-t", "sb", "#{cursor_x} #{cursor_y}"]).output) ?? ""
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : (-1, -1)
    }

    /// Resizes the window (the program receives SIGWINCH; tmux re-flows wrapped lines).
    public func resize(width: Int, height: Int = 24) {
        _ = try? run(tmux, ["-L", socket, "resize-window", "-t", "sb", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane's title, as programs set it with OSC 0 or OSC 2 (`ESC ] 0 ; title BEL`).
    public func paneTitle() -> String {
        let text = (try? run(tmux, ["-L", socket, "display-message", "-p", "-t", "sb", "#{pane_title}"]).output) ?? ""
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// The window's current width in columns.
    public func width() -> Int {
        let text = (try? run(tmux, ["-L", socket, "display-message", "-p", "-t", "sb", "#{window_width}"]).output) ?? ""
        return Int(text.prefix { $0.isNumber }) ?? -1
    }

    /// The exit code printed when the command ended, once it has (polls until `timeout`).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        guard let screen = waitFor("[exit ", timeout: timeout),
              let range = screen.ranges(of: "[exit ").last else { return nil }
        return Int32(screen[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }
}

/// `text` quoted for sh.
public func shellQuote(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
}
