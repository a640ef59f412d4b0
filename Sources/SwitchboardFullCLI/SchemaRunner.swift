// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema
import SwitchboardSpec
import SwitchboardTerminal

/// `switchboard form --schema SCHEMA` (or a spec file whose top level has `$schema`): in a terminal, the form the
/// schema describes, its answer checked by the schema on submit; without one, the JSON or YAML document on
/// standard input checked and written typed (exit 1 naming each failing location).
struct SchemaRunner {
    let schema: String
    let output: FormRunner.Output
    let draft: String?

    /// Whether `path` holds a JSON Schema: a document whose top level has `$schema`.
    static func isSchemaFile(_ path: String) -> Bool {
        SchemaForm.isSchema(path)
    }

    @MainActor func run() throws(CommandFailure) {
        let document: JSONValue
        do { document = try SchemaForm.readDocument(schema) } catch { throw schemaFailure(error) }
        // The document already read (JSON or YAML) is compiled against the file's own URI: its relative references
        // are read from beside it, YAML ones too, as `check --schema` reads them.
        let uri = JSONSchema.fileURI(forPath: schema)
        let compile = { @Sendable () throws(SchemaError) -> JSONSchema in
            try JSONSchema(document, uri: uri, options: JSONSchema.Options(resolver: yamlAwareResolver))
        }
        if !isTerminal(0) {
            let compiled: JSONSchema
            do { compiled = try compile() } catch { throw schemaFailure(error) }
            return try checkInput(compiled)
        }
        // At a terminal the questions are mapped while the validator compiles on another thread.
        let schemaForm: SchemaForm
        do { schemaForm = try SchemaForm(schema: document, file: schema, compiling: compile) } catch let error as SpecError {
            throw CommandFailure(lines: error.problems.map(\.description), status: ExitStatus.usage, plain: true)
        } catch {
            throw schemaFailure(error)
        }
        if let draft {
            do { try Draft(path: draft).checkPath() } catch { throw CommandFailure.usage("--draft \(error)") }
        }
        CommandChecks.adoptOrphans()
        let form = schemaForm.makeForm()
        // The validator compiled meanwhile on another thread: a schema that does not compile is never asked.
        do { _ = try schemaForm.compiledSchema() } catch { throw schemaFailure(error) }
        let prompter: TerminalPrompter
        do { prompter = try TerminalPrompter() } catch { throw CommandFailure.usage("form: \(error)") }
        let flow = FormFlow(form, draft: draft.map { Draft(path: $0) })
        flow.removesDraftWhenSubmitted = false
        let result = flow.run(prompter: prompter)
        guard result.status == .submitted else { throw CommandFailure.status(result.exitStatus) }
        try write(schemaForm.document(of: form))
        standardOutput.flush()
        guard let draft else { return }
        if standardOutput.failure != nil {
            throw CommandFailure.usage("the answers were not written; the draft \(draft) keeps them for the next run")
        }
        Draft(path: draft).remove()
    }

    /// The schema file cannot be used (not read, not parsed, not compiled): its name and why, exit 2.
    private func schemaFailure(_ error: any Error) -> CommandFailure {
        CommandFailure(lines: ["\(schema): \(error)"], status: ExitStatus.usage, plain: true)
    }

    /// Headless: the document on standard input, checked by the schema and written typed.
    @MainActor private func checkInput(_ compiled: JSONSchema) throws(CommandFailure) {
        if closedStandardStreams.contains(0) {
            throw CommandFailure.usage("standard input is closed and is not a terminal: no document to read; "
                                       + "run the form at a terminal or pipe a JSON or YAML document in")
        }
        let bytes = SchemaForm.readStandardInput()
        guard bytes.count <= SchemaForm.maximumDocumentSize else {
            throw CommandFailure.usage("standard input: the document is larger than "
                                       + "\(SchemaForm.maximumDocumentSize >> 20) MB")
        }
        let document: LocatedDocument
        do { document = try SchemaForm.locatedDocument(bytes) } catch {
            throw CommandFailure.usage("standard input: \(error)")
        }
        // Each failure at its place: `LINE:COLUMN: /pointer: message`, as `check --schema` places them.
        let failures = document.validate(with: compiled)
        if !failures.isEmpty {
            throw CommandFailure(lines: failures.map { failure in
                let place = failure.location.map { "\($0.line):\($0.column): " } ?? ""
                let pointer = failure.pointer.isEmpty ? "(root)" : failure.pointer
                return place + displayEscaped(pointer + ": " + failure.locatedMessage)
            }, status: 1, plain: true)
        }
        try write(document.value)
    }

    private func write(_ document: JSONValue) throws(CommandFailure) {
        switch output {
        case .json:
            standardOutput.write(document.prettyJSON() + "\n")
        case .yaml:
            standardOutput.write(document.yamlDocument())
        case .env:
            guard case .object(let object) = document,
                  object.members.allSatisfy({ if case .object = $0.value { false } else if case .array = $0.value { false } else { true } })
            else {
                throw CommandFailure.usage("--output env writes flat NAME='value' lines, and this document is nested; "
                                           + "use --output json or --output yaml")
            }
            for member in object.members {
                let name = FormSpec.environmentName(for: member.key)
                guard let first = name.unicodeScalars.first, first == "_" || ("A"..."Z").contains(first),
                      name.unicodeScalars.allSatisfy({ $0 == "_" || ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
                else {
                    throw CommandFailure.usage("--output env: the key \(displayQuoted(member.key, limit: 60)) cannot be "
                                               + "a shell variable; use --output json or --output yaml")
                }
                let value: String
                if case .string(let text) = member.value { value = text } else { value = member.value.description }
                standardOutput.write("\(name)='\(value.replacing("'", with: "'\\''"))'\n")
            }
        }
    }
}
