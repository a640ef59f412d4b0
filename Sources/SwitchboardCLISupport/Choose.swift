// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import SwitchboardTerminal

/// One `choose`: the options as arguments, or one per line on standard input; the pick on standard output, one
/// per line in list order.
package struct ChooseOptions: Equatable {
    package var prompt: String
    package var options: [String] = []
    package var multi = false
    package var minimum: Int?
    package var maximum: Int?
    package var selected: [String] = []
    package var rules: [String] = []

    package init(prompt: String, options: [String] = [], multi: Bool = false, minimum: Int? = nil,
                 maximum: Int? = nil, selected: [String] = [], rules: [String] = []) {
        self.prompt = prompt
        self.options = options
        self.multi = multi
        self.minimum = minimum
        self.maximum = maximum
        self.selected = selected
        self.rules = rules
    }

    /// Asks, prints the pick; throws `CommandFailure` with the exit status otherwise.
    @MainActor package func run() throws(CommandFailure) {
        let parsed = try parseRules(rules)
        try checkBounds()
        var terminal = LineField.Options()
        var list = OptionList()
        var feed: StandardInputOptions?
        var ttyInput: Int32 = -1
        defer { if ttyInput >= 0 { close(ttyInput) } }
        if options.isEmpty {
            if isTerminal(0) || closedStandardStreams.contains(0) {
                throw CommandFailure.usage("no options: give them as arguments (switchboard choose \(displayQuoted(prompt, limit: 40)) "
                                           + "red green blue) or one per line on standard input")
            }
            // The options took standard input: the keys come from the terminal, as with fzf.
            ttyInput = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
            guard ttyInput >= 0 else {
                // Read them anyway: a mistake in them is reported first (it would be with a terminal too).
                _ = try readOptions(from: 0, minimum: multi ? minimum : nil, selected: selected)
                throw CommandFailure.usage("the options came on standard input and there is no terminal to choose "
                                           + "with (/dev/tty: \(String(cString: strerror(errno)))); without a terminal, "
                                           + "give the options as arguments and the answer on standard input")
            }
            terminal.input = ttyInput
            // They are listed as they arrive: the question shows at once, and reads them between keys.
            feed = StandardInputOptions(fd: 0, minimum: multi ? minimum : nil, selected: selected)
        } else {
            if closedStandardStreams.contains(0) {
                // As `confirm`: a closed standard input is the script's mistake (exit 2), not an invalid answer.
                throw CommandFailure(lines: ["\(displayEscaped(prompt, limit: 60)): no input (standard input is closed)"],
                                     status: ExitStatus.usage)
            }
            list = try checkedOptions(options)
            if multi, let minimum, minimum > list.count {
                throw CommandFailure.usage("--min \(minimum) is more than the \(list.count) option\(list.count == 1 ? "" : "s") "
                                           + "given: it could never be met")
            }
            for value in selected where list.index(of: value) == nil {
                throw CommandFailure.usage("--selected \(displayQuoted(value, limit: 60)) is not one of the options")
            }
        }
        let field = ListField(prompt: prompt, list: list, multi: multi, selected: selected, minimum: minimum,
                              maximum: maximum, rules: parsed.map(\.condition), words: ListWords(), terminal: terminal,
                              feed: feed)
        standardError.flush()
        let interactive = isTerminal(terminal.input)
        do {
            let picked = try field.read()
            for option in picked {
                standardOutput.write(option)
                standardOutput.write(byte: 0x0A)
            }
        } catch let error as FieldError {
            throw failure(error, prompt: prompt, interactive: interactive)
        } catch let error as CommandFailure {
            throw error   // the options on standard input were wrong (read while the question showed)
        } catch {
            throw CommandFailure.usage("cannot ask \(displayQuoted(prompt)): \(error)")
        }
    }

    /// Bounds that no list could meet, refused before anything is read: a question whose Enter is refused for
    /// ever is a trap. (`--min` against the number of options is checked once the options are known: at once
    /// for arguments, at the end of standard input for streamed options.)
    private func checkBounds() throws(CommandFailure) {
        if !multi && (minimum != nil || maximum != nil) {
            throw CommandFailure.usage("--min and --max count the options chosen with --multi: add --multi")
        }
        if let minimum, minimum < 0 {
            throw CommandFailure.usage("--min must be 0 or more (the fewest options to choose), got \(minimum)")
        }
        if let maximum, maximum < 1 {
            throw CommandFailure.usage("--max must be 1 or more (the most options to choose), got \(maximum)")
        }
        if let minimum, let maximum, minimum > maximum {
            throw CommandFailure.usage("--min \(minimum) is more than --max \(maximum)")
        }
        if !multi && selected.count > 1 {
            throw CommandFailure.usage("--selected is given \(selected.count) times; one option can be picked without --multi")
        }
        if let maximum, Set(selected).count > maximum {
            throw CommandFailure.usage("--selected chooses \(Set(selected).count) options, more than --max \(maximum)")
        }
    }

    /// Options from arguments: non-empty, distinct, no line break (an option is written one per line).
    private func checkedOptions(_ options: [String]) throws(CommandFailure) -> OptionList {
        var seen: Set<String> = []
        var list = OptionList()
        for (position, option) in options.enumerated() {
            if option.isEmpty { throw CommandFailure.usage("option \(position + 1) is empty") }
            if option.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                throw CommandFailure.usage("option \(position + 1) (\(displayQuoted(option, limit: 60))) holds a line "
                                           + "break; the pick is written one option per line")
            }
            guard seen.insert(option).inserted else {
                throw CommandFailure.usage("option \(displayQuoted(option, limit: 60)) is given twice")
            }
            list.append(Array(option.utf8)[...])
        }
        list.matchAll()
        return list
    }
}

