import SwitchboardCLISupport

/// `switchboard-spec`: the `form` and `test` commands of `switchboard`, in an executable of their own because
/// they link the spec layer's YAML reader (see `SpecHelper` in SwitchboardCLI). `switchboard` has already
/// parsed and checked the command line with ArgumentParser; it runs this one with a fixed form:
///
/// ```
/// switchboard-spec form --output json|env|yaml [--draft FILE] -- SPEC
/// switchboard-spec test -- SPEC...
/// ```
@main
enum SpecTool {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do throws(CommandFailure) {
            switch arguments.first {
            case "form":
                try form(arguments.dropFirst())
            case "test":
                try test(arguments.dropFirst())
            default:
                throw misuse()
            }
            exitFlushing(ExitStatus.accepted)
        } catch {
            error.report()
            exitFlushing(error.status)
        }
    }

    private static func form(_ arguments: ArraySlice<String>) throws(CommandFailure) {
        var rest = arguments
        var output = FormRunner.Output.json
        var draft: String?
        while let argument = rest.popFirst(), argument != "--" {
            guard let value = rest.popFirst() else { throw misuse() }
            switch argument {
            case "--output":
                guard let chosen = FormRunner.Output(rawValue: value) else { throw misuse() }
                output = chosen
            case "--draft":
                draft = value
            default:
                throw misuse()
            }
        }
        guard rest.count == 1, let spec = rest.first else { throw misuse() }
        try FormRunner(spec: spec, output: output, draft: draft).run()
    }

    private static func test(_ arguments: ArraySlice<String>) throws(CommandFailure) {
        guard arguments.first == "--", arguments.count > 1 else { throw misuse() }
        try TestRunner(specs: Array(arguments.dropFirst())).run()
    }

    private static func misuse() -> CommandFailure {
        .usage("switchboard-spec runs the form and test commands for switchboard; "
            + "use `switchboard form SPEC` or `switchboard test SPEC...`")
    }
}
