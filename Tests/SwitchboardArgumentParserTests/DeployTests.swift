// SPDX-License-Identifier: GPL-3.0-or-later
// The built `deploy` example (Examples/deploy), run as its users run it: from a script without a terminal, on a
// pseudo-terminal, and in tmux for what the screen shows.
import Testing
import TerminalTestSupport

private let token = "dpl_Q7xK2mP9vR4tL8nW3yZ6"
private let allFlags = ["--email", "ada@example.com", "--port", "8443", "--env", "staging", "--token", token]
private let json = #"{"email":"ada@example.com","env":"staging","port":8443,"token_length":24}"#

/// `arguments` without the option `name` and its value.
private func flags(without name: String) -> [String] {
    var result: [String] = []
    var index = 0
    while index < allFlags.count {
        if allFlags[index] != name { result += allFlags[index...index + 1] }
        index += 2
    }
    return result
}

private func deploy(_ arguments: [String], environment: [String: String?] = [:]) throws -> ProgramRun {
    try runProgram(executable("deploy"), arguments, environment: environment)
}

/// `deploy` on a pseudo-terminal, its standard output captured apart as by `$(...)`.
private func deployAtTerminal(_ arguments: [String], environment: [String: String?] = [:]) throws -> PtySession {
    var settings: [String: String?] = ["NO_COLOR": "1", "CI": nil]
    settings.merge(environment) { $1 }
    return try PtySession(executable("deploy"), arguments: arguments, environment: settings, captureStdout: true)
}

/// A tmux screen running `deploy` with `arguments`.
private func deployScreen(_ arguments: [String]) throws -> KitScreen {
    try KitScreen(command: ([executable("deploy")] + arguments).map(shellQuote).joined(separator: " "),
                   environment: ["CI": nil])
}

/// The screen's rows without the empty ones.
private func shownRows(_ screen: String) -> [String] {
    screen.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
}

