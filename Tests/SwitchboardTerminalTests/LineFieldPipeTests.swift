// SPDX-License-Identifier: GPL-3.0-or-later
// Standard input that is not a terminal: no readline, exactly one line per field, the same rules, plain
// error lines on standard error.
import Glibc
import Testing
import TerminalTestSupport

/// Runs `sh -c script` with the examples' folder on PATH; returns status, stdout and stderr.
func shell(_ script: String) throws -> (status: Int32, out: String, err: String) {
    let dir = "/tmp/sb-pipe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    mkdir(dir, 0o700)
    defer { _ = system("rm -rf '\(dir)'") }
    let command = "PATH='\(productsDirectory())':$PATH; export PATH; (\(script)) </dev/null >'\(dir)/out' 2>'\(dir)/err'"
    let raw = system(command)
    let out = String(decoding: readFile(dir + "/out") ?? [], as: UTF8.self)
    let err = String(decoding: readFile(dir + "/err") ?? [], as: UTF8.self)
    return ((raw >> 8) & 0xff, out, err)
}

@Suite struct LineFieldPipeTests {
    @Test func readsExactlyOneLineFromAPipeAndLeavesTheRest() throws {
        let result = try shell("printf 'ada@gmail.com\\nnext line\\n' | (field-gmail; cat)")
        #expect(result.status == 0)
        #expect(result.out == "ada@gmail.com\nnext line\n")
        #expect(result.err == "")
    }

    @Test func readsExactlyOneLineFromAFileAndLeavesTheRest() throws {
        let result = try shell("printf 'one\\ntwo\\nthree\\n' > /tmp/sb-lines-$$; (field-ask; cat) < /tmp/sb-lines-$$; rm /tmp/sb-lines-$$")
        #expect(result.out == "one\ntwo\nthree\n")
    }

    @Test func invalidPipedInputIsAPlainErrorLineAndExit2() throws {
        let result = try shell("echo ada | field-gmail")
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(result.err == "Email: must contain \"@gmail.com\", got \"ada\"\n")
    }

    @Test func controlCharactersInAPipedFailureAreEscapedIncludingC1() throws {
        let result = try shell("printf 'a\\302\\23331m\\033[2Jb\\n' | field-ask --rule digits")
        #expect(result.status == 2)
        #expect(result.err == #"Value: must not contain control characters (U+009B at character 2), got "a\u{9b}31m\u{1b}[2Jb""#
                + "\n")
    }

    @Test func fieldAskExplainsItsOptions() throws {
        let help = try shell("field-ask --help")
        #expect(help.status == 0)
        #expect(help.out.hasPrefix("usage: field-ask [--prompt P]"))
        #expect(help.out.contains("--masked"))
        let wrong = try shell("field-ask --colour")
        #expect(wrong.status == 2)
        #expect(wrong.err == "field-ask: unknown option --colour (see field-ask --help)\n")
    }

    @Test func emptyInputIsEndOfInput() throws {
        let result = try shell("field-gmail < /dev/null")
        #expect(result.status == 1)
    }

    @Test func aFinalLineWithoutNewlineIsAccepted() throws {
        let result = try shell("printf 'ada@gmail.com' | field-gmail")
        #expect(result.status == 0)
        #expect(result.out == "ada@gmail.com\n")
    }

    @Test func controlCharactersAndInvalidUTF8AreRejected() throws {
        let tab = try shell("printf 'a\\tb\\n' | field-ask")
        #expect(tab.status == 2)
        #expect(tab.err.contains("must not contain control characters (U+0009 at character 2)"))
        let bytes = try shell("printf 'caf\\351\\n' | field-ask")
        #expect(bytes.status == 2)
        #expect(bytes.err.contains("must be valid UTF-8 text"))
    }

    @Test func maskedValuesAreNotEchoedInErrors() throws {
        let result = try shell("echo abc | field-ask --masked --prompt Password --rule min:8")
        #expect(result.status == 2)
        #expect(result.err == "Password: must be at least 8 characters long (3 characters, not shown)\n")
    }

    @Test func aOneMegabyteLineIsReadWhole() throws {
        let result = try shell("head -c 1048576 /dev/zero | tr '\\0' a | field-ask --rule max:2000000 | wc -c")
        #expect(result.status == 0)
        #expect(result.out.split(separator: " ").last == "1048577\n")   // the value and its newline
    }
}
