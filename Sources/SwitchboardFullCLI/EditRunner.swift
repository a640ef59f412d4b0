// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema
import SwitchboardSpec

/// `switchboard form --edit FILE --set /pointer=value --set-json /pointer=JSON --unset /pointer`: a validated edit
/// of a YAML or JSON file in place that changes the bytes of the edited values and nothing else
/// (`DocumentEditor`). The whole new document is checked by the schema (given, or found as `check` finds it)
/// before anything is written; a refusal names `FILE:LINE:COLUMN` and the pointer (exit 1) and leaves the file as
/// it was. `--dry-run` prints a unified diff instead of writing; `--backup` keeps the version read as `FILE~`.
struct EditRunner {
    let file: String
    let schema: String?
    let catalog: String?
    let schemaDirectory: String?
    /// `POINTER=TEXT`, typed by the schema.
    let sets: [String]
    /// `POINTER=JSON`.
    let jsonSets: [String]
    let unsets: [String]
    let dryRun: Bool
    let backup: Bool
    /// The interactive form's draft: answers changed and not yet written.
    var draft: String? = nil

    var shown: String { displayEscaped(file, limit: 200) }

    /// `form --edit FILE` with no `--set`, `--set-json` or `--unset`: the form over the file's values.
    var isInteractive: Bool { sets.isEmpty && jsonSets.isEmpty && unsets.isEmpty }

    func run() throws(CommandFailure) {
        if isInteractive {
            let failure = MainActor.assumeIsolated { () -> CommandFailure? in
                do throws(CommandFailure) { try runForm() } catch { return error }
                return nil
            }
            if let failure { throw failure }
            return
        }
        let (edited, text, editor, isJSON) = try open()
        let (validator, schemaDocument, _) = try loadSchema(text: text, value: editor.value)
        let edits = try parseEdits(schemaDocument)
        let newText: String
        do {
            // A new member goes in the schema's property order where its siblings follow it.
            newText = try editor.applying(edits, memberOrder: schemaDocument.map { schema in
                { pointer in EditValueTypes.propertyOrder(in: schema, at: pointer) }
            })
        } catch {
            let place = error.location.map { ":\($0.line):\($0.column)" } ?? ""
            let line = "\(shown)\(place): \(displayEscaped(error.pointer)): \(displayEscaped(error.problem))"
            throw CommandFailure(lines: [line, "\(shown): not changed"], status: ExitStatus.invalid, plain: true)
        }
        guard newText != text else {
            standardError("\(shown): no change (the values are already so); nothing written")
            return
        }
        try validate(newText, isJSON: isJSON, with: validator)
        let newBytes = Array(newText.utf8)
        if dryRun { return printDiff(edited, newBytes) }
        Self.finishingUninterrupted()   // the status says whether the file was written
        try edited.replace(with: newBytes, backup: backup)
        sayWritten(edited, count: edits.count)
    }

    /// `--dry-run`: the unified diff of the edit on standard output (escaped at a terminal), nothing written.
    func printDiff(_ edited: EditedFile, _ newBytes: [UInt8]) {
        var diff = UnifiedDiff.make(old: edited.bytes, new: newBytes, oldName: file, newName: file)
        if isTerminal(1) { diff = displayEscaped(diff, newlines: true) }
        standardOutput.write(diff)
    }

    /// `FILE: 2 edits written` (to a link's target; the backup named).
    func sayWritten(_ edited: EditedFile, count: Int) {
        var said = "\(shown): \(count) edit\(count == 1 ? "" : "s") written"
        if edited.isLink {
            said += " to its target \(displayEscaped(edited.path, limit: 200)) (\(shown) is a symbolic link)"
        }
        if backup { said += "; the previous version is kept as \(displayEscaped(edited.path + "~", limit: 200))" }
        if edited.links > 1 {
            // The new version is renamed over this name: the file's other names (hard links) keep the old one.
            let others = edited.links == 2 ? "name keeps" : "names keep"
            said += "; the file had \(edited.links) hard links: its other \(others) the previous version"
        }
        standardError(said)
    }

    /// The file read (refused when it is not UTF-8 text, or, unless only a diff is printed, not writable), and
    /// its first document ready to be edited.
    func open() throws(CommandFailure) -> (EditedFile, String, DocumentEditor, isJSON: Bool) {
        let edited = try EditedFile.load(file, limit: SchemaForm.maximumDocumentSize)
        guard let text = String(validating: edited.bytes, as: UTF8.self) else {
            throw CommandFailure.usage("cannot edit \(shown): it is not valid UTF-8 text; nothing written")
        }
        if !dryRun { try edited.checkWritable() }
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        let isJSON = file.hasSuffix(".json")
            || (!file.hasSuffix(".yaml") && !file.hasSuffix(".yml") && (first == "{" || first == "["))
        do {
            return (edited, text, try DocumentEditor(text: text, format: isJSON ? .json : .yaml), isJSON)
        } catch {
            let place = error.mark.map { ":\($0.line):\($0.column)" } ?? ""
            throw CommandFailure(lines: ["\(shown)\(place): \(displayEscaped(error.problem))"],
                                 status: ExitStatus.usage, plain: true)
        }
    }

