import Foundation
import Testing

/// What a run of the built `switchboard` produced, kept apart as a shell sees them.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
}

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

/// Runs the built `switchboard` as a shell script would: `arguments`, standard input from `input` (a file,
/// like `< file` or a pipe that ends), standard output and standard error captured separately; no terminal.
func switchboard(_ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:],
                 directory: String? = nil) throws -> CLIRun {
    try run(try switchboardPath(), arguments, input: input, environment: environment, directory: directory)
}

/// Runs `program` (a path) as `switchboard(...)` runs the CLI: standard input from `input`, the outputs captured.
func run(_ program: String, _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:],
         directory: String? = nil) throws -> CLIRun {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let inputPath = try scratch.file("stdin", input)
    let outPath = try scratch.file("stdout", "")
    let errPath = try scratch.file("stderr", "")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardInput = FileHandle(forReadingAtPath: inputPath)
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    try process.run()
    process.waitUntilExit()
    let out = try Data(contentsOf: URL(fileURLWithPath: outPath))
    let err = try Data(contentsOf: URL(fileURLWithPath: errPath))
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return CLIRun(status: status, stdout: String(decoding: out, as: UTF8.self),
                  stderr: String(decoding: err, as: UTF8.self), stdoutBytes: Array(out))
}

func switchboard(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> CLIRun {
    try switchboard(arguments, input: Array(input.utf8), environment: environment)
}

/// Runs a tool that reads `input` and returns what it printed on standard output (its status must be 0).
func runTool(_ program: String, _ arguments: [String], input: String) throws -> String {
    let result = try run(program, arguments, input: Array(input.utf8))
    try #require(result.status == 0, "\(program) \(arguments) exited \(result.status): \(result.stderr)")
    return result.stdout
}
