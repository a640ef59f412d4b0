// SPDX-License-Identifier: GPL-3.0-or-later
// A config's own values asked through its JSON Schema, from Swift (SwitchboardSpec's SchemaDocumentForm): every
// question prefilled from the file, the values the schema refuses asked first, then the review; once submitted, the
// file's text with only the changed answers' bytes changed is printed (comments and all). Nothing is written.
// Run at a terminal: swift run config-form Examples/config-form/service.yaml Examples/schema/service.schema.json
import SwitchboardSpec

@MainActor func main() -> Int32 {
    let arguments = CommandLine.arguments.dropFirst()
    guard arguments.count == 2, let file = arguments.first, let schemaFile = arguments.last else {
        print("usage: config-form FILE SCHEMA", to: &standardError)
        return 2
    }
    do {
        let schemaForm = try SchemaForm(schema: try SchemaForm.readDocument(schemaFile), file: schemaFile)
        let editor = try DocumentEditor(text: String(decoding: try DocumentFile.read(file), as: UTF8.self))
        let editing = SchemaDocumentForm(schemaForm, editing: editor)
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields   // the file's invalid values first, then the review
        flow.reviewListsEmptyAnswers = false             // the review lists the file's answers
        guard flow.run(prompter: try TerminalPrompter()).status == .submitted else { return 130 }
        print(try editing.editedText(), terminator: "")   // byte for byte the file, but for the answers changed
        print("\(editing.changes.count) value(s) changed", to: &standardError)
        return 0
    } catch {
        print("config-form: \(error)", to: &standardError)
        return 1
    }
}

exit(main())
