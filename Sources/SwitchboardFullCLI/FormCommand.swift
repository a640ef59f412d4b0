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

            With --schema (or a spec file whose top level has $schema), the questions come from a JSON Schema and \
            the answer is checked by it on submit; without a terminal, the JSON or YAML document on standard input \
            is checked and written typed, each failing location named (exit 1).
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

    @Option(help: ArgumentHelp("Save accepted answers (not masked ones) here and resume from them.",
                               valueName: "file"))
    var draft: String?

    @Option(help: ArgumentHelp("How piped answers are written: json (one object), lines (one answer per line, "
                               + "# lines too), key-value (name=value lines, # comments); found from the input "
                               + "when not given.", valueName: "format"))
    var input: FormRunner.Input?

    func validate() throws {
        if (spec == nil) == (schema == nil) {
            throw ValidationError(spec == nil ? "expected a spec file or --schema SCHEMA"
                                              : "give either a spec file or --schema SCHEMA, not both")
        }
    }

    func run() throws {
        if let schema = schema ?? spec.flatMap({ SchemaRunner.isSchemaFile($0) ? $0 : nil }) {
            let runner = SchemaRunner(schema: schema, output: output, draft: draft)
            try MainActor.assumeIsolated { try runner.run() }
            return
        }
        let runner = FormRunner(spec: spec ?? "", output: output, draft: draft, input: input)
        try MainActor.assumeIsolated { try runner.run() }
    }
}
