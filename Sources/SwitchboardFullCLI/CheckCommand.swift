// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport
import SwitchboardRules

extension CheckFormat: ExpressibleByArgument {}

/// How `check` reports: the rule check's formats, and for `--schema` the CI formats (GitHub workflow commands,
/// SARIF 2.1.0).
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, tap, github, sarif

    /// The rule check's format (nil for the schema check's own).
    var checkFormat: CheckFormat? { CheckFormat(rawValue: rawValue) }
}

/// `switchboard check`: batch validation, one value per line (run by `CheckOptions`).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every line of a file (or standard input) against rules.",
        discussion: """
            Each line is one value (a trailing \\r is removed, so CRLF files work); a value passes when it passes \
            every rule. Failures are printed as `line: value: message`; a value holding control characters or \
            bytes that are not UTF-8 is shown in double quotes with escapes. A line that is not valid UTF-8 fails.

            Exit status: 0 when every line passes, 1 when any fails, 2 on a bad rule or an unreadable file.

            Examples:
              switchboard check --rule email addresses.txt
              cut -d, -f2 users.csv | switchboard check --rule 'length:3..20'
              switchboard check --rule email --count addresses.txt
              switchboard check --rule 'int:1..120' --format tap ages.txt
              switchboard check --rule 'length:3..20' --check-command './is-free.sh' --jobs 8 names.txt

            With --check-command, each line that passes the rules is also checked by the command (as in `ask`), \
            --jobs at a time; the report keeps the input's order.

            With --schema, JSON documents are checked against a JSON Schema: one per line on standard input and in \
            .jsonl/.ndjson files, one per file otherwise (YAML for .yaml/.yml). Failures are printed as \
            `line: /pointer: message` (`file:line:` with several inputs); --jobs N validates one large input on N \
            threads, the report in input order.
              switchboard check --schema dependabot.json .github/dependabot.yml
              switchboard check --schema event.schema.json --jobs 2 events.jsonl

            Each failure names its place as FILE:LINE:COLUMN (a column counts characters); a YAML file's documents \
            are checked one by one. --format github writes GitHub Actions annotations, --format sarif a SARIF 2.1.0 \
            log. Without --schema (and without --rule), each file is checked against the schema it names: its \
            $schema, a `# yaml-language-server: $schema=...` or `# $schema: ...` modeline, else the first entry of \
            --catalog whose fileMatch matches; URLs are read from --schema-dir by their last path segment. A file \
            with no schema is an error (exit 2); --print-schema says which schema each file gets and why.
              switchboard check .github/workflows/*.yml --catalog catalog.json --schema-dir schemas/
            """)

    @Option(name: .customLong("rule"), help: ArgumentHelp(
        "A rule every value must pass (repeatable): email, length:3..20, int:1..120, regex:^[a-z]+$ ...",
        valueName: "rule"), completion: .list(ruleNameCompletions))
    var rules: [String] = []

    @Option(help: ArgumentHelp(
        "text: `line: value: message` per failure; json: one JSON object per failure (JSON Lines); "
            + "tap: a TAP line per value; with --schema also github (workflow commands: annotations) and sarif "
            + "(SARIF 2.1.0)."))
    var format: ReportFormat = .text

    @Flag(help: ArgumentHelp("Print only the number of failing lines (json: {\"lines\":N,\"valid\":N,\"invalid\":N}); with "
                             + "--schema, of invalid documents (json: {\"documents\":N,\"valid\":N,\"invalid\":N})."))
    var count = false

    @Option(help: ArgumentHelp(
        "Check JSON documents against this JSON Schema (drafts 4 to 2020-12; JSON or YAML) instead of lines against "
            + "rules: standard input and .jsonl/.ndjson files hold one document per line, any other file is one "
            + "document (YAML for .yaml/.yml).", valueName: "schema"))
    var schema: String?

    @Option(help: ArgumentHelp(
        "Without --schema: a catalog in SchemaStore's catalog.json format; a file naming no schema is checked "
            + "against the first entry whose fileMatch globs match its path.", valueName: "catalog.json"))
    var catalog: String?

    @Option(name: .customLong("schema-dir"), help: ArgumentHelp(
        "Without --schema: where schemas named by URL ($schema, modelines, the catalog) are read from, by the URL's "
            + "last path segment (nothing is fetched).", valueName: "folder"))
    var schemaDirectory: String?

    @Flag(name: .customLong("print-schema"), help: "Say which schema each file gets and why, instead of checking it.")
    var printSchema = false

    @Flag(help: ArgumentHelp("Download http(s) schemas and remote $refs (into a cache keyed by the SHA-256 of each URL; "
                             + "at most 16 MB, 5 redirects, --fetch-timeout seconds each)."))
    var fetch = false

    @Flag(help: "Read http(s) schemas and remote $refs from the fetch cache alone (fetched earlier with --fetch).")
    var offline = false

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp(
        "The fetch cache (default $XDG_CACHE_HOME/switchboard/schemas, else ~/.cache/switchboard/schemas).",
        valueName: "folder"))
    var cacheDirectory: String?

    @Option(name: .customLong("fetch-timeout"), help: ArgumentHelp("Seconds a download may take (default 30).",
                                                                   valueName: "seconds"))
    var fetchTimeout: Double = 30

    @Argument(help: ArgumentHelp("The file to check; - or nothing for standard input (several with --schema).",
                                 valueName: "file"))
    var files: [String] = []

    /// The one input of a rule check.
    var file: String? { files.first }

    @OptionGroup var check: CheckCommandOptions

    @Option(help: ArgumentHelp("How many check commands run at once (with --check-command), or threads validating (with --schema); default 1.",
                               valueName: "n"))
    var jobs: Int = 1

    func validate() throws {
        try check.validate()
        if jobs < 1 || jobs > 256 { throw ValidationError("--jobs: give a number from 1 to 256, e.g. --jobs 8") }
        if count && format == .tap { throw ValidationError("--count prints a number; use it with --format text or json") }
        if count && (format == .github || format == .sarif) {
            throw ValidationError("--count prints a number; use it with --format text or json")
        }
        if fetch && offline { throw ValidationError("--fetch downloads, --offline reads the cache alone: give one") }
        if !(fetchTimeout > 0 && fetchTimeout <= 3600) {
            throw ValidationError("--fetch-timeout: give a number of seconds above 0 (at most 3600), e.g. --fetch-timeout 10")
        }
        if schema != nil || isDiscovering {
            if !rules.isEmpty || check.command != nil {
                throw ValidationError("--schema checks JSON documents; --rule and --check-command check lines: give one or the other")
            }
            return
        }
        if printSchema {
            throw ValidationError("--print-schema says which schema each file gets: give the files to check")
        }
        if files.count > 1 {
            throw ValidationError("give one file to check with --rule (several files only with --schema)")
        }
        if format.checkFormat == nil {
            throw ValidationError("--format \(format.rawValue) is for --schema checks; with --rule use text, json or tap")
        }
        if rules.isEmpty && check.command == nil {
            throw ValidationError("give at least one --rule, e.g. --rule email (or a --check-command)")
        }
    }

    /// What was asked for, as `CheckOptions`.
    var options: CheckOptions {
        CheckOptions(rules: rules, format: format.checkFormat ?? .text, count: count, file: file, check: check.options, jobs: jobs)
    }

    /// Files checked against the schemas they name (or a catalog gives them): no --schema, no rules, files given.
    var isDiscovering: Bool {
        schema == nil && rules.isEmpty && check.command == nil
            && (!files.isEmpty || catalog != nil || schemaDirectory != nil || printSchema)
    }

    func run() throws {
        // A file name (or schema, rule...) that is not UTF-8 would be used under its repaired name: another file.
        try refuseArgumentsNotUTF8(command: "check")
        if schema != nil || isDiscovering {
            let fetcher = fetch || offline
                ? try SchemaFetcher(mode: fetch ? .online : .offline, directory: cacheDirectory, timeout: fetchTimeout)
                : nil
            try SchemaCheckOptions(schema: schema, files: files, format: format, count: count, jobs: jobs,
                                   catalog: catalog, schemaDirectory: schemaDirectory, printSchema: printSchema,
                                   fetcher: fetcher).run()
            return
        }
        try options.run()
    }
}
