// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
import TerminalTestSupport

/// The JSON the signup example prints for the usual answers.
private func signupJSON(password: String = "correct horse", bio: String = "I build engines.") -> String {
    """
    {
      "email": "ada@example.com",
      "username": "ada",
      "password": "\(password)",
      "confirm": "\(password)",
      "age": "36",
      "country": "France",
      "bio": "\(bio)"
    }

    """
}

extension PtySession {
    private static let consumed = Mutex<[pid_t: Int]>([:])   // by child pid: unique while the run lasts

    /// Waits until `text` appears after the end of the previous `waitPast` match, and moves past it (so that
    /// a prompt asked twice is waited for twice).
    func waitPast(_ text: String, timeout: Double = 10) -> Bool {
        let key = pid
        let start = Self.consumed.withLock { $0[key] ?? 0 }
        var end: Int?
        let found = waitUntil(timeout: timeout) { session in
            let bytes = session.output[min(start, session.output.count)...]
            guard let range = bytes.firstRange(of: Array(text.utf8)) else { return false }
            end = range.upperBound
            return true
        }
        if let end { Self.consumed.withLock { $0[key] = end } }
        return found
    }
}

extension PtySession {
    /// The bytes the child has read so far (`rchar` in /proc/PID/io; a field reads the terminal a byte at a time
    /// and reads nothing else while it waits for keys).
    func bytesRead() -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("rchar:") } ?? ""
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
}

/// The signup example (Examples/signup) on a real pseudo-terminal, its standard output captured as by `$(...)`.
@Suite("signup form in a pty", .serialized)
struct SignupPtyTests {
    private func signup(_ arguments: [String] = []) throws -> PtySession {
        try PtySession(executable("signup"), arguments: arguments, environment: ["NO_COLOR": "1"],
                       captureStdout: true)
    }

    /// Sends `keys` once `prompt` has appeared in the output not yet consumed by an earlier wait.
    private func answer(_ session: PtySession, _ prompt: String, _ keys: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(session.waitPast(prompt), "never saw \(prompt)", sourceLocation: sourceLocation)
        session.send(keys)
    }

