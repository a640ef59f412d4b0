// SPDX-License-Identifier: GPL-3.0-or-later
// LineField as a user meets it: the example programs on a real pseudo-terminal, keys typed, the bytes drawn,
// the value, the exit status and the terminal modes afterwards.
import Glibc
import Testing
import TerminalTestSupport

@Suite struct LineFieldPtyTests {
    @Test func liveHintRefusesInvalidEnterAndReturnsTheValueOnStdout() throws {
        let session = try PtySession(executable("field-gmail"), captureStdout: true)
        #expect(session.waitFor("Email: "))
        var mark = session.output.count
        session.send("ada")
        #expect(session.waitFor("✗ must contain \"@gmail.com\"", from: mark))
        mark = session.output.count
        session.send("\r")
        #expect(session.waitFor("Enter needs a valid value", from: mark))
        mark = session.output.count
        session.send("@gmail.com")
        #expect(session.waitFor("✓", from: mark))
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "ada@gmail.com\n")
        #expect(!session.outputText.contains("ada@gmail.com\r\n"))   // the value went to stdout only
        #expect(isCooked(session.modes()))
    }

    @Test func ctrlCCancelsWithExit130AndTheTerminalRestored() throws {
        let session = try PtySession(executable("field-gmail"))
        #expect(session.waitFor("Email: "))
        session.send("ada")
        #expect(session.waitFor("✗"))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
        #expect(isCooked(session.modes()))
        #expect(session.outputText.contains("^C"))
    }

    @Test func ctrlDOnAnEmptyLineIsEndOfInputAndRestoresTheTerminal() throws {
        let session = try PtySession(executable("field-gmail"))
        #expect(session.waitFor("Email: "))
        session.send("a")
        #expect(session.waitFor("✗"))
        session.send("\u{4}")                 // on a non-empty line: deletes, does not end
        session.send("\u{7F}")
        #expect(session.waitFor("must not be empty"))
        session.send("\u{4}")
        #expect(session.waitForExit() == .exited(1))
        #expect(isCooked(session.modes()))
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--rule", "nonempty"])
        #expect(session.waitFor("Value: "))
        session.send("abc")
        #expect(session.waitFor("✓"))
        kill(session.pid, SIGTERM)
        #expect(session.waitForExit() == .signaled(SIGTERM))
        #expect(isCooked(session.modes()))
    }

    /// A program that sets nothing up for SIGQUIT (its disposition is the Swift runtime's crash reporter): Ctrl-\
    /// restores the terminal and the field reports `.interrupted(SIGQUIT)`; no crash report, no core.
    @Test(arguments: [[], ["--masked"], ["--plain"], ["--plain", "--masked"]])
    func ctrlBackslashRestoresTheTerminalAndIsReportedToTheProgram(_ arguments: [String]) throws {
        let session = try PtySession(executable("field-ask"), arguments: arguments, captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("abc")
        if !arguments.contains("--plain") { #expect(session.waitFor(arguments.contains("--masked") ? "*" : "abc")) }
        session.send("\u{1C}")
        #expect(session.waitForExit() == .exited(128 + SIGQUIT))
        #expect(!session.outputText.contains("crashed"))
        #expect(session.stdoutText == "")
        #expect(isCooked(session.modes()))
    }

    /// Any signal that ends the process while a field has the terminal (one left at its default, such as SIGUSR1
    /// or SIGALRM, or a crash signal) ends it with the terminal restored first; the process still ends by that
    /// signal. (The Swift runtime's crash reporter is switched off here so the crash signals end at once.)
    @Test(arguments: [SIGUSR1, SIGALRM, SIGPIPE, SIGSEGV, SIGABRT, SIGBUS])
    func fatalSignalsRestoreTheTerminal(_ signal: Int32) throws {
        for arguments in [[], ["--plain", "--masked"]] {
            let session = try PtySession(executable("field-ask"), arguments: arguments,
                                         environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(session.waitFor("Value: "))
            session.send("abc")
            if arguments.isEmpty { #expect(session.waitFor("abc")) }
            kill(session.pid, signal)
            #expect(session.waitForExit() == .signaled(signal), "\(signal) \(arguments)")
            #expect(isCooked(session.modes()), "\(signal) \(arguments)")
        }
    }

    /// A history file is only read or appended to when it is the user's own regular file: a link planted at its
    /// path is not followed, a FIFO does not block the field.
    @Test func aPlantedHistoryLinkIsNotFollowed() throws {
        let directory = "/tmp/sb-history-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(directory, 0o700)
        defer {
            for name in ["victim", "history", "fifo"] { unlink(directory + "/" + name) }
            rmdir(directory)
        }
        let victim = directory + "/victim"
        let fd = open(victim, O_WRONLY | O_CREAT, 0o644)
        _ = write(fd, "precious\n", 9)
        close(fd)
        symlink(victim, directory + "/history")
        mkfifo(directory + "/fifo", 0o600)
        for path in [directory + "/history", directory + "/fifo"] {
            let session = try PtySession(executable("field-ask"), arguments: ["--history", path], captureStdout: true)
            #expect(session.waitFor("Value: "))
            session.send("secret\r")
            #expect(session.waitForExit(timeout: 5) == .exited(0))
            #expect(session.stdoutText == "secret\n")
        }
        var info = stat()
        #expect(stat(victim, &info) == 0 && info.st_size == 9 && info.st_mode & 0o777 == 0o644)
    }

    @Test func controlCharactersFromABracketedPasteAreRejected() throws {
        let session = try PtySession(executable("field-ask"), captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("\u{1B}[200~one\ntwo\u{1B}[201~")
        #expect(session.waitFor("must not contain control characters (U+000A at character 4)"))
        let mark = session.output.count
        session.send("\r")                    // refused: the bell rings, the text stays
        #expect(session.waitUntil { $0.output[mark...].contains(0x07) })
        session.send("\u{15}ok\r")            // Ctrl-U clears the line
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "ok\n")
    }

    @Test func anInvalidLineAcceptedByAnotherBindingIsAskedAgain() throws {
        let session = try PtySession(executable("field-gmail"), captureStdout: true)
        #expect(session.waitFor("Email: "))
        session.send("ada")
        #expect(session.waitFor("✗"))
        let mark = session.output.count
        session.send("\u{F}")                 // Ctrl-O, operate-and-get-next: accepts without our Enter
        #expect(session.waitFor("Email: ada", from: mark))
        session.send("@gmail.com\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "ada@gmail.com\n")
    }

    @Test func maskedInputNeverReachesTheTerminal() throws {
        let session = try PtySession(executable("field-ask"),
                                     arguments: ["--masked", "--prompt", "Password", "--rule", "min:6"],
                                     captureStdout: true)
        #expect(session.waitFor("Password: "))
        session.send("s3cr")
        #expect(session.waitFor("****"))
        session.send("et!")
        #expect(session.waitFor("✓"))
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "s3cret!\n")
        #expect(!session.outputText.contains("s3cr"))
        #expect(!session.outputText.contains("et!"))
    }

    @Test func textKilledInAMaskedFieldCannotBeYankedLater() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--masked", "--repeat", "2"],
                                     captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("hunter2")
        #expect(session.waitFor("*******"))
        session.send("\u{15}")               // Ctrl-U: unix-line-discard, normally onto the kill ring
        session.send("\u{1B}b\u{1B}d")       // Meta-B, Meta-D: kill-word on the empty line
        session.send("pw1\r")
        #expect(session.waitUntil { $0.stdoutText == "pw1\n" })
        #expect(session.waitUntil { $0.outputText.ranges(of: "Value: ").count == 2 })
        session.send("\u{19}x\r")            // Ctrl-Y in the next field yanks nothing
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "pw1\nx\n")

        // An ordinary field keeps readline's kill ring: Ctrl-U then Ctrl-Y in the next read gives the text back.
        let plain = try PtySession(executable("field-ask"), arguments: ["--repeat", "2"], captureStdout: true)
        #expect(plain.waitFor("Value: "))
        plain.send("first")
        #expect(plain.waitFor("first"))
        plain.send("\u{15}one\r")
        #expect(plain.waitUntil { $0.stdoutText == "one\n" && $0.outputText.ranges(of: "Value: ").count == 2 })
        plain.send("\u{19}\r")
        #expect(plain.waitForExit() == .exited(0))
        #expect(plain.stdoutText == "one\nfirst\n")
    }

    @Test func copyCommandsBoundInTheUsersInputrcCopyNothingFromAMaskedField() throws {
        // copy-region-as-kill and copy-backward-word are unbound by default; users bind them in ~/.inputrc.
        let path = writeInputrc("\"\\ew\": copy-region-as-kill\n\"\\C-xw\": copy-backward-word\n")
        defer { unlink(path) }
        let session = try PtySession(executable("field-ask"), arguments: ["--masked", "--repeat", "2"],
                                     environment: ["INPUTRC": path], captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("hunter2")
        #expect(session.waitFor("*******"))
        session.send("\u{1B}w\u{18}w\r")     // Meta-W, Ctrl-X W: both ring the bell
        #expect(session.waitUntil { $0.stdoutText == "hunter2\n" && $0.outputText.ranges(of: "Value: ").count == 2 })
        session.send("\u{19}x\r")             // Ctrl-Y in the next field yanks nothing
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "hunter2\nx\n")

        // The same bindings in an ordinary field do copy, so the masked field's result is not an accident.
        let plain = try PtySession(executable("field-ask"), arguments: ["--repeat", "2"],
                                   environment: ["INPUTRC": path], captureStdout: true)
        #expect(plain.waitFor("Value: "))
        plain.send("first")
        #expect(plain.waitFor("first"))
        plain.send("\u{1B}w\r")
        #expect(plain.waitUntil { $0.stdoutText == "first\n" && $0.outputText.ranges(of: "Value: ").count == 2 })
        plain.send("\u{19}\r")
        #expect(plain.waitForExit() == .exited(0))
        #expect(plain.stdoutText == "first\nfirst\n")
    }

    @Test func historySearchInAMaskedFieldNeverShowsWhatIsTyped() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--masked", "--prompt", "PIN"],
                                     captureStdout: true)
        #expect(session.waitFor("PIN: "))
        session.send("\u{12}")               // Ctrl-R: the bell, no search prompt
        session.send("4711")
        #expect(session.waitFor("****"))
        session.send("\u{1B}p9\r")           // Meta-P (non-incremental search) too
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "47119\n")
        #expect(!session.outputText.contains("search"))
        #expect(!session.outputText.contains("4711"))
    }

    @Test func defaultIsShownAndTakenOnEmptyEnter() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--prompt", "City", "--default", "Hanoi"],
                                     captureStdout: true)
        #expect(session.waitFor("City [Hanoi]: "))
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "Hanoi\n")
    }

    @Test func tabCompletesFromChoicesAndNeverFileNames() throws {
        let session = try PtySession(executable("field-ask"),
                                     arguments: ["--choices", "Sources,Sunday,monday"], captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("Sun\t\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "Sunday\n")

        let files = try PtySession(executable("field-ask"), captureStdout: true)
        #expect(files.waitFor("Value: "))
        files.send("/us\t\r")                 // no choices: Tab completes nothing (never /usr/)
        #expect(files.waitForExit() == .exited(0))
        #expect(files.stdoutText == "/us\n")
    }

    @Test func historyIsPerFieldAndItsFileIsPrivate() throws {
        let path = "/tmp/sb-history-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let first = try PtySession(executable("field-ask"), arguments: ["--history", path], captureStdout: true)
        #expect(first.waitFor("Value: "))
        first.send("remembered\r")
        #expect(first.waitForExit() == .exited(0))
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)

        let second = try PtySession(executable("field-ask"), arguments: ["--history", path], captureStdout: true)
        #expect(second.waitFor("Value: "))
        second.send("\u{1B}[A\r")             // Up recalls the file's entry
        #expect(second.waitForExit() == .exited(0))
        #expect(second.stdoutText == "remembered\n")

        let masked = try PtySession(executable("field-ask"), arguments: ["--history", path, "--masked"],
                                    captureStdout: true)
        #expect(masked.waitFor("Value: "))
        masked.send("\u{1B}[A")              // a masked field offers no history
        masked.send("hidden\r")
        #expect(masked.waitForExit() == .exited(0))
        #expect(masked.stdoutText == "hidden\n")

        // A two-line paste accepted by a field that takes invalid values is not split into two entries.
        let multiline = try PtySession(executable("field-ask"), arguments: ["--history", path, "--accept-invalid"],
                                       captureStdout: true)
        #expect(multiline.waitFor("Value: "))
        multiline.send("\u{1B}[200~line one\nline two\u{1B}[201~")
        #expect(multiline.waitFor("control characters"))
        multiline.send("\r")
        #expect(multiline.waitForExit() == .exited(0))
        #expect(multiline.stdoutText == "line one\nline two\n")
        let contents = try String(decoding: #require(readFile(path)), as: UTF8.self)
        #expect(contents == "remembered\nremembered\n")
    }

    @Test func ctrlZWithNoShellToResumeRingsTheBellAndKeepsEditing() throws {
        // The pty session's process group is orphaned (its parent is in another session): the kernel would
        // discard the stop, and nobody could type `fg`. The field stays as it is.
        let session = try PtySession(executable("field-ask"), captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("abc")
        #expect(session.waitFor("abc"))
        let mark = session.output.count
        session.send("\u{1A}")
        #expect(session.waitFor("\u{7}", from: mark))
        session.send("d\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "abcd\n")
        #expect(!String(decoding: session.output[mark...], as: UTF8.self).contains("Value: "))   // no second prompt
        #expect(isCooked(session.modes()))
    }

    @Test func oneEditIsOneValidationAndCursorMovesValidateNothing() throws {
        let session = try PtySession(executable("field-anystate"), captureStdout: true)
        #expect(session.waitFor("Code: "))
        for (index, key) in ["a", "b", "c"].enumerated() {
            session.send(key)
            #expect(session.waitFor("validation #\(index + 1)"))
        }
        session.send("\u{1B}[D\u{1B}[D\u{1B}[C\u{1}\u{5}")   // Left, Left, Right, Home, End
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.outputText.contains("verdicts: false false true\r\n"))
    }

    @Test func aBurstOfInputIsValidatedOnceAndALineAcceptedMidBurstIsDrawn() throws {
        let session = try PtySession(executable("field-anystate"), captureStdout: true)
        #expect(session.waitFor("Code: "))
        session.send("abcdef\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "abcdef\n")
        #expect(session.outputText.contains("Code: abcdef"))
        #expect(session.outputText.contains("verdicts: true\r\n"))

        let paste = try PtySession(executable("field-anystate"), captureStdout: true)
        #expect(paste.waitFor("Code: "))
        let long = String(repeating: "0123456789", count: 500)
        paste.send("\u{1B}[200~" + long + "\u{1B}[201~")
        #expect(paste.waitFor("validation #1: true"))
        paste.send("\r")
        #expect(paste.waitForExit() == .exited(0))
        #expect(paste.stdoutText == long + "\n")
        #expect(paste.outputText.contains("verdicts: true\r\n"))
    }

    @Test func colourUnlessNoColor() throws {
        let colored = try PtySession(executable("field-gmail"))
        #expect(colored.waitFor("Email: "))
        colored.send("a")
        #expect(colored.waitFor("\u{1B}[31m✗"))
        colored.send("\u{3}")
        #expect(colored.waitForExit() == .exited(130))

        let plain = try PtySession(executable("field-gmail"), environment: ["NO_COLOR": "1"])
        #expect(plain.waitFor("Email: "))
        plain.send("a")
        #expect(plain.waitFor("✗ must contain"))
        plain.send("\u{3}")
        #expect(plain.waitForExit() == .exited(130))
        #expect(!plain.outputText.contains("\u{1B}[31m"))
        #expect(!plain.outputText.contains("\u{1B}[32m"))
    }

    @Test func viModeFromTheUsersInputrcWorks() throws {
        let path = writeInputrc("set editing-mode vi\n")
        defer { unlink(path) }
        let session = try PtySession(executable("field-ask"), environment: ["INPUTRC": path], captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("xabc")
        #expect(session.waitFor("xabc"))
        session.send("\u{1B}")                 // to command mode
        session.send("0x")                     // delete the first character
        session.send("\r")                    // Enter in command mode accepts
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "abc\n")
    }

    @Test func initialTextPlaceholderAndKeptVerdict() throws {
        let session = try PtySession(executable("field-ask"),
                                     arguments: ["--initial", "draft", "--keep", "--rule", "min:3"],
                                     captureStdout: true)
        #expect(session.waitFor("Value: draft"))
        #expect(session.waitFor("✓"))
        session.send("!\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "draft!\n")

        let empty = try PtySession(executable("field-ask"), arguments: ["--placeholder", "e.g. 42"])
        #expect(empty.waitFor("e.g. 42"))
        empty.send("7")
        #expect(empty.waitFor("7"))
        empty.send("\r")
        #expect(empty.waitForExit() == .exited(0))
    }

    @Test func placeholderIsDimWithoutColourAndHiddenDuringAHistorySearch() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--placeholder", "e.g. 42"],
                                     environment: ["NO_COLOR": "1"])
        #expect(session.waitFor("\u{1B}[2me.g. 42\u{1B}[0m"))   // dim is an attribute, kept under NO_COLOR
        let mark = session.output.count
        session.send("\u{12}x")              // Ctrl-R, then a search that finds nothing
        #expect(session.waitFor("`x': ", from: mark))
        #expect(!String(decoding: session.output[mark...], as: UTF8.self).contains("e.g. 42"))
        session.send("\u{7}")                // Ctrl-G leaves the search: the empty line shows its placeholder
        #expect(session.waitFor("e.g. 42", from: mark))
        session.send("\u{3}")
        #expect(session.waitForExit() == .exited(130))
    }

    @Test func sighupRestoresTheTerminal() throws {
        let session = try PtySession(executable("field-ask"))
        #expect(session.waitFor("Value: "))
        session.send("abc")
        #expect(session.waitFor("abc"))
        kill(session.pid, SIGHUP)
        #expect(session.waitForExit() == .signaled(SIGHUP))
        #expect(isCooked(session.modes()))
    }

    @Test func promptGoesToDevTtyWhenStderrIsNotATerminal() throws {
        let session = try PtySession("/bin/sh", arguments: ["-c", "\(shellQuote(executable("field-gmail"))) 2>/dev/null"],
                                     captureStdout: true)
        #expect(session.waitFor("Email: "))
        session.send("ada@gmail.com")
        #expect(session.waitFor("✓"))
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "ada@gmail.com\n")
    }

    @Test func aClosedStderrStillGetsEveryPromptDrawnOnTheTerminal() throws {
        let command = "\(shellQuote(executable("field-ask"))) --repeat 2 --prompt Name 2>&-"
        let session = try PtySession("/bin/sh", arguments: ["-c", command], captureStdout: true)
        #expect(session.waitFor("Name: "))
        session.send("one\r")
        #expect(session.waitUntil { $0.outputText.ranges(of: "Name: ").count == 2 })
        session.send("two\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "one\ntwo\n")
        #expect(session.outputText.contains("two"))   // the second read drew its line too
    }

    @Test func anInvalidValueCanBeAcceptedWhenTheFieldOptsOut() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--accept-invalid", "--rule", "digits"],
                                     captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("12a")
        #expect(session.waitFor("✗ must contain only digits"))
        session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "12a\n")
    }

    @Test func plainMaskedInputIsNotEchoed() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--plain", "--masked", "--prompt", "PIN"],
                                     captureStdout: true)
        #expect(session.waitFor("PIN: "))
        session.send("4711\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "4711\n")
        #expect(!session.outputText.contains("4711"))
        #expect(isCooked(session.modes()))
    }

    @Test func plainModeCtrlCCancelsAndCtrlDEnds() throws {
        let cancelled = try PtySession(executable("field-ask"), arguments: ["--plain"])
        #expect(cancelled.waitFor("Value: "))
        cancelled.send("abc\u{3}")
        #expect(cancelled.waitForExit() == .exited(130))
        #expect(isCooked(cancelled.modes()))

        let ended = try PtySession(executable("field-ask"), arguments: ["--plain"])
        #expect(ended.waitFor("Value: "))
        ended.send("\u{4}")
        #expect(ended.waitForExit() == .exited(1))
    }

    @Test func plainModeDrawsNoCursorMovementAndAsksAgain() throws {
        let session = try PtySession(executable("field-ask"), arguments: ["--rule", "digits"],
                                     environment: ["TERM": "dumb"], captureStdout: true)
        #expect(session.waitFor("Value: "))
        session.send("12a\r")
        #expect(session.waitFor("✗ must contain only digits"))
        #expect(session.waitFor("Value: ", from: session.output.count - 8))
        session.send("123\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.stdoutText == "123\n")
        #expect(!session.output.contains(0x1B))   // no escape sequence at all
    }
}

func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n <= 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
}

/// Writes `text` to a fresh inputrc file for a field's `INPUTRC` and returns its path (the caller unlinks it).
private func writeInputrc(_ text: String) -> String {
    let path = "/tmp/sb-inputrc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = write(fd, text, text.utf8.count)
    close(fd)
    return path
}
