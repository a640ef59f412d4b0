// swift-tools-version:6.2
// SPDX-License-Identifier: Apache-2.0
// Switchboard: a signal/switch validation engine for text typed into a terminal.
// Layers (arrows point down only): switchboard CLI -> SwitchboardSpec -> SwitchboardTerminal -> SwitchboardRules
// -> Switchboard (core, standard library only). See README.md, "Architecture".
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// Modules built on the engine, whose objects belong to the main actor: their code is main-actor code unless it
/// says otherwise (C callbacks and Sendable values say `nonisolated`).
let onMainActor: [SwiftSetting] = strict + [.defaultIsolation(MainActor.self)]

/// GNU readline through pkg-config where it is needed to be found at all: on macOS, where Homebrew's readline is
/// keg-only (outside the default search paths, which hold libedit's). Debian's readline.pc brings ncurses' tinfo
/// flags through Requires.private (`-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600`), which SwiftPM drops with a warning on
/// every build, so on Linux the module map's `link "readline"` and the default paths find it.
#if os(macOS)
let readlinePkgConfig: String? = "readline"
#else
let readlinePkgConfig: String? = nil
#endif

let package = Package(
    name: "Switchboard",
    products: [
        .library(name: "Switchboard", targets: ["Switchboard"]),
        .library(name: "SwitchboardRules", targets: ["SwitchboardRules"]),
        .library(name: "SwitchboardTerminal", targets: ["SwitchboardTerminal"]),
        .library(name: "SwitchboardSpec", targets: ["SwitchboardSpec"]),
        .library(name: "SwitchboardSchema", targets: ["SwitchboardSchema"]),
        .library(name: "SwitchboardArgumentRules", targets: ["SwitchboardArgumentRules"]),
        .library(name: "SwitchboardArgumentParser", targets: ["SwitchboardArgumentParser"]),
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
        // Core: standard library only, plain safe Swift, on the main actor.
        .target(name: "Switchboard", swiftSettings: strict),
        // The test kit: SwitchRecorder (engine level) and TerminalSession (a program in a pty with a virtual screen).
        // Links no readline (Apache-2.0 like the core).
        .target(name: "SwitchboardTesting", dependencies: ["Switchboard"], swiftSettings: strict),

        // Rules: built-in predicates, the textual rule syntax, PCRE2 regex.
        // System libraries through pkg-config, with the package to install named for apt and Homebrew (macOS:
        // Homebrew's readline is keg-only, so PKG_CONFIG_PATH must name it; see SwitchboardTerminal's Portability
        // article).
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8",
                       providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]),
        .target(name: "SwitchboardRules", dependencies: ["Switchboard", "CPCRE2"], swiftSettings: strict),

        // Schema: a JSON Schema validator (drafts 4 to 2020-12) on the core and the rules, and the project's one reader
        // of YAML and JSON documents; no readline (Apache-2.0). YAML through Yams' copy of libyaml (its events: each
        // value's place in the text).
        .target(name: "SwitchboardSchema",
                dependencies: ["Switchboard", "SwitchboardRules", .product(name: "Yams", package: "Yams")],
                swiftSettings: strict),

        // Terminal: readline-backed fields, hint rendering, forms, tty and signals.
        .systemLibrary(name: "CReadline", pkgConfig: readlinePkgConfig,
                       providers: [.apt(["libreadline-dev"]), .brew(["readline"])]),
        // A masked field's kills bypass readline's kill ring (see kill.c).
        .target(name: "CReadlineSupport", dependencies: ["CReadline"]),
        .target(name: "SwitchboardTerminal",
                dependencies: ["Switchboard", "SwitchboardRules", "CReadline", "CReadlineSupport"],
                swiftSettings: strict),

        // Spec: YAML/JSON form and rule specs, answers decoded into models.
        .target(name: "SwitchboardSpec",
                dependencies: ["Switchboard", "SwitchboardRules", "SwitchboardTerminal", "SwitchboardSchema"],
                swiftSettings: strict),

        // Rules as swift-argument-parser options, checked at parse time; links no readline.
        .target(name: "SwitchboardArgumentRules",
                dependencies: ["SwitchboardRules", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                swiftSettings: strict),
        // Live prompts for missing options (readline fields), over SwitchboardArgumentRules.
        .target(name: "SwitchboardArgumentParser",
                dependencies: ["SwitchboardArgumentRules", "SwitchboardRules", "SwitchboardTerminal",
                               .product(name: "ArgumentParser", package: "swift-argument-parser")],
                swiftSettings: strict),

        // The command line. `switchboard` reads `ask`, `check` and `--version` itself and links neither ArgumentParser
        // nor Foundation, so that it starts about as fast as a Swift hello world; it runs every other command line
        // (form, test, help, completion, mistakes) by executing `switchboard-full`, which reads it with
        // ArgumentParser. Both run ask and check with SwitchboardCLISupport.
        .target(name: "SwitchboardCLISupport", dependencies: ["SwitchboardRules", "SwitchboardTerminal"],
                swiftSettings: strict),
        .executableTarget(name: "SwitchboardCLI", dependencies: ["SwitchboardCLISupport"], swiftSettings: strict),
        // `check --fetch`'s downloads: libcurl, loaded at the first one (dlopen), not linked.
        .target(name: "CFetch"),
        .executableTarget(name: "SwitchboardFullCLI",
                          dependencies: ["SwitchboardRules", "SwitchboardSpec", "SwitchboardCLISupport", "SwitchboardSchema",
                                         "SwitchboardTesting", "CFetch",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: strict),

        // Examples: small real programs, run by ExampleTests.
        .executableTarget(name: "dynamic-demo", dependencies: ["Switchboard"], path: "Examples/dynamic-demo",
                          swiftSettings: onMainActor),
        .executableTarget(name: "switch-modes", dependencies: ["Switchboard"], path: "Examples/switch-modes",
                          swiftSettings: onMainActor),
        // The signup form (SwitchboardSpec): the README's demo, driven by SwitchboardSpecTests in a pty and tmux.
        .executableTarget(name: "signup", dependencies: ["SwitchboardSpec", "SwitchboardRules", "SwitchboardTerminal"],
                          path: "Examples/signup", exclude: ["signup.yaml", "signup.vi.yaml"], swiftSettings: onMainActor),
        // A config edited in its own text (SwitchboardSchema's DocumentEditor), run by ExampleTests.
        .executableTarget(name: "config-edit", dependencies: ["SwitchboardSchema"], path: "Examples/config-edit",
                          exclude: ["deploy.yaml"], swiftSettings: strict),
        // A config's values asked through its schema (SwitchboardSpec's SchemaDocumentForm), run by
        // SwitchboardSpecTests in tmux.
        .executableTarget(name: "config-form", dependencies: ["SwitchboardSpec"], path: "Examples/config-form",
                          exclude: ["service.yaml"], swiftSettings: onMainActor),
        // Terminal examples (SwitchboardTerminal), driven by SwitchboardTerminalTests in a pty and in tmux.
        .executableTarget(name: "field-name", dependencies: ["SwitchboardTerminal"], path: "Examples/field-name",
                          swiftSettings: onMainActor),
        .executableTarget(name: "field-gmail", dependencies: ["SwitchboardTerminal"], path: "Examples/field-gmail",
                          swiftSettings: onMainActor),
        .executableTarget(name: "field-anystate", dependencies: ["SwitchboardTerminal"],
                          path: "Examples/field-anystate", swiftSettings: onMainActor),
        .executableTarget(name: "field-mirror", dependencies: ["SwitchboardTerminal"], path: "Examples/field-mirror",
                          swiftSettings: onMainActor),
        .executableTarget(name: "field-host", dependencies: ["SwitchboardTerminal", "CReadline"],
                          path: "Examples/field-host", swiftSettings: onMainActor),
        .executableTarget(name: "field-ask", dependencies: ["SwitchboardTerminal"], path: "Examples/field-ask",
                          swiftSettings: onMainActor),
        .executableTarget(name: "field-username", dependencies: ["SwitchboardTerminal"],
                          path: "Examples/field-username", swiftSettings: onMainActor),
        // ArgumentParser tools (SwitchboardArgumentParser), driven by SwitchboardArgumentParserTests as built binaries.
        // Nonisolated by default, as ArgumentParser commands are; run() reaches the main actor itself.
        .executableTarget(name: "deploy",
                          dependencies: ["SwitchboardArgumentParser",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Examples/deploy", swiftSettings: strict),
        .executableTarget(name: "greet",
                          dependencies: ["SwitchboardArgumentParser",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Examples/greet", swiftSettings: strict),

        // Swift 5 language mode, nonisolated: the list questions and askIfMissing called from plain top-level code and
        // from a plain ParsableCommand.run(), with no MainActor ceremony.
        .executableTarget(name: "pick", dependencies: ["SwitchboardTerminal"], path: "Examples/pick",
                          swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "release",
                          dependencies: ["SwitchboardArgumentParser",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Examples/release", swiftSettings: [.swiftLanguageMode(.v5)]),

        .testTarget(name: "SwitchboardTests",
                    dependencies: ["Switchboard", "SwitchboardTesting",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: onMainActor),
        .testTarget(name: "ExampleTests", dependencies: [], swiftSettings: strict),
        .testTarget(name: "SwitchboardRulesTests",
                    dependencies: ["SwitchboardRules", .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
        // The validator through its API: the official JSON-Schema-Test-Suite (fetched by scripts/fetch-schema-suite.sh)
        // and agreement with python-jsonschema on SchemaStore schemas.
        .testTarget(name: "SwitchboardSchemaTests", dependencies: ["SwitchboardSchema"], swiftSettings: strict),
        .testTarget(name: "SwitchboardSpecTests", dependencies: ["SwitchboardSpec", "SwitchboardSchema", "TerminalTestSupport"],
                    swiftSettings: onMainActor),

        // Shared by terminal test targets: pty sessions, tmux and kit screens, the products folder. Not a product.
        .target(name: "TerminalTestSupport", dependencies: ["SwitchboardTesting"], path: "Tests/TerminalTestSupport",
                swiftSettings: strict),
        // The test kit itself: the virtual screen, TerminalSession with Switchboard's examples and other programs,
        // snapshots, and the same screens through tmux.
        .testTarget(name: "SwitchboardTestingTests", dependencies: ["SwitchboardTesting", "TerminalTestSupport"],
                    exclude: ["__Snapshots__"], swiftSettings: strict),
        .testTarget(name: "SwitchboardTerminalTests",
                    dependencies: ["SwitchboardTerminal", "TerminalTestSupport", "CReadline"],
                    swiftSettings: strict),
        // SwitchboardArgumentParser through ArgumentParser's API, and the built `deploy` and `greet` as users run them.
        .testTarget(name: "SwitchboardArgumentParserTests",
                    dependencies: ["SwitchboardArgumentRules", "SwitchboardArgumentParser", "TerminalTestSupport",
                                   .product(name: "ArgumentParser", package: "swift-argument-parser")],
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

// `make docs` builds the DocC catalogs (Sources/*/*.docc) with swift-docc-plugin. The plugin is a dependency only
// when SWITCHBOARD_DOCS is set, so that ordinary builds, and the packages that depend on this one, neither resolve
// nor fetch it (nor its swift-docc-symbolkit).
if Context.environment["SWITCHBOARD_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