    func standardError(_ line: String) {
        var out = line + "\n"
        out.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// The edits in order: every `--set`, then every `--set-json`, then every `--unset`.
    private func parseEdits(_ schemaDocument: JSONValue?) throws(CommandFailure) -> [DocumentEdit] {
        var edits: [DocumentEdit] = []
        for argument in sets {
            let (pointer, text) = try split(argument, option: "--set")
            let at = try tokens(pointer, "--set")
            edits.append(.set(pointer, to: EditValueTypes.typed(text, schema: schemaDocument, at: at)))
        }
        for argument in jsonSets {
            let (pointer, text) = try split(argument, option: "--set-json")
            _ = try tokens(pointer, "--set-json")
            do {
                edits.append(.set(pointer, to: try JSONValue.parse(text)))
            } catch {
                throw CommandFailure.usage("--set-json \(displayEscaped(argument, limit: 200)): the value is not JSON "
                                           + "(\(error.message)); write it as JSON: --set-json '/ports=[80, 443]'")
            }
        }
        for pointer in unsets {
            _ = try tokens(pointer, "--unset")
            edits.append(.remove(pointer))
        }
        return edits
    }

    private func split(_ argument: String, option: String) throws(CommandFailure) -> (String, String) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw CommandFailure.usage("\(option) \(displayEscaped(argument, limit: 200)): expected POINTER=VALUE "
                                       + "(\(option) /replicas=3)")
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private func tokens(_ pointer: String, _ option: String) throws(CommandFailure) -> [String] {
        guard pointer.hasPrefix("/") else {
            throw CommandFailure.usage("\(option) \(displayEscaped(pointer, limit: 200)): a JSON pointer starts with "
                                       + "`/` "
                                       + "(/replicas, /owner/email, /ports/0; ~1 stands for / and ~0 for ~ in a name)")
        }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    /// The schema given, or found as `check` finds it; its document too when it is a file (to type `--set` values).
    /// The schema, its document and path (nil for a metaschema built in).
    func loadSchema(text: String, value: JSONValue) throws(CommandFailure) -> (JSONSchema, JSONValue?, String?) {
        var path = schema
        if path == nil {
            let discovery = try SchemaDiscovery(catalog: catalog, schemaDirectory: schemaDirectory)
            switch discovery.schema(for: file, text: text, document: value) {
            case .failure(let problem):
                throw CommandFailure.usage("\(shown): \(problem.message)")
            case .success(let found):
                if found.isMetaschema {
                    do {
                        return (try JSONSchema(.object(JSONObject([("$ref", .string(found.schema))]))), nil, nil)
                    } catch {
                        let shownSchema = displayEscaped(found.schema, limit: 200)
                        throw CommandFailure.usage("schema \(shownSchema): \(error.message)")
                    }
                }
                path = found.schema
            }
        }
        let schemaPath = path ?? ""
        let shownSchema = displayEscaped(schemaPath, limit: 200)
        let document: JSONValue
        do { document = try SchemaForm.readDocument(schemaPath) } catch {
            throw CommandFailure.usage("schema \(shownSchema): \(error)")
        }
        do {
            let compiled = try JSONSchema(document, uri: JSONSchema.fileURI(forPath: schemaPath),
                                          options: JSONSchema.Options(resolver: yamlAwareResolver))
            return (compiled, document, schemaPath)
        } catch {
            throw CommandFailure.usage("schema \(shownSchema): \(error.message)")
        }
    }

    /// The new text's (first) document checked by the schema: every failure at `FILE:LINE:COLUMN: /pointer`.
    func validate(_ newText: String, isJSON: Bool, with validator: JSONSchema) throws(CommandFailure) {
        var lines = locatedFailures(newText, isJSON: isJSON, with: validator)
        guard !lines.isEmpty else { return }
        lines.append("\(shown): not changed (the edited document would not be valid)")
        throw CommandFailure(lines: lines, status: ExitStatus.invalid, plain: true)
    }

    /// The failures of `text`'s first document, each `FILE:LINE:COLUMN: /pointer: message` (escaped); a text that
    /// cannot be read is one line saying so.
    func locatedFailures(_ text: String, isJSON: Bool, with validator: JSONSchema) -> [String] {
        let document: LocatedDocument
        if isJSON {
            do { document = try LocatedDocument.json(ArraySlice(text.utf8)) } catch {
                return ["\(shown): the text is not JSON (\(displayEscaped(error.message)))"]
            }
        } else {
            guard case .success(let first)? = LocatedDocument.yamlDocuments(text).first else {
                return ["\(shown): the text could not be read as YAML"]
            }
            document = first
        }
        return document.validate(with: validator).map { failure in
            let place = failure.location.map { ":\($0.line):\($0.column)" } ?? ""
            let pointer = failure.pointer.isEmpty ? "(root)" : failure.pointer
            return "\(shown)\(place): " + displayEscaped(pointer + ": " + failure.locatedMessage)
        }
    }
}
