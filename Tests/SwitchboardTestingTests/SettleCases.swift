// SPDX-License-Identifier: Apache-2.0
// The waits every user test rests on, in the situations where they returned early or hung (issue 38, items 11 and
// 12). Each case is one function, run once by SettleTests and 100 times under load by SettleStressTests; a case
// stops at its first failed requirement (thrown), so that the stress test counts failed runs.
import Glibc
import SwitchboardTesting
import TerminalTestSupport
import Testing

enum SettleCases {
    /// The command line's binary.
    static var switchboard: String { executable("switchboard") }

    /// Keys typed before the program first settled wait for it: the terminal does not echo them before the prompt,
    /// and the wait after them ends once the check command has answered.
    static func keysBeforeFirstSettle() throws {
        let term = try TerminalSession([switchboard, "ask", "Name", "--check-command", "sleep 1; exit 1"],
                                       columns: 60, rows: 6, timeout: 60)
        try term.type("ada")
        try term.waitUntilSettled()
        let screen = term.screen
        try #require(screen.lines[0].hasPrefix("Name: ada"), "\(screen)")
        try #require(!screen.contains("adaName"), "\(screen)")
        try #require(screen.contains("✗"), "the check's verdict is drawn when the wait ends: \(screen)")
        try term.press(.ctrl("c"))
        try #require(try term.waitForExit() == 130)
    }

    /// A fast "yes" into a confirm field: the discarded `es` and Enter count as read, so the next waits neither
    /// hang nor miss by two bytes.
    static func fastYesIntoConfirm(spec: String) throws {
        let term = try TerminalSession([switchboard, "form", "--", spec], columns: 60, rows: 10,
                                       captureStandardOutput: true, timeout: 60)
        try term.waitUntilSettled()
        try term.type("yes\r")
        try term.waitUntilSettled()
        try #require(term.screen.contains("Name:"), "\(term.screen)")
        try term.type("Ada")
        try term.waitUntilSettled()
        try #require(term.screen.contains("Name: Ada"), "\(term.screen)")
        try term.press(.ctrl("c"))
        try #require(try term.waitForExit() == 130)
    }

    /// Ctrl-C ends the first question and the script asks the next: the wait returns with the next question's
    /// screen, not at once with the old one.
    static func ctrlCThenNextQuestion() throws {
        let script = #"trap : INT; "$0" ask First; "$0" ask Second"#
        let term = try TerminalSession(["sh", "-c", script, switchboard], columns: 40, rows: 8, timeout: 60)
        try term.waitUntilSettled()
        try #require(term.screen.contains("First:"), "\(term.screen)")
        try term.press(.ctrl("c"))
        try term.waitUntilSettled()
        try #require(term.screen.contains("Second:"), "\(term.screen)")
        try term.press(.ctrl("c"))
        try #require(try term.waitForExit() == 130)
    }

    /// A resize to the size the terminal has: nothing to wait for, the wait returns.
    static func resizeToTheSameSize() throws {
        let term = try TerminalSession([executable("field-name"), "Ada"], columns: 60, rows: 6, timeout: 60)
        try term.waitUntilSettled()
        try term.type("Grace")
        try term.waitUntilSettled()
        try term.resize(columns: 60, rows: 6)
        try term.waitUntilSettled(timeout: 5)
        try term.press(.ctrl("c"))
        try #require(try term.waitForExit() == 130)
    }

    /// A resize to a new size: the wait returns after the field has drawn itself again at the new width (the virtual
    /// screen does not re-flow, so the second half of the line is only there once redrawn).
    static func resizeWaitsForTheRedraw() throws {
        let term = try TerminalSession([executable("field-name"), "Ada"], columns: 60, rows: 6, timeout: 60)
        try term.waitUntilSettled()
        let text = "abcdefghijklmnopqrstuvwxyz0123456789"
        try term.type(text)
        try term.waitUntilSettled()
        try term.resize(columns: 30, rows: 6)
        try term.waitUntilSettled()
        let joined = term.screen.lines.joined()
        try #require(joined.contains(text), "redrawn at 30 columns: \(term.screen)")
        try term.press(.ctrl("c"))
        try #require(try term.waitForExit() == 130)
    }

    /// A program not built on Switchboard (bash's `read -p`): the quiet period counts from the last key sent, so the
    /// wait after Enter sees the next prompt.
    static func quietCountsFromTheLastKey() throws {
        let term = try TerminalSession(["bash", "--norc", "-c", #"read -p "Name: " x; read -p "Next: " y"#],
                                       columns: 40, rows: 6, timeout: 60)
        try term.waitUntilSettled()
        try #require(term.screen.contains("Name:"), "\(term.screen)")
        try term.type("ada")
        try term.waitUntilSettled()
        try #require(term.screen.contains("Name: ada"), "the echo is drawn: \(term.screen)")
        try term.type("\n")
        try term.waitUntilSettled()
        try #require(term.screen.contains("Next:"), "\(term.screen)")
        try term.type("x\n")
        try #require(try term.waitForExit() == 0)
    }

    /// A form with a confirm field and then a text field.
    static let confirmSpec = """
        fields:
          - name: sure
            prompt: Sure
            type: confirm
          - name: name
            prompt: Name
        """

    /// Writes `text` to a new file in a new temporary folder; returns its path.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        var template = Array("/tmp/switchboard-settle-XXXXXX".utf8CString)
        guard let folder = mkdtemp(&template), let file = fopen(String(cString: folder) + "/" + name, "w") else {
            throw SetupError(message: "cannot write \(name) in /tmp: \(String(cString: strerror(errno)))")
        }
        fputs(text, file)
        fclose(file)
        return String(cString: folder) + "/" + name
    }
}

struct SetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
