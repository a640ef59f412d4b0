// SPDX-License-Identifier: Apache-2.0
// A shell command in SwitchboardTesting's virtual terminal, with TmuxScreen's interface: the screen tests that need
// no real terminal run here (no tmux server, no process per key or capture); DifferentialTests keep the kit honest
// against tmux.
import Glibc
import SwitchboardTesting

/// A shell command running in a `TerminalSession` of `width` x `height`, driven like a `TmuxScreen`: when the
/// command ends, `[exit N]` is printed and the terminal stays open. Key names are tmux's.
///
/// ```swift
/// let screen = try KitScreen(command: executable("field-gmail"))
/// _ = screen.waitFor("Email: ")
/// screen.type("ada@gmail.com")
/// let shown = screen.waitFor("✓")
/// ```
public final class KitScreen {
    /// The session: for waiting until the program is settled, and for the cells' styles.
    public let session: TerminalSession

    /// Starts `command` (a shell command line); `environment` as for `TmuxScreen` (`LC_ALL=C.UTF-8`,
    /// `INPUTRC=/dev/null`, no `NO_COLOR` unless given).
    public init(command: String, width: Int = 80, height: Int = 24,
                environment overrides: [String: String?] = [:]) throws {
        let script = "trap : INT; \(command); printf '\\n[exit %d]\\n' $?; exec sleep 3600"
        session = try TerminalSession(["/bin/sh", "-c", script], columns: width, rows: height,
                                      environment: overrides, settle: .quiet(0.1))
    }

    /// Stops the command and everything it started.
    public func kill() {
        session.signal(SIGKILL)
    }

    /// Types `text` literally.
    public func type(_ text: String) {
        try? session.send(bytes: Array(text.utf8))
    }

    /// Presses keys by tmux name (`"Enter"`, `"C-c"`, `"BSpace"`, `"Tab"`, `"Up"`...); a name tmux does not know is
    /// typed as text, as tmux does.
    public func press(_ keys: String...) {
        for name in keys {
            if let key = Self.keys[name] {
                try? session.press(key)
            } else if name.hasPrefix("C-"), name.count == 3, let letter = name.last {
                try? session.press(.ctrl(letter))
            } else if name.hasPrefix("M-"), name.count == 3, let letter = name.last {
                try? session.press(.alt(letter))
            } else {
                type(name)
            }
        }
    }

    static let keys: [String: Key] = [
        "Enter": .enter, "Tab": .tab, "BTab": .backTab, "Escape": .escape, "BSpace": .backspace, "DC": .delete,
        "Delete": .delete, "IC": .insert, "Space": .space, "Up": .up, "Down": .down, "Left": .left, "Right": .right,
        "Home": .home, "End": .end, "PageUp": .pageUp, "PPage": .pageUp, "PageDown": .pageDown, "NPage": .pageDown,
    ]

    /// The visible screen, one line per row, each ended by a newline (as `tmux capture-pane -p` prints it).
    public func capture() -> String {
        session.screen.lines.map { $0 + "\n" }.joined()
    }

    /// The visible screen's rows (always `height` of them, empty rows included).
    public func rows() -> [String] {
        session.screen.lines
    }

    /// Polls the screen until it contains `text`; returns the screen, or nil when `timeout` passes.
    public func waitFor(_ text: String, timeout: Double = 10) -> String? {
        waitUntil(timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds; returns that screen, or nil when `timeout` passes.
    public func waitUntil(timeout: Double = 10, _ condition: (String) -> Bool) -> String? {
        let screen = try? session.waitUntil(timeout: timeout) { condition($0.lines.map { $0 + "\n" }.joined()) }
        return screen.map { $0.lines.map { $0 + "\n" }.joined() }
    }

    /// The cursor position (column, row), zero-based.
    public func cursor() -> (column: Int, row: Int) {
        let screen = session.screen
        return (screen.cursorColumn, screen.cursorRow)
    }

    /// The title the program set with OSC 0 or OSC 2.
    public func paneTitle() -> String {
        session.screen.title
    }

    /// The exit code printed when the command ended, once it has (polls until `timeout`).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        guard let screen = waitFor("[exit ", timeout: timeout),
              let range = screen.ranges(of: "[exit ").last else { return nil }
        return Int32(screen[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }
}
