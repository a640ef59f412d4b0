// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// The thread model is in the types: the compiler refuses to share the engine's objects across threads and
/// accepts sharing its immutable values. Checked by type-checking small programs against the built modules.
@Suite("Thread model")
struct ThreadModelTests {
    /// Type-checks `source` in Swift 6 mode against the modules built with the tests; returns status and errors.
    func typecheck(_ source: String) throws -> (status: Int32, errors: String) {
        let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("sb-threadmodel-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6",
                             "-I", products.appendingPathComponent("Modules").path, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("Dynamic, switches and fields cannot be sent to another thread; conditions, rules and verdicts can")
    func sendability() throws {
        let refused = try typecheck("""
            import Switchboard
            func share(_ value: some Sendable) {}
            @MainActor func f() { share(Dynamic(1)) }
            @MainActor func g() { share(ObservableTextField()) }
            """)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("Switchboard's objects belong to the main actor"))
        let accepted = try typecheck("""
            import Switchboard
            func share(_ value: some Sendable) {}
            share(Condition<String>.nonEmpty && Condition("short") { $0.count < 5 })
            share(Verdict.undecided("regex", "limit"))
            share(BoolState.onlyTrue)
            """)
        #expect(accepted.status == 0, "\(accepted.errors)")
    }
}