/// The options on standard input, one per line (empty lines skipped, a final `\r` dropped), read as they
/// arrive: `choose` lists and filters them while the producer is still writing (`find / | switchboard choose
/// File`). A line that is not UTF-8 or repeats an earlier one is a usage error naming the line; so is an empty
/// input, `--min` more than the options read, and a `--selected` option that never came; those that need every
/// line are checked when the input ends.
@MainActor final class StandardInputOptions: OptionFeed {
    let fd: Int32
    private let minimum: Int?
    private let selected: [String]
    private var repeats = OptionRepeats()
    /// The lines skipped (empty), in order: an option's line is its position plus the skipped lines before it.
    private var skipped: [Int] = []
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var lineNumber = 0

    init(fd: Int32, minimum: Int?, selected: [String]) {
        self.fd = fd
        self.minimum = minimum
        self.selected = selected
    }

    func readMore(into list: inout OptionList) throws(CommandFailure) -> Bool {
        let n = read(fd, &chunk, chunk.count)
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { return true }
            throw CommandFailure.usage("cannot read the options from standard input: \(String(cString: strerror(errno)))")
        }
        if n == 0 {
            if !pending.isEmpty {
                try add(pending[...], to: &list)
                pending.removeAll()
            }
            try checkEnd(list)
            return false
        }
        var start = 0
        var index = 0
        while index < n {
            if chunk[index] == 0x0A {
                if pending.isEmpty {
                    try add(chunk[start..<index], to: &list)
                } else {
                    pending.append(contentsOf: chunk[start..<index])
                    try add(pending[...], to: &list)
                    pending.removeAll(keepingCapacity: true)
                }
                start = index + 1
            }
            index += 1
        }
        pending.append(contentsOf: chunk[start..<n])
        return true
    }

    private func lineOf(_ index: Int) -> Int {
        var line = index + 1
        for skip in skipped where skip <= line { line += 1 }
        return line
    }

    private func add(_ line: ArraySlice<UInt8>, to list: inout OptionList) throws(CommandFailure) {
        lineNumber += 1
        var line = line
        if line.last == 0x0D { line.removeLast() }
        if line.isEmpty { skipped.append(lineNumber); return }
        var ascii = true
        for byte in line where byte >= 0x80 { ascii = false; break }
        if !ascii && String(validating: line, as: UTF8.self) == nil {
            throw CommandFailure.usage("standard input, line \(lineNumber): not UTF-8 text")
        }
        if let earlier = repeats.earlier(than: list.count, line, in: list) {
            throw CommandFailure.usage("standard input, line \(lineNumber): \(displayQuoted(String(decoding: line, as: UTF8.self), limit: 60)) "
                                       + "repeats line \(lineOf(earlier)) (to drop repeats: awk '!seen[$0]++')")
        }
        list.append(line)
    }

    /// What can only be known once every option is read.
    private func checkEnd(_ list: OptionList) throws(CommandFailure) {
        if list.count == 0 {
            throw CommandFailure.usage("no options: standard input held no line")
        }
        if let minimum, minimum > list.count {
            throw CommandFailure.usage("--min \(minimum) is more than the \(list.count) option\(list.count == 1 ? "" : "s") "
                                       + "read from standard input: it could never be met")
        }
        for value in selected where list.index(of: value) == nil {
            throw CommandFailure.usage("--selected \(displayQuoted(value, limit: 60)) is not one of the options read "
                                       + "from standard input")
        }
    }
}

/// Reads every option from `fd` (to its end): see `StandardInputOptions`.
@MainActor func readOptions(from fd: Int32, minimum: Int? = nil, selected: [String] = []) throws(CommandFailure) -> OptionList {
    let feed = StandardInputOptions(fd: fd, minimum: minimum, selected: selected)
    var list = OptionList()
    while try feed.readMore(into: &list) {}
    list.matchAll()
    return list
}
