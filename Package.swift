// swift-tools-version:6.0
// Switchboard: a signal/switch validation engine for text typed into a terminal.
// Layers (arrows point down only): switchboard CLI -> SwitchboardSpec -> SwitchboardTerminal -> SwitchboardRules
// -> Switchboard (core, standard library only). See README.md, "Architecture".
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Switchboard",
    products: [
        .library(name: "Switchboard", targets: ["Switchboard"]),
        .library(name: "SwitchboardRules", targets: ["SwitchboardRules"]),
        .library(name: "SwitchboardTerminal", targets: ["SwitchboardTerminal"]),
        .library(name: "SwitchboardSpec", targets: ["SwitchboardSpec"]),
        .library(name: "SwitchboardTesting", targets: ["SwitchboardTesting"]),
        .executable(name: "switchboard", targets: ["SwitchboardCLI"]),
        // What `switchboard` hands to ArgumentParser (form, test, help, completion) runs here; installed in
        // PREFIX/libexec/switchboard.
        .executable(name: "switchboard-full", targets: ["SwitchboardFullCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // Core: standard library only (plus a C thread-local flag for the delivery trampoline).
        .target(name: "CSwitchboardSupport"),
        .target(name: "Switchboard", dependencies: ["CSwitchboardSupport"], swiftSettings: strict),
        .target(name: "SwitchboardTesting", dependencies: ["Switchboard"], swiftSettings: strict),

        // Rules: built-in predicates, the textual rule syntax, PCRE2 regex.
        .systemLibrary(name: "CPCRE2", providers: [.apt(["libpcre2-dev"])]),
        .target(name: "SwitchboardRules", dependencies: ["Switchboard", "CPCRE2"], swiftSettings: strict),

        // Terminal: readline-backed fields, hint rendering, forms, tty and signals.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // A masked field's kills bypass readline's kill ring (see kill.c).
        .target(name: "CReadlineSupport", dependencies: ["CReadline"]),
        .target(name: "SwitchboardTerminal",
                dependencies: ["Switchboard", "SwitchboardRules", "CReadline", "CReadlineSupport"],
                swiftSettings: strict),

        // Spec: YAML/JSON form and rule specs, answers decoded into models.
        .target(name: "SwitchboardSpec",
                dependencies: ["Switchboard", "SwitchboardRules", "SwitchboardTerminal",
                               .product(name: "Yams", package: "Yams")],
                swiftSettings: strict),

        // The command line. `switchboard` reads `ask`, `check` and `--version` itself and links neither ArgumentParser
        // nor Foundation, so that it starts about as fast as a Swift hello world; it runs every other command line
        // (form, test, help, completion, mistakes) by executing `switchboard-full`, which reads it with
        // ArgumentParser. Both run ask and check with SwitchboardCLISupport.
        .target(name: "SwitchboardCLISupport", dependencies: ["SwitchboardRules", "SwitchboardTerminal"],
                swiftSettings: strict),
        .executableTarget(name: "SwitchboardCLI", dependencies: ["SwitchboardCLISupport"], swiftSettings: strict),
        .executableTarget(name: "SwitchboardFullCLI",
                          dependencies: ["SwitchboardRules", "SwitchboardSpec", "SwitchboardCLISupport",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: strict),

        // Examples: small real programs, run by ExampleTests.
        .executableTarget(name: "dynamic-demo", dependencies: ["Switchboard"], path: "Examples/dynamic-demo",
                          swiftSettings: strict),
        .executableTarget(name: "switch-modes", dependencies: ["Switchboard"], path: "Examples/switch-modes",
                          swiftSettings: strict),
        // The signup form (SwitchboardSpec): the README's demo, driven by SwitchboardSpecTests in a pty and tmux.
        .executableTarget(name: "signup", dependencies: ["SwitchboardSpec", "SwitchboardRules", "SwitchboardTerminal"],
                          path: "Examples/signup", exclude: ["signup.yaml"], swiftSettings: strict),
        // Terminal examples (SwitchboardTerminal), driven by SwitchboardTerminalTests in a pty and in tmux.
        .executableTarget(name: "field-name", dependencies: ["SwitchboardTerminal"], path: "Examples/field-name",
                          swiftSettings: strict),
        .executableTarget(name: "field-gmail", dependencies: ["SwitchboardTerminal"], path: "Examples/field-gmail",
                          swiftSettings: strict),
        .executableTarget(name: "field-anystate", dependencies: ["SwitchboardTerminal"],
                          path: "Examples/field-anystate", swiftSettings: strict),
        .executableTarget(name: "field-mirror", dependencies: ["SwitchboardTerminal"], path: "Examples/field-mirror",
                          swiftSettings: strict),
        .executableTarget(name: "field-host", dependencies: ["SwitchboardTerminal", "CReadline"],
                          path: "Examples/field-host", swiftSettings: strict),
        .executableTarget(name: "field-ask", dependencies: ["SwitchboardTerminal"], path: "Examples/field-ask",
                          swiftSettings: strict),

        .testTarget(name: "SwitchboardTests",
                    dependencies: ["Switchboard", "SwitchboardTesting",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
        .testTarget(name: "ExampleTests", dependencies: [], swiftSettings: strict),
        .testTarget(name: "SwitchboardRulesTests",
                    dependencies: ["SwitchboardRules", .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
        .testTarget(name: "SwitchboardSpecTests", dependencies: ["SwitchboardSpec", "TerminalTestSupport"],
                    swiftSettings: strict),

        // Shared by terminal test targets: pty sessions, tmux screens, the products folder. Not a product.
        .target(name: "TerminalTestSupport", path: "Tests/TerminalTestSupport", swiftSettings: strict),
        .testTarget(name: "SwitchboardTerminalTests",
                    dependencies: ["SwitchboardTerminal", "TerminalTestSupport"],
                    swiftSettings: strict),
        // Runs the built `switchboard` binary as a shell script would.
        .testTarget(name: "SwitchboardCLITests", dependencies: ["TerminalTestSupport"], swiftSettings: strict),
        // Holds the quick command-line reader to ArgumentParser's reading (in process).
        .testTarget(name: "SwitchboardCLIParsingTests",
                    dependencies: ["SwitchboardFullCLI", "SwitchboardCLISupport",
                                   .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
    ]
)
