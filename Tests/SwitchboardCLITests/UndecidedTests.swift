// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// A check that could not be decided (a regex that hit PCRE2's match limit) is a failure with its own message,
// however it is composed: under not:, in ask, forms, check and test.

/// Catastrophic backtracking for `(a+)+$`: PCRE2 gives up with its match limit.
private let catastrophic = String(repeating: "a", count: 30) + "!"
private let undecidedMessage = "regex could not finish matching: match limit exceeded"

@Suite("an undecided check never passes")
struct UndecidedCLITests {
    @Test("ask without a terminal: not:regex that hits the match limit fails with the regex's reason, exit 1")
    func askPiped() throws {
        for rule in ["not:regex:(a+)+$|!", "regex:(a+)+$|! \"letters only\"", "not:not:not:regex:(a+)+$|!"] {
            let run = try switchboard(["ask", "X", "--rule", rule], input: catastrophic + "\n")
            #expect(run.status == 1, "\(rule)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains(undecidedMessage), "\(rule): \(run.stderr)")
        }
        // --message does not hide that the value could not be judged.
        let custom = try switchboard(["ask", "X", "--rule", "not:regex:(a+)+$|!", "--message", "no"],
                                     input: catastrophic + "\n")
        #expect(custom.status == 1)
        #expect(custom.stderr.contains(undecidedMessage))
    }

    @Test("ask at a terminal: Enter is refused and the hint gives the reason")
    func askInPty() throws {
        let session = try PtySession(try switchboardPath(), arguments: ["ask", "X", "--rule", "not:regex:(a+)+$|!"],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("X: "))
        session.send(catastrophic)
        #expect(session.waitFor(undecidedMessage))
        let mark = session.output.count
        session.send("\r")
        #expect(session.waitFor("\u{7}", from: mark))           // Enter refused: the bell, no value
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
    }

    @Test("check: an undecided line fails (text and JSON say why), a decided one does not")
    func check() throws {
        let input = catastrophic + "\nbbb\n"
        let text = try switchboard(["check", "--rule", "not:regex:(a+)+$|!"], input: input)
        #expect(text.status == 1)
        #expect(text.stdout == "1: \(catastrophic): \(undecidedMessage)\n")
        let json = try switchboard(["check", "--rule", "not:regex:(a+)+$|!", "--format", "json"], input: input)
        #expect(json.stdout.contains("\"undecided\":true"))
        let count = try switchboard(["check", "--rule", "not:regex:(a+)+$|!", "--count"], input: input)
        #expect(count.stdout == "1\n")
    }

    @Test("form without a terminal: an undecided answer is reported and the form is not submitted")
    func formHeadless() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", """
            fields:
              - name: word
                rules: ["not:regex:(a+)+$|!"]
                message: "no such word"
            """)
        let run = try switchboard(["form", spec], input: catastrophic + "\n")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("word: \(undecidedMessage)"))
    }

    @Test("form at a terminal: an undecided answer is refused with its reason")
    func formInPty() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", "fields:\n  - name: word\n    rules: [\"not:regex:(a+)+$|!\"]\n")
        let session = try PtySession(try switchboardPath(), arguments: ["form", spec],
                                     environment: ["NO_COLOR": "1"], captureStdout: true)
        #expect(session.waitFor("word: "))
        session.send(catastrophic)
        #expect(session.waitFor(undecidedMessage))
        let mark = session.output.count
        session.send("\r")
        #expect(session.waitFor("\u{7}", from: mark))           // Enter refused: the bell

        #expect(!session.outputText.contains("Review"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.stdoutText == "")
    }

    @Test("test: an example the rules could not decide is not ok, whether listed as valid or invalid")
    func testCommand() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("f.yaml", """
            fields:
              - name: a
                rules: ["regex:(a+)+$|!"]
                examples:
                  invalid: ["\(catastrophic)"]
              - name: b
                rules: ["not:regex:(a+)+$|!"]
                examples:
                  valid: ["\(catastrophic)"]
            """)
        let run = try switchboard(["test", spec])
        #expect(run.status == 1)
        #expect(run.stdout.contains("not ok 1 - "))
        #expect(run.stdout.contains("not ok 2 - "))
        #expect(run.stdout.contains("could not be decided: \(undecidedMessage)"))
        #expect(run.stdout.contains("# 2 of 2 examples failed"))
    }

    @Test("a 12 MB line matching ^(a|b)+$ is decided, as grep decides it")
    func twelveMegabyteLine() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // About 400 MB of JIT stack, within the 512 MB a match may use.
        let line = String(repeating: "ab", count: 6 << 20)
        let path = try scratch.file("big.txt", line + "\n" + line + "c\n")
        let run = try switchboard(["check", "--rule", "regex:^(a|b)+$", "--count", "--format", "json", path])
        #expect(run.status == 1)
        #expect(run.stdout == "{\"lines\":2,\"valid\":1,\"invalid\":1}\n")
        let grep = Process()
        grep.executableURL = URL(fileURLWithPath: "/bin/grep")
        grep.arguments = ["-cE", "^(a|b)+$", path]
        let pipe = Pipe()
        grep.standardOutput = pipe
        grep.environment = ["LC_ALL": "C"]
        try grep.run()
        let counted = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        grep.waitUntilExit()
        #expect(counted == "1\n")
        // The failing line fails as a mismatch, not as "could not finish matching".
        let failing = try scratch.file("failing.txt", line + "c\n")
        let message = try switchboard(["check", "--rule", "regex:^(a|b)+$", "--format", "json", failing])
        #expect(message.status == 1)
        #expect(message.stdout.hasSuffix("\"rule\":\"regex\",\"message\":\"must match the pattern ^(a|b)+$\"}\n"))
    }

    @Test("a 100 MB line on ^(a|b)+$ is undecided within bounded memory (it took 3.4 GB), with the limit in the message")
    func hundredMegabyteLine() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let path = try scratch.file("huge.txt", String(repeating: "ab", count: 50 << 20) + "\n")
        let run = try runMeasuringPeakMemory(try switchboardPath(),
                                             ["check", "--rule", "regex:^(a|b)+$", "--format", "json", path])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("{\"line\":1,\"value\":\"abab"))
        #expect(run.stdout.hasSuffix(",\"rule\":\"regex\",\"message\":\"regex could not finish matching: JIT stack limit "
                                     + "reached (a match may use at most 512 MB)\",\"undecided\":true}\n"))
        // The bound: 512 MB of JIT stack, the 128 MB line buffer, the line as a String for its message, the
        // program itself; before, the JIT stack alone grew to 3.2 GB.
        #expect(run.peakKilobytes > 0)
        #expect(run.peakKilobytes < 1_000_000, "peak RSS \(run.peakKilobytes) KB")
    }
}

/// What `runMeasuringPeakMemory` saw: the exit status, standard output, and the program's peak resident set
/// size in KB (its VmHWM when it ended, as the kernel reports it to wait4).
struct MeasuredRun {
    var status: Int32
    var stdout: String
    var peakKilobytes: Int
}

/// Runs `path` with `arguments` (standard input /dev/null, standard output to a file) and waits for it with wait4,
/// which gives its peak memory; not through Foundation's Process, which reaps its children itself.
func runMeasuringPeakMemory(_ path: String, _ arguments: [String]) throws -> MeasuredRun {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let outPath = scratch.path("stdout")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return MeasuredRun(status: code, stdout: out, peakKilobytes: usage.ru_maxrss)
}
