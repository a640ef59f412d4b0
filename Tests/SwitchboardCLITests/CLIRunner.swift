// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TerminalTestSupport
import Testing

/// What a run of the built `switchboard` produced (TerminalTestSupport runs it).
typealias CLIRun = ProgramRun

enum CLIError: Error, CustomStringConvertible {
    case notBuilt(String)
    var description: String {
        switch self { case .notBuilt(let path): "switchboard is not built (looked for \(path)); run swift build" }
    }
}

/// The built `switchboard` next to the running test binary (`.build/debug`).
func switchboardPath() throws -> String {
    let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let path = products.appendingPathComponent("switchboard").path
    guard FileManager.default.isExecutableFile(atPath: path) else { throw CLIError.notBuilt(path) }
    return path
}

/// A file in the repository's Examples folder, found from this file's path: `example("signup/signup.vi.yaml")`.
func example(_ path: String) -> String {
    let here = #filePath
    let root = here[..<here.range(of: "/Tests/SwitchboardCLITests/")!.lowerBound]
    return root + "/Examples/" + path
}

/// A scratch directory for one test, removed by `cleanUp()`.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `name` and returns its path.
    @discardableResult
    func file(_ name: String, _ contents: String) throws -> String {
        try file(name, Array(contents.utf8))
    }

    @discardableResult
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name).path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// Runs the built `switchboard` as a shell script would: `arguments`, standard input from `input` (a file, like
/// `< file` or a pipe that ends), standard output and standard error captured separately; no terminal.
func switchboard(_ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:],
                 directory: String? = nil) throws -> CLIRun {
    try runProgram(try switchboardPath(), arguments, input: input, environment: environment, directory: directory)
}

func switchboard(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> CLIRun {
    try switchboard(arguments, input: Array(input.utf8), environment: environment)
}

/// Runs a tool that reads `input` and returns what it printed on standard output (its status must be 0).
func runTool(_ program: String, _ arguments: [String], input: String) throws -> String {
    let result = try runProgram(program, arguments, input: Array(input.utf8))
    try #require(result.status == 0, "\(program) \(arguments) exited \(result.status): \(result.stderr)")
    return result.stdout
}
