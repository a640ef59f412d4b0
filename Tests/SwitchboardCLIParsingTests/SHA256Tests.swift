// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import SwitchboardFullCLI
import Testing

/// The fetch cache names each schema by the SHA-256 of its URL: FIPS 180-4's test vectors, and lengths around the
/// padding's block boundary checked against Python's hashlib.
@Suite("SHA-256 of a fetched schema's URL")
struct SHA256Tests {
    @Test("FIPS 180-4 vectors")
    func vectors() {
        #expect(sha256Hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(sha256Hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(sha256Hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(sha256Hex(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("lengths around a block's padding agree with Python's hashlib")
    func blockBoundaries() throws {
        for length in [55, 56, 63, 64, 65, 119, 120] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            let hex = bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
            let run = try runSha256sum(hex)
            #expect(sha256Hex(bytes) == run, "\(length) bytes")
        }
    }

    /// hashlib's SHA-256 of the bytes written as hex.
    private func runSha256sum(_ hex: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import hashlib, sys; print(hashlib.sha256(bytes.fromhex(sys.argv[1])).hexdigest())", hex]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
