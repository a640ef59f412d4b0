// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// Release-built benchmarks for Switchboard. Run from the repository root: `make bench`
// (swift run -c release --package-path Benchmarks switchboard-bench). Each case runs side by side with its
// limit (a plain array of closures, grep, an unvalidated field...) in the same process and prints ratios.
import PackageDescription

let package = Package(
    name: "SwitchboardBenchmarks",
    dependencies: [
        .package(name: "Switchboard", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "switchboard-bench",
            dependencies: [
                .product(name: "Switchboard", package: "Switchboard"),
                .product(name: "SwitchboardRules", package: "Switchboard"),
                .product(name: "SwitchboardTerminal", package: "Switchboard"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
