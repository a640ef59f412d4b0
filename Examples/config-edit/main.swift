// SPDX-License-Identifier: Apache-2.0
// A config edited in its own text with SwitchboardSchema's DocumentEditor: every byte the edits do not touch
// (comments, blank lines, order, quoting) stays. Prints the edited text; nothing is written.
// Run: swift run config-edit Examples/config-edit/deploy.yaml /replicas=3 /labels/env='"prod"' -/debug
//   POINTER=JSON sets a value (a missing member is added, /list/- appends); -POINTER removes one.
import SwitchboardSchema

func fail(_ message: String) -> Never {
    var line = "config-edit: " + message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first, arguments.count > 1 else {
    fail("usage: config-edit FILE POINTER=JSON... -POINTER...")
}
guard let file = fopen(path, "r") else { fail("cannot open \(path)") }
var bytes: [UInt8] = []
while case let byte = getc(file), byte != EOF { bytes.append(UInt8(byte)) }
fclose(file)

var edits: [DocumentEdit] = []
for argument in arguments.dropFirst() {
    if argument.hasPrefix("-") {
        edits.append(.remove(String(argument.dropFirst())))
    } else if let equals = argument.firstIndex(of: "=") {
        do {
            let value = try JSONValue.parse(String(argument[argument.index(after: equals)...]))
            edits.append(.set(String(argument[..<equals]), to: value))
        } catch {
            fail("\(argument): the value is not JSON (\(error))")
        }
    } else {
        fail("\(argument): expected POINTER=JSON or -POINTER")
    }
}

do {
    let editor = try DocumentEditor(text: String(decoding: bytes, as: UTF8.self))
    print(try editor.applying(edits), terminator: "")
} catch let error as DocumentEditError {
    fail("\(path):\(error)")
} catch {
    fail("\(path): \(error)")
}
