// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport

extension FormRunner.Output: ExpressibleByArgument {}
extension FormRunner.Input: ExpressibleByArgument {}

/// `switchboard form`: a form from a spec file (run by `FormRunner`).
struct FormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Run a form spec; print the answers on standard output.",
        discussion: """
            In a terminal, fields are asked one at a time with live validation, then a review lets you edit any \
            answer before submitting. Standard input not a terminal: answers are read from it (one per line, \
            name=value lines, or a JSON object), every failure is reported on standard error. The format is \
            found on the first line that is not blank or a # comment ({ starts JSON, name=value with a field's \
            name starts key-value, anything else is one answer per line); --input says it instead.

            Output: json writes a number field's answer as a JSON number, a yes/no answer as true or false, an \
            empty optional number or yes/no as null, and anything else as a string; yaml does the same; env \
            writes every answer as text.

            With --output env, field names must make safe shell variables (identifiers, not the shell's own such \
            as PATH or IFS, no two alike); a spec that does not is refused before anything is asked.

            Exit status: 0 submitted, 1 invalid answers, 2 a malformed spec or unreadable input, 130 cancelled, \
            131 quit (Ctrl-\\).

            Examples:
              switchboard form signup.yaml > answers.json
              eval "$(switchboard form signup.yaml --output env)"
              switchboard form signup.yaml --draft .signup-draft.json
              switchboard form signup.yaml --output yaml < answers.txt
              printf '%s\\n' 'user=ada' | switchboard form two.yaml --input key-value
              switchboard form --schema service.schema.json --output yaml > service.yaml
              switchboard form --schema service.schema.json < service.json    # check and write typed
              switchboard form --edit deploy.yaml                  # the form over the file's values
              switchboard form --edit deploy.yaml --set /replicas=3 --unset /debug
              switchboard form --edit deploy.yaml --set-json '/ports=[80, 443]' --dry-run

            With --schema (or a spec file whose top level has $schema), the questions come from a JSON Schema and \
            the answer is checked by it on submit; without a terminal, the JSON or YAML document on standard input \
            is checked and written typed, each failing location named (exit 1).

            With --edit FILE alone, at a terminal: the schema's form over the file's values. Every question is \
            prefilled from the file, the values the schema refuses are named at FILE:LINE:COLUMN and asked first, \
            then the review; submitting writes back only the answers you changed (nothing changed: nothing \
            written). Answers that could not be written are kept in the --draft file (else FILE.draft.json).

            With --edit FILE and edits, the file is edited in place by --set, --set-json and --unset (JSON pointers; every \
            --set, then every --set-json, then every --unset): only the bytes of the edited values change (comments, \
            blank lines, order, quoting and indentation stay), the whole edited document is checked by the schema \
            before anything is written (a refusal exits 1 naming FILE:LINE:COLUMN and the pointer; the file is \
            untouched), and the file is replaced safely (a new file beside it, flushed, renamed over it; its mode and \
            owner kept; refused if the file changed on disk meanwhile). A symbolic link edits its target. Nothing to \
            change writes nothing (exit 0). A file that is a directory, a FIFO or read-only: exit 2.
            """)

    @Argument(help: ArgumentHelp("The form spec (YAML or JSON); a file whose top level has $schema is a JSON Schema.",
                                 valueName: "spec"),
              completion: .file(extensions: ["yaml", "yml", "json"]))
    var spec: String?

    @Option(help: ArgumentHelp("Ask the form a JSON Schema describes (JSON, or YAML for .yaml/.yml); the answer is "
                               + "checked by the schema. Without a terminal: the document on standard input is "
                               + "checked and written typed.", valueName: "schema"),
            completion: .file(extensions: ["json", "yaml", "yml"]))
    var schema: String?

    @Option(help: "json: one object (numbers and yes/no typed); env: NAME='value' lines for eval; yaml: name: value lines.")
    var output: FormRunner.Output = .json

    @Option(help: ArgumentHelp("Save accepted answers (not masked ones) here and resume from them (with "
                               + "--edit: the answers changed and not yet written).",
                               valueName: "file"))
    var draft: String?

    @Option(help: ArgumentHelp("How piped answers are written: json (one object), lines (one answer per line, "
                               + "# lines too), key-value (name=value lines, # comments); found from the input "
                               + "when not given.", valueName: "format"))
    var input: FormRunner.Input?

    @Option(help: ArgumentHelp("Edit this YAML or JSON file in place: at a terminal, the schema's form over its "
                               + "values; with --set/--set-json/--unset, those edits. Only the changed values' bytes "
                               + "change; the whole document is checked by the schema (--schema, or "
                               + "found as check finds it) before it is written.", valueName: "file"),
            completion: .file(extensions: ["yaml", "yml", "json"]))
    var edit: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("With --edit: set the value at a JSON pointer, typed by the "
                                                         + "schema (a number, true/false, null where it allows them; "
                                                         + "text otherwise).", valueName: "pointer=value"))
    var sets: [String] = []

    @Option(name: .customLong("set-json"),
            help: ArgumentHelp("With --edit: set the value at a JSON pointer to a JSON value (objects and lists).",
                               valueName: "pointer=json"))
    var jsonSets: [String] = []

    @Option(name: .customLong("unset"), help: ArgumentHelp("With --edit: remove the member or item at a JSON pointer.",
                                                           valueName: "pointer"))
    var unsets: [String] = []

    @Flag(name: .customLong("dry-run"), help: "With --edit: print a unified diff of the edit instead of writing it.")
    var dryRun = false

    @Flag(help: "With --edit: keep the version read as FILE~.")
    var backup = false

    @Option(help: ArgumentHelp("With --edit and no --schema: a catalog in SchemaStore's format whose fileMatch globs "
                               + "name the file's schema.", valueName: "file"))
    var catalog: String?

    @Option(name: .customLong("schema-dir"), help: ArgumentHelp("With --edit: where schemas named by URL are read "
                                                                + "(by their last path segment).", valueName: "folder"))
    var schemaDirectory: String?

    func validate() throws {
        if edit != nil {
            if spec != nil { throw ValidationError("give either a spec file or --edit FILE, not both") }
            if input != nil {
                throw ValidationError("--input does not go with --edit FILE (the answers are the file's values)")
            }
            if draft != nil && !(sets.isEmpty && jsonSets.isEmpty && unsets.isEmpty) {
                throw ValidationError("--draft goes with the form of --edit FILE, not with --set, --set-json or --unset")
            }
            return
        }
        let editOnly = !sets.isEmpty || !jsonSets.isEmpty || !unsets.isEmpty || dryRun || backup || catalog != nil
            || schemaDirectory != nil
        if editOnly {
            throw ValidationError("--set, --set-json, --unset, --dry-run, --backup, --catalog and --schema-dir go with "
                                  + "--edit FILE")
        }
        if (spec == nil) == (schema == nil) {
            throw ValidationError(spec == nil ? "expected a spec file or --schema SCHEMA"
                                              : "give either a spec file or --schema SCHEMA, not both")
        }
    }

    func run() throws {
        if let edit {
            try EditRunner(file: edit, schema: schema, catalog: catalog, schemaDirectory: schemaDirectory, sets: sets,
                           jsonSets: jsonSets, unsets: unsets, dryRun: dryRun, backup: backup, draft: draft).run()
            return
        }
        if let schema = schema ?? spec.flatMap({ SchemaRunner.isSchemaFile($0) ? $0 : nil }) {
            let runner = SchemaRunner(schema: schema, output: output, draft: draft)
            try MainActor.assumeIsolated { try runner.run() }
            return
        }
        let runner = FormRunner(spec: spec ?? "", output: output, draft: draft, input: input)
        try MainActor.assumeIsolated { try runner.run() }
    }
}
