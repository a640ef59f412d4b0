// SPDX-License-Identifier: GPL-3.0-or-later
// The signup form, the README's demo: email; a username derived from the email; a password and its
// confirmation; age; country from a list; a short bio. The same form as a spec file: signup.yaml.
//
//   swift run signup                         in a terminal: one field at a time, then a review
//   swift run signup --draft .signup.json    save accepted answers (not the passwords); a later run resumes
//   printf 'ada@example.com\n...' | swift run signup     without a terminal: one answer per line
//
// On submit the answers go to standard output as JSON; prompts, hints and errors go to the terminal.
// Exit status: 0 submitted, 1 invalid answers, 2 unreadable input, 130 cancelled (Ctrl-C).
import SwitchboardRules
import SwitchboardSpec

/// The form, built in Swift: fields, rules, a derived default and a cross-field check, wired with `<~`.
func makeSignupForm() -> Form {
    let form = Form("Sign up")
    let email = form.text("email", prompt: "Email", rules: [rule("email")])
    let username = form.text("username", prompt: "Username",
                             rules: [rule(#"regex:^[a-z0-9][a-z0-9._-]{2,19}$"#)
                                .message(#"must be 3-20 lower-case letters, digits, ".", "_" or "-""#)])
    username.default <~ email.text.map(localPart)
    let password = form.masked("password", prompt: "Password", rules: [rule("length:8..64")])
    form.masked("confirm", prompt: "Confirm password").mustEqual(password, message: "must match the password")
    form.number("age", prompt: "Age", rules: [rule("int:13..120")])
    form.choice("country", from: ["Canada", "France", "Germany", "India", "Japan", "Vietnam", "United Kingdom",
                                  "United States"], prompt: "Country")
    form.multiline("bio", prompt: "Short bio", required: false, rules: [rule("length:0..280")])
    return form
}

/// A condition from the textual rule syntax (the rules here are fixed, so a syntax error is a bug).
func rule(_ text: String) -> Condition<String> {
    do {
        return try Rule.parse(text).condition
    } catch {
        fatalError("signup: bad rule \(text): \(error)")
    }
}

/// Writes to standard error (descriptor 2: the C `stderr` global is not concurrency-safe in Swift 6).
func printError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func usage() -> Never {
    let text = """
        usage: signup [--draft PATH] [--format auto|lines|key-value|json]
          --draft PATH   save accepted answers (passwords excluded) to PATH, mode 0600, and resume from it
          --format F     how answers are read when standard input is not a terminal (default: auto)

        """
    printError(text)
    exit(2)
}

var draft: Draft?
var format = AnswerFormat.auto
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--draft":
        guard let path = arguments.popFirst() else { usage() }
        draft = Draft(path: path)
    case "--format":
        guard let name = arguments.popFirst(), let parsed = AnswerFormat(rawValue: name) else { usage() }
        format = parsed
    default:
        usage()
    }
}

let form = makeSignupForm()
let result: FormResult
if isatty(0) == 1 {
    let prompter: TerminalPrompter
    do {
        prompter = try TerminalPrompter()
    } catch {
        printError("signup: \(error)\n")
        exit(2)
    }
    result = FormFlow(form, draft: draft).run(prompter: prompter)
} else {
    result = form.runHeadless(format: format)
}
if result.status == .submitted {
    print(result.answers.json())
}
exit(result.exitStatus)
