// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// `Examples/config-form` in tmux: a CLI author's form over a user's config (SchemaDocumentForm), the value the
/// schema refuses asked first, then the review; the text printed with only the changed answer's bytes changed.
@Suite("config-form example in tmux")
struct ConfigFormExampleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").path

    @Test("the refused value first, the review of the file's answers, the text with one line changed")
    func editsOneValue() throws {
        let config = Self.examples + "/config-form/service.yaml"
        let original = try String(contentsOfFile: config, encoding: .utf8)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("config-form-\(getpid()).yaml").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let screen = try TmuxScreen(command: shellQuote(executable("config-form")) + " " + shellQuote(config) + " "
                                    + shellQuote(Self.examples + "/schema/service.schema.json") + " > "
                                    + shellQuote(output), width: 100, height: 30, environment: ["NO_COLOR": "1"])
        defer { screen.kill() }
        #expect(screen.waitFor("Replicas: 9\n✗ must be a whole number from 0 to 5") != nil)
        screen.press("BSpace")
        screen.type("3")
        screen.press("Enter")
        let review = screen.waitFor("Number or name to edit, Enter to submit:")
        #expect(review?.contains("5. database.replicas  3     ✓") == true, "\(review ?? "")")
        #expect(review?.contains("2. port               80    ✓") == true)
        #expect(review?.contains("Empty questions not listed: 3") == true)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(screen.capture().contains("1 value(s) changed"))
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        #expect(printed == original.replacing("  replicas: 9 ", with: "  replicas: 3 "))
    }
}