@Suite("deploy from a script (no terminal)")
struct DeployScriptTests {
    @Test("a missing --email without a terminal: ArgumentParser's missing-argument error, exit 64, nothing asked")
    func missingWithoutTerminal() throws {
        let run = try deploy(flags(without: "--email"))
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("""
            Error: Missing expected argument '--email <email>'
            Help:  --email <email>  must be a valid email address
            Usage: deploy [--email <email>] [--port <port>] [--env <env>] [--token <token>] [--no-input]
              See 'deploy --help' for more information.
            """))
        #expect(!run.stderr.contains("Email:"))
    }

    @Test("an invalid --email: exit 64, ArgumentParser's message names the option and the rule's message")
    func invalidEmail() throws {
        let run = try deploy(flags(without: "--email") + ["--email", "ada@"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix(
            "Error: The value 'ada@' is invalid for '--email <email>': must be a valid email address\n"))
    }

    @Test("--port 80: exit 64, the message names the range 1024 to 65535")
    func portOutOfRange() throws {
        let run = try deploy(flags(without: "--port") + ["--port", "80"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(
            "Error: The value '80' is invalid for '--port <port>': must be a whole number from 1024 to 65535\n"))
    }

    @Test("a bad --env or --token is refused with its rule's message, the token's rule a custom condition")
    func otherRules() throws {
        let env = try deploy(flags(without: "--env") + ["--env", "prod"])
        #expect(env.status == 64)
        #expect(env.stderr.hasPrefix(
            #"Error: The value 'prod' is invalid for '--env <env>': must be one of "staging", "production""# + "\n"))
        let short = try deploy(flags(without: "--token") + ["--token", "dpl_short"])
        #expect(short.status == 64)
        #expect(short.stderr.contains(
            #"is invalid for '--token <token>': must be a deploy token: "dpl_" and 20 or more letters and digits"#))
    }

    @Test("valid flags: exit 0 and the chosen values as JSON on standard output, nothing on standard error")
    func validFlags() throws {
        let run = try deploy(allFlags)
        #expect(run.status == 0)
        #expect(run.stdout == json + "\n")
        #expect(run.stderr == "")
        #expect(!run.stdout.contains(token))
    }

    @Test("--help shows every option's requirement and --no-input")
    func help() throws {
        let run = try deploy(["--help"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("--email <email> must be a valid email address"))
        #expect(lines.contains("--port <port> must be a whole number from 1024 to 65535"))
        #expect(lines.contains(#"--env <env> must be one of "staging", "production""#))
        #expect(lines.contains(#"--token <token> must be a deploy token: "dpl_" and 20 or more letters"#))
        #expect(lines.contains { $0.hasPrefix("--no-input Never ask for a missing option") })
    }
}

@Suite("deploy at a terminal")
struct DeployTerminalTests {
    @Test("every option given at a terminal: no prompt at all, the JSON on standard output")
    func givenValuesAreNeverAsked() throws {
        let session = try deployAtTerminal(allFlags)
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == json + "\n")
        #expect(session.outputText == "")
    }

    @Test("an invalid value given at a terminal is an error, not a prompt")
    func invalidGivenValueIsNotAsked() throws {
        let session = try deployAtTerminal(flags(without: "--email") + ["--email", "ada@"])
        #expect(session.waitForExit() == .exited(64))
        #expect(session.outputText.contains("The value 'ada@' is invalid for '--email <email>'"))
        #expect(!session.outputText.contains("Email:"))
        #expect(session.stdoutText == "")
    }

    @Test("CI set, or --no-input, at a terminal: the missing-argument error, exit 64, no prompt")
    func ciAndNoInputNeverAsk() throws {
        for (arguments, environment) in [(flags(without: "--email"), ["CI": "true"]),
                                         (flags(without: "--email") + ["--no-input"], [:])] as [([String], [String: String?])] {
            let session = try deployAtTerminal(arguments, environment: environment)
            #expect(session.waitForExit() == .exited(64), "\(arguments) \(environment)")
            #expect(session.outputText.contains("Error: Missing expected argument '--email <email>'"))
            #expect(!session.outputText.contains("Email:"))
            #expect(session.stdoutText == "")
        }
    }

    @Test("CI=false still asks")
    func ciFalseAsks() throws {
        let session = try deployAtTerminal(flags(without: "--email"), environment: ["CI": "false"])
        #expect(session.waitFor("Email: "))
        session.send("ada@example.com\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == json + "\n")
    }

    @Test("Ctrl-C at a prompt: exit 130, the terminal restored, nothing on standard output")
    func ctrlC() throws {
        let session = try deployAtTerminal(flags(without: "--port"))
        #expect(session.waitFor("Port [8443]: "))
        session.send("80")
        #expect(session.waitFor("✗ must be a whole number from 1024 to 65535"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))
    }

    @Test("Ctrl-D on an empty line leaves the option missing: ArgumentParser's error, exit 64")
    func ctrlD() throws {
        let session = try deployAtTerminal(flags(without: "--email"))
        #expect(session.waitFor("Email: "))
        session.send("\u{4}")
        #expect(session.waitForExit() == .exited(64))
        #expect(session.outputText.contains("Error: Missing expected argument '--email <email>'"))
        #expect(isCooked(session.modes()))
    }

    @Test("a masked token: one * per character on the terminal, the token never written to it")
    func maskedTokenNeverReachesTheTerminal() throws {
        let session = try deployAtTerminal(flags(without: "--token"))
        #expect(session.waitFor("Token: "))
        session.send("dpl_Q7xK2mP9vR4tL8nW3yZ")
        #expect(session.waitFor("✗ must be a deploy token"))
        session.send("6\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == json + "\n")
        // Every byte written to the terminal: stars (the last one drawn on its own), never a piece of the token.
        #expect(session.outputText.contains("Token: " + String(repeating: "*", count: 23)))
        for piece in ["dpl_Q", "Q7xK", "2mP9", "vR4t", "L8nW", "3yZ"] { #expect(!session.outputText.contains(piece)) }
    }
}

@Suite("deploy on screen (tmux)")
struct DeployScreenTests {
    @Test("a missing --email is asked with ✗ then ✓ live under the input, and the value reaches the JSON")
    func missingEmailAskedLive() throws {
        let tmux = try deployScreen(flags(without: "--email"))
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type("ada@")
        // "✗" shows from the first letter on and "✓" before the last: wait for the whole input with its verdict.
        let invalid = tmux.waitUntil { shownRows($0) == ["Email: ada@", "✗ must be a valid email address"] }
        #expect(invalid.map(shownRows) == ["Email: ada@", "✗ must be a valid email address"])
        tmux.type("example.com")
        let valid = tmux.waitUntil { shownRows($0) == ["Email: ada@example.com", "✓"] }
        #expect(valid.map(shownRows) == ["Email: ada@example.com", "✓"])
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        #expect(shownRows(tmux.capture()).prefix(2) == ["Email: ada@example.com", json])
    }

    @Test("every option asked: a default shown, Tab completing the choices, the token masked and never on screen")
    func everyOptionAsked() throws {
        let tmux = try deployScreen([])
        #expect(tmux.waitFor("Email:") != nil)
        tmux.type("ada@example.com")
        #expect(tmux.waitFor("✓") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("Port [8443]:") != nil)
        #expect(tmux.waitFor("Enter for the default: 8443") != nil)
        tmux.type("80")
        #expect(tmux.waitFor("✗ must be a whole number from 1024 to 65535") != nil)
        tmux.press("Enter")                       // refused: the text stays, the hint says why
        #expect(tmux.waitFor("(Enter needs a valid value)") != nil)
        tmux.press("BSpace", "BSpace")
        #expect(tmux.waitFor("Enter for the default: 8443") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("Environment:") != nil)
        #expect(tmux.waitFor("› staging") != nil)  // a one-of rule: its values listed under the input
        tmux.type("pr")
        tmux.press("Tab")                         // fills the highlighted value in
        #expect(tmux.waitFor("Environment: production") != nil)
        #expect(tmux.waitFor("› production") != nil)
        tmux.press("Enter")
        #expect(tmux.waitFor("Token:") != nil)
        var screens: [String] = []
        for (index, chunk) in ["dpl_Q7xK", "2mP9vR4t", "L8nW3yZ6"].enumerated() {
            tmux.type(chunk)
            let stars = String(repeating: "*", count: (index + 1) * 8)
            if let screen = tmux.waitFor("Token: " + stars) { screens.append(screen) }
        }
        #expect(screens.count == 3)
        tmux.press("Enter")
        #expect(tmux.waitForExit() == 0)
        screens.append(tmux.capture())
        #expect(screens.allSatisfy { !$0.contains("Q7xK") && !$0.contains("L8nW") })
        #expect(shownRows(screens.last ?? "").prefix(5) == [
            "Email: ada@example.com", "Port [8443]: 8443", "Environment: production",
            "Token: " + String(repeating: "*", count: 24),
            #"{"email":"ada@example.com","env":"production","port":8443,"token_length":24}"#,
        ])
    }
}
