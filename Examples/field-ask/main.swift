// SPDX-License-Identifier: GPL-3.0-or-later
// One field with every option on the command line: the field the terminal tests drive.
// Run: swift run field-ask [--prompt P] [--initial T] [--default D] [--placeholder P] [--masked] [--plain]
//        [--interactive] [--keep] [--accept-invalid] [--choices a,b,c] [--history FILE] [--repeat N]
//        [--rule nonempty|gmail|digits|min:N|max:N]...
// Prints each accepted value on its own line on standard output. Exit: 0, 1 (end of input), 2 (invalid
// input from a pipe), 130 (Ctrl-C), 143 (SIGTERM).
import SwitchboardTerminal

var prompt = "Value"
var initial = ""
var defaultValue: String?
var placeholder: String?
var options = LineField.Options()
var rules: [Condition<String>] = []
var repeats = 1

let usage = """
    usage: field-ask [--prompt P] [--initial T] [--default D] [--placeholder P] [--masked] [--plain]
                     [--interactive] [--keep] [--accept-invalid] [--choices a,b,c] [--history FILE]
                     [--repeat N] [--rule nonempty|gmail|digits|min:N|max:N]...
    Asks for one value (N values with --repeat) and prints each accepted value on its own line.
    Exit: 0, 1 (end of input), 2 (invalid input from a pipe, or a usage error), 130 (Ctrl-C).

    """

func fail(_ message: String) -> Never {
    let line = "field-ask: \(message)\n"
    _ = write(STDERR_FILENO, line, line.utf8.count)
    exit(2)
}

func rule(_ spec: String) -> Condition<String> {
    switch spec {
    case "nonempty": return .nonEmpty
    case "gmail": return Condition("gmail", requirement: "contain \"@gmail.com\"") { $0.contains("@gmail.com") }
    case "digits": return Condition("digits", requirement: "contain only digits") { $0.allSatisfy(\.isWholeNumber) }
    default:
        if spec.hasPrefix("min:"), let n = Int(spec.dropFirst(4)) {
            return Condition("length", requirement: "be at least \(n) characters long") { $0.count >= n }
        }
        if spec.hasPrefix("max:"), let n = Int(spec.dropFirst(4)) {
            return Condition("length", requirement: "be at most \(n) characters long") { $0.count <= n }
        }
        fail("unknown rule \"\(spec)\"; expected nonempty, gmail, digits, min:N or max:N")
    }
}

var arguments = CommandLine.arguments.dropFirst().makeIterator()
@MainActor func value(_ flag: String) -> String {
    guard let next = arguments.next() else { fail("\(flag) needs a value") }
    return next
}
while let argument = arguments.next() {
    switch argument {
    case "--prompt": prompt = value(argument)
    case "--initial": initial = value(argument)
    case "--default": defaultValue = value(argument)
    case "--placeholder": placeholder = value(argument)
    case "--masked": options.masked = true
    case "--plain": options.mode = .plain
    case "--interactive": options.mode = .interactive
    case "--keep": options.hintAfterEnter = .keep
    case "--accept-invalid": options.refusesInvalid = false
    case "--choices": options.choices = value(argument).split(separator: ",").map(String.init)
    case "--history": options.historyFile = value(argument)
    case "--repeat": repeats = Int(value(argument)) ?? 1
    case "--rule": rules.append(rule(value(argument)))
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    default: fail("unknown option \(argument) (see field-ask --help)")
    }
}

let field = LineField(prompt: prompt, initialText: initial, default: defaultValue, placeholder: placeholder,
                      rules: rules, options: options)
for _ in 0..<repeats {
    do {
        print(try field.read())
        fflush(nil)
        field.text.value = ""
    } catch FieldError.cancelled {
        exit(130)
    } catch FieldError.endOfInput {
        exit(1)
    } catch FieldError.interrupted(let signal) {
        exit(128 + signal)
    } catch FieldError.invalid {
        exit(2)
    } catch {
        fail("\(error)")
    }
}
