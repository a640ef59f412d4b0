#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The "depending on Switchboard" test (make test runs it): a throwaway package that depends on this checkout by
# path, as the README's Install section says, imports each library product together with Foundation (one file per
# product, and one file with all of them), uses each product's main type, builds, and runs; its test drives its own
# prompt (ask-email) through SwitchboardTesting's TerminalSession, as a user's test would. Prints TAP; exits 1 on a
# failure.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SWIFT=${SWIFT:-swift}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM
APP="$WORK/app"
mkdir -p "$APP/Sources/app" "$APP/Sources/ask-email" "$APP/Tests/appTests"

cat >"$APP/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "app",
    dependencies: [
        .package(name: "Switchboard", path: "$ROOT"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(name: "app", dependencies: [
            .product(name: "Switchboard", package: "Switchboard"),
            .product(name: "SwitchboardRules", package: "Switchboard"),
            .product(name: "SwitchboardTerminal", package: "Switchboard"),
            .product(name: "SwitchboardSpec", package: "Switchboard"),
            .product(name: "SwitchboardArgumentRules", package: "Switchboard"),
            .product(name: "SwitchboardArgumentParser", package: "Switchboard"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "ask-email", dependencies: [
            .product(name: "SwitchboardTerminal", package: "Switchboard"),
            .product(name: "SwitchboardRules", package: "Switchboard"),
        ]),
        .testTarget(name: "appTests", dependencies: [
            .product(name: "Switchboard", package: "Switchboard"),
            .product(name: "SwitchboardTesting", package: "Switchboard"),
        ]),
    ]
)
SWIFT

cat >"$APP/Sources/app/Engine.swift" <<'SWIFT'
import Foundation
import Switchboard

@MainActor func useEngine() -> String {
    let name = Dynamic("Ada")
    var seen: [String] = []
    let token = name.bindAndFire { seen.append($0) }
    name.value = "Grace"
    token.cancel()
    return seen.joined(separator: ",") + " at " + String(Date().timeIntervalSince1970 > 0)
}
SWIFT
cat >"$APP/Sources/app/Rules.swift" <<'SWIFT'
import Foundation
import SwitchboardRules

@MainActor func useRules() -> String {
    let rule = Rule.email && Rule.length(3...64)
    return "\(rule.check("ada@example.com").isValid) \(rule.check("ada").isValid) "
        + String(URL(string: "https://example.com") != nil)
}
SWIFT
cat >"$APP/Sources/app/Terminal.swift" <<'SWIFT'
import Foundation
import SwitchboardTerminal

@MainActor func useTerminal() -> String {
    let field = LineField(prompt: "Email", rules: [])
    field.text.value = "ada@example.com"
    return "\(field.prompt) \(field.verdict.value.isValid) \(Data("x".utf8).count)"
}
SWIFT
cat >"$APP/Sources/app/Spec.swift" <<'SWIFT'
import Foundation
import SwitchboardSpec

@MainActor func useSpec() throws -> String {
    let spec = try FormSpec(yaml: "fields:\n  - name: age\n    type: number\n", file: "inline.yaml")
    let form = spec.makeForm()
    form.fields[0].answer("36")
    let answers: Answers = form.answers
    return answers.json(pretty: false) + " " + form.typedAnswers.json(pretty: false) + " "
        + String(JSONSerialization.isValidJSONObject(["a": 1]))
}
SWIFT
cat >"$APP/Sources/app/Options.swift" <<'SWIFT'
import ArgumentParser
import Foundation
import SwitchboardArgumentParser

struct Deploy: ParsableCommand {
    @Option(rule: .email) var email: String?
    @OptionGroup var prompting: Prompting
}

func useArgumentParser() -> String {
    let good = (try? Deploy.parse(["--email", "ada@example.com", "--no-input"]))?.email ?? "refused"
    let bad = (try? Deploy.parse(["--email", "ada"]))?.email ?? "refused"
    return "\(good) \(bad) \(Date() > Date.distantPast)"
}
SWIFT
cat >"$APP/Sources/app/OptionRules.swift" <<'SWIFT'
import ArgumentParser
import Foundation
import SwitchboardArgumentRules

// The Apache-2.0 product alone: rules on options, no prompting.
struct Serve: ParsableCommand {
    @Option(rule: "int:1024..65535") var port: Int = 8443
}

func useArgumentRules() -> String {
    let good = (try? Serve.parse(["--port", "8080"]))?.port.description ?? "refused"
    let bad = (try? Serve.parse(["--port", "80"]))?.port.description ?? "refused"
    return "\(good) \(bad) \(Date() > Date.distantPast)"
}
SWIFT
cat >"$APP/Sources/app/main.swift" <<'SWIFT'
import ArgumentParser
import Foundation
import Switchboard
import SwitchboardArgumentParser
import SwitchboardArgumentRules
import SwitchboardRules
import SwitchboardSpec
import SwitchboardTerminal

// Every product at once, with Foundation: no name is ambiguous.
let condition: Condition<String> = Rule.email.condition
let field = ObservableTextField()
field.addRule(condition)
field.text.value = "ada@example.com"
print(useEngine())
print(useRules())
print(useTerminal())
print(try useSpec())
print(useArgumentParser())
print(useArgumentRules())
print("all:", field.verdict.value.isValid, Date() > Date.distantPast)
SWIFT
cat >"$APP/Tests/appTests/RecorderTests.swift" <<'SWIFT'
import Foundation
import Switchboard
import SwitchboardTesting
import Testing

@Test @MainActor func recorder() {
    let field = ObservableTextField()
    let greet = ObservableSwitch(.onlyTrue)
    field.addSignal(toSwitch: greet) { field.text.value == "NguyenPhong" }
    #expect(SwitchRecorder(greet).type("NguyenPhong", into: field).fired == [true])
    #expect(Date() > Date.distantPast)
}
SWIFT

cat >"$APP/Sources/ask-email/main.swift" <<'SWIFT'
import Foundation
import SwitchboardRules
import SwitchboardTerminal

let field = LineField(prompt: "Email", rules: [Rule.email.condition])
do {
    print(try field.read())
} catch FieldError.cancelled {
    exit(130)
}
SWIFT
cat >"$APP/Tests/appTests/PromptTests.swift" <<'SWIFT'
import Foundation
import SwitchboardTesting
import Testing

/// The package's own prompt in a virtual terminal: keys in, screens out.
@Test func askEmail() throws {
    let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let term = try TerminalSession([folder.appendingPathComponent("ask-email").path], columns: 60, rows: 6,
                                   captureStandardOutput: true)
    try term.waitUntilSettled()
    try term.type("ada@")
    try term.waitUntilSettled()
    #expect(term.screen.lines[0] == "Email: ada@")
    #expect(term.screen.cells(showing: "✗").first?.style.foreground == .red)
    try term.type("example.com")
    try term.press(.enter)
    #expect(try term.waitForExit() == 0)
    #expect(term.standardOutput == "ada@example.com\n")
}
SWIFT

n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; sed 's/^/# /' "$2" | tail -40; exit 1; }

(cd "$APP" && "$SWIFT" build --build-tests) >"$WORK/build.log" 2>&1 || fail "a package depending on Switchboard by path builds" "$WORK/build.log"
ok "a package depending on Switchboard by path builds, importing each product with Foundation"
if grep -q "warning:" "$WORK/build.log"; then fail "...without warnings" "$WORK/build.log"; fi
ok "...without warnings"
BIN=$(cd "$APP" && "$SWIFT" build --show-bin-path)
"$BIN/app" >"$WORK/run.log" 2>&1 \
    || fail "its program runs" "$WORK/run.log"
cat >"$WORK/expected" <<'TEXT'
Ada,Grace at true
true false true
Email true 1
{"age":"36"} {"age":36} true
ada@example.com refused true
8080 refused true
all: true true
TEXT
cmp -s "$WORK/run.log" "$WORK/expected" || { diff "$WORK/expected" "$WORK/run.log" >"$WORK/diff" || true; fail "its program prints what each product computed" "$WORK/diff"; }
ok "its program prints what each product computed"
(cd "$APP" && "$SWIFT" test --skip-build) >"$WORK/test.log" 2>&1 || fail "its tests (SwitchboardTesting: a recorder, its prompt in a TerminalSession) pass" "$WORK/test.log"
grep -q 'askEmail' "$WORK/test.log" || fail "its prompt test ran" "$WORK/test.log"
ok "its tests (SwitchboardTesting: a recorder, its prompt in a TerminalSession) pass"
echo "1..$n"
