// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Runs a built example program (from the folder holding this test binary) and returns its stdout.
func runExample(_ name: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = [products, folder.deletingLastPathComponent()]
    guard let executable = candidates.map({ $0.appendingPathComponent(name) })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) is not built"])
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("Examples")
struct ExampleTests {
    @Test("dynamic-demo: bind hears changes only, bindAndFire the current value too")
    func dynamicDemo() throws {
        let (status, output) = try runExample("dynamic-demo")
        #expect(status == 0)
        #expect(output == """
            -- bind: nothing until the value changes
            -- bindAndFire: the current value at once
            fireLabel.text = "Steve"
            -- name.value = "Tim"
            bindLabel.text = "Tim"
            fireLabel.text = "Tim"
            -- name.value = "Tim" again: unchanged, nothing delivered
            titleLabel.text = "Title: Switchboard 0.1 released"
            products: 3
            products: 4
            -- an owner-scoped observer goes away with its owner
            scoped.text = "not alive"
            observers of alive after the owner went away: 0

            """)
    }

    @Test("switch-modes: the three modes and the edge trigger over the seed's edits")
    func switchModes() throws {
        let (status, output) = try runExample("switch-modes")
        #expect(status == 0)
        #expect(output == """
            "N": anyState(false) onlyFalse(false) edge(false)
            "Ng": anyState(false) onlyFalse(false)
            "NguyenPhong": anyState(true) onlyTrue(true) edge(true)
            "NguyenPhong!": anyState(false) onlyFalse(false) edge(false)
            "NguyenPhong": anyState(true) onlyTrue(true) edge(true)
            "Nguyen": anyState(false) onlyFalse(false) edge(false)

            """)
    }

    @Test("switch-modes takes the edits to make from its arguments")
    func switchModesArguments() throws {
        let (_, output) = try runExample("switch-modes", ["NguyenPhong", "NguyenPhong"])
        #expect(output == """
            "NguyenPhong": anyState(true) onlyTrue(true) edge(true)
            "NguyenPhong": nothing fired

            """)
    }
}
