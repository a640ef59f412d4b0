// SPDX-License-Identifier: GPL-3.0-or-later
// `switchboard choose` with options that stream in from a slow producer (`find / | switchboard choose File`):
// listed and filtered while they arrive, a count while reading goes on, Enter picks before the end.
import Foundation
import Glibc
import TerminalTestSupport
import Testing

@Suite("switchboard choose: options that stream in", .serialized)
struct ChooseStreamTests {
    /// `switchboard ARGUMENTS < options > out.txt` in tmux, `options` a fifo this test writes to (the producer).
    final class Producer {
        let scratch: Scratch
        let tmux: TmuxScreen
        private(set) var writer: Int32 = -1

        init(_ arguments: String, width: Int = 60, height: Int = 12) throws {
            scratch = try Scratch()
            let fifo = scratch.path("options")
            guard mkfifo(fifo, 0o600) == 0 else { throw CLIError.notBuilt("mkfifo \(fifo)") }
            tmux = try TmuxScreen(command: "cd \(shellQuote(scratch.url.path)) && \(shellQuote(try switchboardPath())) "
                                  + "\(arguments) < options > out.txt", width: width, height: height)
            // Opening blocks until the shell has opened the fifo for the command's standard input.
            writer = open(fifo, O_WRONLY | O_CLOEXEC)
        }

        deinit {
            tmux.kill()
            end()
            scratch.cleanUp()
        }

        /// Writes `text` as the producer would (the reader is alive: the test saw its screen).
        func send(_ text: String) { send(Array(text.utf8)) }

        func send(_ bytes: [UInt8]) {
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                offset += n
            }
        }

        /// The producer ends (its end of the pipe closes).
        func end() {
            if writer >= 0 { close(writer) }
            writer = -1
        }

        var output: String? { try? String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) }

        /// The screen's rows up to the last non-empty one.
        func shown() -> [String] {
            var rows = tmux.rows()
            while rows.last == "" { rows.removeLast() }
            return rows
        }

        /// Whether the screen comes to show exactly `expected`: the rows under a line a test waited for are drawn
        /// after it, so they are waited for too.
        func shows(_ expected: [String]) -> Bool {
            tmux.waitUntil { _ in self.shown() == expected } != nil
        }
    }

    @Test("the options that arrived are listed and filtered at once, with a count while reading; Enter picks before the end")
    func listedWhileReading() throws {
        let producer = try Producer("choose File")
        #expect(producer.writer >= 0)
        producer.send("alpha\nbeta\ngamma\n")
        #expect(producer.tmux.waitFor("3 read…") != nil)
        #expect(producer.shows(["File:", "↑↓ move · Enter picks · 3 read…", "› alpha", "  beta", "  gamma"]),
                "\(producer.shown())")
        producer.tmux.type("ga")
        #expect(producer.tmux.waitFor("File: ga") != nil)
        #expect(producer.tmux.waitUntil { !$0.contains("alpha") } != nil)
        // More arrive while the filter is typed: matched as they come, the highlight stays where it was.
        producer.send((1...1200).map { "item\($0)\n" }.joined() + "gamma ray\nomega\n")
        #expect(producer.tmux.waitFor("1,205 read…") != nil)
        #expect(producer.shows(["File: ga", "↑↓ move · Enter picks · 1,205 read…", "› gamma", "  gamma ray", "  omega"]),
                "\(producer.shown())")
        producer.tmux.press("Down", "Enter")   // the producer has not ended
        #expect(producer.tmux.waitForExit() == 0)
        #expect(producer.output == "gamma ray\n")
    }

    @Test("the end of the input removes the count; --selected options are chosen as they arrive")
    func endOfInputAndSelection() throws {
        let producer = try Producer("choose Tags --multi --selected web")
        producer.send("api\ncli\n")
        #expect(producer.tmux.waitFor("2 read…") != nil)
        #expect(producer.shows(["Tags:", "0 chosen · Tab chooses · ↑↓ move · Enter accepts · 2 read…", "› ○ api",
                                "  ○ cli"]), "\(producer.shown())")
        producer.send("web\n")
        #expect(producer.tmux.waitFor("◉ web") != nil)
        producer.end()
        #expect(producer.tmux.waitUntil { !$0.contains("read…") } != nil)
        #expect(producer.shows(["Tags:", "1 chosen · Tab chooses · ↑↓ move · Enter accepts", "› ○ api", "  ○ cli",
                                "  ◉ web"]), "\(producer.shown())")
        producer.tmux.press("Tab", "Enter")
        #expect(producer.tmux.waitForExit() == 0)
        #expect(producer.output == "api\nweb\n")
    }

    @Test("a bad line that arrives while the list shows ends it: exit 2 naming the line, the list erased")
    func badLineLater() throws {
        let producer = try Producer("choose File", width: 120)
        producer.send("alpha\nbeta\n")
        #expect(producer.tmux.waitFor("› alpha") != nil)
        producer.send([0x63, 0x9B, 0x0A])
        #expect(producer.tmux.waitForExit() == 2)
        #expect(producer.tmux.capture().contains("standard input, line 3: not UTF-8 text"))
        #expect(!producer.tmux.capture().contains("alpha"))
        #expect(producer.output == "")
    }

    @Test("--min more than the options read, or a --selected option that never came: exit 2 when the input ends")
    func impossibleAtTheEnd() throws {
        let producer = try Producer("choose Tags --multi --min 3", width: 120)
        producer.send("api\ncli\n")
        #expect(producer.tmux.waitFor("2 read…") != nil)
        producer.end()
        #expect(producer.tmux.waitForExit() == 2)
        #expect(producer.tmux.capture().contains("--min 3 is more than the 2 options read from standard input"))
        let missing = try Producer("choose Tag --selected web", width: 120)
        missing.send("api\n")
        #expect(missing.tmux.waitFor("1 read…") != nil)
        missing.end()
        #expect(missing.tmux.waitForExit() == 2)
        #expect(missing.tmux.capture().contains("--selected \"web\" is not one of the options read from standard input"))
    }
}
