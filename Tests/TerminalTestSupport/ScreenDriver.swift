// SPDX-License-Identifier: Apache-2.0
// What screen tests drive: a program on a real terminal (TmuxScreen) or on the kit's virtual one (KitScreen).

/// A shell command on a terminal, typed into and read back as text: `TmuxScreen` (a real terminal, for what only
/// one can show: re-flow on resize, job control, the widths tmux draws) or `KitScreen` (the virtual screen).
public protocol ScreenDriver: AnyObject {
    func kill()
    func type(_ text: String)
    func press(_ keys: String...)
    func capture() -> String
    func rows() -> [String]
    func waitFor(_ text: String, timeout: Double) -> String?
    func waitUntil(timeout: Double, _ condition: (String) -> Bool) -> String?
    func cursor() -> (column: Int, row: Int)
    func paneTitle() -> String
    func waitForExit(timeout: Double) -> Int32?
}

extension ScreenDriver {
    public func waitFor(_ text: String) -> String? { waitFor(text, timeout: 10) }
    public func waitUntil(_ condition: (String) -> Bool) -> String? { waitUntil(timeout: 10, condition) }
    public func waitForExit() -> Int32? { waitForExit(timeout: 10) }
}

extension TmuxScreen: ScreenDriver {}
extension KitScreen: ScreenDriver {}

extension ScreenDriver {
    /// Polls the screen until `condition` holds for its rows (as `rows()` gives them: `height` of them, empty rows
    /// included); returns those rows, or nil when `timeout` passes. A program draws a line and what goes under it
    /// (a hint, a list's rows, a review) in several writes: wait for every row a test compares, not for the first.
    public func waitForRows(timeout: Double = 10, _ condition: ([String]) -> Bool) -> [String]? {
        waitUntil(timeout: timeout) { condition(screenRows($0)) }.map(screenRows)
    }
}

/// A captured screen's rows: one per line, empty rows included (the last line's newline starts no row).
public func screenRows(_ capture: String) -> [String] {
    var lines = capture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}
