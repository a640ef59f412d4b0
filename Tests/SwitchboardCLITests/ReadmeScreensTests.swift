// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The screens the documentation shows are screens the tool really drew: `scripts/capture-screens.sh` captures
/// them from tmux into `Documentation/screens/`, and every screen in the README and the command line's page (a
/// plain fenced block showing a ✓ or ✗ verdict) must be lines of one of those captures, in order.
@Suite("Documented screens")
struct ReadmeScreensTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The plain (no language) fenced blocks of a Markdown file that show a verdict.
    static func screens(in file: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?       // inside a plain block: its lines so far
        var inCode = false           // inside a block with a language (code, not a screen)
        for line in text.components(separatedBy: "\n") {
            if inCode {
                if line.hasPrefix("```") { inCode = false }
            } else if let block = current {
                if line.hasPrefix("```") {
                    if block.contains(where: { $0.contains("✓") || $0.contains("✗") }) { blocks.append(block) }
                    current = nil
                } else {
                    current?.append(line)
                }
            } else if line == "```" {
                current = []
            } else if line.hasPrefix("```") {
                inCode = true
            }
        }
        return blocks
    }

    /// Every captured screen, as lines.
    static func captures() throws -> [String: [String]] {
        let folder = root.appendingPathComponent("Documentation/screens")
        var captures: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".txt") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            captures[name] = text.components(separatedBy: "\n")
        }
        return captures
    }

    @Test("every screen shown is part of a captured screen", arguments: ["README.md", "Sources/SwitchboardSpec/SwitchboardSpec.docc/CommandLine.md"])
    func screensAreCaptured(file: String) throws {
        let captures = try Self.captures()
        #expect(captures.count >= 8)
        let screens = try Self.screens(in: file)
        #expect(!screens.isEmpty, "\(file) shows no screen")
        for screen in screens {
            let found = captures.values.contains { capture in
                capture.count >= screen.count && (0...(capture.count - screen.count)).contains {
                    Array(capture[$0..<$0 + screen.count]) == screen
                }
            }
            #expect(found, "\(file): this screen is not in Documentation/screens/ (capture it with scripts/capture-screens.sh):\n\(screen.joined(separator: "\n"))")
        }
    }

    @Test("the README opens with a captured screen")
    func firstScreen() throws {
        let first = try #require(try Self.screens(in: "README.md").first)
        let captures = try Self.captures()
        #expect(captures.values.contains { $0.starts(with: first) },
                "the README's first screen should be a whole captured screen from its first line")
    }
}