    @Test("typing every answer, then Enter in the review: the answers as JSON on stdout and nothing else")
    func typing() throws {
        let session = try signup()
        answer(session, "Email: ", "ada@example.com\r")
        answer(session, "Username: ada", "\r")                       // the derived default, accepted
        answer(session, "Password: ", "correct horse\r")
        answer(session, "Confirm password: ", "correct horse\r")
        answer(session, "Age: ", "36\r")
        answer(session, "Country: ", "Fr\t\r")                     // the list filtered; Tab fills France
        answer(session, "> ", "I build\r")                           // a multi-line bio: two lines, then
        answer(session, "> ", "engines.\r")
        answer(session, "> ", "\r")                                  // an empty line ends it
        answer(session, "Enter to submit: ", "\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == signupJSON(bio: "I build\\nengines."))
        #expect(!session.outputText.contains("correct horse"))      // the password never reached the terminal
        #expect(session.outputText.contains("  3. password  ********"))
        #expect(isCooked(session.modes()))
    }

    @Test("an invalid answer is refused with its text kept, and the form does not advance")
    func invalidAnswerIsRefused() throws {
        let session = try signup()
        answer(session, "Email: ", "ada\r")
        #expect(session.waitPast("✗ must be a valid email address"))
        session.send("@example.com\r")                              // typed after the kept "ada"
        #expect(session.waitPast("Username: ada"))
        session.send("\r")
        answer(session, "Password: ", "correct horse\r")
        answer(session, "Confirm password: ", "correct horse\r")
        answer(session, "Age: ", "twelve\r")
        #expect(session.waitPast("✗ must be a number"))
        session.send("\u{15}36\r")                                  // Ctrl-U clears the kept text
        answer(session, "Country", "France\r")
        answer(session, "> ", "I build engines.\r")
        answer(session, "> ", "\r")
        answer(session, "Enter to submit: ", "\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == signupJSON())
    }

    @Test("editing the password in the review makes the confirmation invalid, and the form asks for it again")
    func reviewEditAsksAgain() throws {
        let session = try signup()
        answer(session, "Email: ", "ada@example.com\r")
        answer(session, "Username: ", "\r")
        answer(session, "Password: ", "correct horse\r")
        answer(session, "Confirm password: ", "correct horse\r")
        answer(session, "Age: ", "36\r")
        answer(session, "Country", "France\r")
        answer(session, "> ", "I build engines.\r")
        answer(session, "> ", "\r")
        answer(session, "Enter to submit: ", "3\r")                 // edit the password
        answer(session, "Password: ", "battery staple\r")
        #expect(session.waitPast("confirm: must match the password"))
        answer(session, "Confirm password: ", "correct horse\r")     // the old one: refused
        #expect(session.waitPast("✗ must match the password"))
        session.send("\u{15}battery staple\r")
        #expect(session.waitPast("  4. confirm   ********          ✓"))
        answer(session, "Enter to submit: ", "\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == signupJSON(password: "battery staple"))
    }

    @Test("Ctrl-C cancels the whole form: exit 130, nothing on stdout, the terminal restored")
    func cancel() throws {
        let session = try signup()
        answer(session, "Email: ", "ada@example.com\r")
        answer(session, "Username: ", "\r")
        answer(session, "Password: ", "corr\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText.isEmpty)
        #expect(isCooked(session.modes()))
    }

    /// Ctrl-C while readline is inside a command that reads on (here a bracketed paste whose end has not come):
    /// readline waited for the next byte with the Ctrl-C already caught, and the form never ended. The same read
    /// lost "corr" + Ctrl-C typed at the password prompt when the Ctrl-C emptied the input between poll and read.
    @Test("Ctrl-C in the middle of a paste cancels the form: exit 130, nothing on stdout, the terminal restored",
          .enabled(if: access("/proc/self/io", R_OK) == 0, "needs /proc/PID/io to know the paste was read"))
    func cancelMidPaste() throws {
        let session = try signup()
        answer(session, "Email: ", "ada@example.com\r")
        answer(session, "Username: ", "\r")
        #expect(session.waitPast("Password: "))
        let before = session.bytesRead()
        let paste = "\u{1B}[200~corr"                                  // the paste's end marker never comes
        session.send(paste)
        #expect(session.waitUntil { $0.bytesRead() - before >= paste.utf8.count })   // all read: readline waits
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText.isEmpty)
        #expect(isCooked(session.modes()))
    }

    @Test("a draft keeps the accepted answers (not the passwords, mode 0600) and the next run resumes from it")
    func resumeFromDraft() throws {
        let path = NSTemporaryDirectory() + "signup-draft-\(UInt32.random(in: 0...UInt32.max)).json"
        defer { unlink(path) }
        let first = try signup(["--draft", path])
        answer(first, "Email: ", "ada@example.com\r")
        answer(first, "Username: ", "\r")
        answer(first, "Password: ", "correct horse\r")
        answer(first, "Confirm password: ", "correct horse\r")
        answer(first, "Age: ", "36\r")
        answer(first, "Country", "\u{3}")
        #expect(first.waitForExit() == .exited(130))
        #expect(first.stdoutText.isEmpty)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == "{\n  \"email\": \"ada@example.com\",\n  \"username\": \"ada\",\n  \"age\": \"36\"\n}\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)

        let second = try signup(["--draft", path])
        #expect(second.waitPast("Resuming from \(path): email, username, age."))
        answer(second, "Password: ", "correct horse\r")             // secrets were not saved: asked again
        answer(second, "Confirm password: ", "correct horse\r")
        answer(second, "Country", "France\r")                       // then where the first run stopped
        answer(second, "> ", "I build engines.\r")
        answer(second, "> ", "\r")
        answer(second, "Enter to submit: ", "\r")
        #expect(second.waitForExit() == .exited(0))
        #expect(second.stdoutText == signupJSON())
        #expect(!second.outputText.contains("Email: "))
        #expect(access(path, F_OK) != 0)                            // submitted: the draft is gone
    }
}

/// What a user sees: the signup form in tmux (80x24), read with capture-pane.
@Suite("signup form on a virtual screen")
struct SignupScreenTests {
    @Test("the hint sits under the input, and the review shows every answer with its verdict")
    func screen() throws {
        let screen = try KitScreen(command: shellQuote(executable("signup")) + " >/dev/null",
                                    environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        #expect(screen.waitFor("Email:") != nil)
        screen.type("ada")
        // The hint shows from the first letter on: wait for the whole input above it.
        let hint = screen.waitUntil { $0.contains("Email: ada\n✗ must be a valid email address") }
        let rows = hint.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
        let input = rows.firstIndex { $0.hasPrefix("Email: ada") }
        #expect(input != nil && rows[input! + 1] == "✗ must be a valid email address")
        screen.type("@example.com")
        #expect(screen.waitFor("✓") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Username: ada") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Password:") != nil)
        screen.type("correct horse")
        screen.press("Enter")
        #expect(screen.waitFor("Confirm password:") != nil)
        screen.type("correct horsE")
        screen.press("Enter")                                        // refused: the hint says why
        #expect(screen.waitFor("✗ must match the password") != nil)
        screen.press("BSpace")
        screen.type("e")
        screen.press("Enter")
        #expect(screen.waitFor("Age:") != nil)
        screen.type("36")
        screen.press("Enter")
        #expect(screen.waitFor("Country") != nil)
        screen.type("France")
        screen.press("Enter")
        #expect(screen.waitFor("Short bio (an empty line or Ctrl-D ends):\n>") != nil)
        screen.press("Enter")
        let review = screen.waitFor("Enter to submit:")   // (capture-pane trims trailing spaces)
        #expect(review?.contains("""
              1. email     ada@example.com  ✓
              2. username  ada              ✓
              3. password  ********         ✓
              4. confirm   ********         ✓
              5. age       36               ✓
              6. country   France           ✓
              7. bio                        ✓
            """) == true)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
    }
}

/// The signup example without a terminal: answers on standard input.
@Suite("signup form without a terminal")
struct SignupPipeTests {
    private func run(_ input: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable("signup"))
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test("one answer per line: the JSON on stdout")
    func lines() throws {
        let result = try run("ada@example.com\n\ncorrect horse\ncorrect horse\n36\nFrance\nI build engines.\n")
        #expect(result.status == 0)
        #expect(result.stdout == signupJSON())
        #expect(result.stderr.isEmpty)
    }

    @Test("every failure is reported on stderr, not only the first; nothing on stdout; exit 1")
    func everyFailure() throws {
        let result = try run(#"{"email": "ada", "password": "short", "confirm": "shorter", "age": 12, "country": "Mars"}"#)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            email: must be a valid email address, got "ada"
            password: must be 8 to 64 characters long
            confirm: must match the password
            age: must be a whole number from 13 to 120, got "12"
            country: must be one of Canada, France, Germany, India, Japan, Vietnam, United Kingdom, United States, got "Mars"

            """)
    }
}
