// SPDX-License-Identifier: Apache-2.0
// Running a built program to completion as a shell script would, without a terminal.
import Foundation

/// What a run of a program produced, kept apart as a shell sees them.
public struct ProgramRun: Sendable {
    /// The exit status; 128 + N when signal N ended the program, as a shell reports it.
    public var status: Int32
    /// Standard output, as text (invalid UTF-8 replaced).
    public var stdout: String
    /// Standard error, as text.
    public var stderr: String
    /// Standard output's bytes.
    public var stdoutBytes: [UInt8]
}

/// Runs `path` as a shell script would: `arguments`, standard input from `input` (a file that ends, like
/// `< file`), standard output and standard error captured separately, no terminal. The environment is the
/// current one with `NO_COLOR=1` and `environment` applied (a `nil` value removes a variable).
///
/// ```swift
/// let run = try runProgram(executable("deploy"), ["--port", "80"])
/// #expect(run.status == 64)
/// ```
public func runProgram(_ path: String, _ arguments: [String], input: [UInt8] = [],
                       environment: [String: String?] = [:], directory: String? = nil) throws -> ProgramRun {
    let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("switchboard-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = scratch.appendingPathComponent(name).path
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return file
    }
    let inputPath = try file("stdin", input)
    let outPath = try file("stdout", [])
    let errPath = try file("stderr", [])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
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
    let out = try readWhole(outPath)
    let err = try readWhole(errPath)
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return ProgramRun(status: status, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self), stdoutBytes: out)
}

/// A file's bytes, read with read(2): Foundation's `Data(contentsOf:)` leaks its 4 KB buffer for an empty file
/// (LeakSanitizer reported it in the sanitizer run, from FoundationEssentials' readBytesFromFile).
private func readWhole(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw CocoaError(.fileReadNoSuchFile) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += chunk[0..<count]
    }
    return bytes
}
