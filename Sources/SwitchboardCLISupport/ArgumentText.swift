// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// The command line's arguments that are not UTF-8 text. Swift's `CommandLine.arguments` repairs such bytes
/// (each bad byte becomes U+FFFD), so an option given as `$'c\x9b31m'` would silently become another text (and a
/// file name another file's); `choose` and `check` refuse them instead, as `choose` refuses such lines on standard
/// input.
///
/// ```swift
/// // switchboard choose C a $'c\x9b31m'
/// argumentsNotUTF8()   // [3]: argv[3], counting the command's name as 0
/// ```
package func argumentsNotUTF8() -> [Int] {
    var positions: [Int] = []
    for index in 1..<Int(CommandLine.argc) {
        guard let argument = CommandLine.unsafeArgv[index] else { continue }
        if String(validatingCString: argument) == nil { positions.append(index) }
    }
    return positions
}

/// Refuses (exit 2) a command line holding an argument that is not UTF-8 text, naming it.
package func refuseArgumentsNotUTF8(command: String) throws(CommandFailure) {
    guard let position = argumentsNotUTF8().first else { return }
    let shown = CommandLine.arguments.indices.contains(position) ? CommandLine.arguments[position] : ""
    throw CommandFailure.usage("\(command): argument \(position) is not UTF-8 text (\(displayQuoted(shown, limit: 60)) with "
                               + "its bad bytes replaced by \u{FFFD}); give the options as UTF-8 text, as on standard input")
}
