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
        if !multi && (minimum != nil || maximum != nil) {
            throw CommandFailure.usage("--min and --max count the options chosen with --multi: add --multi")
        }
        if let minimum, let maximum, minimum > maximum {
            throw CommandFailure.usage("--min \(minimum) is more than --max \(maximum)")
        }
        if !multi && selected.count > 1 {
            throw CommandFailure.usage("--selected is given \(selected.count) times; one option can be picked without --multi")
        }
        var terminal = LineField.Options()
        let list: OptionList
        var ttyInput: Int32 = -1
        defer { if ttyInput >= 0 { close(ttyInput) } }
        if options.isEmpty {
            if isTerminal(0) || closedStandardStreams.contains(0) {
                throw CommandFailure.usage("no options: give them as arguments (switchboard choose \(displayQuoted(prompt, limit: 40)) "
                                           + "red green blue) or one per line on standard input")
            }
            list = try readOptions(from: 0)
            // The options took standard input: the keys come from the terminal, as with fzf.
            ttyInput = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
            guard ttyInput >= 0 else {
                throw CommandFailure.usage("the options came on standard input and there is no terminal to choose "
                                           + "with (/dev/tty: \(String(cString: strerror(errno)))); without a terminal, "
                                           + "give the options as arguments and the answer on standard input")
            }
            terminal.input = ttyInput
        } else {
            list = try checkedOptions(options)
        }
        for value in selected where list.index(of: value) == nil {
            throw CommandFailure.usage("--selected \(displayQuoted(value, limit: 60)) is not one of the options")
        }
        let field = ListField(prompt: prompt, list: list, multi: multi, selected: selected, minimum: minimum,
                              maximum: maximum, rules: parsed.map(\.condition), words: ListWords(), terminal: terminal)
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
        } catch {
            throw CommandFailure.usage("cannot ask \(displayQuoted(prompt)): \(error)")
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

/// Reads the options from `fd`, one per line (empty lines skipped, a final `\r` dropped). A line that is not
/// UTF-8 or repeats an earlier one is a usage error naming the line; an empty list too.
@MainActor func readOptions(from fd: Int32) throws(CommandFailure) -> OptionList {
    var list = OptionList()
    var repeats = OptionRepeats()
    // The lines skipped (empty), in order: an option's line is its position plus the skipped lines before it.
    var skipped: [Int] = []
    func lineOf(_ index: Int) -> Int {
        var line = index + 1
        for skip in skipped where skip <= line { line += 1 }
        return line
    }
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var lineNumber = 0
    func add(_ line: ArraySlice<UInt8>) throws(CommandFailure) {
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
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n < 0 {
            if errno == EINTR { continue }
            throw CommandFailure.usage("cannot read the options from standard input: \(String(cString: strerror(errno)))")
        }
        if n == 0 { break }
        var start = 0
        var index = 0
        while index < n {
            if chunk[index] == 0x0A {
                if pending.isEmpty {
                    try add(chunk[start..<index])
                } else {
                    pending.append(contentsOf: chunk[start..<index])
                    try add(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = index + 1
            }
            index += 1
        }
        pending.append(contentsOf: chunk[start..<n])
    }
    if !pending.isEmpty { try add(pending[...]) }
    if list.count == 0 {
        throw CommandFailure.usage("no options: standard input held no line")
    }
    list.matchAll()
    return list
}
